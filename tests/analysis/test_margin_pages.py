"""The score-margin view of an analysis: kept per position, answered by the API (and its
schema), drawn on the replay page on request ("Win chance / Score margin"), and absent, with
the win chart still shown, for an analysis made before margins were kept."""

import random
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.analysis import service
from games.analysis.models import GameAnalysis
from rules_engine import ENGINE_VERSION
from rules_engine.analysis import ANALYSIS_VERSION

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def analysed(game):
    analysis, _queued = service.request_analysis(game)
    service.run_analysis(analysis.pk)
    analysis.refresh_from_db()
    return analysis


@pytest.fixture
def old_analysis(game, analysed):
    """The same analysis as stored before margins were kept (analysis version 1)."""
    GameAnalysis.objects.filter(pk=analysed.pk).update(analysis_version=1, margins=[])
    return GameAnalysis.objects.get(pk=analysed.pk)


def replay(game, query: str = "", client=None, **headers) -> str:
    return (client or Client()).get(f"/games/{game.pk}/replay?ply=4{query}", headers=headers).content.decode()


def svg(html: str, css: str) -> str:
    start = html.index(f'<svg class="{css}"')
    return html[start:html.index("</svg>", start)]


def test_the_analysis_keeps_each_players_margin_after_every_move(game, analysed):
    assert len(analysed.margins) == game.moves.count() + 1
    assert all(len(row) == 2 and row[0] == -row[1] for row in analysed.margins)


def test_the_margin_at_the_last_position_is_the_games_final_score_difference(game, analysed):
    first, second = (seat.result.total for seat in game.seats.order_by("order").select_related("result"))
    assert analysed.margins[-1] == [first - second, second - first]


def test_the_api_answers_the_margins_and_the_analysis_version(game, analysed):
    body = APIClient().get(f"/api/v1/games/{game.pk}/analysis").json()
    assert body["margins"] == analysed.margins and len(body["margins"]) == len(body["probabilities"])
    assert body["analysis_version"] == ANALYSIS_VERSION


def test_the_openapi_schema_describes_the_margins():
    from drf_spectacular.generators import SchemaGenerator

    properties = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]["Analysis"][
        "properties"]
    assert properties["margins"]["type"] == "array"
    assert properties["margins"]["items"] == {"type": "array", "items": {"type": "number", "format": "double"}}
    assert "minus the highest mean final total" in properties["margins"]["description"]
    assert properties["analysis_version"]["type"] == "integer"


def test_the_replay_shows_the_win_chart_and_a_toggle_to_the_margin_chart(game, analysed):
    html = replay(game)
    assert '<svg class="win-chart"' in html and 'class="margin-chart"' not in html
    url = f"/games/{game.pk}/replay?ply=4&amp;chart=margin"
    assert f'href="{url}" hx-get="{url}" id="show-margin-chart"' in html


def test_the_margin_chart_is_drawn_in_points_with_a_line_per_player(game, analysed):
    chart = svg(replay(game, "&chart=margin"), "margin-chart")
    assert chart.count("<polyline") == 2
    top = re.search(r'<text class="axis" x="2" y="[\d.]+">\+(\d+) points</text>', chart).group(1)
    assert f"\u2212{top} points</text>" in chart
    assert int(top) >= max(abs(m) for row in analysed.margins for m in row)


def test_the_margin_charts_points_say_each_players_margin(game, analysed):
    chart = svg(replay(game, "&chart=margin"), "margin-chart")
    first = round(analysed.margins[3][0])
    ana = f"+{first}" if first > 0 else f"\u2212{-first}" if first < 0 else "0"
    assert re.search(rf"<title>after move 3: Ana {re.escape(ana)} points?, Ben ", chart)


def test_the_margin_chart_is_marked_as_the_graph_shown_and_explained(game, analysed):
    html = replay(game, "&chart=margin")
    assert re.search(r'id="show-margin-chart" aria-current="true"', html)
    assert 'id="margin-help"' in html


def test_with_htmx_the_toggle_answers_the_viewer_with_the_margin_chart(game, analysed):
    html = replay(game, "&chart=margin", **HTMX)
    assert html.lstrip().startswith('<div id="viewer"') and '<svg class="margin-chart"' in html


def test_the_steps_and_points_keep_the_margin_chart(game, analysed):
    html = replay(game, "&chart=margin")
    assert f'data-nav="next" href="/games/{game.pk}/replay?ply=5&amp;chart=margin"' in html
    assert f'<a href="/games/{game.pk}/replay?ply=0&amp;chart=margin" hx-get=' in svg(html, "margin-chart")


def test_every_toggle_and_chart_link_has_the_same_hx_get(game, analysed):
    html = replay(game, "&chart=margin")
    for tag in re.findall(r"<a [^>]*hx-get[^>]*>", html):
        assert re.search(r'href="([^"]*)"', tag).group(1) == re.search(r'hx-get="([^"]*)"', tag).group(1)


def test_an_analysis_made_before_margins_still_shows_its_win_chart_without_the_toggle(game, old_analysis):
    html = replay(game, "&chart=margin")
    assert '<svg class="win-chart"' in html
    assert 'id="show-margin-chart"' not in html and 'class="margin-chart"' not in html


def test_an_analysis_made_before_margins_answers_the_api_without_margins(game, old_analysis):
    body = APIClient().get(f"/api/v1/games/{game.pk}/analysis").json()
    assert (body["status"], body["analysis_version"], body["margins"]) == ("done", 1, [])
    assert body["probabilities"] == old_analysis.probabilities


def test_a_member_may_analyse_an_older_analysis_again_to_add_the_margins(game, member, old_analysis,
                                                                           django_capture_on_commit_callbacks):
    client = Client()
    client.force_login(member)
    assert 'id="reanalyse"' in replay(game, client=client)
    with django_capture_on_commit_callbacks(execute=False):
        client.post(f"/games/{game.pk}/analysis")
    new = GameAnalysis.objects.get(game=game, analysis_version=ANALYSIS_VERSION)
    assert new.status == "queued" and service.current(game) == new


def test_a_visitor_is_not_offered_to_analyse_again(game, old_analysis):
    assert 'id="reanalyse"' not in replay(game)


def test_a_game_that_gives_no_final_totals_is_analysed_without_margins(plugin_registry, member):
    pytest.importorskip("imhotep_house_rules", reason="installed by `make test` from examples/imhotep-house-rules")
    from games.models import Game
    from games.services.recording import import_record

    record = plugin_registry.game("obelisk-race").random_record(random.Random(3))
    game = import_record({**record, "players": ["Ana", "Ben"]}, user=member, source=Game.Source.RECORDED).game
    analysis, _queued = service.request_analysis(game)
    service.run_analysis(analysis.pk)
    analysis.refresh_from_db()
    assert analysis.status == "done" and analysis.probabilities and analysis.margins == []
    html = Client().get(f"/games/{game.pk}/replay?chart=margin").content.decode()
    assert '<svg class="win-chart"' in html and 'id="show-margin-chart"' not in html


def test_the_analysis_version_is_part_of_what_an_analysis_is_kept_under(game, old_analysis):
    assert GameAnalysis.objects.filter(game=game, engine_version=ENGINE_VERSION).count() == 1
    again, queued = service.request_analysis(game)
    assert queued and again.pk != old_analysis.pk and again.analysis_version == ANALYSIS_VERSION
