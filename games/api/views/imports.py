"""Bulk imports through the API: a list of records kept and imported by a worker (202), and
the import's progress (games.services.importing)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import NOT_FOUND
from games.import_models import ImportJob
from games.membership.access import IsMemberOrReadOnly
from games.services import importing, reason_of
from games.services.documents import decode_upload
from imhotep_lib.translation import say

_JOB = inline_serializer("ImportJob", {
    "id": serializers.UUIDField(), "status": serializers.CharField(help_text="queued, running, done or failed"),
    "total": serializers.IntegerField(), "done": serializers.IntegerField(),
    "imported": serializers.IntegerField(), "duplicates": serializers.IntegerField(),
    "rejected": serializers.IntegerField(),
    "outcomes": serializers.ListField(child=serializers.DictField(), help_text=(
        "Once done, per record: {record, status (imported, duplicate, rejected), game, move, reason}.")),
    "error": serializers.CharField(allow_blank=True),
    "restarts": serializers.IntegerField(help_text=(
        "Times the import was queued again because the worker importing it stopped (restarted after an "
        "interruption); 0 when all is well.")),
    "status_url": serializers.CharField(), "progress_url": serializers.CharField(),
})


class _ImportView(APIView):
    # Token first, so an anonymous write is answered 401 with "WWW-Authenticate: Token".
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsMemberOrReadOnly]


class ImportList(_ImportView):
    @extend_schema(
        summary="Import many game records in the background",
        description=(
            "The body is what the import page takes: a JSON list of F2/F4 records or F1/F3 boards (as "
            "`POST /api/v1/games` takes one), one of them, or ndjson (one a line); at most IMHOTEP_MAX_IMPORT_RECORDS "
            "records and IMHOTEP_MAX_IMPORT_BYTES bytes. Answered 202 at once with the import's `status_url`; a "
            "worker imports "
            "each record in its own transaction (a record already stored is skipped, so sending the same list "
            "again after a failure stores only what is missing) and rates the new games."
        ),
        request=OpenApiTypes.OBJECT,
        responses={202: _JOB, 400: OpenApiResponse(description="The body is not UTF-8 ({detail}).")},
    )
    def post(self, request):
        # Read as the upload page reads its file: the body may pass Django's
        # DATA_UPLOAD_MAX_MEMORY_SIZE (the JSON limit), up to IMHOTEP_MAX_IMPORT_BYTES (limits.py).
        try:
            text = decode_upload(request._request.read())
        except ValueError as exc:
            return Response({"detail": say(reason_of(exc))}, status=400)
        job = importing.start(text, user=request.user, language=get_language())
        body = importing.job_body(job)
        return Response(body, status=202, headers={"Location": body["status_url"]})


class ImportDetail(_ImportView):
    @extend_schema(summary="An import's progress, and each record's outcome once done (its uploader's)",
                   responses={200: _JOB, 404: NOT_FOUND})
    def get(self, request, pk):
        job = get_object_or_404(ImportJob, pk=pk)
        if not request.user.is_authenticated or (job.created_by_id != request.user.pk and not request.user.is_staff):
            raise Http404
        return Response(importing.job_body(job))
