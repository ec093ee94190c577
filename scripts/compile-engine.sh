#!/usr/bin/env bash
# Builds the package with the engine compiled by mypyc (see setup.py) into
# build/compiled: scripts/test.sh runs the engine's tests on it, and
# benchmarks/engine_speed.py measures it. Needs the dev venv (.venv, with mypy and
# setuptools) and a C compiler with the Python headers.
set -euo pipefail
cd "$(dirname "$0")/.."
# setuptools reuses build/lib.*: a module removed from the sources would linger there.
rm -rf build/compiled build/lib.* build/bdist.*
DOMINOES_COMPILE=1 .venv/bin/python -m pip install --quiet --no-build-isolation --no-deps \
    --target build/compiled .
