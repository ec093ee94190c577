"""Ports for the servers the tests start (redis-server, a cluster's buses, the bot's
webhook listener).

A port found free by binding to port 0 is free only until the probe closes: a server
another test binds to port 0, or the local end of any client connection, may take it
before the redis-server meant for it starts (a redis probe then read an HTTP answer).
These ports come from below the kernel's ephemeral range, which neither of those draws
from, and none is handed out twice in a run, so a server stopped and started again on
its port finds the port still its own."""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

HOST = "127.0.0.1"
_LOWEST = 10_000
_EPHEMERAL = Path("/proc/sys/net/ipv4/ip_local_port_range")


def _range() -> tuple[int, int]:
    """The ports to hand out: from `_LOWEST` up to the kernel's ephemeral range."""
    try:
        first_ephemeral = int(_EPHEMERAL.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        first_ephemeral = 32_768  # Linux's default
    return _LOWEST, max(first_ephemeral, _LOWEST + 1_000)


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        # As the servers do: a port whose last connection lingers in TIME_WAIT is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
        return True


class Ports:
    """Ports from `low` up to `high`, handed out in turn, each once."""

    def __init__(self, low: int, high: int) -> None:
        self._low, self._high = low, high
        # Runs started side by side (two pytest processes) begin at different places.
        self._next = low + (os.getpid() * 7_919) % (high - low)
        self._handed: set[int] = set()
        self._lock = threading.Lock()  # the fault suite's servers start from threads too

    def take(self) -> int:
        with self._lock:
            for _ in range(self._high - self._low):
                port = self._next
                self._next = self._low + (port + 1 - self._low) % (self._high - self._low)
                if port not in self._handed and _bindable(port):
                    self._handed.add(port)
                    return port
        raise RuntimeError(f"no free port left between {self._low} and {self._high}")


_PORTS = Ports(*_range())


def free_port() -> int:
    """A port no server listens on, never handed out before in this run."""
    return _PORTS.take()


def free_ports(count: int) -> list[int]:
    """`count` distinct ports, as `free_port`."""
    return [_PORTS.take() for _ in range(count)]
