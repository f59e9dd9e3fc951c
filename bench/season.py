"""A club season simulated end to end through the API (issue 55, docs/seasons.md "Speed"):
20 players, 8 weeks; each week a club night of one Swiss round (made by the services, as the
API makes no events; its results posted through the events API and the night added to the
season through the API), five ladder challenges made and decided, and a round of a league of 3
divisions (7, 7 and 6 players: Berger round robins) entered, about one game in ten left unplayed,
and closed; then the league finished and every table read back.

    .venv/bin/python bench/season.py [--seed 1]

Runs in-process (django.test.Client against production settings, a fresh SQLite file: see
bench/inprocess.py), throttles raised. Prints the time of each part, the requests made, the mean
time of a request, a baseline (a GET of the season list, the cheapest read, timed 200 times in the
same run) and the load average before and after.
"""

from __future__ import annotations

import os
import random
import sys
import time
import warnings
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inprocess import production_django

production_django("imhotep-season-", {"IMHOTEP_THROTTLE_USER": "1000000/min", "IMHOTEP_THROTTLE_ANON": "1000000/min"})

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from games.events import lifecycle  # noqa: E402
from games.events.models import Event  # noqa: E402
from games.membership.roles import Role, set_role  # noqa: E402

warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic for this run
PLAYERS = [f"Player {n:02d}" for n in range(1, 21)]
DIVISIONS = [PLAYERS[:7], PLAYERS[7:14], PLAYERS[14:]]
WEEKS = 8


class Api:
    """Posts and gets JSON, counting requests and their time by part; any refusal stops the run."""

    def __init__(self, client: Client):
        self.client = client
        self.seconds: dict[str, float] = defaultdict(float)
        self.requests: dict[str, int] = defaultdict(int)

    def _call(self, part: str, method: str, url: str, body=None, ok=(200, 201)):
        start = time.perf_counter()
        if method == "GET":
            response = self.client.get(url)
        else:
            response = self.client.post(url, body or {}, content_type="application/json")
        self.seconds[part] += time.perf_counter() - start
        self.requests[part] += 1
        if response.status_code not in ok:
            raise SystemExit(f"{method} {url}: {response.status_code} {response.content[:300]!r}")
        return response.json()

    def get(self, part, url):
        return self._call(part, "GET", url)

    def post(self, part, url, body=None):
        return self._call(part, "POST", url, body)


def club_night(api: Api, season: int, week: int, rng: random.Random) -> None:
    event = lifecycle.create_event(name=f"Club night {week}", game_type="duel", kind=Event.Kind.SWISS, rounds=1,
                                   seed=week)
    for name in PLAYERS:
        lifecycle.register(event, name, checked_in=True)
    lifecycle.start_round(event)
    for table in event.round_set.get().pairings.filter(bye=False).order_by("table"):
        api.post("club nights", f"/api/v1/events/{event.pk}/rounds/1/tables/{table.table}/result",
                 {"result": rng.choice(["1-0", "0-1"])})
    lifecycle.finish(event)
    api.post("season", f"/api/v1/seasons/{season}/events", {"event": event.pk})


def ladder_week(api: Api, ladder: int, rng: random.Random) -> None:
    for _ in range(5):
        order = [r["player"] for r in api.get("ladder", f"/api/v1/ladders/{ladder}")["rungs"]]
        busy = {p for c in api.get("ladder", f"/api/v1/ladders/{ladder}")["challenges"] if c["status"] == "open"
                for p in (c["challenger"], c["defender"])}
        free = [p for p in order[1:] if p not in busy]
        challenger = rng.choice(free)
        at = order.index(challenger)
        targets = [p for p in order[max(0, at - 3):at] if p not in busy]
        if not targets:
            continue
        made = api.post("ladder", f"/api/v1/ladders/{ladder}/challenges",
                        {"challenger": challenger, "defender": rng.choice(targets)})
        api.post("ladder", f"/api/v1/ladders/{ladder}/challenges/{made['id']}/result",
                 {"result": rng.choice(["1-0", "0-1"])})


def league_week(api: Api, league: int, week: int, games: list[dict], rng: random.Random) -> int:
    unplayed = 0
    for game in (g for g in games if g["round"] == week):
        if rng.random() < 0.1:
            unplayed += 1
            continue
        api.post("league", f"/api/v1/leagues/{league}/games/{game['id']}/result",
                 {"result": rng.choice(["1-0", "0-1", "1-0", "0-1", "+-"])})
    api.post("league", f"/api/v1/leagues/{league}/rounds/{week}/close")
    return unplayed


def main() -> None:
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rng = random.Random(seed)
    call_command("migrate", verbosity=0)
    from django.contrib.auth import get_user_model

    organiser = get_user_model().objects.create_user("organiser", password="x")
    set_role(organiser, Role.ADMIN)
    client = Client()
    client.force_login(organiser)
    api = Api(client)
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")

    start = time.perf_counter()
    for _ in range(200):
        api.get("baseline", "/api/v1/seasons")
    baseline = (time.perf_counter() - start) / 200

    began = time.perf_counter()
    season = api.post("season", "/api/v1/seasons", {"name": "Season", "game_type": "duel", "best_of": 6})["id"]
    ladder = api.post("ladder", "/api/v1/ladders", {"name": "Ladder", "reach": 3})["id"]
    for name in PLAYERS:
        api.post("ladder", f"/api/v1/ladders/{ladder}/players", {"player": name})
    league = api.post("league", "/api/v1/leagues", {
        "name": "League", "divisions": DIVISIONS, "promote": 2,
        "first_deadline": (timezone.now() + timedelta(days=7)).isoformat()})["league"]["id"]
    games = api.get("league", f"/api/v1/leagues/{league}/games")
    rounds = max(g["round"] for g in games)
    unplayed = 0
    for week in range(1, WEEKS + 1):
        club_night(api, season, week, rng)
        ladder_week(api, ladder, rng)
        if week <= rounds:
            unplayed += league_week(api, league, week, games, rng)
        api.get("season", f"/api/v1/seasons/{season}/standings")
        api.get("league", f"/api/v1/leagues/{league}")
    final = api.post("league", f"/api/v1/leagues/{league}/finish")
    table = api.get("season", f"/api/v1/seasons/{season}/standings")
    api.post("ladder", f"/api/v1/ladders/{ladder}/refresh")
    total = time.perf_counter() - began

    moved = sum(1 for d in final["divisions"] for r in d if r["movement"])
    print(f"season: {len(PLAYERS)} players, {WEEKS} weeks, {len(DIVISIONS)} divisions ({rounds} rounds, "
          f"{len(games)} games, {unplayed} unplayed), {WEEKS} club nights, ladder of {len(PLAYERS)}")
    print(f"  season leader {table[0]['player']} {table[0]['points']:g}; {moved} players move up or down")
    requests = sum(n for part, n in api.requests.items() if part != "baseline")
    print(f"whole run {total:.2f} s, {requests} API requests, {1000 * total / requests:.1f} ms a request on average "
          f"(club nights' pairing by the services included)")
    for part in ("club nights", "season", "ladder", "league"):
        n = api.requests[part]
        print(f"  {part:12} {n:4} requests  {api.seconds[part]:6.2f} s  {1000 * api.seconds[part] / n:6.1f} ms each")
    print(f"baseline: GET /api/v1/seasons {1000 * baseline:.1f} ms (200 times, same run)")
    print(f"load average after the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
