"""An embedded replay inside another site's page (issue 33): a forum at another origin frames
/games/<id>/embed and steps through the game; the replay page itself stays unframable."""

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.kit import random_record
from tests.replay.conftest import store

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]




@pytest.fixture
def forum():
    """Another site on this machine (its own server at 127.0.0.1, another origin than the live
    server's localhost): ``forum(src)`` gives the address of its page framing ``src``."""
    pages: dict[str, bytes] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = pages.get(self.path, b"")
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    def page_with(src: str) -> str:
        path = f"/thread/{len(pages) + 1}"
        pages[path] = (f'<!doctype html><h1>Our club</h1><iframe id="replay" src="{src}" width="640" '
                       'height="720"></iframe>').encode()
        return f"http://127.0.0.1:{server.server_port}{path}"

    yield page_with
    server.shutdown()
    server.server_close()

def _settled(frame, ply: int) -> None:
    frame.wait_for_selector(f'#viewer[data-ply="{ply}"]')
    frame.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def test_the_embed_steps_through_a_game_inside_another_sites_frame(page, live_server, forum):
    game = store(random_record(7))
    page.goto(forum(f"{live_server.url}/games/{game.pk}/embed?ply=2"))
    frame = page.frame_locator("#replay")
    frame.locator('#viewer[data-ply="2"]').wait_for()
    inner = page.locator("#replay").element_handle().content_frame()
    _settled(inner, 2)
    frame.locator('[data-nav="next"]').click()
    _settled(inner, 3)
    assert frame.locator("#ply-now").inner_text() == "3"
    assert frame.locator('#moves [aria-current="step"]').inner_text()


def test_the_replay_page_refuses_the_same_frame(page, live_server, forum):
    game = store(random_record(7))
    page.goto(forum(f"{live_server.url}/games/{game.pk}/replay?ply=2"))
    page.wait_for_load_state("load")
    frame = page.locator("#replay").element_handle().content_frame()
    # Chromium blocks a DENY page: the frame never gets the viewer.
    assert frame.locator("#viewer").count() == 0
