"""Forms of the membership pages: they check the fields, the services do the rest."""

from __future__ import annotations

from django import forms
from django.contrib.auth import password_validation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.membership.invites import free_players
from games.membership.models import Role


class InviteForm(forms.Form):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Role.choices, initial=Role.MEMBER)
    player = forms.ModelChoiceField(
        queryset=free_players(),
        required=False,
        label=gettext_lazy("Player"),
        empty_label=gettext_lazy("— they choose when they accept —"),
        help_text=gettext_lazy("Link the account to a player who has none yet."),
    )
    email = forms.EmailField(
        required=False, label=gettext_lazy("Email"), help_text=gettext_lazy("Optional: we mail the link there as well.")
    )


class AcceptForm(forms.Form):
    username = forms.CharField(
        max_length=150, label=gettext_lazy("Username"), help_text=gettext_lazy("What you sign in with.")
    )
    password1 = forms.CharField(label=gettext_lazy("Password"), widget=forms.PasswordInput, strip=False)
    password2 = forms.CharField(label=gettext_lazy("Password again"), widget=forms.PasswordInput, strip=False)
    player = forms.ModelChoiceField(
        queryset=free_players(),
        required=False,
        empty_label=gettext_lazy("— I am a new player —"),
        label=gettext_lazy("You are"),
    )
    new_player_name = forms.CharField(
        max_length=60,
        required=False,
        label=gettext_lazy("New player's name"),
        help_text=gettext_lazy("If you are not in the list (default: your username)."),
    )

    def __init__(self, *args, fixed_player=None, **kwargs):
        super().__init__(*args, **kwargs)
        if fixed_player is not None:  # the admin already said who this is
            del self.fields["player"]
            del self.fields["new_player_name"]

    def clean(self):
        data = super().clean() or {}
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ."))
        elif first:
            try:
                password_validation.validate_password(first)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data
