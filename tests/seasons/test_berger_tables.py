"""The divisions' schedules against the Berger tables as FIDE prints them (Handbook C.05 Annex 1,
transcribed in tests/data/berger/fide_c05_annex1.txt): round by round, pairing by pairing in the
printed order, the first number white (the first named, who moves first: docs/seasons.md), and an
odd division's highest number the bye."""

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from games.events.pairing.round_robin import berger_round
from games.events.pairing.types import Entrants
from games.seasons import divisions as rules
from games.seasons import league_service
from games.seasons.models import LeagueGame

ANNEX = Path(__file__).resolve().parent.parent / "data" / "berger" / "fide_c05_annex1.txt"


def _printed_tables() -> dict[int, list[list[tuple[int, int]]]]:
    """Each printed table by its even size: round by round, the (white, black) pairing numbers."""
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    size = 0
    for line in ANNEX.read_text().splitlines():
        if heading := re.fullmatch(r"(\d+) or (\d+) players:", line):
            size = int(heading.group(2))
            tables[size] = []
        elif row := re.fullmatch(r"Rd (\d+): (.*)\.", line):
            assert int(row.group(1)) == len(tables[size]) + 1, line
            tables[size].append([(int(w), int(b)) for w, b in re.findall(r"(\d+)-(\d+)", row.group(2))])
    return tables


TABLES = _printed_tables()
SIZES = [n for even in sorted(TABLES) for n in (even - 1, even)]


def _seeded(n: int) -> list[int]:
    """Player ids by seed, in the opposite order to the ids, so the numbers are the seeds."""
    return [1000 - 7 * seed for seed in range(1, n + 1)]


def _numbered(n: int) -> tuple[dict[int, int], Entrants]:
    """Pairing number → player id, and the entrants with those numbers as their lots."""
    ids = dict(enumerate(_seeded(n), start=1))
    return ids, Entrants(players=tuple(ids.values()), seed=0, lots={p: i for i, p in ids.items()})


def _expected(n: int) -> list[list[tuple[int, int]]]:
    """The printed table for ``n`` players in player ids, the bye's pairing (the highest
    number's, when ``n`` is odd) left out as the schedule leaves it."""
    ids = dict(enumerate(_seeded(n), start=1))
    return [[(ids[w], ids[b]) for w, b in rnd if w in ids and b in ids] for rnd in TABLES[n + n % 2]]


def test_the_annex_prints_the_tables_for_3_to_16_players():
    assert sorted(TABLES) == [4, 6, 8, 10, 12, 14, 16]
    assert all(len(TABLES[n]) == n - 1 and all(len(r) == n // 2 for r in TABLES[n]) for n in TABLES)


@pytest.mark.parametrize("n", SIZES, ids=[f"{n}-players" for n in SIZES])
def test_a_division_plays_the_printed_berger_table(n):
    assert rules.schedule(_seeded(n)) == _expected(n)


@pytest.mark.parametrize("n", [n for n in SIZES if n % 2], ids=[f"{n}-players" for n in SIZES if n % 2])
def test_an_odd_division_sits_out_the_player_the_table_pairs_with_the_highest_number(n):
    ids, entrants = _numbered(n)
    byes = [[t.seats[0] for t in berger_round(entrants, r) if t.bye] for r in range(1, n + 1)]
    assert byes == [[ids[w if b == n + 1 else b] for w, b in rnd if n + 1 in (w, b)] for rnd in TABLES[n + 1]]


@pytest.mark.parametrize("n", sorted(TABLES), ids=[f"{n}-players" for n in sorted(TABLES)])
def test_an_events_round_robin_numbers_its_tables_in_the_printed_order(n):
    ids, entrants = _numbered(n)
    for r, printed in enumerate(TABLES[n], start=1):
        assert [(t.number, t.seats) for t in berger_round(entrants, r)] == [
            (board, (ids[w], ids[b])) for board, (w, b) in enumerate(printed, start=1)]


@pytest.mark.django_db
@pytest.mark.parametrize("n", [7, 8], ids=["7-players", "8-players"])
def test_a_new_league_stores_each_game_with_the_tables_white_as_the_player_who_moves_first(n):
    names = [f"Seed {seed}" for seed in range(1, n + 1)]
    now = timezone.now()
    league = league_service.create_league(name="Berger league", divisions=[names], promote=0,
                                          first_deadline=now + timedelta(days=7), now=now)
    stored = LeagueGame.objects.filter(division__league=league).select_related("first", "second", "round")
    rounds: list[list[tuple[str, str]]] = [[] for _ in range(n - 1 + n % 2)]
    for g in stored.order_by("round__number", "id"):
        rounds[g.round.number - 1].append((g.first.name, g.second.name))
    number = {seed: f"Seed {seed}" for seed in range(1, n + 1)}
    assert rounds == [[(number[w], number[b]) for w, b in rnd if w in number and b in number]
                      for rnd in TABLES[n + n % 2]]
