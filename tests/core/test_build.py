"""Which build of the engine the tests run on. `scripts/test.sh` runs the suite twice:
on the Python sources, then on the build compiled by mypyc (`setup.py`), the one the
Docker image ships. DOMINOES_EXPECT_COMPILED=1 says that the second run is under way."""

from __future__ import annotations

import os
from pathlib import Path

import core.bits
import core.deal
import core.engine
import core.line
import core.tables


def test_the_engine_under_test_is_the_build_the_run_expects() -> None:
    expected = os.environ.get("DOMINOES_EXPECT_COMPILED") == "1"
    for module in (core.engine, core.deal, core.line, core.tables, core.bits):
        assert module.__file__ is not None
        assert (Path(module.__file__).suffix != ".py") is expected, module.__file__
