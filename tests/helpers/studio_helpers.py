"""What the studio's tests share: a real `dlx studio` server in a subprocess (for what an ASGI
test client cannot show: searches stopped mid-way, their processes gone, a browser's page), and
the processes a server holds."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest
from places import ROOT

PENTOMINOES_6X10 = "; the twelve pentominoes in a 6x10 box\nboard 6x10\npieces pentominoes\n"
ENDLESS = "; two sets of pentominoes in a 10x12 box\nboard 10x12\npieces pentominoes pentominoes\n"
"""A count that runs for hours: a search still running a few seconds on, however fast the
engine gets (6x10's count, 0.5 s now, ended before tests that watched it running looked)."""


LAUNCH = """
import sys
from dlx.cli.studio import _listen, _survive_closed_connections
from dlx.studio.runs import Settings
from dlx.studio.serve import serve
listener = _listen("127.0.0.1", 0)
print(f"dlx studio: http://127.0.0.1:{listener.getsockname()[1]}/ (settings)", flush=True)
_survive_closed_connections()
try:
    serve(Settings(**eval(sys.argv[1])), True, listener)
except KeyboardInterrupt:
    sys.exit(130)
"""
"""`dlx studio` as its command serves, with settings the command line does not offer."""


@contextmanager
def studio_server(
    *args: str, settings: dict[str, float] | None = None
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`dlx studio --no-browser --port 0 ARGS` running (with `settings`, the studio served as
    the command serves it, with those settings): its address and process; ended by Ctrl-C
    (SIGINT) afterwards, as a person ends it."""
    command = ["-m", "dlx", "studio", "--no-browser", "--port", "0", *args]
    if settings is not None:
        command = ["-c", LAUNCH, repr(settings)]
    process = subprocess.Popen(
        [sys.executable, *command],
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


def memory(pid: int) -> dict[str, int]:
    """The resident memory of process `pid` in bytes, now (`VmRSS`) and at its peak (`VmHWM`)."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) * 1024
    return found


def browser_or_skip() -> tuple[ModuleType, str]:
    """Playwright's sync API and Debian's chromium, for a module of page tests; the module is
    skipped where the studio extra, playwright, chromium or /proc (which the tests read
    processes from) is missing."""
    pytest.importorskip("starlette", reason="the studio extra is not installed")
    playwright = pytest.importorskip(
        "playwright.sync_api", reason="playwright (the studio-test extra) is not installed"
    )
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed", allow_module_level=True)
    if not Path("/proc/self/stat").exists():
        pytest.skip("the tests read processes from /proc", allow_module_level=True)
    return playwright, chromium
