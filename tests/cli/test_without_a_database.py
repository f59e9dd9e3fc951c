"""``manage.py replay`` and ``score`` need no migrated database (#37): against an empty SQLite
file they answer as with one (the plugins' board data alone) and say once that the club's board
data cannot be read, not once per record."""

import json

from rules_engine.registry import base_registry
from tests.cli.conftest import run_manage


def empty_database_env(tmp_path) -> dict[str, str]:
    return {"DATABASE_URL": f"sqlite:///{tmp_path}/empty.sqlite3", "IMHOTEP_CACHE_DIR": str(tmp_path / "cache")}


def test_replay_ndjson_on_an_empty_database_prints_the_engines_answers(tmp_path, records):
    path = tmp_path / "records.ndjson"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    done = run_manage("replay", "--ndjson", str(path), env=empty_database_env(tmp_path))
    assert done.returncode == 0, done.stderr
    expected = [base_registry().replay_summary(r) for r in records]
    assert [json.loads(line) for line in done.stdout.splitlines()] == json.loads(json.dumps(expected))


def test_replay_ndjson_on_an_empty_database_says_the_board_data_is_unreadable_once(tmp_path, records):
    path = tmp_path / "records.ndjson"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    done = run_manage("replay", "--ndjson", str(path), env=empty_database_env(tmp_path))
    assert done.stderr.count("board data not readable") <= 1


def test_score_on_an_empty_database_prints_the_engines_result(tmp_path, board_file, board):
    done = run_manage("score", str(board_file), env=empty_database_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(base_registry().score(board).to_json()))
