"""What does a request ask for? A puzzle in a format `dlx tile` reads (a picture or Knuth's spec
lines), read by the same parsers and limits as the command line, with the options the page sets:
the command's `--grid`, `--no-rotate`, `--no-flip` / `--mirror` and `--unique`, and what the
command line cannot say, a piece that may not turn or flip while the others may.

>>> job = read_job({"puzzle": "board 2x3\\npieces trominoes\\n", "mode": "count"})
>>> puzzle = puzzle_of(job)
>>> puzzle.pieces, job.mode
(['I', 'L'], 'count')
>>> read_job({"puzzle": 3})
Traceback (most recent call last):
    ...
dlx.studio.puzzle.RequestError: "puzzle" must be text (a picture or Knuth's spec lines)
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

from dlx.programs.files import MAX_PUZZLE_BYTES
from dlx.tiling import Puzzle
from dlx.tiling.model import MAX_PIECES

MODES = ("solve", "count", "unique", "all", "fillit")
"""solve: the first solution; count: all, counted; unique: counted up to the puzzle's
symmetries; all: every solution kept (up to `cap`) for browsing; fillit: a fillit input's
canonical answer."""
MAX_CAP = 10_000
"""The most solutions one search keeps for browsing."""
MAX_BODY = 2 * MAX_PUZZLE_BYTES + 64 * 1024
"""The largest request body: the largest puzzle file `dlx tile` reads as a JSON string (each
line's end, a quote or a backslash written as two characters), and room for options."""


class RequestError(ValueError):
    """A request the server cannot take; the message names the rule, `status` the HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Job:
    """One search asked for: the puzzle's text, its options and what to find."""

    text: str
    mode: str = "solve"
    grid: str | None = None
    rotate: bool = True
    flip: bool | None = None
    """Reflections allowed (None: as `dlx tile` by default, in 2D and not for cubes)."""
    fixed: dict[str, tuple[bool, bool]] = field(default_factory=dict)
    cap: int = 1000


def read_job(data: Any) -> Job:
    """The job of a request's JSON object, every field checked."""
    if not isinstance(data, dict):
        raise RequestError("the request must be a JSON object")
    text = data.get("puzzle")
    if not isinstance(text, str):
        raise RequestError('"puzzle" must be text (a picture or Knuth\'s spec lines)')
    if len(text.encode("utf-8", "surrogatepass")) > MAX_PUZZLE_BYTES:
        raise RequestError(f"the puzzle is larger than {MAX_PUZZLE_BYTES} bytes", 413)
    mode = data.get("mode", "solve")
    if mode not in MODES:
        raise RequestError(f'"mode" must be one of {", ".join(MODES)}')
    grid = data.get("grid")
    if grid is not None and not isinstance(grid, str):
        raise RequestError('"grid" must be a grid\'s name or null')
    cap = data.get("cap", 1000)
    if not isinstance(cap, int) or isinstance(cap, bool) or not 1 <= cap <= MAX_CAP:
        raise RequestError(f'"cap" must be a whole number from 1 to {MAX_CAP}')
    flip = None if data.get("flip") is None else _flag(data, "flip")
    return Job(text, mode, grid or None, _flag(data, "rotate"), flip, _fixed(data), cap)


def _flag(data: dict[str, Any], name: str) -> bool:
    """A true/false field, true when absent."""
    value = data.get(name, True)
    if not isinstance(value, bool):
        raise RequestError(f'"{name}" must be true or false')
    return value


def _fixed(data: dict[str, Any]) -> dict[str, tuple[bool, bool]]:
    """The pieces whose turning or flipping differs from the puzzle's: name -> (rotate, flip)."""
    fixed = data.get("pieces", {})
    if not isinstance(fixed, dict) or len(fixed) > MAX_PIECES:
        raise RequestError(f'"pieces" must map at most {MAX_PIECES} piece names to options')
    found: dict[str, tuple[bool, bool]] = {}
    for name, options in fixed.items():
        if not isinstance(options, dict):
            raise RequestError(f'"pieces": the options of {name[:30]!r} must be an object')
        found[name] = (_flag(options, "rotate"), _flag(options, "flip"))
    return found


def puzzle_of(job: Job) -> Puzzle:
    """The job's puzzle, read as `dlx tile` reads a file, with the job's options set."""
    # without a flip asked for, as `dlx tile` by default: reflections in the plane, not in space
    flip = (True, False) if job.flip is None else (job.flip, job.flip)
    return Puzzle.read(
        job.text,
        job.grid,
        rotations=job.rotate,
        reflections=flip[0],
        mirror=flip[1],
        turns=job.fixed,
    )


FILLIT_BYTES = 545
"""fillit's largest valid input (26 blocks): a longer one is refused before fillit runs."""


def fillit_answer(
    text: Any, timeout: float, max_nodes: int | None = None
) -> tuple[list[str], int] | None:
    """The canonical answer of a fillit input, as the `fillit` program prints it, and the search
    nodes it took (0: decided without a search): `fillit stats --json`, its own parser, limits
    and search, run as a program (dlx imports nothing of fillit, which is built on it); None
    when `max_nodes` ran out first; a RequestError with fillit's reason for an input it
    refuses."""
    if not isinstance(text, str):
        raise RequestError('"puzzle" must be the text of a fillit input')
    if len(text.encode("utf-8", "surrogatepass")) > FILLIT_BYTES:
        raise RequestError(f"a fillit input has at most {FILLIT_BYTES} bytes", 413)
    command = [sys.executable, "-m", "fillit", "stats", "--json", "--jobs", "1"]
    command += ["--timeout", f"{timeout:g}", "-"]
    if max_nodes is not None:
        command[-1:-1] = ["--max-nodes", str(max_nodes)]
    try:
        done = subprocess.run(
            command, input=text, capture_output=True, text=True, timeout=timeout + 10, check=False
        )
    except subprocess.TimeoutExpired:
        raise RequestError("fillit did not answer in time", 503) from None
    reason = done.stderr.strip().removeprefix("fillit: ")
    if done.returncode == 1:
        raise RequestError(f"not a fillit input: {reason}")
    if done.returncode == 3 and max_nodes is not None:
        return None
    if done.returncode != 0:
        raise RequestError(f"fillit: {reason or f'exit status {done.returncode}'}", 503)
    stats = json.loads(done.stdout)
    nodes = sum(attempt["nodes"] for attempt in stats["attempts"]) + stats["canonical"]["nodes"]
    return stats["rows"], nodes
