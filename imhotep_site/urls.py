from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games.replay import embed
from imhotep_site import tokens, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path(
        "account/login",
        auth_views.LoginView.as_view(template_name="account/login.html", redirect_authenticated_user=True),
        name="login",
    ),
    path("account/logout", auth_views.LogoutView.as_view(), name="logout"),
    path("account/token", tokens.token_page, name="account-token"),
    path("account/", include("games.membership.urls")),
    path("api/v1/auth/token", tokens.AuthTokenView.as_view(), name="api-auth-token"),
    path("score/", include("games.ui.calculators")),
    path("games/", include("games.replay_urls")),
    path("oembed", embed.oembed, name="oembed"),
    path("games/", include("games.urls")),
    path("api/v1/", include("scoring.api_urls")),
    path("api/v1/", include("games.api_urls")),
    path("api/v1/", include("games.live_api_urls")),
    path("", include("games.analysis.urls")),
    path("events/", include("games.events.urls")),
    path("api/v1/", include("games.events.api_urls")),
    path("seasons/", include("games.seasons.urls")),
    path("api/v1/", include("games.seasons.api_urls")),
    path("api/v1/schema", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]

handler404 = "imhotep_site.views.not_found"
