"""The club-history pages: list, detail, player, standings, save-score, delete."""

import datetime
import json
import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Player
from games.services.recording import import_board, import_record
from tests.factories import finished_game
from tests.games.conftest import duel_board, winning_board
from tests.kit import random_record

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 1, 1)


def add_games(n: int, start: int = 0) -> None:
    """``n`` finished games among four players (through the service, so they are rated)."""
    names = ["Ana", "Ben", "Cleo", "Dan"]
    for i in range(start, start + n):
        import_board(winning_board(names[i % 4], names[(i + 1) % 4], DAY + datetime.timedelta(days=i)))


def page_text(response) -> str:
    """The page's text as a person reads it: tags dropped, whitespace collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
        assert response.status_code == 200
    return len(ctx.captured_queries)


# --------------------------------------------------------------------------- constant queries


@pytest.mark.parametrize("url", ["/games/", "/games/?page=2", "/games/standings", "/games/?game=duel"])
def test_page_answers_with_the_same_number_of_queries_for_30_and_90_games(client, url):
    add_games(30)
    small = queries_for(client, url)
    add_games(60, start=30)
    assert queries_for(client, url) == small
    assert small <= 6


def test_games_list_queries_are_bounded(client, django_assert_max_num_queries):
    add_games(40)
    with django_assert_max_num_queries(6):  # and the history's version (issue #52: in the database)
        client.get("/games/")


def test_standings_is_answered_in_one_query(client, django_assert_num_queries):
    add_games(40)
    with django_assert_num_queries(3):  # the history's version, the standings, the game types that have ratings
        client.get("/games/standings?game=duel")


# --------------------------------------------------------------------------- games list


def test_games_list_shows_newest_first_with_players_and_points(client):
    import_board(winning_board("Ana", "Ben", DAY))
    import_board(winning_board("Cleo", "Dan", DAY + datetime.timedelta(days=3)))
    body = client.get("/games/").content.decode()
    assert body.index("2025-01-04") < body.index("2025-01-01")
    assert "Cleo" in body and ">9</span>" in body  # 3 obelisks + 6 for more (D7.1 A)
    assert "2 games in the club history" in body


def test_games_list_filters_by_player_type_and_dates(client):
    import_board(winning_board("Ana", "Ben", DAY))
    import_board(winning_board("Cleo", "Dan", DAY + datetime.timedelta(days=10)))
    cleo = Game.objects.get(played_on=DAY + datetime.timedelta(days=10)).seats.get(order=0).player
    assert "1 game match" in client.get(f"/games/?player={cleo.pk}").content.decode()
    assert "1 game match" in client.get("/games/?date_from=2025-01-05&date_to=2025-01-31").content.decode()
    assert "0 games match" in client.get("/games/?game=duel&date_to=2024-12-31").content.decode()


def test_games_list_says_what_is_wrong_with_a_filter(client):
    body = client.get("/games/?date_from=2025-02-01&date_to=2025-01-01").content.decode()
    assert "must not be before the start date 2025-02-01" in body


def test_games_list_paginates_with_links_that_keep_the_filters(client):
    add_games(30)
    body = client.get("/games/?game=duel").content.decode()
    assert "Page 1 of 2" in body
    assert 'href="?game=duel&amp;page=2"' in body


def test_games_list_htmx_request_gets_only_the_results_part(client):
    add_games(3)
    response = client.get("/games/?page=1", headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="games-results">')
    assert "<html" not in body
    assert "HX-Request" in response["Vary"]


class _HxLinks(HTMLParser):
    def __init__(self):
        super().__init__()
        self.pairs = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "hx-get" in attrs:
            self.pairs.append((tag, attrs["hx-get"], attrs.get("href", attrs.get("action"))))


@pytest.mark.parametrize("url", ["/games/", "/games/?page=2", "/games/standings"])
def test_every_hx_get_has_the_same_plain_link(client, url):
    add_games(30)
    parser = _HxLinks()
    parser.feed(client.get(url).content.decode())
    assert parser.pairs, "the page has htmx links"
    for tag, hx_get, plain in parser.pairs:
        assert hx_get == plain, f"<{tag} hx-get={hx_get!r}> has href/action {plain!r}"


# --------------------------------------------------------------------------- detail


def test_detail_of_a_recorded_game_has_breakdown_and_replay_link(client):
    game = import_record(random_record(80)).game
    body = client.get(f"/games/{game.pk}/").content.decode()
    result = game.seats.get(order=0).result
    assert f'href="/games/{game.pk}/replay"' in body
    assert "Obelisk (A)" in body and "Action tokens" in body
    assert f">{result.total}" in body
    assert f"({game.moves.count()} moves)" in body


def test_detail_of_a_score_only_game_has_no_replay_link(client):
    game = import_board(duel_board()).game
    body = client.get(f"/games/{game.pk}/").content.decode()
    assert "/replay" not in body
    assert "the tie-break decided the winner (the player who did not start wins)" in body  # 0–0 (D7.6)


def test_detail_of_a_missing_game_is_404(client):
    assert client.get("/games/999/").status_code == 404


# --------------------------------------------------------------------------- player page


def test_player_page_shows_wins_rates_seats_and_sides(client):
    b_sides = {"obelisk": "B", "temple": "A", "pyramid": "A", "tomb": "A"}
    import_board(winning_board("Ana", "Ben", DAY))  # Ana first seat, obelisk A: 3 + 6
    import_board({**duel_board(("Ben", "Ana"), second={"obelisk": 5}, sides=b_sides),
                  "history": {"played_on": "2025-01-02"}})  # Ana second seat, obelisk B: first to 5 → 12
    import_board({**duel_board(("Ana", "Ben"), second={"obelisk": 1}), "history": {"played_on": "2025-01-03"}})
    ana = Game.objects.first().seats.get(player__name="Ana").player
    text = page_text(client.get(f"/games/players/{ana.pk}/"))
    assert "3 games · 2 wins · win rate 67 %" in text
    assert "First (starts) 2 1 50 %" in text
    assert "Second 1 1 100 %" in text
    # Obelisk: 9 and 0 with side A, 12 with side B.
    assert "Obelisk 7.0 4.5 (2) 12.0 (1)" in text


def test_player_page_draws_the_rating_chart_as_inline_svg(client):
    add_games(5)
    ana = Player.objects.get(name="Ana")
    body = client.get(f"/games/players/{ana.pk}/").content.decode()
    start = body.index("<svg class=\"rating-chart\"")
    svg = body[start:body.index("</svg>", start)]
    assert svg.count("<circle") == ana.ratings.count()
    assert "<script" not in svg and "http://" not in svg.replace("http://www.w3.org/2000/svg", "")
    assert "Imhotep: The Duel rating" in body


# --------------------------------------------------------------------------- standings


def test_standings_list_rated_players_best_first(client, settings):
    settings.IMHOTEP_MIN_RANKED_GAMES = 3
    for i in range(3):
        import_board(winning_board("Ana", "Ben", DAY + datetime.timedelta(days=i)))
    body = client.get("/games/standings").content.decode()
    assert body.index(">Ana<") < body.index(">Ben<")
    assert "100 %" in body


def test_standings_without_games_say_so(client):
    assert "No finished Imhotep: The Duel games yet." in client.get("/games/standings").content.decode()


# --------------------------------------------------------------------------- save score


def post_board(client, board, **fields):
    return client.post("/games/save-score", {"board": json.dumps(board), **fields})


def test_save_score_needs_a_login(client):
    response = post_board(client, duel_board())
    assert response.status_code == 302 and response["Location"].startswith("/account/login")
    assert Game.objects.count() == 0


def test_save_score_stores_the_game_and_redirects_to_it(client, alice):
    client.force_login(alice)
    response = post_board(client, duel_board(first={"obelisk": 2}), played_on="2025-05-01", location="Club")
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert (game.source, game.played_on, game.location, game.created_by) == (
        "score", datetime.date(2025, 5, 1), "Club", alice)


def test_save_score_of_the_same_board_twice_shows_the_first_game(client, alice):
    client.force_login(alice)
    first = post_board(client, duel_board(), played_on="2025-05-01")
    second = post_board(client, duel_board(), played_on="2025-05-01")
    assert first["Location"] == second["Location"]
    assert Game.objects.count() == 1


def test_save_score_invalid_board_is_a_400_page_naming_the_field(client, alice):
    client.force_login(alice)
    response = post_board(client, duel_board(first={"meeples_on_harbor": 9}))
    assert response.status_code == 400
    assert "players[0].meeples_on_harbor" in response.content.decode()
    assert Game.objects.count() == 0


def test_save_score_board_that_is_not_json_is_a_400_page(client, alice):
    client.force_login(alice)
    response = client.post("/games/save-score", {"board": "{oops"})
    assert response.status_code == 400
    assert "not valid JSON" in response.content.decode()


# --------------------------------------------------------------------------- delete


def test_delete_page_action_is_for_the_creator_only(client, alice, bob):
    game = import_board(duel_board(), user=alice).game
    client.force_login(bob)
    assert client.post(f"/games/{game.pk}/delete").status_code == 403
    assert "Delete this game" not in client.get(f"/games/{game.pk}/").content.decode()
    client.force_login(alice)
    assert "Delete this game" in client.get(f"/games/{game.pk}/").content.decode()
    assert client.post(f"/games/{game.pk}/delete").status_code == 302
    assert not Game.objects.exists()


def test_factory_built_games_render_in_the_list(client):
    finished_game(("Ana", "Ben"), (50, 40))
    assert "Ana" in client.get("/games/").content.decode()


# --------------------------------------------------------------------------- game details


def _details(client, game, **fields):
    data = {"played_on": "2026-11-20", "location": "Club room", "notes": "Rematch next week", **fields}
    return client.post(f"/games/{game.pk}/details", data)


def test_the_recorder_changes_date_place_and_notes(client, alice):
    game = import_board(duel_board(), user=alice).game
    client.force_login(alice)
    _details(client, game)
    game.refresh_from_db()
    assert (str(game.played_on), game.location, game.notes) == ("2026-11-20", "Club room", "Rematch next week")


def test_a_club_admin_changes_another_members_game_details(client, alice, staff):
    game = import_board(duel_board(), user=alice).game
    client.force_login(staff)
    _details(client, game, location="Library")
    game.refresh_from_db()
    assert game.location == "Library"


def test_another_member_may_not_change_game_details(client, alice, bob):
    game = import_board(duel_board(), user=alice).game
    client.force_login(bob)
    assert _details(client, game).status_code == 403
    game.refresh_from_db()
    assert game.location == ""


def test_a_bad_date_is_named_and_nothing_is_saved(client, alice):
    game = import_board(duel_board(), user=alice).game
    client.force_login(alice)
    page = _details(client, game, played_on="31.02.2026", location="Elsewhere")
    game.refresh_from_db()
    assert game.location == ""
    assert "Date played" in client.get(page["Location"]).content.decode()
