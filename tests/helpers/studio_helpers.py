"""What the studio's tests share: a real `dlx studio` server in a subprocess (for what an ASGI
test client cannot show: searches stopped mid-way, their processes gone, a browser's page), and
the processes a server holds."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PENTOMINOES_6X10 = "; the twelve pentominoes in a 6x10 box\nboard 6x10\npieces pentominoes\n"


@contextmanager
def studio_server(*args: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`dlx studio --no-browser --port 0 ARGS` running: its address and process; ended by
    Ctrl-C (SIGINT) afterwards, as a person ends it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "dlx", "studio", "--no-browser", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("dlx studio: http://"), line + process.stderr.read()  # type: ignore[union-attr]
        yield line.split()[2], process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def descendants(pid: int) -> set[int]:
    """Every living process below `pid` (Linux: read from /proc), zombies left out."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rpartition(")")[2].split()
        if fields[0] != "Z":
            parents.setdefault(int(fields[1]), []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def niceness(pid: int) -> int:
    """The nice value of process `pid` (field 19 of /proc/PID/stat)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[16])
