"""The result forms of the ladder and league pages, and the organiser's disputed results
(docs/seasons.md, "Results on the pages"): a player enters their game's result, the other
confirms or disputes it, a club admin sets it. Each form posts here; htmx swaps the game's line
in place, without it the post returns to the page at that line. Views parse, call
`results`, render."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.events.result_entry import choices
from games.membership.access import member_required
from games.membership.roles import is_club_admin
from games.models import Player
from games.seasons import ladder_service, league_service, results
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge, Confirmation, LeagueGame
from imhotep_lib.partials import wants_partial

#: Where a form came from: its page (the ladder's or league's) or the organiser's list.
DISPUTES = "disputes"


@dataclass(frozen=True)
class ResultLine:
    """One challenge or league game with what the viewer may do to its result."""

    target: Challenge | LeagueGame
    first: Player
    second: Player
    me: Player | None  # the viewer's player, when they play this game
    organiser: bool  # the viewer is a club admin
    on_disputes: bool  # shown on the organiser's list (names its ladder or league)
    error: str = ""  # what the viewer's last action on it was refused for
    done: str = ""  # or what it did

    @property
    def is_challenge(self) -> bool:
        return isinstance(self.target, Challenge)

    @property
    def anchor(self) -> str:
        return f"{'challenge' if self.is_challenge else 'league-game'}-{self.target.pk}"

    @property
    def page_url(self) -> str:
        if isinstance(self.target, Challenge):
            return reverse("seasons:ladder", args=[self.target.ladder_id])
        return reverse("seasons:league", args=[self.target.division.league_id])

    @property
    def where(self) -> str:
        if isinstance(self.target, Challenge):
            return self.target.ladder.name
        return _("%(league)s, round %(round)s") % {"league": self.target.division.league.name,
                                                    "round": self.target.round.number}

    def url(self, action: str) -> str:
        if isinstance(self.target, Challenge):
            return reverse(f"seasons:challenge-{action}", args=[self.target.ladder_id, self.target.pk])
        return reverse(f"seasons:game-{action}", args=[self.target.division.league_id, self.target.pk])

    @property
    def urls(self) -> dict[str, str]:
        return {action: self.url(action) for action in ("result", "confirm", "dispute")}

    @property
    def choices(self) -> list[tuple[str, str]]:
        offered = choices([self.first.name, self.second.name], draws=True)
        if self.is_challenge:
            return [(code, label) for code, label in offered if code in results.CHALLENGE_RESULTS]
        return offered

    @property
    def is_open(self) -> bool:
        """A result may still count: the challenge is open, the league game's round not closed."""
        if isinstance(self.target, Challenge):
            return self.target.status == Challenge.Status.OPEN
        return not self.target.round.closed

    @property
    def awaits_me(self) -> bool:
        """A result the other player entered waits for the viewer's confirmation."""
        return (self.is_open and self.me is not None and self.target.confirmation == Confirmation.State.PENDING
                and self.target.entered_by_id != self.me.pk)

    @property
    def may_enter(self) -> bool:
        """The organiser sets any result; a player enters one while nothing of the other's waits."""
        if not self.is_open:
            return False
        if self.organiser:
            return True
        if self.me is None or self.target.confirmation == Confirmation.State.DISPUTED:
            return False
        if self.target.confirmation == Confirmation.State.PENDING:
            return self.target.entered_by_id == self.me.pk  # entering again replaces their own
        return isinstance(self.target, Challenge) or not self.target.result

    @property
    def may_accept(self) -> bool:
        """The organiser, not a player of it, may let the entered result count as it stands."""
        return self.is_open and self.organiser and self.me is None and bool(self.target.confirmation)


#: A message about one line is tagged with this and the line's anchor (shown in that line).
LINE_TAG = "result-line:"


def notes_of(request) -> dict[str, tuple[str, bool]]:
    """The messages of the viewer's last actions (a post without htmx): line anchor → (text,
    refused); a message about no line under the anchor ``""``."""
    notes = {}
    for m in messages.get_messages(request):
        anchor = m.extra_tags[len(LINE_TAG):] if m.extra_tags.startswith(LINE_TAG) else ""
        notes[anchor] = (str(m), m.level >= messages.ERROR)
    return notes


def unshown(notes: dict[str, tuple[str, bool]], *shown: list[ResultLine]) -> list[tuple[str, bool]]:
    """The messages whose line is not on the page (a challenge decided leaves the open ones)."""
    anchors = {line.anchor for group in shown for line in group}
    return [note for anchor, note in notes.items() if anchor not in anchors]


