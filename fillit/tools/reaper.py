"""Which processes did a checked program leave behind, and how is every one of them ended?

A program under `fillit check` may start processes that outlive it and escape its process group:
a new session (`setsid`), a double fork, SIGTERM ignored. Killing the group is not enough, so on
Linux each case's processes are found and killed one by one:

- every process of a case carries a mark in its environment (`MARK=TAG`, TAG unique to the case,
  inherited by whatever it starts), read from /proc/PID/environ; a marked process and all its
  descendants are killed with SIGKILL, round after round until none is left (one forking
  meanwhile is found in the next round);
- while cases run, the checker is a child subreaper (prctl PR_SET_CHILD_SUBREAPER): an orphaned
  descendant is adopted by the checker rather than by init, so the processes killed are reaped
  here, none is left a zombie, and one that wiped its environment (`env -i`) stays in reach: when
  no case is running any more, every process the checker adopted meanwhile is ended too (with
  cases in parallel, that can come after its own case's end: it carries no mark to tell whose
  it is, and killing it at once could hit a case still running; at the latest, the check's end).

Cases running in parallel cannot hit one another: a case's sweep kills only its own TAG's
processes. Elsewhere (macOS, the BSDs, Windows: no /proc, no subreaper) only the program's
process group is killed (`fillit.tools.judge`): what left the group may go on running.
"""

from __future__ import annotations

import os
import secrets
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

MARK = "FILLIT_CHECK_CASE"
"""The environment variable that marks a case's processes."""

ROUNDS = 100
"""Sweeps at most, each killing what the last one missed (a program forking as it dies)."""

REAPING = 2.0
"""Seconds at most to wait for killed processes to die (one in uninterruptible sleep is slow)."""

PR_SET_CHILD_SUBREAPER = 36

Table = dict[int, tuple[int, str]]
"""The live processes: pid -> (parent's pid, state letter: R, S, Z...)."""

_lock = threading.Lock()
_users = 0
_before: set[int] = set()
"""The checker's children when the first case started: not the cases' to end."""


def new_tag() -> str:
    """A mark for one case, unique among this machine's runs."""
    return f"{os.getpid()}.{secrets.token_hex(8)}"


def environment(tag: str) -> dict[str, str]:
    """The environment a case's program runs in: this one, marked with `tag`."""
    return {**os.environ, MARK: tag}


@contextmanager
def adopting() -> Iterator[None]:
    """While any case runs: orphans of the cases come back to this process (Linux). When the
    last one ends, what this process adopted meanwhile is killed and reaped."""
    global _users, _before
    with _lock:
        _users += 1
        if _users == 1:
            _before = set(_children(_table()))
            _subreaper(True)
    try:
        yield
    finally:
        with _lock:
            _users -= 1
            if _users == 0:
                _end(lambda table: set(_children(table)) - _before)
                _subreaper(False)


def end(tag: str) -> None:
    """Kill every process marked `tag` and all their descendants, and reap those adopted here."""
    _end(lambda table: {pid for pid in table if _marked(pid, tag)})


def _end(chosen: Callable[[Table], set[int]]) -> None:
    """Kill the processes `chosen` from the table and their descendants, and wait for them to
    die (reaping those that are this process's children); again until a round finds none
    alive (one may fork as it is killed)."""
    if not os.path.isdir("/proc"):
        return
    for _ in range(ROUNDS):
        table = _table()
        found = _with_descendants(chosen(table), table) - {os.getpid()}
        alive = {pid for pid in found if table[pid][1] != "Z"}
        for pid in alive:
            _kill(pid)
        _reap(found)
        if not alive:
            return


def _with_descendants(roots: set[int], table: Table) -> set[int]:
    """`roots` and every process below them in the table."""
    below: dict[int, list[int]] = {}
    for pid, (parent, _) in table.items():
        below.setdefault(parent, []).append(pid)
    found, todo = set(), [pid for pid in roots if pid in table]
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo.extend(below.get(pid, ()))
    return found


def _reap(dying: set[int]) -> None:
    """Wait until the `dying` processes are dead, reaping those whose parent is this process."""
    deadline = time.monotonic() + REAPING
    waiting = set(dying)
    while waiting and time.monotonic() < deadline:
        for pid in list(waiting):
            found = _stat(pid)
            if found is not None and found == (os.getpid(), "Z"):
                _wait(pid)
            if found is None or found[1] == "Z":
                waiting.discard(pid)  # dead: reaped here, or by a parent of its own
        if waiting:
            time.sleep(0.01)


def _table() -> Table:
    """Every process this one can see in /proc."""
    table: Table = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            found = _stat(int(name))
            if found is not None:
                table[int(name)] = found
    return table


def _stat(pid: int) -> tuple[int, str] | None:
    """The parent's pid and the state of process `pid`; None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            fields = file.read().rpartition(b")")[2].split()
    except OSError:
        return None
    return int(fields[1]), fields[0].decode()


def _children(table: Table) -> list[int]:
    """This process's children in the table."""
    me = os.getpid()
    return [pid for pid, (parent, _) in table.items() if parent == me]


def _marked(pid: int, tag: str) -> bool:
    """Whether process `pid` started with `MARK=tag` in its environment."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as file:
            environ = file.read()
    except OSError:
        return False  # gone, a zombie (no environment left), or another user's
    return f"\0{MARK}={tag}\0".encode() in b"\0" + environ + b"\0"


def _kill(pid: int) -> None:
    with suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


def _wait(pid: int) -> None:
    with suppress(ChildProcessError):  # reaped meanwhile by its own `Popen`
        os.waitpid(pid, os.WNOHANG)


def _subreaper(on: bool) -> None:
    """Make this process its descendants' reaper, or stop (Linux; elsewhere nothing)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes  # (Linux only, after the check above)

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0)
    except (OSError, AttributeError):
        pass  # no prctl: the marks still find the processes, and init reaps them
