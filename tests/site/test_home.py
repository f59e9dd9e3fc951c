import pytest

pytestmark = pytest.mark.django_db


def test_home_page_says_what_the_service_does(client):
    response = client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Imhotep score &amp; game records" in body
    assert 'href="/score/duel"' in body
    assert 'href="/api/docs"' in body


def test_home_page_leads_to_the_puzzles(client):
    body = client.get("/").content.decode()
    assert '<a class="card" href="/puzzles/" id="home-puzzles"><strong>Puzzles</strong>' in body


def test_home_page_serves_htmx_from_the_package_not_a_cdn(client):
    body = client.get("/").content.decode()
    assert '<script src="/static/django_htmx/htmx-2.min.js" defer></script>' in body
    assert "unpkg.com" not in body and "cdn" not in body.lower()


def test_home_page_sets_the_csrf_header_for_htmx_on_body(client):
    body = client.get("/").content.decode()
    assert '<body hx-headers=\'{"X-CSRFToken": "' in body


def test_the_navigation_reaches_every_games_calculator(client):
    from games.ui.registry import calculator_games

    body = client.get("/games/").content.decode()
    menu = body[body.index('id="nav-calculators"'):body.index("</details>", body.index('id="nav-calculators"'))]
    for game_id, _ui in calculator_games():
        assert f'href="/score/{game_id}"' in menu
    assert len(calculator_games()) >= 2
