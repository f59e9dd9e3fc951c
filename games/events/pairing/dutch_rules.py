"""What the FIDE Dutch system (C.04.3) reads of a player's past rounds, edition by edition, and
who plays white (who starts, in the Duel) at a table it paired.

The libraries that pair (swiss_dutch.py) are fed these readings, and their colours are
replaced by `allocate`: caissify-pairings gives an equal colour history's preference by
pairing number alone, where C.04.3 (E.4, E.5) ranks by score first. Every rule here is read
as bbpPairings reads it (v5.0.1 for the 2025 rules, v6.0.0 for the 2026 ones), the
independent implementation the pairing is checked against (tests/data/pairing/README.md):

- Only games played count for colours (C.04.3 A.6: a forfeit or a bye has no colour).
- A pairing-allocated bye, a forfeit win, a bye asked for: rounds not played. In a round not
  played a player floated down under the 2025 edition whatever it scored; under the 2026 one
  only if it scored more than a loss (a ½-point bye does, a 0-point bye or a forfeit loss not).
- The pairing-allocated bye is barred (C.04.1 c; C.04.3 C.2) for one who had it, or a forfeit
  win (2025); for one who had it (of any value) or scored a win's points without playing (2026).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.events.pairing.types import FORFEIT, PAIRING_BYE, Board, Entrants, History

DUTCH_2025 = "dutch-2025"
DUTCH_2026 = "dutch-2026"

WHITE, BLACK = "white", "black"
WIN_POINTS = 1.0  # a win's points (C.07's 1 / ½ / 0: the only points a Swiss game gives here)


def _invert(colour: str | None) -> str | None:
    return None if colour is None else BLACK if colour == WHITE else WHITE


def _seats(history: History) -> list[dict[int, Board]]:
    """Each round's board of each player."""
    return [{p: b for b in boards for p in b.seats} for boards in history.rounds]


def colour_histories(history: History) -> dict[int, list[str]]:
    """Each player's colours in the games played, oldest first (no forfeit, no bye)."""
    out: dict[int, list[str]] = {}
    for boards in history.rounds:
        for b in boards:
            if not b.bye and b.played:
                for i, p in enumerate(b.seats):
                    out.setdefault(p, []).append(WHITE if i == 0 else BLACK)
    return out


def played_colours(history: History, player: int) -> list[str]:
    """The player's colours in the games played, oldest first (no forfeit, no bye)."""
    return colour_histories(history).get(player, [])


def _points_in(b: Board, player: int) -> float:
    return b.points[b.seats.index(player)] if b.points else 0.0


def floats(history: History, players: tuple[int, ...] | list[int], edition: str = DUTCH_2026
           ) -> dict[int, list[str]]:
    """Each player's float per round ("up", "down", "none"). A game played: against a higher
    score up, a lower down, from the points before the round. A round not played (a bye of any
    kind, a forfeit, absent): down under the 2025 edition; under the 2026 one down if it scored
    more than a loss, none if not."""
    out: dict[int, list[str]] = {p: [] for p in players}
    points: dict[int, float] = {}
    for boards, seats in zip(history.rounds, _seats(history), strict=True):
        for p in out:
            b = seats.get(p)
            if b is None or b.bye or not b.played:
                scored = _points_in(b, p) if b is not None else 0.0
                out[p].append("down" if edition == DUTCH_2025 or scored > 0 else "none")
                continue
            mine, theirs = points.get(p, 0.0), points.get(b.seats[1 - b.seats.index(p)], 0.0)
            out[p].append("up" if theirs > mine else "down" if theirs < mine else "none")
        for b in boards:
            for i, p in enumerate(b.seats):
                points[p] = points.get(p, 0.0) + (b.points[i] if b.points else 0.0)
    return out


def bye_barred(history: History, edition: str = DUTCH_2026) -> set[int]:
    """Who may not have the pairing-allocated bye (see the module's note)."""
    out = set()
    for boards in history.rounds:
        for b in boards:
            for p in b.seats:
                pab = b.bye and b.result_kind == PAIRING_BYE
                # 2025: a forfeit win; 2026: a win's points without playing (a forfeit win).
                unplayed_win = (b.result_kind == FORFEIT if edition == DUTCH_2025 else not b.played) and (
                    _points_in(b, p) >= WIN_POINTS)
                if pab or unplayed_win:
                    out.add(p)
    return out


