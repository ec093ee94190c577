"""Tokens that name one holder or one write (a delivery lease, a claim on an update, a
pace's run, a save read back after its answer was lost): unique across processes and
time, never secret. A random prefix drawn once per process and a counter: a token per
call costs no system call, unlike `secrets`."""

from __future__ import annotations

import itertools
import secrets

_PREFIX = secrets.token_hex(6)  # 48 bits: distinct processes never share one
_COUNTER = itertools.count()


def new_token() -> str:
    """A token no other call, in this process or another, has had."""
    return f"{_PREFIX}{next(_COUNTER):x}"
