"""The organiser's pairs kept apart in a Swiss (games/events/prohibited.py), on the event page's
"Players kept apart" section: a club admin marks two registered players, or lets a pair meet
again. With htmx the section swaps itself (its message in it); without, the page reloads at
the section, the message at the top as for every action."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.events import lifecycle, prohibited
from games.events.models import Event, ProhibitedPair
from games.events.views import admin_required
from games.models import LARGEST_ID
from imhotep_lib.partials import wants_partial


class ApartForm(forms.Form):
    first = forms.IntegerField(label=gettext_lazy("Player"), min_value=1, max_value=LARGEST_ID)
    second = forms.IntegerField(label=gettext_lazy("Kept apart from"), min_value=1, max_value=LARGEST_ID)


def _answer(request, event: Event, error: str = ""):
    if wants_partial(request):
        context = {"event": event, "is_admin": True, "apart_error": error, **prohibited.page_part(event, True)}
        return render(request, "events/detail.html#apart", context)  # 200: htmx swaps no 4xx in
    if error:
        messages.error(request, error)
    return redirect(reverse("events:detail", args=[event.pk]) + "#apart")


@admin_required
@require_POST
def prohibit_pair(request, pk: int):
    event = get_object_or_404(Event, pk=pk)
    form = ApartForm(request.POST)
    if not form.is_valid():
        return _answer(request, event, _("choose two registered players"))
    try:
        prohibited.prohibit(event, form.cleaned_data["first"], form.cleaned_data["second"], request.user)
    except lifecycle.EventError as exc:
        return _answer(request, event, str(exc))
    return _answer(request, event)


@admin_required
@require_POST
def allow_pair(request, pk: int, pair: int):
    pair_row = get_object_or_404(ProhibitedPair.objects.select_related("event"), pk=pair, event_id=pk)
    try:
        prohibited.allow(pair_row)
    except lifecycle.EventError as exc:
        return _answer(request, pair_row.event, str(exc))
    return _answer(request, pair_row.event)
