"""What a person sees while a long search runs: on a terminal, once the search has run half a
second, one line on standard error kept current (nodes, solutions, nodes per second, the time,
and Knuth's estimate of the share of the tree done where the search can tell), erased when the
search ends; nothing when standard error is not a terminal. A search calls the line at its
progress polls, every few thousand nodes; the line redraws at most ten times a second.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from dlx.stats import Stats

TYPE_CHECKING = False  # as typing's, which `dlx solve`'s plain start does not load
if TYPE_CHECKING:
    from typing import TextIO

DELAY = 0.5
"""Seconds of search before the line appears: shorter runs show nothing."""
REDRAW = 0.1
"""Seconds between two drawings of the line."""


def on_terminal(stream: TextIO | None) -> bool:
    """Whether `stream` is a terminal, as rich decides it (`TTY_COMPATIBLE`, `FORCE_COLOR`); a
    closed stream is none."""
    forced = os.environ.get("TTY_COMPATIBLE")
    if forced in ("0", "1"):
        return forced == "1"
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # (closed)
        return False


def styled(stream: TextIO | None, plain: bool = False) -> bool:
    """Whether to draw in colour on `stream`, the one decision of both programs: never with
    `--plain` or `NO_COLOR`, else where `stream` is a terminal (or `FORCE_COLOR` says so)."""
    return not (plain or os.environ.get("NO_COLOR")) and on_terminal(stream)


class LiveLine:
    """The progress hook that draws the line on `stream`."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.drawn = 0.0  # when the line was last drawn (0: never)

    def __call__(self, stats: Stats) -> None:
        now = time.monotonic()
        if stats.seconds < DELAY or now - self.drawn < REDRAW:
            return
        self.drawn = now
        self.stream.write(f"\r{describe(stats)}\x1b[K")
        self.stream.flush()

    def erase(self) -> None:
        """Take the line away, if it is drawn (before anything else is written)."""
        if self.drawn:
            self.drawn = 0.0
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def describe(stats: Stats) -> str:
    """The line's words for a search's counters so far.

    >>> describe(Stats(nodes=12_345_678, solutions=9_356, seconds=2.0, share=0.4251))
    '12,345,678 nodes, 9,356 solutions, 6,172,839 nodes/s, 2.0 s, about 42.5% done'
    """
    rate = stats.nodes / stats.seconds if stats.seconds > 0 else 0.0
    words = [
        f"{stats.nodes:,} nodes",
        f"{stats.solutions:,} solutions",
        f"{rate:,.0f} nodes/s",
        f"{stats.seconds:.1f} s",
    ]
    if stats.share is not None:
        words.append(f"about {stats.share:.1%} done")
    return ", ".join(words)


@contextmanager
def live_line(printing: bool = False) -> Iterator[LiveLine | None]:
    """The progress hook of a search whose line a terminal shows (None elsewhere, and where
    solutions are `printing` as they come on the same terminal: they show the progress); the
    line is erased however the search ends."""
    stream = sys.stderr
    if not on_terminal(stream) or (printing and on_terminal(sys.stdout)):
        yield None
        return
    line = LiveLine(stream)
    try:
        yield line
    finally:
        line.erase()
