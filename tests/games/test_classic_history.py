"""The club history with the base game (classic.md): 2–4 seats, shared places (C8), OpenSkill
ratings per game type, standings, player page and game list. Score-only games come from F3
boards; recorded games from F4 records of random legal moves (see test_classic_records.py)."""

import datetime

import pytest

from games.models import Game, Rating, Result
from games.services import ratings, stats
from games.services.recording import import_board
from tests.games.conftest import winning_board

pytestmark = pytest.mark.django_db

DAY = datetime.date(2025, 5, 1)
COLOURS = ("black", "white", "brown", "grey")


def classic_board(tracks, sleds=None, names=("Ana", "Ben", "Cleo", "Dan"), day=DAY) -> dict:
    """An F3 board whose totals are the score tracks (nothing else scores)."""
    sleds = sleds or [0] * len(tracks)
    return {
        "game": "classic",
        "sides": {"market": "A", "pyramids": "A", "temple": "A", "burial-chamber": "A", "obelisks": "A"},
        "players": [
            {
                "name": names[i],
                "colour": COLOURS[i],
                "track": t,
                "sled": sleds[i],
                "obelisk_stones": 0,
                "statues": 0,
                "decorations": [],
                "blue_cards": 0,
                "reached": [],
            }
            for i, t in enumerate(tracks)
        ],
        "burial_chamber": [],
        "site_stones": {"pyramids": 0, "temple": 0},
        "history": {"played_on": day.isoformat()},
    }


def _results(game) -> list[tuple]:
    return [
        (r.seat.player.name, r.total, r.rank, r.winner, r.tie_broken)
        for r in Result.objects.filter(seat__game=game).select_related("seat__player").order_by("seat__order")
    ]


def test_c8_three_players_shared_first_place_is_stored_as_equal_ranks():
    game = import_board(classic_board([40, 40, 30])).game
    assert game.game_type == "classic" and game.seats.count() == 3
    assert _results(game) == [("Ana", 40, 1, True, False), ("Ben", 40, 1, True, False), ("Cleo", 30, 3, False, False)]


def test_c8_tie_broken_by_the_sled():
    game = import_board(classic_board([40, 40, 30, 10], sleds=[1, 3, 0, 0])).game
    assert [(n, rank, won) for n, _, rank, won, _ in _results(game)] == [
        ("Ana", 2, False),
        ("Ben", 1, True),
        ("Cleo", 3, False),
        ("Dan", 4, False),
    ]
    assert all(tb for *_, tb in _results(game))


def test_seat_colours_come_from_the_board():
    game = import_board(classic_board([5, 4, 3, 2])).game
    assert list(game.seats.order_by("order").values_list("colour", flat=True)) == list(COLOURS)


def test_ratings_are_kept_per_game_type_and_a_shared_win_rates_alike():
    import_board(winning_board("Ana", "Ben", DAY))  # a Duel: its own ladder
    game = import_board(classic_board([40, 40, 30, 20], day=DAY + datetime.timedelta(days=1))).game
    rows = {r.player.name: r for r in Rating.objects.filter(game=game).select_related("player")}
    assert set(rows) == {"Ana", "Ben", "Cleo", "Dan"} and {r.game_type for r in rows.values()} == {"classic"}
    # Ana and Ben came in as new players of the base game (their Duel rating does not carry over)
    # and shared first place: they get the same rating.
    assert rows["Ana"].mu == pytest.approx(rows["Ben"].mu) and rows["Ana"].sigma == pytest.approx(rows["Ben"].sigma)
    assert rows["Ben"].mu > 25 > rows["Dan"].mu
    assert rows["Cleo"].mu > rows["Dan"].mu
    assert rows["Ana"].won and rows["Ben"].won and not rows["Cleo"].won
    assert Rating.objects.filter(game_type="duel").count() == 2


