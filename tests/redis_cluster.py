"""A real Redis Cluster for the tests that need one: three redis-server nodes, each a
primary with a third of the 16,384 slots and no replica, on free ports in a temporary
folder, without persistence. Started once per test session (`real_cluster`), stopped
at the end. What fakeredis cannot show: which node a key lives on, a script or a
transaction refused with CROSSSLOT, what redis-py's cluster client does with the
bot's commands.

The nodes are joined by hand (CLUSTER ADDSLOTSRANGE, SET-CONFIG-EPOCH, MEET) rather
than by `redis-cli --cluster create`: each node's cluster bus gets a free port of its
own (`cluster-port`), which the MEET names, instead of the client port + 10000 that
may be taken.

Where redis-server is not installed these tests are skipped, unless
DOMINOES_REQUIRE_REDIS=1 (as in CI), where that is a failure."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from redis import Redis
from redis.asyncio.cluster import ClusterNode, RedisCluster

from tests.ports import free_ports

STARTUP = 10.0  # seconds a node may take to accept connections
JOINING = 30.0  # seconds the nodes may take to agree the cluster is whole
NODES = 3
SLOTS = 16384
HOST = "127.0.0.1"


@dataclass(frozen=True, slots=True)
class RedisClusterNodes:
    """The running nodes: their client ports."""

    ports: tuple[int, ...]

    @property
    def url(self) -> str:
        """Any one node is enough for a cluster client to find the others."""
        return f"redis://{HOST}:{self.ports[0]}/0"

    def startup_nodes(self) -> list[ClusterNode]:
        return [ClusterNode(HOST, port) for port in self.ports]

    def client(self, **options: Any) -> RedisCluster:
        """A new asyncio cluster client (not yet connected: it finds the slots on its
        first command)."""
        return RedisCluster(startup_nodes=self.startup_nodes(), **options)

    async def empty(self, client: RedisCluster) -> RedisCluster:
        """`client`, once every primary holds no key and no script: as new as a
        fakeredis server (the script cache outlives FLUSHALL)."""
        await client.flushall(target_nodes=RedisCluster.PRIMARIES)
        await client.script_flush()
        return client

    def node(self, port: int) -> Redis:
        """A plain client of one node, which does not follow the cluster's slots."""
        return Redis(host=HOST, port=port)


def _wait_accepting(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + STARTUP
    while True:
        try:
            with socket.create_connection((HOST, port), timeout=0.2):
                return
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError(f"redis-server on port {port} did not start") from None
            time.sleep(0.05)


def _command(node: Redis, *args: str | int) -> Any:
    # The sync client's execute_command is untyped; the CLUSTER subcommands are sent as
    # written, without the helpers' parsing.
    send: Callable[..., Any] = node.execute_command
    return send(*args)


def _info(node: Redis) -> dict[str, str]:
    raw = _command(node, "CLUSTER", "INFO")
    text = raw.decode() if isinstance(raw, bytes) else str(raw)
    return dict(line.split(":", 1) for line in text.split() if ":" in line)


def _join(ports: list[int], buses: list[int]) -> None:
    clients = [Redis(host=HOST, port=port) for port in ports]
    try:
        share = SLOTS // len(ports)
        for i, node in enumerate(clients):
            last = SLOTS - 1 if i == len(ports) - 1 else (i + 1) * share - 1
            _command(node, "CLUSTER", "ADDSLOTSRANGE", i * share, last)
            # Distinct epochs from the start: no collision for the nodes to settle.
            _command(node, "CLUSTER", "SET-CONFIG-EPOCH", i + 1)
        for port, bus in zip(ports[1:], buses[1:], strict=True):
            _command(clients[0], "CLUSTER", "MEET", HOST, port, bus)
        deadline = time.monotonic() + JOINING
        while True:
            infos = [_info(node) for node in clients]
            if all(
                info.get("cluster_state") == "ok"
                and info.get("cluster_known_nodes") == str(len(ports))
                and info.get("cluster_slots_ok") == str(SLOTS)
                for info in infos
            ):
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the cluster did not form: {infos}")
            time.sleep(0.1)
    finally:
        for node in clients:
            node.close()


@contextmanager
def redis_cluster(nodes: int = NODES) -> Iterator[RedisClusterNodes]:
    """A running Redis Cluster; the test is skipped (or fails in CI) without redis-server."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("DOMINOES_REQUIRE_REDIS") == "1":
            pytest.fail("redis-server is required (DOMINOES_REQUIRE_REDIS=1) but not installed")
        pytest.skip("redis-server is not installed")
    chosen = free_ports(2 * nodes)
    ports, buses = chosen[:nodes], chosen[nodes:]
    with tempfile.TemporaryDirectory(prefix="dominoes-cluster-") as folder:
        servers: list[subprocess.Popen[bytes]] = []
        try:
            for port, bus in zip(ports, buses, strict=True):
                command = [
                    binary,
                    *("--port", str(port), "--bind", HOST),
                    *("--cluster-enabled", "yes", "--cluster-port", str(bus)),
                    *("--cluster-config-file", f"nodes-{port}.conf"),
                    *("--cluster-node-timeout", "5000"),
                    *("--save", "", "--appendonly", "no", "--dir", folder),
                ]
                servers.append(
                    subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                )
            for port, server in zip(ports, servers, strict=True):
                _wait_accepting(port, server)
            _join(ports, buses)
            yield RedisClusterNodes(tuple(ports))
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                server.wait(timeout=10)
