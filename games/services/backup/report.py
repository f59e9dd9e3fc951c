"""What a restore reports (``manage.py import_all``): the lines refused, the warnings, what
was written, and its one-line summary."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.services.backup.fileformat import Tally


@dataclass
class Problem:
    line: int | None  # 1-based line of the file; None for the file as a whole
    reason: str

    def describe(self) -> str:
        return f"line {self.line}: {self.reason}" if self.line is not None else self.reason


@dataclass
class RestoreReport:
    players: int = 0  # player rows written
    players_matched: int = 0  # --merge: players found by name in the database
    games: int = 0
    duplicates: list[tuple[int, int]] = field(default_factory=list)  # --merge: (line, stored game id)
    users_created: list[str] = field(default_factory=list)
    users_unlinked: list[str] = field(default_factory=list)  # --merge without link_users: left empty
    problems: list[Problem] = field(default_factory=list)  # lines refused
    warnings: list[Problem] = field(default_factory=list)  # games restored that the engine now sees otherwise
    recomputed: int = 0  # RECOMPUTE: games stored with the engine's results instead of the backup's
    rated: int = 0
    rolled_back: bool = False  # --atomic and a problem: nothing was written
    rows: dict[str, int] = field(default_factory=dict)  # lines of ROW_KINDS restored, per kind
    skipped: dict[str, int] = field(default_factory=dict)  # --merge: lines of ROW_KINDS not restored
    tally: Tally = field(default_factory=Tally)  # lines and rows written, per kind and model (`Tally.sections`)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        if self.rolled_back:
            return f"{len(self.problems)} problem(s); --atomic: nothing was written"
        parts = [f"restored {self.players} player(s) and {self.games} game(s)"]
        if self.players_matched:
            parts.append(f"{self.players_matched} player(s) matched by name")
        if self.duplicates:
            parts.append(f"{len(self.duplicates)} game(s) already stored, skipped")
        if self.users_created:
            parts.append(
                f"{len(self.users_created)} account(s) created without a password: {', '.join(self.users_created)}"
            )
        if self.users_unlinked:
            parts.append(
                f"{len(self.users_unlinked)} username(s) not linked to any account (--merge without "
                f"--link-users; creators and logins left empty): {', '.join(self.users_unlinked)}"
            )
        if self.warnings:
            kept = len(self.warnings) - self.recomputed
            what = []
            if self.recomputed:
                what.append(f"{self.recomputed} stored with the engine's results")
            if kept:
                what.append(f"{kept} kept with the backup's results")
            parts.append(f"{len(self.warnings)} game(s) differ from what the engine derives now: {', '.join(what)}")
        if self.rows:
            parts.append("restored " + ", ".join(f"{n} {kind.replace('_', ' ')} line(s)"
                                                 for kind, n in self.rows.items()))
        if self.skipped:
            parts.append("--merge adds players and games only, skipped: "
                         + ", ".join(f"{n} {kind.replace('_', ' ')} line(s)" for kind, n in self.skipped.items()))
        parts.append(f"{self.rated} game(s) rated")
        if self.problems:
            parts.append(f"{len(self.problems)} line(s) refused")
        return "; ".join(parts)
