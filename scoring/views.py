"""Pages of the score calculator (under /score/)."""

from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from scoring import calculator, classic_calculator, classic_forms, forms


@require_GET
@vary_on_headers("HX-Request")  # same URL, two bodies: the page, or the result partial for htmx
def duel(request):
    """The Duel calculator: a GET form, so a result is a link. htmx asks the same URL on every
    change and gets only the ``result`` partial (plus the first-to-five question out of band)."""
    form = forms.DuelBoardForm(forms.with_defaults(request.GET))
    return _render(request, "scoring/duel.html", form, calculator.calculate(form))


@require_GET
@vary_on_headers("HX-Request")
def classic(request):
    """The base-game calculator (F3), built like the Duel's: a GET form whose result is a link;
    htmx gets the ``result`` partial plus every field's error slot out of band."""
    form = classic_forms.ClassicBoardForm(classic_forms.with_defaults(request.GET))
    return _render(request, "scoring/classic.html", form, classic_calculator.calculate(form))


def _render(request, template: str, form, calc):
    # A history-restore request wants the whole page even though htmx sent it.
    partial_only = bool(request.htmx) and not request.htmx.history_restore_request
    context = {"form": form, "calc": calc, "partial_only": partial_only}
    return render(request, f"{template}#result" if partial_only else template, context)
