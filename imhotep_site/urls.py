from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from imhotep_site import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("score/", include("scoring.urls")),
    path("games/", include("games.replay_urls")),
    path("games/", include("games.urls")),
    path("api/v1/", include("scoring.api_urls")),
    path("api/v1/", include("games.api_urls")),
    path("api/v1/", include("games.live_api_urls")),
    path("api/v1/schema", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
