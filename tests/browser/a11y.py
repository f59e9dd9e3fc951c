"""axe-core in the browser tests (issue 39: pages every player can use). axe-core comes from the
npm registry, pinned in tests/browser/package.json and installed by `.ci/run` (`npm ci`); it is
injected from the disk, nothing is fetched while testing. Without it the checks are skipped
locally and fail in CI, as the page tests do without chromium."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")

_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(" "))}));
}"""


def serious_violations(page) -> list[dict]:
    """The page's serious or critical axe-core violations (rule id, help, first elements)."""
    if not AXE.exists():
        message = "axe-core is not installed (npm ci --prefix tests/browser)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    page.add_script_tag(path=str(AXE))
    return [v for v in page.evaluate(_RUN) if v["impact"] in BLOCKING]
