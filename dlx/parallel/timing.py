"""Where does a parallel run's time go? Each part's outcome says which worker searched it, when
it began and how long it took (`dlx.parallel.executors.timed`); `Timing` adds them up per
worker, so that a run can tell how long each worker was busy and how long it waited: at the
start (before its first part came), between parts (a part out and back, the parent's turn) and
at the end (after its last part, while others finished theirs), with the parts sent, how many
a second the parent served, and the parent's own processor time.

The times are the workers' wall clocks (`time.time`): on one machine they are the parent's; on
a cluster they are as close as the machines' clocks are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


@dataclass
class Worked:
    """What one worker did: its parts, the seconds it spent searching them (and of those, the
    seconds its thread had a processor), and when (by the wall clock) its first part began and
    its last one ended."""

    parts: int = 0
    busy: float = 0.0
    cpu: float = 0.0
    first: float = math.inf
    last: float = 0.0


@dataclass(frozen=True)
class Idle:
    """A worker's seconds without a part: before its first, between its parts, after its last."""

    start: float
    between: float
    end: float

    @property
    def total(self) -> float:
        """All its seconds without a part."""
        return self.start + self.between + self.end


@dataclass
class Timing:
    """How a run's workers spent its time (see the module's docstring). `workers` is the most
    workers its pool had; those never sent a part waited the whole run."""

    began: float = 0.0  # the run's start and end, by the wall clock
    ended: float = 0.0
    workers: int = 0
    sent: int = 0  # parts sent and come back (a part may be a run of subtrees)
    parent: float = 0.0  # the parent's processor seconds, the parts it searched itself left out
    worked: dict[str, Worked] = field(default_factory=dict)

    def add(self, worker: str, began: float, busy: float, cpu: float) -> None:
        """Count a part that `worker` began at `began` (wall clock) and searched for `busy`
        seconds, `cpu` of them on a processor."""
        done = self.worked.setdefault(worker, Worked())
        done.parts += 1
        done.busy += busy
        done.cpu += cpu
        done.first = min(done.first, began)
        done.last = max(done.last, began + busy)
        self.sent += 1

    @property
    def seconds(self) -> float:
        """The run's wall-clock seconds."""
        return max(self.ended - self.began, 0.0)

    def idle(self) -> list[Idle]:
        """Each worker's seconds without a part, those never sent one included."""
        whole = self.seconds
        idle = []
        for done in self.worked.values():
            start = min(max(done.first - self.began, 0.0), whole)
            end = min(max(self.ended - done.last, 0.0), whole - start)
            idle.append(Idle(start, max(whole - start - end - done.busy, 0.0), end))
        unused = max(self.workers - len(self.worked), 0)
        return idle + [Idle(whole, 0.0, 0.0)] * unused

    def on_processor(self) -> float:
        """The share of the workers' busy seconds their threads had a processor (less than
        1.0: other work, or more workers than cores, took turns with them)."""
        busy = sum(done.busy for done in self.worked.values())
        return sum(done.cpu for done in self.worked.values()) / busy if busy else 1.0

    def busy(self) -> float:
        """The share of the workers' time spent searching (1.0: none ever waited)."""
        seconds = max(self.workers, len(self.worked)) * self.seconds
        return sum(done.busy for done in self.worked.values()) / seconds if seconds else 0.0
