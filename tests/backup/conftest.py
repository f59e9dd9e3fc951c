import pytest

from tests.backup.club import build_club, dump, export


@pytest.fixture
def club(tmp_path):
    build_club()
    before = dump()
    path = tmp_path / "club.ndjson"
    lines = export(path)
    return before, path, lines
