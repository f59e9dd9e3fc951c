"""Template context: the visitor's role, so navigation offers what they may do."""

from games.membership.roles import may_write, role_of


def membership(request) -> dict:
    user = getattr(request, "user", None)
    return {"club_role": role_of(user), "may_write": may_write(user)}
