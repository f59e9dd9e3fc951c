"""Membership pages: the account overview, invitations (admins), accepting an invitation."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language

from games.membership import invites
from games.membership.forms import AcceptForm, InviteForm
from games.membership.languages import remember_language
from games.membership.models import Invite
from games.membership.roles import is_club_admin, role_of


@login_required
@require_http_methods(["GET"])
def account(request):
    player = getattr(request.user, "club_player", None)
    return render(
        request, "account/account.html", {"role": role_of(request.user), "player": player}
    )


@login_required
@require_http_methods(["GET", "POST"])
def invite_list(request):
    if not is_club_admin(request.user):
        raise PermissionDenied(_("Only club admins invite new members."))
    form = InviteForm(request.POST or None)
    link = None
    if request.method == "POST" and form.is_valid():
        try:
            new = invites.create_invite(created_by=request.user, **form.cleaned_data)
        except invites.InviteError as error:
            form.add_error("player", str(error))
        else:
            link = request.build_absolute_uri(reverse("invite-accept", args=[new.secret]))
            if new.invite.email:
                invites.mail_invite(new, link)
            form = InviteForm()
    recent = Invite.objects.select_related("player", "used_by")[:20]
    return render(
        request, "account/invites.html", {"form": form, "link": link, "invites": recent, "now": timezone.now()}
    )


@require_http_methods(["GET", "POST"])
def invite_accept(request, secret: str):
    try:
        invite = invites.find_invite(secret)
    except invites.InviteError as error:
        return render(request, "account/invite_accept.html", {"error": str(error)}, status=410)
    form = AcceptForm(request.POST or None, fixed_player=invite.player)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = invites.accept_invite(
                secret,
                username=data["username"],
                password=data["password1"],
                player=data.get("player"),
                new_player_name=data.get("new_player_name", ""),
            )
        except invites.InviteError as error:
            form.add_error(None, str(error))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("account")
    return render(request, "account/invite_accept.html", {"form": form, "invite": invite})


@require_POST
def language(request):
    """Switch the interface language: Django's cookie and redirect, plus the signed-in user's
    stored choice (docs/i18n.md)."""
    response = set_language(request)
    remember_language(request, request.POST.get("language", ""))
    return response
