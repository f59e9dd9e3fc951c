"""Writes what bench/load.sh (and bench/cluster.py's load figures) measure, one endpoint a line:
``label|path|body file|htmx||`` — the two last fields, once issue #17's targets (a share of
/healthz's req/s, a p99), are retired and stay empty: the line keeps the shape bench/cluster.py
reads. What a club night needs is measured by bench/clubnight.py.

Run by load.sh through ``manage.py shell`` on the load database after the demo club is
loaded: a replay step of a recorded demo game (halfway through it), the scoring bodies of the
registered games: the rulebook's D9.1 board, and when classic is registered and scores it the
first board of tests/data/classic/boards/end_of_game.json (formats.md's F3 example, 2 players,
made consistent, with Pharaoh's wrath)."""

import json
import sys
from pathlib import Path

from games.models import Game
from rules_engine.duel.apidocs import D9_1_BOARD
from rules_engine.registry import default_registry

work = Path(sys.argv[-1])
registry = default_registry()
targets = ["GET /healthz (trivial)|/healthz||||"]

(work / "duel.json").write_text(json.dumps(D9_1_BOARD))
RETIRED = "||"  # the retired targets' two fields, empty
targets.append(f"POST /api/v1/score (Duel D9.1 board)|/api/v1/score|{work / 'duel.json'}|{RETIRED}")
classic_example = Path("tests/data/classic/boards/end_of_game.json")
if "classic" in registry.games and classic_example.exists():
    board = json.loads(classic_example.read_text())[0]["board"]
    try:
        registry.score(board)
    except ValueError as exc:
        print(f"classic board not scored, skipped: {exc}", file=sys.stderr)
    else:
        (work / "classic.json").write_text(json.dumps(board))
        targets.append(f"POST /api/v1/score (classic F3 board)|/api/v1/score|{work / 'classic.json'}|{RETIRED}")

game = (
    Game.objects.filter(game_type="duel", status=Game.Status.FINISHED)
    .exclude(source=Game.Source.SCORE)
    .order_by("id")
    .first()
)
if game is None:
    sys.exit("no recorded demo game to replay: did load_demo run?")
ply = game.moves.count() // 2
targets.append(f"GET /games/{game.pk}/replay?ply={ply} (htmx step)|/games/{game.pk}/replay?ply={ply}||htmx{RETIRED}")
targets.append(f"GET /games/ (games list, full page)|/games/||{RETIRED}")
targets.append(f"GET /games/standings?game=duel (full page)|/games/standings?game=duel||{RETIRED}")
(work / "targets").write_text("\n".join(targets) + "\n")
