"""A command run as a process with limits on time and memory, as the probes of the house's limits
run it (issue 13): no traceback, a documented exit status, the limits held."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from places import ROOT

MEMORY = 2_500_000_000
"""The address space each probe may use: the README promises about 2 GB."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def probe(
    program: str,
    *args: str,
    stdin: int | str | None = None,
    seconds: float = 60,
    stdout: int = subprocess.PIPE,
    check_traceback: bool = True,
) -> subprocess.CompletedProcess[str]:
    """`python -m program ARGS`, bounded in memory and time; a traceback fails the test (unless
    the caller checks)."""
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PYTHONPATH")}
    env["NO_COLOR"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", program, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        input=stdin if isinstance(stdin, str) else None,
        stdin=stdin if isinstance(stdin, int) else None,
        timeout=seconds,
        preexec_fn=_limited,
        check=False,
    )
    assert not check_traceback or "Traceback" not in done.stderr, done.stderr
    return done


def write(path: Path, lines: list[str]) -> str:
    """Write `lines` to `path`, each ending in a newline; the path as text."""
    path.write_text("".join(f"{line}\n" for line in lines))
    return str(path)
