"""What the /score/classic page tests share: the URL, requests, and reading the page."""

import re
from html import unescape
from urllib.parse import urlencode

URL = "/score/classic"
HTMX = {"HTTP_HX_REQUEST": "true"}

# C10 / rulebook example (4 players): white a group of 2 → 3, black a single → 1, brown a group of 3
# and a single → 7, grey a group of 6 → 17. Columns left to right, rows top to bottom.
C10_CHAMBER = [
    ["grey", "grey", "grey"],
    ["grey", "grey", "grey"],
    ["brown", "brown", "white"],
    ["black", "brown", "white"],
    ["brown", None, None],
]


def chamber_fields(columns):
    return [(f"bc_{c}_{r}", who) for c, column in enumerate(columns, 1) for r, who in enumerate(column, 1) if who]


def get(client, fields=(), **headers):
    return client.get(f"{URL}?{urlencode(list(fields))}", **headers)


def html(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def slot(body: str, slot_id: str) -> str:
    """The text of the error slot next to a field (empty when no problem is shown there)."""
    match = re.search(rf'<div class="field-error" id="err-{re.escape(slot_id)}"[^>]*>(.*?)</div>', body, re.S)
    assert match, f"no error slot err-{slot_id}"
    return unescape(re.sub(r"<[^>]+>", " ", match[1])).strip()


def totals(client, fields):
    calc = get(client, fields).context["calc"]
    assert calc.result is not None, calc.problems
    return calc.result["players"]
