"""A backup of the whole club (issues 38 and 52): accounts with their roles, password hashes and
player links, board-data versions and each game's pin, an event with everything in it, an
analysis, a luck analysis, the players' puzzle queues with their spaced-repetition state, an
upload's outcomes and the invitations round-trip through export_all / import_all, every carried
table row by row, to the same answers on every page and API a club reads; the file is its
owner's only."""

from __future__ import annotations

import json
import re
import stat

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from games.analysis.models import Puzzle
from games.events.models import Event
from games.membership.models import Membership
from games.models import BoardData, Game, Player
from tests.backup.club import build_whole_club, carried_rows, export, import_all, wipe_all
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

_CSRF = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


@pytest.fixture
def whole_club(settings):
    return build_whole_club(settings)


def _urls(club) -> list[str]:
    games = list(Game.objects.order_by("id").values_list("pk", flat=True))
    players = list(Player.objects.order_by("id").values_list("pk", flat=True))
    event, analysed = club["event"].pk, club["analysed"].pk
    return [
        "/games/", "/games/standings?game=duel", "/games/standings?game=classic", "/games/ratings-check?game=duel",
        "/api/v1/games", "/api/v1/standings?game=duel", "/api/v1/results", "/api/v1/players",
        "/api/v1/ratings-check?game=duel", "/events/", f"/events/{event}/", f"/api/v1/events/{event}",
        f"/api/v1/events/{event}/rounds", f"/api/v1/events/{event}/standings", f"/events/{event}/crosstable.csv",
        f"/games/{analysed}/analysis", f"/api/v1/games/{analysed}/analysis",
        f"/games/{analysed}/luck", f"/api/v1/games/{analysed}/luck", "/puzzles/",
        *(f"/puzzles/{pk}" for pk in Puzzle.objects.order_by("pk").values_list("pk", flat=True)),
        *(f"/games/{pk}/" for pk in games), *(f"/api/v1/games/{pk}" for pk in games),
        *(f"/games/players/{pk}/" for pk in players), *(f"/api/v1/players/{pk}" for pk in players),
    ]


def _admin_urls(club) -> list[str]:
    return ["/games/board-data/classic/", "/games/board-data/classic/export.json", "/account/invites",
            f"/games/imports/{club['job'].pk}", f"/api/v1/imports/{club['job'].pk}"]


def _member_urls(club) -> list[str]:
    """Ana's own: her puzzle queue (its spaced-repetition state) and her upload's outcomes."""
    return ["/puzzles/", f"/games/imports/{club['job'].pk}"]


def _answers(club) -> dict[str, tuple[int, str]]:
    """Every page and API answer, as a reader not signed in, as the club admin and as the member
    Ana see them."""
    cache.clear()  # a restore is read by a fresh deployment: nothing drawn before it is served
    anonymous, admin, member = Client(), Client(), Client()
    admin.force_login(get_user_model().objects.get(username="manager"))
    member.force_login(get_user_model().objects.get(username="ana_login"))
    answers = {}
    for who, client, urls in (("anonymous", anonymous, _urls(club)), ("admin", admin, _urls(club) + _admin_urls(club)),
                              ("member", member, _member_urls(club))):
        for url in urls:
            response = client.get(url)
            text = response.content.decode()
            # JSON compared as data: an object's keys may come in another order (PostgreSQL
            # groups rows in no fixed order); pages as they are drawn, but for the CSRF token.
            body = json.loads(text) if response["Content-Type"].startswith("application/json") else text
            answers[f"{who} {url}"] = (response.status_code, _CSRF.sub(r"\1…", body) if isinstance(body, str) else body)
    return answers


def test_every_carried_table_comes_back_row_by_row(whole_club, tmp_path):
    before = carried_rows()
    assert all(before[label] for label in ("analysis.GameLuck", "analysis.Puzzle", "games.ImportJob",
                                           "membership.Invite", "events.PairingSeat", "analysis.GameAnalysis",
                                           "events.ByeRequest", "events.ProhibitedPair", "seasons.SeasonEvent",
                                           "seasons.Challenge", "seasons.LeagueGame", "seasons.DivisionPlayer"))
    path = tmp_path / "club.ndjson"
    export(path)
    wipe_all()
    out, error = import_all(path, "--atomic")
    assert error is None, out
    after = carried_rows()
    assert [label for label in before if after[label] != before[label]] == []


