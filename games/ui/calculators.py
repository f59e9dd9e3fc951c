"""The score calculator pages (under /score/, URL namespace ``calculators``): one view for every
game with a calculator; the game's adapter (``GameUI``) supplies the form, the calculation and
the template. /score/<game> for every game whose adapter has a calculator (/score/duel,
/score/classic, a plugin's); /score/ is the default game's."""

from __future__ import annotations

from django.http import Http404
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.ui.calculation import Calculation
from games.ui.registry import calculator_games, game_ui
from imhotep_lib.partials import render_partial, wants_partial
from rules_engine.registry import DEFAULT_GAME


@require_GET
def calculator(request, game_id: str = DEFAULT_GAME):
    """A GET form, so a result is a link. htmx asks the same URL on every change and gets only
    the ``result`` partial (plus whatever the game's page sends out of band)."""
    ui = game_ui(game_id)
    calculator = ui.calculator
    if calculator is None:
        known = _(", ").join(f"{ui.label} (/score/{g})" for g, ui in calculator_games())
        raise Http404(_("This server has no score calculator for that game; it has: %(known)s") % {"known": known})
    form = calculator.form(calculator.data(request.GET))
    calc = calculator.calculate(form)
    context = {"form": form, "calc": calc, "partial_only": wants_partial(request), "ui": ui}
    return render_partial(request, calculator.template, "result", context)


def calculate_posted(data) -> Calculation | None:
    """The calculation of a calculator's fields as posted with its ``calculator`` (game id), e.g.
    by its "save to club history" form; None when that game has no calculator or its calculation
    is not a `Calculation` (a plugin's own kind: the board posted with it is what is saved)."""
    ui = dict(calculator_games()).get(data.get("calculator", ""))
    calculator = ui.calculator if ui is not None else None
    if calculator is None:
        return None
    calc = calculator.calculate(calculator.form(calculator.data(data)))
    return calc if isinstance(calc, Calculation) else None


app_name = "calculators"
urlpatterns = [
    path("", calculator, name="index"),
    path("<slug:game_id>", calculator, name="calculator"),
]