def pairing_numbers(entrants: Entrants, history: History) -> dict[int, int]:
    """Each player's pairing number: 1… by lot over those the round counts (A.2): the players
    of this round and everyone paired before (a game, a forfeit, the pairing-allocated bye),
    as the event's TRF numbers them (trf.py). One who is out of this round and was never
    paired (only byes asked for so far) has none yet, as bbpPairings counts a player who has
    not joined."""
    paired = {p for boards in history.rounds for b in boards if not b.bye or b.result_kind == PAIRING_BYE
              for p in b.seats}
    counted = set(entrants.players) | paired
    return {p: i + 1 for i, p in enumerate(sorted(counted, key=entrants.lot))}


@dataclass(frozen=True)
class Colours:
    """A player's colour state (C.04.3 A.6): ``preference`` (None, WHITE, BLACK), whether it is
    absolute or strong, the colour difference, and ``repeated``: the colour of the last two
    games when they were the same (else None)."""

    history: tuple[str, ...]
    preference: str | None
    imbalance: int
    repeated: str | None

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated is not None

    @property
    def strong(self) -> bool:
        return not self.absolute and self.imbalance > 0

    @classmethod
    def of(cls, colours: list[str]) -> Colours:
        whites, blacks = colours.count(WHITE), colours.count(BLACK)
        lower = BLACK if whites > blacks else WHITE
        imbalance = abs(whites - blacks)
        run = 0
        for c in reversed(colours):
            if c != colours[-1]:
                break
            run += 1
        last = colours[-1] if colours else None
        preference = (lower if imbalance > 1 else _invert(last) if run > 1 else lower if imbalance > 0
                      else _invert(last) if run else None)
        return cls(tuple(colours), preference, imbalance, last if run > 1 else None)


def _first_difference(a: Colours, b: Colours) -> tuple[str | None, str | None]:
    """The two players' colours in the latest game of each, going back game by game, where
    they differ (C.04.3 E.3)."""
    for x, y in zip(reversed(a.history), reversed(b.history), strict=False):
        if x != y:
            return x, y
    return None, None


def _neutral(a: Colours, b: Colours) -> str | None:
    """``a``'s colour by C.04.3 E.1–E.3, None when those leave it open."""
    if a.preference != b.preference or a.preference is None:
        return a.preference if a.preference is not None else _invert(b.preference)
    if a.absolute and (a.imbalance > b.imbalance or not b.absolute):
        return a.preference
    if b.absolute and (b.imbalance > a.imbalance or not a.absolute):
        return _invert(b.preference)
    if a.strong and not b.strong:
        return a.preference
    if b.strong and not a.strong:
        return _invert(b.preference)
    mine, theirs = _first_difference(a, b)
    return theirs if mine is not None and theirs is not None else None


def allocate(seatings: list[tuple[int, ...]], entrants: Entrants, history: History, initial: str = WHITE
             ) -> list[tuple[int, ...]]:
    """The games with the player who plays white first (C.04.3 E): both preferences; the
    stronger (the wider colour difference when both are absolute); alternate from the latest
    game where the two had different colours; the higher-ranked player's preference; the
    higher-ranked player (by score, then pairing number: A.2) gets ``initial`` (the colour
    pairing number 1 had in round 1) with an odd pairing number, the other with an even one.
    Byes as they are."""
    points, numbers, colours = history.points(), pairing_numbers(entrants, history), colour_histories(history)
    out = []
    for seats in seatings:
        if len(seats) != 2:
            out.append(seats)
            continue
        a, b = seats
        ca, cb = Colours.of(colours.get(a, [])), Colours.of(colours.get(b, []))
        colour = _neutral(ca, cb)
        if colour is None:
            a_higher = (-points.get(a, 0.0), numbers[a]) < (-points.get(b, 0.0), numbers[b])
            if ca.preference is not None:  # E.4: the same preference, the higher-ranked one's granted
                colour = ca.preference if a_higher else _invert(cb.preference)
            else:  # E.5
                higher = initial if numbers[a if a_higher else b] % 2 else _invert(initial)
                colour = higher if a_higher else _invert(higher)
        out.append((a, b) if colour == WHITE else (b, a))
    return out
