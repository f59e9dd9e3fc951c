"""Anonymous readers of the explorer or the ratings check against a running server (`make serve`
on PostgreSQL), and /healthz meanwhile (issue 38): the probe of the closing note.

    # once per database: N recorded Duels stored in bulk without their explorer facts (as an
    # import of an older engine's club leaves them), and a member with an API token
    DATABASE_URL=postgres://… .venv/bin/python bench/read_probe.py seed --games 3000
    # then, against the server:
    .venv/bin/python bench/read_probe.py explorer http://127.0.0.1:8740 [--clients 10] [--seconds 20]
    .venv/bin/python bench/read_probe.py ratings-check http://127.0.0.1:8740

``explorer``: each client asks for the explorer's page with filters never asked before (a random
period and player), as fast as it can. ``ratings-check``: each client asks for the check's page
of the Duel or the base game while one member stores a score-only game every two seconds (each moves the
history on, so the check is worked out again). One more client reads /healthz ten times a
second. Prints the load average before and after, the answers by status with their latencies,
the number of 5xx, and /healthz's p50, p99 and max. bench/explorer.py and bench/ratings_check.py
(``--serve URL``) run the same probe.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOKEN_FILE = Path("/tmp/imhotep-read-probe-token")
# A finished Duel board (docs/rules D9.1's example, rules_engine/duel/apidocs.py), stored once a day.
BOARD = {
    "game": "duel", "sides": {"obelisk": "A", "temple": "A", "pyramid": "A", "tomb": "A"}, "starting_player": 0,
    "players": [
        {"name": "Probe player 00", "obelisk": 2, "obelisk_first_to_five": False, "temple": [1, 4, 2],
         "pyramid": {"light": 4, "dark": 6}, "tomb": [1, 2, 3, 4, 5, 6, 11], "action_tokens": 2,
         "meeples_on_harbor": 1},
        {"name": "Probe player 01", "obelisk": 6, "obelisk_first_to_five": False, "temple": [3, 3],
         "pyramid": {"light": 2, "dark": 0}, "tomb": [8, 9, 12], "action_tokens": 3, "meeples_on_harbor": 0},
    ],
}


def get(url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, float]:
    start = time.perf_counter()
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        exc.read()
        status = exc.code
    except OSError:
        status = 0
    return status, time.perf_counter() - start


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def probe(kind: str, base: str, clients: int, seconds: float) -> None:
    players = [p["id"] for p in json.loads(urllib.request.urlopen(f"{base}/api/v1/players?page_size=50").read())
               ["results"]]
    token = TOKEN_FILE.read_text().strip() if TOKEN_FILE.exists() else None
    print(f"load average before: {load()}; {os.cpu_count()} CPUs; {clients} anonymous {kind} clients for "
          f"{seconds:g} s against {base}")
    stop = time.monotonic() + seconds
    answers: list[tuple[int, float]] = []
    health: list[tuple[int, float]] = []
    lock = threading.Lock()

    def reader(seed: int) -> None:
        rng = random.Random(seed * 7919 + int(time.time()))
        while time.monotonic() < stop:
            if kind == "explorer":
                start = datetime.date(2022, 1, 1) + datetime.timedelta(days=rng.randrange(1200))
                end = start + datetime.timedelta(days=rng.randrange(30, 400))
                url = f"{base}/games/explorer?game=duel&date_from={start}&date_to={end}"
                if players and rng.random() < 0.5:
                    url += f"&player={rng.choice(players)}"
            else:
                url = f"{base}/games/ratings-check?game={rng.choice(['duel', 'classic'])}"
            answer = get(url)
            with lock:
                answers.append(answer)

    def writer() -> None:  # the ratings check: a member stores a game every two seconds
        day = 0
        while time.monotonic() < stop and token:
            day += 1
            board = {**BOARD, "history": {"played_on": str(datetime.date(2026, 1, 1) + datetime.timedelta(days=day))}}
            get(f"{base}/api/v1/games", json.dumps(board).encode(),
                {"Content-Type": "application/json", "Authorization": f"Token {token}"})
            time.sleep(2)

    def healthz() -> None:
        while time.monotonic() < stop:
            answer = get(f"{base}/healthz")
            with lock:
                health.append(answer)
            time.sleep(0.1)

    threads = [threading.Thread(target=reader, args=(i,)) for i in range(clients)]
    threads.append(threading.Thread(target=healthz))
    if kind == "ratings-check":
        threads.append(threading.Thread(target=writer))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"load average after: {load()}")
    by_status: dict[int, list[float]] = {}
    for status, took in answers:
        by_status.setdefault(status, []).append(took)
    for status, times in sorted(by_status.items()):
        print(f"{kind} {status}: {len(times):6d} answers, p50 {statistics.median(times) * 1000:8.1f} ms, "
              f"p99 {percentile(times, 0.99) * 1000:8.1f} ms")
    fives = sum(1 for status, _ in answers if status >= 500 or status == 0)
    times = [took for _, took in health]
    print(f"{kind} 5xx (or no answer): {fives}")
    print(f"/healthz: {len(health)} requests, {sum(1 for s, _ in health if s != 200)} not 200, "
          f"p50 {statistics.median(times) * 1000:.1f} ms, p99 {percentile(times, 0.99) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms")


def seed(games: int) -> None:
    """Recorded Duels in bulk (no explorer facts), 40 players, four years; a member's token."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imhotep_site.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from rest_framework.authtoken.models import Token

    from games import registered_games
    from games.models import Game, GameFacts, Move, Player, Result, Seat
    from games.services import history_version, ratings
    from games.services.recording import RECORD_HEADER_EXCLUDES
    from games.services.results import result_rows
    from rules_engine import ENGINE_VERSION
    from rules_engine.registry import default_registry

    rng = random.Random(1)
    duel = default_registry().game("duel")
    pool = []
    for _ in range(200):
        record = duel.random_record(random.Random(rng.getrandbits(64)))
        record["sides"] = {part: rng.choice(options) for part, options in duel.sides.items()}
        pool.append((record, result_rows(default_registry().replay(record, states=False).score().to_json())))
    colours, versions = registered_games.default_colours("duel"), registered_games.versions("duel", [])
    with transaction.atomic():
        players = [Player.objects.get_or_create(name=f"Probe player {i:02}")[0] for i in range(40)]
        for start in range(0, games, 500):
            picks = [(*rng.choice(pool), rng.sample(players, 2)) for _ in range(min(500, games - start))]
            stored = Game.objects.bulk_create(
                Game(game_type="duel", sides=record["sides"], source=Game.Source.RECORDED, status=Game.Status.FINISHED,
                     played_on=datetime.date(2022, 1, 1) + datetime.timedelta(days=rng.randrange(4 * 365)),
                     engine_version=ENGINE_VERSION, plugin_versions=versions,
                     header={k: v for k, v in record.items() if k not in RECORD_HEADER_EXCLUDES})
                for record, _, _ in picks)
            seats = Seat.objects.bulk_create(
                Seat(game=game, player=who, order=i, colour=colours[i], started=i == 0)
                for game, (_, _, seated) in zip(stored, picks, strict=True) for i, who in enumerate(seated))
            Result.objects.bulk_create(Result(seat=seat, **row) for seat, row in
                                       zip(seats, (row for _, rows, _ in picks for row in rows), strict=True))
            Move.objects.bulk_create(Move(game=game, ply=k, data=move)
                                     for game, (record, _, _) in zip(stored, picks, strict=True)
                                     for k, move in enumerate(record["moves"]))
        GameFacts.objects.all().delete()  # as an engine upgrade leaves them: every game to be counted again
    ratings.rebuild_all("duel")
    history_version.bump()
    user, _ = get_user_model().objects.get_or_create(username="read-probe")
    TOKEN_FILE.write_text(Token.objects.get_or_create(user=user)[0].key)
    print(f"stored {games} recorded Duels without explorer facts; member token in {TOKEN_FILE}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["seed", "explorer", "ratings-check"])
    parser.add_argument("url", nargs="?", default="http://127.0.0.1:8740")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args(argv)
    if args.what == "seed":
        seed(args.games)
    else:
        probe(args.what, args.url.rstrip("/"), args.clients, args.seconds)


if __name__ == "__main__":
    main()
