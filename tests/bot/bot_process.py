"""`python -m bot` from the checkout, run to its end with a given environment, for the
tests of what it says when it cannot start."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(env: Mapping[str, str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run the bot with exactly `env`; its exit status and output, as text."""
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
