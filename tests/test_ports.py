"""The ports the tests' servers get (tests/ports.py)."""

from __future__ import annotations

import socket

import pytest

from tests.ports import HOST, Ports, free_ports


def test_ports_come_from_below_the_kernels_ephemeral_range_and_never_twice() -> None:
    ports = free_ports(50)
    assert len(set(ports)) == 50
    with open("/proc/sys/net/ipv4/ip_local_port_range") as ranges:
        first_ephemeral = int(ranges.read().split()[0])
    assert all(port < first_ephemeral for port in ports)


def test_a_port_is_handed_out_once_even_when_it_is_free_again() -> None:
    port = free_ports(1)[0]
    ports = Ports(port, port + 1)
    assert ports.take() == port
    with pytest.raises(RuntimeError, match="no free port"):
        ports.take()


def test_a_port_a_server_listens_on_is_never_handed_out() -> None:
    port = free_ports(1)[0]
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind((HOST, port))
        server.listen()
        with pytest.raises(RuntimeError, match="no free port"):
            Ports(port, port + 1).take()
