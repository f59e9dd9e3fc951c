"""What every club-history endpoint shares: paging, the permission on games, the filter
parameters and error responses in the schema."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
)
from rest_framework import permissions
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

from games.api import serializers as s
from games.filters import GameFilterForm
from games.membership.access import IsMemberOrReadOnly
from games.permissions import can_change_game
from imhotep_lib.translation import say


class Pages(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


class IsCreatorOrStaff(permissions.BasePermission):
    message = gettext_lazy("Only the user who stored this game, or staff, may change or delete it.")

    def has_object_permission(self, request, view, obj) -> bool:
        return request.method in permissions.SAFE_METHODS or can_change_game(request.user, obj)


class HistoryAPIView:
    # Token first, so an anonymous write is answered 401 with "WWW-Authenticate: Token".
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes: Sequence[type[permissions.BasePermission]] = (IsMemberOrReadOnly,)


FILTER_PARAMETERS = [
    OpenApiParameter("player", int, description="Only games this player (id) sat at."),
    OpenApiParameter("game", str, description="Game type id, e.g. duel."),
    OpenApiParameter("date_from", OpenApiTypes.DATE, description="Played on or after (YYYY-MM-DD)."),
    OpenApiParameter("date_to", OpenApiTypes.DATE, description="Played on or before (YYYY-MM-DD)."),
]


NOT_FOUND = OpenApiResponse(s.NotFoundSerializer, description="No such row.")
PAGE_NOT_FOUND = OpenApiResponse(s.NotFoundSerializer, description="No such page (past the last, or not a number).")
BAD_FILTER = OpenApiResponse(OpenApiTypes.OBJECT, description="A filter is invalid: `{parameter: [messages]}`.")
LIST_ERRORS = {400: BAD_FILTER, 404: PAGE_NOT_FOUND}
BUSY = OpenApiResponse(OpenApiTypes.OBJECT, description=(
    "`{detail}`, with Retry-After: a caller not signed in over their rate, or the answer is not kept yet "
    "and the service is working out as many as it takes at once (docs/security.md, \"Expensive reads\")."))


def filter_form(request) -> GameFilterForm:
    form = GameFilterForm(request.query_params or None)
    if form.is_bound and not form.is_valid():
        raise ValidationError({name: [str(e) for e in errs] for name, errs in form.errors.items()})
    return form


def board_errors(errors) -> dict:
    """A refused board's problems: ``field`` stays the document's path, ``message`` is said in
    the reader's language."""
    return {"errors": [{"field": path, "message": say(message)} for path, message in errors]}
