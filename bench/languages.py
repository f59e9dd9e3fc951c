"""What speaking the reader's language costs a page (docs/i18n.md), on one core:

    .venv/bin/python bench/languages.py [--rounds 30]

Builds a throwaway SQLite club (a finished Duel, a base game in progress), then renders each
page through Django's test client in English and in German, Russian, Hungarian and Japanese,
the cache emptied before every request so each one draws the whole page. Prints the load
average first, then per page the median milliseconds in English and each language's median
as a ratio to English (1.00 = no cost)."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LANGUAGES = ("en", "de", "ru", "hu", "ja")


def setup_club():
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from games.models import Game
    from games.services.recording import import_record
    from rules_engine.registry import default_registry

    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench", password="bench-password-1")
    registry = default_registry()
    duel = registry.game("duel").random_record(random.Random(7))
    classic = registry.game("classic").random_record(random.Random(3))
    classic["moves"] = classic["moves"][:40]
    finished = import_record(duel, user=user, source=Game.Source.RECORDED).game
    live = import_record(classic, user=user, source=Game.Source.RECORDED).game
    return user, {
        "duel calculator": "/score/duel?p0_obelisk=6&p1_obelisk=3&p0_tomb=1&p0_tomb=2&p1_light=2&side_obelisk=B",
        "base-game calculator": "/score/classic?players=3&p0_track=20&p1_track=18&p2_track=11&p0_statues=2",
        "games list": "/games/",
        "duel replay": f"/games/{finished.pk}/replay?ply=12",
        "base-game replay": f"/games/{live.pk}/replay?ply=30",
        "base-game live entry": f"/games/{live.pk}/play",
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    print(f"load average before the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    folder = tempfile.mkdtemp(prefix="imhotep-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imhotep_site.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    import logging

    import django

    django.setup()
    logging.disable(logging.INFO)  # the sign-in's log lines are not figures
    from django.core.cache import cache
    from django.test import Client

    user, pages = setup_club()
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    print(f"{'page':24} {'en ms':>7}  " + "  ".join(f"{lang:>5}" for lang in LANGUAGES[1:]))
    for name, url in pages.items():
        times: dict[str, list[float]] = {lang: [] for lang in LANGUAGES}
        for _ in range(args.rounds):  # the languages take turns, so drift hits them alike
            for lang in LANGUAGES:
                cache.clear()
                start = time.perf_counter()
                response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
                times[lang].append(time.perf_counter() - start)
                assert response.status_code == 200 and response["Content-Language"] == lang, (url, lang)
        medians = {lang: statistics.median(t) for lang, t in times.items()}
        en = medians["en"]
        ratios = "  ".join(f"{medians[lang] / en:5.2f}" for lang in LANGUAGES[1:])
        print(f"{name:24} {en * 1000:7.1f}  {ratios}")


if __name__ == "__main__":
    main()
