"""/account/…: the member's own page, invitations, and Django's password views with our pages."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from games.membership import views

urlpatterns = [
    path("", views.account, name="account"),
    path("language", views.language, name="set-language"),
    path("invites", views.invite_list, name="invites"),
    path("invite/<str:secret>", views.invite_accept, name="invite-accept"),
    path(
        "password",
        auth_views.PasswordChangeView.as_view(
            template_name="account/password_change.html", success_url=reverse_lazy("account")
        ),
        name="password-change",
    ),
    path(
        "password-reset",
        auth_views.PasswordResetView.as_view(
            template_name="account/password_reset.html",
            email_template_name="account/password_reset_email.txt",
            subject_template_name="account/password_reset_subject.txt",
            success_url=reverse_lazy("password-reset-sent"),
        ),
        name="password-reset",
    ),
    path(
        "password-reset/sent",
        auth_views.PasswordResetDoneView.as_view(template_name="account/password_reset_sent.html"),
        name="password-reset-sent",
    ),
    path(
        "reset/<uidb64>/<token>",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="account/password_reset_confirm.html", success_url=reverse_lazy("password-reset-done")
        ),
        name="password-reset-confirm",
    ),
    path(
        "reset/done",
        auth_views.PasswordResetCompleteView.as_view(template_name="account/password_reset_done.html"),
        name="password-reset-done",
    ),
]
