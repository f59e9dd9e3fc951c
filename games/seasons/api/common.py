"""What the seasons' API views share: permissions, refusals, and entering or answering a result
(a club admin sets it; a player enters it for the other to confirm, docs/seasons.md)."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import HistoryAPIView
from games.membership.access import IsMemberOrReadOnly
from games.membership.roles import is_club_admin
from games.models import LARGEST_ID, Game, Player
from games.seasons import results
from games.seasons.errors import SeasonError
from games.seasons.models import Challenge, LeagueGame

REFUSED = OpenApiResponse(
    inline_serializer("SeasonRefusal", {"error": serializers.CharField(required=False),
                                        "detail": serializers.CharField(required=False)}),
    description="Refused, the reason in `error` (in the caller's language), naming the field; a body that is "
                "not JSON at all is refused with the reason in `detail`, as everywhere in the API.")


class IsClubAdminOrReadOnly(permissions.BasePermission):
    message = gettext_lazy("Only a club admin may run seasons, ladders and leagues.")

    def has_permission(self, request, view) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated and is_club_admin(request.user))


class AdminView(HistoryAPIView, APIView):
    permission_classes = (IsClubAdminOrReadOnly,)


class MemberView(HistoryAPIView, APIView):
    permission_classes = (IsMemberOrReadOnly,)


def _refused(message: str) -> Response:
    return Response({"error": message}, status=status.HTTP_400_BAD_REQUEST)


def _invalid(body: serializers.Serializer) -> Response:
    field, problems = next(iter(body.errors.items()))
    return _refused(f"{field}: {' '.join(str(p) for p in problems) if isinstance(problems, list) else problems}")


# Seasons -----------------------------------------------------------------------------------


def _waiting(target: Challenge | LeagueGame) -> dict:
    return {"confirmation": target.confirmation, "entered_result": target.entered_result,
            "entered_by": _name(target.entered_by), "dispute_reason": target.dispute_reason}


def _name(player: Player | None) -> str | None:
    return player.name if player is not None else None


class PlayerNameSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=60, help_text="The player's name.")


def _may_act_for(request, name: str) -> bool:
    """A club admin acts for anyone; a member for the player linked to their account."""
    from games.models import name_key

    return is_club_admin(request.user) or Player.objects.filter(name_key=name_key(name),
                                                                user_id=request.user.pk).exists()


DISPUTE_BODY = inline_serializer("DisputeReason", {"reason": serializers.CharField(
    required=False, max_length=200, help_text="A few words for the organiser: why the result is wrong.")})


class ResultSerializer(serializers.Serializer):
    result = serializers.CharField(required=False, max_length=3,
                                   help_text="First seat's result then second's: 1-0, 0-1 (a league game also =, "
                                             "+-, -+, --). A challenge's first seat is the challenger.")
    game = serializers.IntegerField(required=False, help_text="A finished recorded game of the two players: its "
                                                              "result counts and it is linked.")


def _player_of(request, first: Player, second: Player) -> Player | None:
    """The one of the two players linked to the caller's account (`Player.user`), if any."""
    return next((p for p in (first, second) if p.user_id is not None and p.user_id == request.user.pk), None)


def _enter(request, target, first: Player, second: Player) -> Response | None:
    """A club admin sets the result (it counts at once); a player enters it for the other to confirm."""
    body = ResultSerializer(data=request.data)
    if not body.is_valid():
        return _invalid(body)
    data = body.validated_data
    if ("result" in data) == ("game" in data):
        return _refused(_("result: give either result (e.g. 1-0) or game (a recorded game's id)"))
    organiser = is_club_admin(request.user)
    player = None if organiser else _player_of(request, first, second)
    if not organiser and player is None:
        raise PermissionDenied(_("A player enters the result of their own game; a club admin any."))
    game = None
    if "game" in data:
        game = Game.objects.filter(pk=data["game"]).first()
        if game is None:
            return _refused(_("game: there is no game %(game)s") % {"game": data["game"]})
    try:
        results.enter(target, data.get("result", ""), game=game, by=player)
    except SeasonError as exc:
        return _refused(str(exc))
    return None


def _answer(request, target, first: Player, second: Player, agree: bool) -> Response | None:
    """The other player confirms or disputes a waiting result; a club admin (the organiser) who
    does not play the game may accept the entered result, or set another through `_enter`."""
    player = _player_of(request, first, second)
    if player is None and not is_club_admin(request.user):
        raise PermissionDenied(_("Only the other player of the game confirms or disputes its result."))
    try:
        if agree:
            results.confirm(target, player)
        elif player is None:
            return _refused(_("result: the organiser does not dispute a result but sets it"))
        else:
            reason = request.data.get("reason", "") if isinstance(request.data, dict) else ""
            results.dispute(target, player, reason if isinstance(reason, str) else "")
    except SeasonError as exc:
        return _refused(str(exc))
    return None


def _no_such_row(*ids: int) -> None:
    """An id past the largest a row can have is no row (SQLite cannot even compare with it)."""
    if max(ids) > LARGEST_ID:
        raise Http404