def test_each_player_s_puzzle_queue_keeps_its_spaced_repetition_state(whole_club, tmp_path):
    queues = list(Puzzle.objects.order_by("pk").values_list("player__name", "due_on", "interval", "solved", "missed"))
    assert {(solved, missed) for *_, solved, missed in queues} == {(1, 0), (0, 1)}  # one solved, one missed
    path = tmp_path / "club.ndjson"
    export(path)
    wipe_all()
    import_all(path)
    assert list(Puzzle.objects.order_by("pk").values_list("player__name", "due_on", "interval", "solved",
                                                          "missed")) == queues


def test_the_whole_club_round_trips_to_the_same_answers(whole_club, tmp_path):
    before = _answers(whole_club)
    assert {status for status, _ in before.values()} == {200}
    ana_s = Puzzle.objects.get(player__name="Ana")
    assert f"/puzzles/{ana_s.pk}" in before["member /puzzles/"][1]  # her queue is on the page
    path = tmp_path / "club.ndjson"
    export(path)
    wipe_all()
    out, error = import_all(path)
    assert error is None, out
    after = _answers(whole_club)
    changed = [url for url in before if after[url] != before[url]]
    assert changed == [], _first_difference(before[changed[0]][1], after[changed[0]][1])


def _first_difference(before, after) -> str:
    before, after = str(before), str(after)
    at = next((i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b), min(len(before), len(after)))
    return f"before: …{before[max(0, at - 300):at + 200]}…\nafter:  …{after[max(0, at - 300):at + 200]}…"


def test_accounts_come_back_with_their_password_hash_role_and_player(whole_club, tmp_path):
    User = get_user_model()
    hashes = dict(User.objects.values_list("username", "password"))
    roles = dict(Membership.objects.values_list("user__username", "role"))
    path = tmp_path / "club.ndjson"
    export(path)
    wipe_all()
    import_all(path)
    assert dict(User.objects.values_list("username", "password")) == hashes
    assert dict(Membership.objects.values_list("user__username", "role")) == roles
    assert User.objects.get(username="manager").is_staff
    assert Player.objects.get(name="Ana").user.username == "ana_login"


def test_the_pinned_game_keeps_its_board_data_version(whole_club, tmp_path):
    pinned = whole_club["classic"]
    version = (pinned.board_data.game_type, pinned.board_data.version, pinned.board_data.data)
    path = tmp_path / "club.ndjson"
    export(path)
    wipe_all()
    import_all(path)
    restored = Game.objects.get(pk=pinned.pk).board_data
    assert (restored.game_type, restored.version, restored.data) == version


def test_the_file_is_readable_by_its_owner_only(whole_club, tmp_path):
    path = tmp_path / "club.ndjson"
    export(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_an_account_the_database_has_already_is_kept_and_linked(whole_club, tmp_path):
    path = tmp_path / "club.ndjson"
    export(path)
    wipe_all()
    kept = UserFactory(username="manager", is_staff=False)  # made by whoever runs the restore
    out, error = import_all(path)
    assert error is None, out
    assert "account 'manager' already exists" in out
    assert get_user_model().objects.get(username="manager").pk == kept.pk
    assert Event.objects.get().created_by_id in (None, kept.pk)
    assert BoardData.objects.get().entered_by_id == kept.pk


def test_a_merge_adds_games_and_skips_the_club_s_own_lines(whole_club, tmp_path):
    path = tmp_path / "club.ndjson"
    export(path)
    Game.objects.filter(pk=whole_club["classic"].pk).delete()
    out, error = import_all(path, "--merge")
    assert error is None, out
    assert "--merge adds players and games only, skipped:" in out
    back = Game.objects.get(game_type="classic")
    assert back.board_data is None  # another club's versions are not this club's
    assert BoardData.objects.count() == 1 and Event.objects.count() == 1


def test_a_game_line_pinned_to_a_version_not_restored_is_refused(whole_club, tmp_path):
    path = tmp_path / "club.ndjson"
    lines = export(path)
    kept = [line for line in lines if json.loads(line)["kind"] != "board_data"]
    header = json.loads(kept[0])
    header["counts"]["board_data"] = 0
    path.write_text("".join(line + "\n" for line in [json.dumps(header), *kept[1:]]), encoding="utf-8")
    wipe_all()
    out, _ = import_all(path)
    assert "board_data: version id" in out and "was not restored" in out
