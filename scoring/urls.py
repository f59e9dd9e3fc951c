"""Pages of the score calculator (under /score/)."""

app_name = "scoring"
urlpatterns: list = []