def test_three_and_four_player_ratings_rebuild_to_the_same_history():
    for k, tracks in enumerate(([30, 20, 10], [10, 40, 40, 5], [25, 25, 25])):
        import_board(classic_board(tracks, day=DAY + datetime.timedelta(days=k)))
    before = list(Rating.objects.order_by("game_id", "player_id").values_list("game_id", "player_id", "mu", "sigma"))
    ratings.rebuild_all("classic")
    after = list(Rating.objects.order_by("game_id", "player_id").values_list("game_id", "player_id", "mu", "sigma"))
    assert before == after and len(before) == 10


def test_standings_page_ranks_classic_players(client):
    import_board(classic_board([40, 30, 20, 10]))
    html = client.get("/games/standings?game=classic").content.decode()
    assert "Imhotep: Builder of Egypt" in html
    assert [html.index(n) for n in ("Ana", "Ben", "Cleo", "Dan")] == sorted(
        html.index(n) for n in ("Ana", "Ben", "Cleo", "Dan")
    )


def test_player_page_and_game_list_show_classic_games(client):
    game = import_board(classic_board([40, 40, 30])).game
    ana = game.seats.get(order=0).player
    page = client.get(f"/games/players/{ana.pk}/")
    assert page.status_code == 200 and "Imhotep: Builder of Egypt" in page.content.decode()
    listing = client.get("/games/", {"game": "classic"}).content.decode()
    assert f"/games/{game.pk}/" in listing and "Cleo" in listing
    detail = client.get(f"/games/{game.pk}/").content.decode()
    assert detail.count('class="badge">won') == 2  # a shared win (C8)
    assert "Download as board<" in detail  # the F3 board, named in words


def test_api_standings_for_classic(api_client):
    import_board(classic_board([40, 30, 20, 10]))
    rows = api_client.get("/api/v1/standings", {"game": "classic"}).json()
    assert [r["player"]["name"] for r in rows] == ["Ana", "Ben", "Cleo", "Dan"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]


def test_game_counts_per_type():
    import_board(classic_board([1, 2]))
    assert Game.objects.filter(game_type="classic").count() == 1


def test_sides_of_classic_sites_show_on_the_game_and_player_pages(client):
    game = import_board(classic_board([40, 30, 20])).game
    detail = client.get(f"/games/{game.pk}/").content.decode()
    assert "Burial chamber (A)" in detail and "Obelisks (A)" in detail
    figures = stats.player_stats(game.seats.get(order=0).player).by_type[0]
    assert set(figures.by_side) == {"burial_chamber", "obelisks"}


def test_c8_players_after_a_shared_first_place_rate_below_the_winners():
    # OpenSkill 6's Plackett-Luce rated 3rd place above the two winners of ranks [1, 1, 3, 4];
    # games of more than two players use Bradley-Terry (games/services/ratings.py).
    game = import_board(classic_board([40, 40, 30, 20])).game
    rows = {r.player.name: r.ordinal for r in Rating.objects.filter(game=game).select_related("player")}
    assert rows["Ana"] == rows["Ben"] > rows["Cleo"] > rows["Dan"]


def test_rating_model_per_game_type_is_named_on_the_standings_page(client):
    import_board(classic_board([40, 30]))
    assert "OpenSkill (Bradley-Terry)" in client.get("/games/standings?game=classic").content.decode()
    assert ratings.model_name("duel") == "Plackett-Luce"


def _wrathful_game():
    board = classic_board([40, 30, 20])
    board["variants"] = ["pharaohs-wrath"]
    for p in board["players"]:
        p["reached"] = ["pyramids", "temple", "burial-chamber", "obelisks"]
    return import_board(board).game


def test_c9_a_games_variant_shows_by_its_name_on_the_game_page(client):
    detail = client.get(f"/games/{_wrathful_game().pk}/").content.decode()
    assert "Pharaoh&#x27;s wrath" in detail and "Pharaohs wrath" not in detail


def test_c9_a_games_variant_shows_in_the_readers_language(client):
    detail = client.get(f"/games/{_wrathful_game().pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zorn des Pharao" in detail
