"""The people of a club night, as locust users (bench/clubnight.py drives them; docs/operations.md).

- ``Table``: a member signs in, starts a Duel transcribed from the table (the boats tapped in,
  formats.md F2) and records one move every 10–30 s on /games/<id>/play as the page does (htmx
  posts); a move that turns tokens up (D4.2 refills, D4.3 reveal) is answered with the draw form,
  and the tokens are tapped in a few seconds later. Every third table lets the server shuffle
  instead and clicks a random legal move. A finished game is followed by a new one.
- ``Spectator``: opens a table's replay page and polls it every 2 s (``?follow=N`` with
  HX-Request, as the page's ``hx-trigger="every 2s"``), two per table.
- ``BigScreen``: the standings page, reloaded every 15 s (one for the club).
- ``Calculator``: the score calculator (/score/duel, /score/classic), one htmx GET per keystroke.
- ``ApiClient``: POST /api/v1/score with the API's example boards (rules_engine/duel/apidocs.py).
- ``Reader``: the history: games list, game pages, player pages, replays stepped through.

Every answer is checked for what the page would show (the move stored, no error message), so a
request that "succeeds" with an error inside counts as failed. The club's data (members' password,
players, games) comes from the fixture file named by CLUBNIGHT_FIXTURE (bench/clubnight_setup.py).
"""

from __future__ import annotations

import html
import itertools
import json
import os
import random
import re
from http.cookiejar import DefaultCookiePolicy
from urllib.parse import urlencode

import gevent
from locust import task
from locust.contrib.fasthttp import FastHttpUser

from rules_engine.classic.apidocs import CLASSIC_BOARD
from rules_engine.duel.apidocs import D9_1_BOARD, D9_2_BOARD
from rules_engine.duel.labels import SHORT
from rules_engine.duel.playout import random_record
from rules_engine.duel.record import to_transcription