def lines(request, targets, *, on_disputes: bool = False,
          notes: dict[str, tuple[str, bool]] | None = None) -> list[ResultLine]:
    """The lines of ``targets`` as the viewer sees them, each with its message in ``notes``."""
    mine = Player.objects.filter(user_id=request.user.pk).first() if request.user.is_authenticated else None
    organiser = is_club_admin(request.user)
    notes = notes or {}
    out = []
    for target in targets:
        first, second = ((target.challenger, target.defender) if isinstance(target, Challenge)
                         else (target.first, target.second))
        me = mine if mine is not None and mine.pk in (first.pk, second.pk) else None
        line = ResultLine(target, first, second, me, organiser, on_disputes)
        text, refused = notes.get(line.anchor, ("", False))
        out.append(replace(line, error=text, done="") if refused else replace(line, done=text))
    return out


def _target(pk: int, challenge: int | None = None, game: int | None = None) -> Challenge | LeagueGame:
    if challenge is not None:
        return get_object_or_404(Challenge.objects.select_related("ladder", "challenger", "defender"),
                                 pk=challenge, ladder_id=pk)
    return get_object_or_404(LeagueGame.objects.select_related("division__league", "round", "first", "second"),
                             pk=game, division__league_id=pk)


def _line(request, target: Challenge | LeagueGame) -> ResultLine:
    (line,) = lines(request, [target], on_disputes=request.POST.get("next") == DISPUTES)
    if line.me is None and not line.organiser:
        raise PermissionDenied(_("Only the players of the game, or a club admin, answer for its result."))
    return line


def _due(target: Challenge | LeagueGame) -> None:
    """Deadlines are applied when a ladder or league is touched (docs/seasons.md): a challenge
    past its deadline is decided and a round past its deadline closed first, so a late result is
    refused as such."""
    if isinstance(target, Challenge):
        ladder_service.refresh(target.ladder)
    else:
        league_service.close_due(target.division.league)


def _back(request, line: ResultLine, done: str = "", error: str = ""):
    """With htmx the game's line itself, its message in it; else its page at the line, where
    the message shows (`lines`)."""
    target = (_target(line.target.ladder_id, challenge=line.target.pk) if isinstance(line.target, Challenge)
              else _target(line.target.division.league_id, game=line.target.pk))
    if wants_partial(request):
        (fresh,) = lines(request, [target], on_disputes=line.on_disputes)
        return render(request, "seasons/_result_line.html", {"line": replace(fresh, error=error, done=done)})
    if error:
        messages.error(request, error, extra_tags=LINE_TAG + line.anchor)
    elif done:
        messages.success(request, done, extra_tags=LINE_TAG + line.anchor)
    page = reverse("seasons:disputes") if line.on_disputes else line.page_url
    return redirect(f"{page}#{line.anchor}")


@member_required
@require_POST
def enter_result(request, pk: int, **item: int):
    """A player's result waits for the other player; the organiser's counts at once."""
    target = _target(pk, **item)
    line = _line(request, target)
    code = request.POST.get("result", "")
    if not code:
        return _back(request, line, error=_("choose the result"))
    try:
        _due(target)
        counted = results.enter(target, code, by=None if line.organiser else line.me)
    except SeasonError as exc:
        return _back(request, line, error=str(exc))
    other = line.second if line.me is not None and line.me.pk == line.first.pk else line.first
    return _back(request, line, done=_("The result counts.") if counted else _(
        "The result is entered: it counts once %(name)s confirms it.") % {"name": other.name})


@member_required
@require_POST
def confirm_result(request, pk: int, **item: int):
    target = _target(pk, **item)
    line = _line(request, target)
    try:
        _due(target)
        results.confirm(target, line.me)
    except SeasonError as exc:
        return _back(request, line, error=str(exc))
    return _back(request, line, done=_("The result counts."))


@member_required
@require_POST
def dispute_result(request, pk: int, **item: int):
    target = _target(pk, **item)
    line = _line(request, target)
    if line.me is None:
        return _back(request, line, error=_("result: the organiser does not dispute a result but sets it"))
    try:
        _due(target)
        results.dispute(target, line.me, request.POST.get("reason", ""))
    except SeasonError as exc:
        return _back(request, line, error=str(exc))
    return _back(request, line, done=_("The result is disputed: the organiser decides."))


@member_required
@require_GET
def disputes(request):
    """The organiser's list: the disputed results, each with its form to set it."""
    if not is_club_admin(request.user):
        raise PermissionDenied(_("Only a club admin may run seasons, ladders and leagues."))
    challenges, league_games = results.disputed()
    notes = notes_of(request)
    shown = lines(request, [*challenges, *league_games], on_disputes=True, notes=notes)
    return render(request, "seasons/disputes.html", {"lines": shown, "notes": unshown(notes, shown)})
