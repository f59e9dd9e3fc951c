"""Printed pairing slips: a QR code per table to its "Record live" page, read back by zxing-cpp
(a decoder independent of segno, which draws them)."""

import base64
import io
import re

import pytest
import zxingcpp
from PIL import Image

from games.events import lifecycle
from games.events.models import Pairing
from tests.events.helpers import duel_event

pytestmark = pytest.mark.django_db


def _decoded(html: str, table: int) -> str:
    slip = html.split(f'id="slip-{table}"', 1)[1].split("</article>", 1)[0]
    png = base64.b64decode(re.search(r'src="data:image/png;base64,([^"]+)"', slip).group(1))
    (code,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    return code.text


def test_each_slip_s_qr_code_reads_back_as_its_table_s_record_live_page(client):
    event = duel_event(["Ana", "Ben", "Cleo", "Dan"])
    lifecycle.start_round(event)
    html = client.get(f"/events/{event.pk}/rounds/1/slips").content.decode()
    for pairing in Pairing.objects.filter(round__event=event):
        assert _decoded(html, pairing.table) == f"http://testserver/events/{event.pk}/tables/{pairing.pk}/live"


def test_a_slip_names_the_players_in_seat_order_the_first_starting(client):
    event = duel_event(["Ana", "Ben", "Cleo", "Dan"])
    lifecycle.start_round(event)
    html = client.get(f"/events/{event.pk}/rounds/1/slips").content.decode()
    pairing = Pairing.objects.get(round__event=event, table=1)
    first, second = lifecycle.seated_names(pairing)
    slip = html.split('id="slip-1"', 1)[1].split("</article>", 1)[0]
    assert slip.index(first) < slip.index("(starts)") < slip.index(second)


def test_a_bye_s_slip_has_no_code(client):
    event = duel_event(["Ana", "Ben", "Cleo"])
    lifecycle.start_round(event)
    bye = Pairing.objects.get(round__event=event, bye=True)
    html = client.get(f"/events/{event.pk}/rounds/1/slips").content.decode()
    slip = html.split(f'id="slip-{bye.table}"', 1)[1].split("</article>", 1)[0]
    assert "data:image/png" not in slip and "Bye" in slip


def test_the_slips_of_a_round_not_started_are_not_found(client):
    event = duel_event(["Ana", "Ben"])
    response = client.get(f"/events/{event.pk}/rounds/2/slips")
    assert response.status_code == 404
