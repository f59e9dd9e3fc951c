"""Printed pairing slips: one per table of a round, with the table's players in seat order and
a QR code to the table's "Record live" page, so the players start recording with one scan."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import reverse

from games.events.models import Event, Round
from games.events.presenting import TableView, round_views
from imhotep_lib.qrcodes import png_data_uri


@dataclass(frozen=True)
class Slip:
    table: TableView
    #: The table's "Record live" page, absolute (a QR code is read by another device); "" for a bye.
    url: str
    qr: str


def slips_of(request: HttpRequest, event: Event, round_: Round) -> list[Slip]:
    (view,) = round_views(event, [round_])
    slips = []
    for table in view.tables:
        url = "" if table.bye else request.build_absolute_uri(reverse("events:live", args=[event.pk, table.pairing.pk]))
        slips.append(Slip(table=table, url=url, qr=png_data_uri(url) if url else ""))
    return slips
