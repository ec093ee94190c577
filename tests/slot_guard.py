"""A check, in the tests, that the bot keeps to what a Redis Cluster allows: every Lua
script (its KEYS), every MULTI…EXEC block (with the keys WATCHed before it) and every
command with several keys touch keys of one slot. A pipeline without MULTI may span
slots: a cluster client splits it by node.

fakeredis is one Redis and runs whatever the bot sends; the guard sees what a cluster
would refuse. It hooks each connection's `pack_command`, which every command a redis-py
asyncio client writes goes through: single commands, pipelines and transactions
(`pack_commands` packs each of their commands with it), scripts (EVALSHA, and the
SCRIPT LOAD and second EVALSHA after a NOSCRIPT), the connection's own handshake. So it
sees the commands as the server gets them, whichever client method sent them, and for
a cluster client on whichever node's connection.

Where the keys of a command are comes from `KEYS_OF`, a table of the commands the bot
and its tests send: a command missing from it fails at once (`UnknownCommandError`),
so that the table keeps up with the code rather than letting a new command through
unchecked."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection, Connection
from redis.crc import key_slot

ROOT = Path(__file__).resolve().parents[1]
_HERE = str(Path(__file__).resolve())
_STATE = "_slot_guard_state"  # a connection's transaction as the guard follows it

Args = Sequence[Any]
KeysOf = Callable[[Args], Args]


def _none(_args: Args) -> Args:
    return ()


def _first(args: Args) -> Args:
    return args[:1]


def _every(args: Args) -> Args:
    return args


def _declared(args: Args) -> Args:
    """EVAL and EVALSHA: the script or its digest, how many keys, the keys."""
    return args[2 : 2 + int(args[1])]


# A command whose first word is one of these is named by its first two ("SCRIPT LOAD").
CONTAINERS = frozenset({"CLIENT", "CLUSTER", "COMMAND", "CONFIG", "MEMORY", "SCRIPT"})
SCRIPTS = frozenset({"EVAL", "EVALSHA", "EVAL_RO", "EVALSHA_RO"})

KEYS_OF: dict[str, KeysOf] = {
    **dict.fromkeys(
        (
            # a connection's handshake, and a cluster client learning its nodes
            "AUTH",
            "HELLO",
            "SELECT",
            "READONLY",
            "ASKING",
            "PING",
            "CLIENT SETINFO",
            "CLIENT SETNAME",
            "CLIENT MAINT_NOTIFICATIONS",
            "CLUSTER SLOTS",
            "CLUSTER SHARDS",
            "CLUSTER NODES",
            "CLUSTER INFO",
            "COMMAND",
            "COMMAND DOCS",
            "COMMAND INFO",
            "COMMAND GETKEYS",
            # a transaction's keys are checked together at EXEC
            "MULTI",
            "EXEC",
            "DISCARD",
            "UNWATCH",
            "SCRIPT LOAD",
            "SCRIPT EXISTS",
            "SCRIPT FLUSH",
            # a pattern is no key: a cluster client sends SCAN and KEYS to every node
            "SCAN",
            "KEYS",
            "INFO",
            "DBSIZE",
            "FLUSHALL",
            "FLUSHDB",
            "CONFIG GET",
            "CONFIG SET",
        ),
        _none,
    ),
    **dict.fromkeys(
        (
            "GET",
            "SET",
            "INCR",
            "INCRBY",
            "STRLEN",
            "EXPIRE",
            "PEXPIRE",
            "TTL",
            "PTTL",
            "TYPE",
            "MEMORY USAGE",
            "HGET",
            "HEXISTS",
            "HMGET",
            "HSET",
            "HSETNX",
            "HGETALL",
            "HDEL",
            "HINCRBY",
            "HKEYS",
            "SADD",
            "SREM",
            "SMEMBERS",
            "SISMEMBER",
            "SCARD",
            "ZADD",
            "ZREM",
            "ZRANGE",
            "ZREVRANGE",
            "ZRANGEBYSCORE",
            "ZSCORE",
            "ZCARD",
            "ZREMRANGEBYRANK",
            "LRANGE",
        ),
        _first,
    ),
    **dict.fromkeys(("DEL", "UNLINK", "EXISTS", "MGET", "SUNION", "SINTER", "WATCH"), _every),
    **dict.fromkeys(SCRIPTS, _declared),
}


class CrossSlotError(AssertionError):
    """Commands that a Redis Cluster would refuse (CROSSSLOT) were sent."""


class UnknownCommandError(AssertionError):
    """A command the guard cannot find the keys of: add it to `KEYS_OF`."""


@dataclass(frozen=True, slots=True)
class Sent:
    """One command as the guard saw it: its name and its keys, as the server got them."""

    name: str
    keys: tuple[bytes, ...]


@dataclass(frozen=True, slots=True)
class Violation:
    """What a cluster would refuse: a script, a transaction or a command over slots."""

    kind: str  # "script", "transaction" or "command"
    command: str  # for a transaction, its commands between MULTI and EXEC
    keys: tuple[str, ...]  # each once, in the order sent
    slots: tuple[int, ...]  # of each key
    site: str  # the innermost line of the project that sent it

    def __str__(self) -> str:
        by_slot = ", ".join(f"{k} (slot {at})" for k, at in zip(self.keys, self.slots, strict=True))
        return f"{self.kind} {self.command} at {self.site}: {by_slot}"


@dataclass(slots=True)
class _Transaction:
    """Keys WATCHed on a connection, and the commands queued since its MULTI."""

    watched: list[bytes] = field(default_factory=list)
    queued: list[Sent] | None = None  # None: no MULTI open


def _text(word: object) -> str:
    if isinstance(word, bytes | bytearray | memoryview):
        return bytes(word).decode(errors="backslashreplace")
    return str(word)


def _site() -> str:
    """Where in the project (the bot or a test) the command was sent from."""
    frame = sys._getframe(1)
    while frame is not None:
        path = frame.f_code.co_filename
        inside = path.startswith(str(ROOT)) and "site-packages" not in path
        if inside and path != _HERE:
            return f"{Path(path).relative_to(ROOT)}:{frame.f_lineno} ({frame.f_code.co_name})"
        frame = frame.f_back  # type: ignore[assignment]
    return "outside the project"


_Client = TypeVar("_Client", bound=Redis | RedisCluster)


class SlotGuard:
    """Watches the commands of clients (`watch`); `check` fails when one of them would
    be refused by a Redis Cluster. `strict`: fail at once, inside the code that sent
    it (else the code goes on as on a single Redis, and every violation is found)."""

    def __init__(self, *, strict: bool = False) -> None:
        self.strict = strict
        self.sent: list[Sent] = []
        self.violations: list[Violation] = []
        self.unknown: list[str] = []
        self._classes: dict[type[AbstractConnection], type[AbstractConnection]] = {}

    # -- hooking clients -------------------------------------------------------------

    def watch(self, client: _Client) -> _Client:
        """Guard every connection `client` makes from now on (and those it has)."""
        if isinstance(client, RedisCluster):
            self._watch_cluster(client)
        else:
            pool = client.connection_pool
            pool.connection_class = self._guarded(pool.connection_class)
            connections: Iterable[AbstractConnection] = [
                *pool._available_connections,
                *pool._in_use_connections,
            ]
            self._adopt(connections)
        return client

    def _watch_cluster(self, client: RedisCluster) -> None:
        # Nodes found later are made with these kwargs; the nodes known now (the
        # startup nodes, and all of them once the client is initialised) are changed.
        kwargs = client.connection_kwargs
        kwargs["connection_class"] = self._guarded(kwargs["connection_class"])
        manager = client.nodes_manager
        manager.connection_kwargs["connection_class"] = kwargs["connection_class"]
        nodes = [*manager.startup_nodes.values(), *manager.nodes_cache.values()]
        for node in nodes:
            # ClusterNode is typed with the concrete Connection; the guarded class is one.
            node.connection_class = cast(type[Connection], self._guarded(node.connection_class))
            self._adopt(node._connections)

    def _adopt(self, connections: Iterable[AbstractConnection]) -> None:
        for connection in connections:
            connection.__class__ = self._guarded(type(connection))

    def _guarded(self, base: type[AbstractConnection]) -> type[AbstractConnection]:
        if getattr(base, "_slot_guard", None) is self:
            return base
        if base not in self._classes:
            guard = self

            def pack_command(connection: AbstractConnection, *args: Any) -> list[bytes]:
                guard.saw(connection, args)
                return base.pack_command(connection, *args)

            async def disconnect(connection: AbstractConnection, *args: Any, **kw: Any) -> None:
                # A connection that goes away takes its WATCH and MULTI with it.
                vars(connection).pop(_STATE, None)
                await base.disconnect(connection, *args, **kw)

            namespace = {
                "__slots__": (),
                "_slot_guard": self,
                "pack_command": pack_command,
                "disconnect": disconnect,
            }
            made = type(f"SlotGuarded{base.__name__}", (base,), namespace)
            self._classes[base] = cast(type[AbstractConnection], made)
        return self._classes[base]

    # -- following the commands ----------------------------------------------------------

    def saw(self, connection: AbstractConnection, args: Args) -> None:
        """One command, as `pack_command` gets it: the first argument may hold the
        command's first words ("SCRIPT LOAD")."""
        head, rest = args[0], list(args[1:])
        words = (head.encode() if isinstance(head, str) else bytes(head)).split()
        tokens: list[Any] = [*words[1:], *rest]
        name = _text(words[0]).upper()
        if name in CONTAINERS and tokens:
            name = f"{name} {_text(tokens.pop(0)).upper()}"
        keys_of = KEYS_OF.get(name)
        state = vars(connection).setdefault(_STATE, _Transaction())
        if keys_of is None:
            self.unknown.append(name)
            state.queued = None  # what follows cannot be followed: start again
            state.watched.clear()
            raise UnknownCommandError(
                f"the slot guard does not know where the keys of {name} are: "
                f"add it to KEYS_OF in tests/slot_guard.py"
            )
        encode = cast(Callable[[Any], bytes | memoryview], connection.encoder.encode)
        keys = tuple(bytes(encode(k)) for k in keys_of(tokens))
        sent = Sent(name, keys)
        self.sent.append(sent)
        found = len(self.violations)
        if len({key_slot(k) for k in keys}) > 1:
            self._refuse("script" if name in SCRIPTS else "command", name, keys)
        self._follow(state, sent)
        if self.strict and len(self.violations) > found:
            state.queued = None  # the rest of a pipeline is not packed: start again
            state.watched.clear()
            raise CrossSlotError(f"a Redis Cluster would refuse this {self.violations[-1]}")

    def _follow(self, state: _Transaction, sent: Sent) -> None:
        name = sent.name
        if name == "WATCH":
            state.watched += sent.keys
        elif name == "UNWATCH":
            state.watched.clear()
        elif name == "MULTI":
            state.queued = []
        elif name == "DISCARD":
            state.queued = None
            state.watched.clear()
        elif name == "EXEC":
            queued = state.queued or []
            keys = [*state.watched, *(k for s in queued for k in s.keys)]
            state.queued = None
            state.watched.clear()
            if len({key_slot(k) for k in keys}) > 1:
                names = " ".join(s.name for s in queued)
                self._refuse("transaction", f"MULTI {names} EXEC", tuple(keys))
        elif state.queued is not None:
            state.queued.append(sent)

    def _refuse(self, kind: str, command: str, keys: tuple[bytes, ...]) -> None:
        once = tuple(dict.fromkeys(keys))
        named = tuple(_text(k) for k in once)
        violation = Violation(kind, command, named, tuple(key_slot(k) for k in once), _site())
        self.violations.append(violation)

    # -- the verdict ---------------------------------------------------------------------

    def report(self, *, allow_cross_slot: bool = False) -> str:
        """Every violation once (a script retried after NOSCRIPT is sent twice), and
        every unknown command."""
        found = [] if allow_cross_slot else dict.fromkeys(self.violations)
        lines = [f"a Redis Cluster would refuse: {v}" for v in found]
        lines += [f"unknown to the slot guard: {n}" for n in dict.fromkeys(self.unknown)]
        return "\n".join(lines)

    def check(self, *, allow_cross_slot: bool = False) -> None:
        """Fail with the report when anything was found (`allow_cross_slot`: only
        unknown commands fail, for a test that sends cross-slot commands on purpose)."""
        report = self.report(allow_cross_slot=allow_cross_slot)
        if report:
            raise CrossSlotError(report)
