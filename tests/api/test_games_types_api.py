"""GET /api/v1/games-types: the games and variants of the plugin registry."""

from rules_engine.registry import default_registry as registry

URL = "/api/v1/games-types"


def test_games_types_lists_the_registry(api_client):
    response = api_client.get(URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == registry().describe()


def test_games_types_describes_the_duel_sides_and_players(api_client):
    games = {g["id"]: g for g in api_client.get(URL).json()}
    duel = games["duel"]
    assert duel["players"] == {"min": 2, "max": 2}
    assert duel["sides"] == {m: ["A", "B"] for m in ("obelisk", "temple", "pyramid", "tomb")}
    assert {"name", "version"} <= set(duel["plugin"])


def test_games_types_refuses_post(api_client):
    assert api_client.post(URL, {}, format="json").status_code == 405
