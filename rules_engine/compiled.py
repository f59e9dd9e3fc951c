"""An engine's compiled kernels (numba, issue #40), imported once per process: the modules, or
None where they cannot be loaded here, said once in the log in the caller's words.

Any exception counts, not only ImportError (issue #52): numba's own import fails with
AttributeError or others when the environment disagrees with it (an old ``coverage`` on the
path, numba issues 10239 and 10705; a numpy it does not support). Every caller already runs
the pure engine, the reference, when this answers None."""

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
        except Exception as exc:  # installed but broken here: the pure engine serves, once said
            log.warning(off, f"{type(exc).__name__}: {exc}")
            _tried[names] = None
    return _tried[names]
