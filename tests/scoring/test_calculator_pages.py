"""What both calculator pages (/score/duel, /score/classic) share: the form wired for htmx and a
plain submit, and the result section the live updates replace."""

import pytest

PAGES = [
    pytest.param("/score/duel", '<form id="duel-form" class="calc" method="get" action="/score/duel"', id="duel"),
    pytest.param(
        "/score/classic",
        '<form id="classic-form" class="calc classic" method="get" action="/score/classic"',
        id="classic",
    ),
]


@pytest.mark.parametrize(("url", "form_tag"), PAGES)
def test_full_page_has_the_form_wired_for_htmx_and_plain_submit(client, url, form_tag):
    response = client.get(url)
    assert response.status_code == 200
    body = response.content.decode()
    assert form_tag in body
    assert f'hx-get="{url}"' in body
    assert 'hx-trigger="input changed delay:300ms, change, submit"' in body
    assert 'hx-target="#result"' in body
    assert '<button type="submit">Score</button>' in body
    assert '<section id="result"' in body
    assert 'href="/static/css/calculator.css"' in body
