"""An engine's compiled kernels (numba, issue #40), imported once per process: the modules, or
None where numba (or numpy) cannot be imported here, said once in the log in the caller's words."""

from __future__ import annotations

import importlib
import logging
from types import ModuleType

log = logging.getLogger(__name__)
_tried: dict[tuple[str, ...], tuple[ModuleType, ...] | None] = {}


def load(names: tuple[str, ...], off: str) -> tuple[ModuleType, ...] | None:
    """The modules ``names``, imported; None when an import fails, logged once as ``off`` (a
    %-format with the failure, e.g. "the compiled replay is off (%s): …")."""
    if names not in _tried:
        try:
            _tried[names] = tuple(importlib.import_module(name) for name in names)
        except ImportError as exc:  # numba (or numpy) is not installed for this platform
            log.warning(off, exc)
            _tried[names] = None
    return _tried[names]
