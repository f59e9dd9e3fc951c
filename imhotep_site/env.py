"""Reading the settings from the environment: a bad value stops start-up with a message naming
the variable (imhotep_site/settings.py)."""

import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}") from None


def env_positive_int(name: str, default: int) -> int:
    value = env_int(name, default)
    if value <= 0:
        raise ImproperlyConfigured(f"{name} must be a whole number above 0; got {value}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_names(name: str, allowed: set[str]) -> frozenset[str]:
    """A comma-separated set of names, each one of ``allowed``."""
    names = frozenset(part.strip() for part in os.environ.get(name, "").split(",") if part.strip())
    unknown = names - allowed
    if unknown:
        raise ImproperlyConfigured(f"{name} may name {', '.join(sorted(allowed))}; got {', '.join(sorted(unknown))}")
    return names
