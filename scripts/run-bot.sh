#!/usr/bin/env bash
# Installs the project into .venv (first run, or when pyproject.toml changed), then
# starts the bot. Settings come from the environment: see the README.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
STAMP=.venv/.bot-installed
if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ]; then
    # Quiet when it works; on failure, run again so that pip's errors show.
    .venv/bin/python -m pip install --quiet -e . >/dev/null 2>&1 ||
        .venv/bin/python -m pip install -e .
    touch "$STAMP"
fi
exec .venv/bin/python -m bot "$@"
