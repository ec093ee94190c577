"""Small repository trees planted under a test's temporary folder."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from pathlib import Path


def plant(root: Path, files: Mapping[str, str]) -> Path:
    """Writes each file (a path under `root`, its source) and returns `root`."""
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return root
