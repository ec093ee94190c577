"""The build's one optional step: with DOMINOES_COMPILE=1, the engine's modules are
compiled to C extensions by mypyc (part of mypy), which runs them about twice as fast.

The Python sources stay in the package and are what runs without the flag; both
builds pass the same tests (`scripts/test.sh` runs the whole suite on each). A
compiled build needs a C compiler, the Python headers and mypy in the build
environment: `pip install --no-build-isolation` with mypy and setuptools installed.
Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os

from setuptools import setup

# The engine and what it calls on every move. Bot players and the arena stay Python:
# they are tuned for, and measured as, the interpreter.
COMPILED = [
    "core/bits.py",
    "core/deal.py",
    "core/engine.py",
    "core/errors.py",
    "core/events.py",
    "core/line.py",
    "core/rules/__init__.py",
    "core/rules/classic.py",
    "core/rules/kozel.py",
    "core/rules/result.py",
    "core/state.py",
    "core/tables.py",
    "core/tiles.py",
    "core/variants.py",
]

if os.environ.get("DOMINOES_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()
