"""Who settles a long question first? The orders of search that take turns on one core
(`fillit.solver.questions.square_fits.rounds`) split between two processes, the first to settle
wins.

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

A race knows nothing of what a way is: `fillit.solver.questions.square_fits` gives it the two lists
of ways and a `Side`, the rest of the question's rounds, which each process plays with its own list.
The child reports through a pipe: the way that settled (its number in the child's list), whether it
refuted, the packing's option numbers, and its nodes. Anything else it meets (Ctrl-C, the budget's
clock, an error) ends it silently; the parent then goes on alone."""

from __future__ import annotations

import contextlib
import os
import select
import signal
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from fillit.solver.board.packing import UNKNOWN, Outcome, Packing

RACE_CAP = 64_000
"""A question races from the round whose node cap reaches this (the sixth, from 2000): shorter
ones are settled sooner than a fork pays for itself (the parent's writes after it copy pages).
On 14 slow inputs of few shapes, raced in one process each (wall seconds, a shared machine):
12.1 s on one core; racing from 4000 on 12.4 s, from 16000 on 11.2 s, from 64000 on 10.7 s.
From 4000 on, the parent's own nodes (the run's critical path with two free cores) were 1.52
times fewer than on one core, but 55 races of one input cost more than they saved."""

W = TypeVar("W")
"""A way: whatever the side plays its rounds with (`fillit.solver.questions.orders.Way`)."""


class Side(Protocol[W]):
    """What each process of a race plays: the rest of one question's rounds."""

    def play(
        self, ways: Sequence[W], poll: Callable[[], None] | None, quiet: bool
    ) -> tuple[Outcome, W | None]:
        """The rest of the question's rounds with these `ways`, asking `poll` (if given) at each
        of the engine's polls, quiet (no progress shown) or not: the outcome and the way that
        settled it (None: unknown)."""
        ...

    def nodes(self) -> int:
        """The nodes of the question's turns so far, in this process."""
        ...


class Won(Generic[W]):
    """How a race ended: the `outcome` of the first process to settle the question, the `way`
    that did (None: neither did), the `core` that did (0: this process, 1: the child), and the
    `nodes` the child spent when it won (0 otherwise)."""

    __slots__ = ("outcome", "way", "core", "nodes")

    def __init__(
        self, outcome: Outcome, way: W | None = None, core: int = 0, nodes: int = 0
    ) -> None:
        self.outcome = outcome
        self.way = way
        self.core = core
        self.nodes = nodes


class Settled(Exception):
    """The other process settled the question first (raised inside the parent's search)."""


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


def can_race(jobs: int, nodes_budget: int | None, staying: int) -> bool:
    """Whether a question may race: two `jobs` asked, fork at hand, no node budget, at least two
    ways that never leave (`staying`), and a core free."""
    return (
        jobs > 1 and hasattr(os, "fork") and nodes_budget is None and staying >= 2 and idle_core()
    )


def race(packing: Packing, side: Side[W], mine: Sequence[W], theirs: Sequence[W]) -> Won[W]:
    """The first process to settle the question on `packing`: this one playing `side` with
    `mine`, or a child forked to play it with `theirs`."""
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
        _child(packing, side, theirs, write_end)
    try:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        os.close(write_end)
        return _parent(packing, side, mine, theirs, read_end)
    finally:
        _stop(pid)
        os.close(read_end)


def _child(packing: Packing, side: Side[W], theirs: Sequence[W], out: int) -> None:
    """Play `theirs`, write what settled the question, and exit (never returns)."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C: the child just ends
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        nodes = side.nodes()
        outcome, way = side.play(theirs, _never, True)  # (given a poll, the child never races)
        if way is not None:
            number = packing.problem.option_number
            found = None if outcome.packing is None else [number(k) for k in outcome.packing]
            report = {
                "way": next(k for k, other in enumerate(theirs) if other is way),
                "refuted": outcome.refuted,
                "packing": found,
                "nodes": side.nodes() - nodes,
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


def _parent(
    packing: Packing, side: Side[W], mine: Sequence[W], theirs: Sequence[W], child: int
) -> Won[W]:
    """Play `mine`, polling the child: the first to settle."""

    def poll() -> None:
        if select.select([child], [], [], 0)[0]:
            raise Settled

    try:
        outcome, way = side.play(mine, poll, False)
    except Settled:
        won = _read(packing, theirs, child)
        if won is not None:
            return won
        outcome, way = side.play(mine, None, False)  # the child ended without an answer: alone
    return Won(UNKNOWN) if way is None else Won(outcome, way)


def _read(packing: Packing, theirs: Sequence[W], child: int) -> Won[W] | None:
    """What the child settled (on core 1), or None if it ended without an answer."""
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
    return Won(outcome, theirs[int(report["way"])], 1, int(report["nodes"]))


def _stop(pid: int) -> None:
    """Kill the child (it may be gone already) and reap it."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
