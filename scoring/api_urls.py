"""The scoring REST API (under /api/v1/)."""

urlpatterns: list = []
