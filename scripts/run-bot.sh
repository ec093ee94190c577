#!/usr/bin/env bash
# Installs the project into .venv (first run), then starts the bot.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/python -m bot "$@"
