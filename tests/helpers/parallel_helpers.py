"""Pruning checks for the parallel tests, importable by worker processes (and Dask's)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path


class KillOnce:
    """Accepts every node, but the first time a worker process (not the one that made it) meets
    a node at `depth` or deeper, it leaves the `marker` file and kills that process at once."""

    def __init__(self, marker: Path, depth: int) -> None:
        self.marker = str(marker)
        self.depth = depth
        self.parent = os.getpid()

    def __call__(self, options: Sequence[int]) -> bool:
        if len(options) >= self.depth and os.getpid() != self.parent:
            try:
                fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                return True
            os.close(fd)
            os._exit(17)
        return True


def odd_first(options: Sequence[int]) -> bool:
    """A real pruning check: a first option with an odd number is cut off."""
    return not options or options[0] % 2 == 0


class BreaksInWorkers:
    """A pruning check with a bug that shows only in worker processes, at depth 3."""

    def __init__(self) -> None:
        self.parent = os.getpid()

    def __call__(self, options: Sequence[int]) -> bool:
        if len(options) >= 3 and os.getpid() != self.parent:
            raise RuntimeError("the check broke")
        return True


SEEN: set[int] = set()
"""The processes `note_process` ran in, as this process sees them (a worker notes its own)."""


def note_process(options: Sequence[int]) -> bool:
    """Accepts every node, noting the process that checked it in `SEEN`."""
    SEEN.add(os.getpid())
    return True
