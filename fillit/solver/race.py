"""Who settles a long question first? The orders of search that take turns on one core
(`fillit.solver.fits.rounds`) split between two processes, the first to settle wins.

A yes/no question (does side s fit? can the rest be completed with this piece here?) has one
answer whatever the order, so when a question is still open after a round, the process forks:
the parent keeps the favourite way (the first; it settles most questions, so alone it settles
them sooner), the child takes the other ways, and each goes on with its own rounds. The parent
asks after the child every few thousand nodes (the engine's progress poll); the first to settle
gives the outcome and the other is stopped (the child killed and reaped, whoever won). The
answer does not change: only which packing is found on the way, and the failures the child
learned, which stay in the child. Only fresh searches race: with a node budget (whose count
must be exact), without `os.fork`, or asked for one job, the ways take their turns on one core
as before.

The child reports through a pipe: the way that settled (its number in the list raced), whether
it refuted, the packing's option numbers, and its nodes. Anything else it meets (Ctrl-C, the
budget's clock, an error) ends it silently; the parent then goes on alone.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fillit.solver.packing import UNKNOWN, Outcome, Packing

RACE_CAP = 64_000
"""A question races from the round whose node cap reaches this (the sixth, from 2000): shorter
ones are settled sooner than a fork pays for itself (the parent's writes after it copy pages).
On 14 slow inputs of few shapes, raced in one process each (wall seconds, a shared machine):
12.1 s on one core; racing from 4000 on 12.4 s, from 16000 on 11.2 s, from 64000 on 10.7 s.
From 4000 on, the parent's own nodes (the run's critical path with two free cores) were 1.52
times fewer than on one core, but 55 races of one input cost more than they saved."""

Play = Callable[[Sequence[Any], Callable[[], None] | None, bool], tuple[Outcome, Any]]
"""The rest of a question's rounds with these ways, polling the given function (if any), quiet
(no progress shown) or not: the outcome and the way that settled it (None: unknown)."""


class Settled(Exception):
    """The other process settled the question first (raised inside the parent's search)."""


@dataclass
class RaceLog:
    """What the races of a run did: per question raced, the order that settled it (see
    `way_name`) and the core (0: this process, 1: the child); and the same for every question
    its rounds settled, raced or not (`questions`)."""

    jobs: int = 1
    settled: list[tuple[str, int]] = field(default_factory=list)
    questions: list[tuple[str, int]] = field(default_factory=list)
    nodes: int = 0  # the nodes of every turn so far, in this process


def way_name(way: Sequence[Any]) -> str:
    """An order of search in words: "mrv by rows", "sweep by columns, witness first"...

    >>> way_name(((), "sweep", "columns", 2, None))
    'sweep by columns'
    """
    prefer, choose, sweep = way[0], way[1], way[2]
    return f"{choose} by {sweep}" + (", witness first" if prefer else "")


def idle_core() -> bool:
    """Whether another core is likely free: the load of the last minute leaves one (a race on a
    busy machine takes as long as one core, or longer: the child's work is not free there).

    >>> isinstance(idle_core(), bool)
    True
    """
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # (no load average on this system: assume a free core)
        return True
    return load < (os.cpu_count() or 1) - 0.5


def can_race(packing: Packing, nodes_budget: int | None, ways: Sequence[Any]) -> bool:
    """Whether a question on this packing may race: two jobs asked, fork at hand, no node
    budget, at least two ways that never leave, and a core free."""
    log: RaceLog | None = getattr(packing, "races", None)
    staying = [way for way in ways if way[4] is None]
    return (
        log is not None
        and log.jobs > 1
        and hasattr(os, "fork")
        and nodes_budget is None
        and len(staying) >= 2
        and idle_core()
    )


def race(packing: Packing, ways: Sequence[Any], play: Play) -> tuple[Outcome, int, int, int]:
    """The outcome of the first process to settle the question, the way that did (its number in
    `ways`, -1: none), the core that did (0: this process, 1: the child), and the nodes the
    child spent when it won (0 otherwise)."""
    staying = [way for way in ways if way[4] is None]
    theirs = staying[1:]
    mine = [way for way in ways if way not in theirs]
    read_end, write_end = os.pipe()
    # Ctrl-C waits until the parent is inside the `try` that stops the child: one landing just
    # before the fork would reach the parent alone and leave the child running on.
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pid = os.fork()
    except OSError:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        os.close(read_end)
        os.close(write_end)
        raise
    if pid == 0:  # the child: its rounds, its report, and out without any cleanup of the parent's
        os.close(read_end)
        _child(packing, ways, theirs, play, write_end)
    try:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        os.close(write_end)
        return _parent(packing, ways, mine, play, read_end)
    finally:
        _stop(pid)
        os.close(read_end)


def _child(
    packing: Packing, ways: Sequence[Any], theirs: Sequence[Any], play: Play, out: int
) -> None:
    """Play the child's ways, write what settled the question, and exit (never returns)."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: the child just ends
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        nodes = _nodes(packing)
        outcome, way = play(theirs, _never, True)  # (given a poll, the child never races)
        if way is not None:
            number = packing.problem.option_number
            found = None if outcome.packing is None else [number(k) for k in outcome.packing]
            report = {
                "way": list(ways).index(way),
                "refuted": outcome.refuted,
                "packing": found,
                "nodes": _nodes(packing) - nodes,
            }
            import json  # only a child that settled writes it: start-up stays without

            data = json.dumps(report).encode()
            while data:
                data = data[os.write(out, data) :]
            status = 0
    finally:
        os._exit(status)


def _never() -> None:
    """The child's poll: nothing to ask (a side given a poll does not race again)."""


def _nodes(packing: Packing) -> int:
    """The nodes this process's searches of `packing` checked so far (as its race log counts)."""
    log: RaceLog | None = getattr(packing, "races", None)
    return 0 if log is None else log.nodes


def _parent(
    packing: Packing, ways: Sequence[Any], mine: Sequence[Any], play: Play, child: int
) -> tuple[Outcome, int, int, int]:
    """Play the parent's ways, polling the child; the first outcome, its way, core and the
    child's nodes."""

    def poll() -> None:
        if select.select([child], [], [], 0)[0]:
            raise Settled

    try:
        outcome, way = play(mine, poll, False)
    except Settled:
        won = _read(packing, child)
        if won is not None:
            return won
        outcome, way = play(mine, None, False)  # the child ended without an answer: alone
    if way is None:
        return UNKNOWN, -1, 0, 0
    return outcome, list(ways).index(way), 0, 0


def _read(packing: Packing, child: int) -> tuple[Outcome, int, int, int] | None:
    """The child's outcome, way, core (1) and nodes, or None if it ended without one."""
    data = b""
    while chunk := os.read(child, 1 << 16):
        data += chunk
    if not data:
        return None
    import json  # only a race the child won reads it: start-up stays without

    report = json.loads(data)
    keys = packing.problem.keys
    found = report["packing"]
    outcome = Outcome(None if found is None else tuple(keys[k] for k in found), report["refuted"])
    return outcome, int(report["way"]), 1, int(report["nodes"])


def _stop(pid: int) -> None:
    """Kill the child (it may be gone already) and reap it."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