FIXTURE: dict = {}
HTMX = {"HX-Request": "true"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
#: Games being recorded now (game id -> the ply last stored), shared with the spectators.
LIVE: dict[int, int] = {}
#: Tables that have signed in and started their first game (the driver measures after them).
READY: set[int] = set()
_table_numbers = itertools.count(1)
_spectator_numbers = itertools.count()
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
PLY = re.compile(r'id="play" class="play" data-ply="(\d+)" data-status="(\w+)"')
MOVE_BUTTON = re.compile(r'name="move" value="([^"]+)"')
VIEWER_PLIES = re.compile(r'id="viewer" class="viewer" data-ply="\d+" data-plies="(\d+)"')
LIVE_MOVE = "POST /games/[id]/play (live move)"  # the figure the step is judged by


def pace() -> float:
    """Every wait times CLUBNIGHT_PACE (0.1 in the test: the same people, ten times as quick)."""
    return float(os.environ.get("CLUBNIGHT_PACE", "1"))


def paced(least: float, most: float):
    def wait_time(user) -> float:
        return random.uniform(least, most) * pace()

    return wait_time


def fixture() -> dict:
    if not FIXTURE:
        with open(os.environ["CLUBNIGHT_FIXTURE"], encoding="utf-8") as f:
            FIXTURE.update(json.load(f))
    return FIXTURE


class ClubUser(FastHttpUser):
    abstract = True
    # Loopback, a few hundred users: a slow answer is measured, not given up on.
    connection_timeout = 30.0
    network_timeout = 60.0

    def on_start(self) -> None:
        # Production settings mark the cookies Secure; the load runs on plain-HTTP loopback.
        self.client.cookiejar.set_policy(DefaultCookiePolicy(secure_protocols=("https", "wss", "http")))
        self.rng = random.Random()

    def wait_seconds(self, seconds: float) -> None:
        gevent.sleep(seconds * pace())  # a person tapping or typing; the user's greenlet only

    def page(self, path: str, name: str, *, expect: int = 200, headers: dict | None = None) -> str | None:
        """GET ``path``; its text when the status is ``expect``, else None (counted failed)."""
        with self.client.get(path, name=name, headers=headers, catch_response=True) as r:
            if r.status_code != expect:
                r.failure(f"{r.status_code} (wanted {expect})")
                return None
            return r.text or ""

    def post_form(self, path: str, name: str, data: dict, *, headers: dict | None = None, check=None):
        """POST a form; ``check(response)`` returns an error text or "" (counted failed)."""
        with self.client.post(path, name=name, data=urlencode(data), headers={**FORM, **(headers or {})},
                              allow_redirects=False, catch_response=True) as r:
            problem = check(r) if check else ("" if r.status_code < 400 else str(r.status_code))
            if problem:
                r.failure(problem)
                return None
            return r


class Table(ClubUser):
    weight = 10
    wait_time = paced(10, 30)

    def on_start(self) -> None:
        super().on_start()
        self.number = next(_table_numbers)
        self.shuffled = self.number % 3 == 0
        self.game = self.ply = None
        self.moves: list[dict] = []
        self.sign_in()

    def on_stop(self) -> None:
        LIVE.pop(self.game, None)

    def sign_in(self) -> None:
        members = fixture()["members"]
        username = members[(self.number - 1) % len(members)]
        text = self.page("/account/login", "GET /account/login")
        token = CSRF.search(text or "")
        if token is None:
            return
        self.post_form("/account/login", "POST /account/login (member)",
                       {"csrfmiddlewaretoken": token[1], "username": username, "password": fixture()["password"]},
                       check=lambda r: "" if r.status_code == 302 else f"sign-in answered {r.status_code}")

    def new_game(self) -> None:
        text = self.page("/games/new", "GET /games/new")
        token = CSRF.search(text or "")
        if token is None:
            return
        ana, ben = self.rng.sample(fixture()["players"], 2)
        record = to_transcription(random_record(self.rng))
        form = {"csrfmiddlewaretoken": token[1], "player_1": ana, "colour_1": "black", "player_2": ben,
                "colour_2": "white", "starter": "1", "setup": "shuffle" if self.shuffled else "transcribe",
                **{f"side_{m}": side for m, side in record["sides"].items()}}
        if not self.shuffled:  # the boats tapped in from the table, slot 1 first
            for boat, tokens in zip(("row-1", "row-2", "row-3", "col-a", "col-b", "col-c"),
                                    record["setup"]["boats"], strict=True):
                form[f"boat_{boat.replace('-', '_')}"] = labels(tokens)
        location = re.compile(r"/games/(\d+)/play$")
        r = self.post_form("/games/new", "POST /games/new (transcribed or shuffled)", form,
                           check=lambda r: "" if r.status_code == 302 and location.search(r.headers.get("Location", ""))
                           else f"new game answered {r.status_code}")
        if r is None:
            return
        self.game, self.ply, self.moves = int(location.search(r.headers["Location"])[1]), 0, record["moves"]
        self.screen = self.page(f"/games/{self.game}/play", "GET /games/[id]/play")
        LIVE[self.game] = 0
        READY.add(self.number)

    @task
    def record_a_move(self) -> None:
        if self.game is None or self.ply is None or (self.ply >= len(self.moves) and not self.shuffled):
            LIVE.pop(self.game, None)
            self.new_game()
            return
        if self.shuffled:
            buttons = MOVE_BUTTON.findall(self.screen or "")
            if not buttons:
                LIVE.pop(self.game, None)
                self.new_game()
                return
            move, drawn = html.unescape(self.rng.choice(buttons)), {}
        else:
            full = self.moves[self.ply]
            shown = {k: v for k, v in full.items() if k not in ("refill", "refills", "reveal")}
            move, drawn = json.dumps(shown, separators=(",", ":")), draw_fields(full)
        token = CSRF.search(self.screen or "")
        data = {"csrfmiddlewaretoken": token[1] if token else "", "ply": str(self.ply), "move": move}
        path = f"/games/{self.game}/play"
        r = self.post_form(path, LIVE_MOVE, data, headers=HTMX, check=self.stored_or_asked)
        if r is not None and 'id="draw-form"' in r.text:  # the table taps what was turned up
            self.wait_seconds(self.rng.uniform(2, 5))
            r = self.post_form(path, LIVE_MOVE, {**data, **drawn}, headers=HTMX, check=self.stored)
        if r is None:  # refused: start over from what the server has
            self.screen = self.page(path, "GET /games/[id]/play")
            found = PLY.search(self.screen or "")
            self.ply = int(found[1]) if found else None
            return
        self.screen, self.ply = r.text, self.ply + 1
        LIVE[self.game] = self.ply
        if 'data-status="finished"' in r.text:
            LIVE.pop(self.game, None)
            self.game = None

    def stored(self, r) -> str:
        found = PLY.search(r.text or "")
        if r.status_code != 200 or 'id="play-error"' in (r.text or ""):
            return f"move not stored ({r.status_code}): {error_text(r.text)}"
        if found is None or int(found[1]) != self.ply + 1:
            return f"play partial shows ply {found[1] if found else '?'}, wanted {self.ply + 1}"
        return ""

    def stored_or_asked(self, r) -> str:
        if r.status_code == 200 and 'id="draw-form"' in (r.text or "") and 'id="play-error"' not in r.text:
            return ""
        return self.stored(r)


def labels(tokens) -> str:
    """Tokens as the palette types them (#7 Ob T2 …)."""
    return " ".join(SHORT[t] for t in tokens)


def draw_fields(move: dict) -> dict:
    """The draw form's fields for a transcribed move (games/ui/duel/live_menu.py draws_needed)."""
    out = {}
    if move.get("refill"):
        out["refill"] = labels(move["refill"])
    for k, tokens in enumerate(move.get("refills") or []):
        if tokens:
            out[f"refills-{k}"] = labels(tokens)
    if move.get("reveal"):
        out["reveal"] = labels([move["reveal"]])
    return out


def error_text(text: str | None) -> str:
    found = re.search(r'id="play-error">(.*?)</p>', text or "", re.S)
    return html.unescape(found[1]).strip()[:200] if found else (text or "")[:200]


class Spectator(ClubUser):
    weight = 20
    wait_time = paced(2, 2)  # the replay page's hx-trigger="every 2s"

    def on_start(self) -> None:
        super().on_start()
        self.index = next(_spectator_numbers)
        self.game = None

    @task
    def follow(self) -> None:
        if self.game is None or self.game not in LIVE:
            if not LIVE:
                return
            games = sorted(LIVE)
            self.game = games[(self.index // 2) % len(games)]  # two spectators a table
            text = self.page(f"/games/{self.game}/replay", "GET /games/[id]/replay (spectator opens)")
            found = VIEWER_PLIES.search(text or "")
            self.plies = int(found[1]) if found else 0
            return
        with self.client.get(f"/games/{self.game}/replay?follow={self.plies}", headers=HTMX, catch_response=True,
                             name="GET /games/[id]/replay?follow=N (spectator poll)") as r:
            if r.status_code == 204:
                return
            found = VIEWER_PLIES.search(r.text or "")
            if r.status_code != 200 or found is None:
                r.failure(f"poll answered {r.status_code} without the viewer")
                return
            self.plies = int(found[1])
            if 'hx-trigger="every 2s"' not in r.text:  # over: follow another table
                self.game = None


class BigScreen(ClubUser):
    fixed_count = 1
    wait_time = paced(15, 15)

    @task
    def standings(self) -> None:
        self.page("/games/standings?game=duel", "GET /games/standings (big screen)")


class Calculator(ClubUser):
    weight = 3
    wait_time = paced(5, 20)  # reading the result before the next table's board

    @task
    def type_a_board(self) -> None:
        game = self.rng.choice(("duel", "classic"))
        path = f"/score/{game}"
        self.page(path, f"GET {path} (page)")
        typed: dict[str, str] = {}
        for field, value in keystrokes(game, self.rng):
            typed[field] = value
            self.page(f"{path}?{urlencode(typed)}", f"GET {path}?… (keystroke, htmx)", headers=HTMX)
            self.wait_seconds(self.rng.uniform(0.15, 0.6))


def keystrokes(game: str, rng: random.Random):
    """(field, value so far) for each key pressed while entering one end-of-game table."""
    for player, name in enumerate(rng.sample(["Ana", "Ben", "Chloé", "Dara"], 2)):
        for k in range(1, len(name) + 1):
            yield f"p{player}_name", name[:k]
        counts = (("obelisk", 6), ("temple_2", 3), ("light", 4), ("dark", 3), ("actions", 2)) if game == "duel" \
            else (("track", 40), ("sled", 5), ("obelisk", 6), ("statues", 3), ("blue", 2))
        for field, most in counts:
            yield f"p{player}_{field}", str(rng.randint(0, most))


class ApiClient(ClubUser):
    weight = 2
    wait_time = paced(1, 5)

    @task
    def score(self) -> None:
        board = self.rng.choice((D9_1_BOARD, D9_2_BOARD, CLASSIC_BOARD))
        with self.client.post("/api/v1/score", json=board, name="POST /api/v1/score", catch_response=True) as r:
            if r.status_code != 200 or "players" not in (r.text or ""):
                r.failure(f"score answered {r.status_code}: {(r.text or '')[:200]}")


class Reader(ClubUser):
    weight = 5
    wait_time = paced(3, 10)

    @task(3)
    def games_list(self) -> None:
        self.page("/games/", "GET /games/")

    @task(3)
    def game_page(self) -> None:
        self.page(f"/games/{self.rng.choice(fixture()['games'])}/", "GET /games/[id]/")

    @task(2)
    def player_page(self) -> None:
        self.page(f"/games/players/{self.rng.choice(fixture()['player_ids'])}/", "GET /games/players/[id]/")

    @task(2)
    def replay(self) -> None:
        game = self.rng.choice(fixture()["replays"])
        self.page(f"/games/{game}/replay", "GET /games/[id]/replay (reader)")
        for ply in range(1, self.rng.randint(2, 6)):  # a few steps with the arrow keys
            self.page(f"/games/{game}/replay?ply={ply}", "GET /games/[id]/replay?ply=N (htmx step)", headers=HTMX)


USER_CLASSES = [Table, Spectator, BigScreen, Calculator, ApiClient, Reader]
