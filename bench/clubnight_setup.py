"""Prepares a club-night run's database (bench/clubnight.py), through ``manage.py shell``:
``sys.argv = [..., fixture path, tables]``. Creates one member per table (clubnight-1 …, all
with the same random password: one hash, not hundreds) and writes the fixture the locust users
read: the password, the members, the club's players and games to browse.

Refuses (exit status 2) unless the database holds only the demo club: it must be the run's own."""

import json
import secrets
import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password

from games.membership.models import Membership, Role
from games.models import Game, Player

path, tables = Path(sys.argv[-2]), int(sys.argv[-1])
User = get_user_model()
if User.objects.filter(username__startswith="clubnight-").exists():
    sys.exit("clubnight: the database already has the club-night members: it must be a fresh one")
password = secrets.token_urlsafe(12)
hashed = make_password(password)
members = [f"clubnight-{k}" for k in range(1, tables + 1)]
users = User.objects.bulk_create([User(username=name, password=hashed) for name in members])
Membership.objects.bulk_create([Membership(user=user, role=Role.MEMBER) for user in users])

recorded = Game.objects.filter(status=Game.Status.FINISHED).exclude(source=Game.Source.SCORE)
path.write_text(json.dumps({
    "password": password,
    "members": members,
    "players": list(Player.objects.order_by("id").values_list("name", flat=True)[:40]),
    "player_ids": list(Player.objects.order_by("id").values_list("id", flat=True)[:200]),
    "games": list(Game.objects.order_by("-id").values_list("id", flat=True)[:200]),
    "replays": list(recorded.filter(game_type="duel").order_by("-id").values_list("id", flat=True)[:50]),
}))
