"""The exports others read (TRF16 through py4swiss, the crosstable CSV), the Dutch edition
stored per event, and base-game place points by table size, on the database."""

import csv
import io
from pathlib import Path

import pytest
from py4swiss.trf import TrfParser

from games.events import exports, lifecycle
from games.events.models import Event
from games.events.pairing.types import Board, History
from games.events.results import history_of, standings
from games.events.standings import table_standings
from tests.events.helpers import duel_event, play_round, table_event

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus"]


def _finished_swiss(rounds=3) -> Event:
    event = duel_event(NAMES, rounds=rounds)
    for _ in range(rounds):
        lifecycle.start_round(event)
        play_round(event)
    return event


def _parsed(event: Event, tmp_path: Path):
    path = tmp_path / "event.trf"
    path.write_text(exports.trf_text(event))
    return TrfParser.parse(path)


def test_the_trf_gives_the_events_rounds_after_the_last_round(tmp_path):
    event = _finished_swiss(rounds=3)
    assert _parsed(event, tmp_path).x_section.number_of_rounds == 3


def test_the_trf_rank_column_is_the_events_standings(tmp_path):
    event = _finished_swiss()
    names = {r.standing.player: r.name for r in standings(event)}
    by_name = {r.name: r.standing.rank for r in standings(event)}
    parsed = _parsed(event, tmp_path)
    assert {s.name: s.rank for s in parsed.player_sections} == {names[p]: by_name[names[p]] for p in names}


def test_the_trf_read_back_by_the_pairing_library_gives_the_same_history(tmp_path):
    event = _finished_swiss()
    history = history_of(event)
    parsed = _parsed(event, tmp_path)
    number = {s.starting_number: s.name for s in parsed.player_sections}
    names = {r.standing.player: r.name for r in standings(event)}
    read: list[set] = [set() for _ in history.rounds]
    for section in parsed.player_sections:
        for r, result in enumerate(section.results):
            if result.id:
                if result.color.name == "WHITE":
                    mine = {"WIN": 1.0, "LOSS": 0.0, "DRAW": 0.5}[result.result.name]
                    read[r].add((section.name, number[result.id], mine))
            elif result.result.name == "PAIRING_ALLOCATED_BYE":
                read[r].add((section.name,))
    stored = [
        {(names[b.seats[0]],) if b.bye else (names[b.seats[0]], names[b.seats[1]], b.points[0]) for b in boards}
        for boards in history.rounds
    ]
    assert read == stored


def test_the_crosstable_lists_the_players_in_the_standings_order():
    event = _finished_swiss()
    rows = list(csv.reader(io.StringIO("\n".join(",".join(r) for r in exports.crosstable_rows(event)))))
    assert [r[1] for r in rows[1:]] == [r.name for r in standings(event)]


def test_a_new_event_is_paired_by_the_dutch_edition_in_force():
    assert duel_event(NAMES).pairing_edition == Event.PairingEdition.DUTCH_2026


def test_a_running_event_keeps_the_edition_it_started_with():
    event = duel_event(NAMES)
    Event.objects.filter(pk=event.pk).update(pairing_edition=Event.PairingEdition.DUTCH_2025)
    event.refresh_from_db()
    lifecycle.start_round(event)
    assert event.pairing_edition == Event.PairingEdition.DUTCH_2025


def test_a_three_player_tables_places_are_worth_six_three_nothing():
    event = table_event(NAMES[:3])
    lifecycle.start_round(event)
    play_round(event)
    assert sorted(history_of(event).rounds[0][0].points) == [0.0, 3.0, 6.0]


def test_place_points_set_at_creation_are_kept_by_table_size():
    event = lifecycle.create_event(name="x", game_type="classic", kind=Event.Kind.TABLES, rounds=1,
                                   place_points={3: [9, 5, 1]})
    assert event.place_points == {"4": [6.0, 4.0, 2.0, 0.0], "3": [9.0, 5.0, 1.0], "2": [6.0, 0.0]}


def test_the_sum_of_scores_is_not_available_for_a_player_whose_table_was_fixed_by_places():
    history = History(((Board(seats=(1, 2, 3), points=(6.0, 3.0, 0.0), scores=None),
                        Board(seats=(4, 5, 6), points=(6.0, 3.0, 0.0), scores=(40, 30, 20))),))
    rows = {r.player: r for r in table_standings([1, 2, 3, 4, 5, 6], history)}
    assert rows[1].tiebreaks["score_sum"] is None and rows[4].tiebreaks["score_sum"] == 40.0


def test_players_without_a_sum_of_scores_are_left_tied_by_it_and_parted_by_the_next():
    # 1 and 4 both won their table; 1's table was fixed by places, so the sum of scores
    # cannot compare them: table wins (equal) leave them sharing the rank.
    history = History(((Board(seats=(1, 2, 3), points=(6.0, 3.0, 0.0), scores=None),
                        Board(seats=(4, 5, 6), points=(6.0, 3.0, 0.0), scores=(40, 30, 20))),))
    rows = {r.player: r for r in table_standings([1, 2, 3, 4, 5, 6], history)}
    assert rows[1].rank == rows[4].rank == 1


def test_the_crosstable_says_the_sum_of_scores_is_not_available_never_zero():
    event = table_event(NAMES[:3])
    lifecycle.start_round(event)
    pairing = event.round_set.get().pairings.get()
    lifecycle.fix_result(pairing, [1, 2, 3])
    rows = exports.crosstable_rows(event)
    column = rows[0].index("score_sum")
    assert {r[column] for r in rows[1:]} == {"not available"}


def test_the_api_gives_an_unavailable_sum_of_scores_as_null(api_client):
    event = table_event(NAMES[:3])
    lifecycle.start_round(event)
    lifecycle.fix_result(event.round_set.get().pairings.get(), [1, 2, 3])
    rows = api_client.get(f"/api/v1/events/{event.pk}/standings").json()
    assert [r["tiebreaks"]["score_sum"] for r in rows] == [None, None, None]


def test_the_crosstable_separates_a_tables_opponents_so_two_word_names_stay_whole():
    event = table_event(["Nandor Ilona", "Ben", "Cleo"], rounds=1)
    lifecycle.start_round(event)
    play_round(event)
    rows = exports.crosstable_rows(event)
    ben = next(r for r in rows if r[1] == "Ben")
    opponents, _points = ben[3].split(": ")
    assert set(opponents.split("; ")) == {"Nandor Ilona", "Cleo"}
