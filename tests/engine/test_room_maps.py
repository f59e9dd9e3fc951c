"""Each engine's room map (the docstring of rules_engine/<game>/__init__.py) names every module
of the engine, the compiled floor's included (#53), so a newcomer finds each room from it."""

import pkgutil

import pytest

import rules_engine.classic
import rules_engine.duel


def modules(package, prefix: str = "") -> list[str]:
    out = []
    for info in pkgutil.iter_modules(package.__path__):
        out.append(prefix + info.name)
        if info.ispkg:
            sub = __import__(f"{package.__name__}.{info.name}", fromlist=["_"])
            out += modules(sub, f"{prefix}{info.name}.")
    return out


@pytest.mark.parametrize("package", [rules_engine.duel, rules_engine.classic], ids=["duel", "classic"])
def test_the_room_map_names_every_module(package):
    room_map = package.__doc__
    assert [m for m in modules(package) if f"`{m}`" not in room_map] == []
