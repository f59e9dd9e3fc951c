"""Bulk imports through the API: a list of records kept and imported by a worker (202), and
the import's progress (games.services.importing)."""

from __future__ import annotations

import json

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views.common import NOT_FOUND, HistoryAPIView
from games.import_models import ImportJob
from games.services import importing

_JOB = inline_serializer("ImportJob", {
    "id": serializers.UUIDField(), "status": serializers.CharField(help_text="queued, running, done or failed"),
    "total": serializers.IntegerField(), "done": serializers.IntegerField(),
    "imported": serializers.IntegerField(), "duplicates": serializers.IntegerField(),
    "rejected": serializers.IntegerField(),
    "outcomes": serializers.ListField(child=serializers.DictField(), help_text=(
        "Once done, per record: {record, status (imported, duplicate, rejected), game, move, reason}.")),
    "error": serializers.CharField(allow_blank=True),
    "status_url": serializers.CharField(), "progress_url": serializers.CharField(),
})


class ImportList(HistoryAPIView, APIView):
    @extend_schema(
        summary="Import many game records in the background",
        description=(
            "The body is a JSON list of F2/F4 records or F1/F3 boards (as `POST /api/v1/games` takes one), at most "
            "IMHOTEP_MAX_IMPORT_RECORDS. Answered 202 at once with the import's `status_url`; a worker imports "
            "each record in its own transaction (a record already stored is skipped, so sending the same list "
            "again after a failure stores only what is missing) and rates the new games."
        ),
        request=OpenApiTypes.OBJECT,
        responses={202: _JOB, 400: OpenApiResponse(description="The body is not a list ({detail}).")},
    )
    def post(self, request):
        if not isinstance(request.data, list):
            return Response({"detail": _("the body must be a JSON list of game records")}, status=400)
        text = "\n".join(json.dumps(document, ensure_ascii=False) for document in request.data)
        job = importing.start(text, user=request.user, language=get_language())
        body = importing.job_body(job)
        return Response(body, status=202, headers={"Location": body["status_url"]})


class ImportDetail(HistoryAPIView, APIView):
    @extend_schema(summary="An import's progress, and each record's outcome once done (its uploader's)",
                   responses={200: _JOB, 404: NOT_FOUND})
    def get(self, request, pk):
        job = get_object_or_404(ImportJob, pk=pk)
        if not request.user.is_authenticated or (job.created_by_id != request.user.pk and not request.user.is_staff):
            raise Http404
        return Response(importing.job_body(job))
