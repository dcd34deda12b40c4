"""`fillit check` leaves nothing of the program under test running once it ends, whatever the
program did: a double fork into a new session, SIGTERM ignored, its output closed or held open,
even its environment wiped (issue 27). Linux only: elsewhere just the process group is killed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from places import ROOT
from processes import running_with

from fillit.tools import judge
from fillit.tools.judge_cases import Case

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

ESCAPES = {
    "output-closed": '( setsid sh -c "$LOOP" {marker} </dev/null >/dev/null 2>&1 & )',
    "output-held": '( setsid sh -c "$LOOP" {marker} & )',
    "environment-wiped": '( setsid env -i sh -c "$LOOP" {marker} </dev/null >/dev/null 2>&1 & )',
}
"""How the program's grandchild escapes: a subshell that exits at once (a double fork) starts it
in a new session, where it ignores SIGTERM and sleeps on; `marker` names it on its command line."""


def escaping_program(folder: Path, how: str, marker: str) -> Path:
    """A fillit that prints a wrong answer and leaves a process behind as ESCAPES[how] says."""
    program = folder / "escaping.sh"
    loop = "trap '' TERM HUP INT; while :; do sleep 1; done"
    program.write_text(
        f'#!/bin/sh\nLOOP="{loop}"\n{ESCAPES[how].format(marker=marker)}\necho wrong\n'
    )
    program.chmod(0o755)
    return program


@pytest.fixture
def marker(tmp_path: Path) -> Iterator[str]:
    """A name no other process has; whatever still carries it after the test is killed."""
    name = f"escaped-{os.getpid()}-{tmp_path.name}"
    yield name
    for pid in running_with(name):
        os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("how", list(ESCAPES))
def test_check_leaves_none_of_the_programs_processes(tmp_path: Path, how: str, marker: str) -> None:
    program = escaping_program(tmp_path, how, marker)
    check = ["check", "--cases", "0", "--jobs", "2", "--timeout", "5", "--plain"]
    done = subprocess.run(
        [sys.executable, "-m", "fillit", *check, "--", str(program)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 1, done.stderr  # every case wrong: the program ran on each
    assert " wrong" in done.stdout
    assert running_with(marker) == []


def test_ctrl_c_during_a_check_leaves_none_of_them(tmp_path: Path, marker: str) -> None:
    """Ctrl-C (to the whole group) while the cases run: one line, exit 130, nothing left."""
    program = tmp_path / "slow_escaping.sh"
    loop = "trap '' TERM HUP INT; while :; do sleep 1; done"
    program.write_text(
        f'#!/bin/sh\n( setsid sh -c "{loop}" {marker} </dev/null >/dev/null 2>&1 & )\n'
        f"sh -c 'sleep 60' {marker}-waiting\necho wrong\n"
    )
    program.chmod(0o755)
    check = ["check", "--cases", "0", "--jobs", "2", "--timeout", "90", "--plain"]
    child = subprocess.Popen(
        [sys.executable, "-m", "fillit", *check, "--", str(program)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while len(running_with(marker)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)  # until the program has started, and escaped
    os.killpg(child.pid, signal.SIGINT)
    _, stderr = child.communicate(timeout=60)
    assert (child.returncode, stderr.decode()) == (130, "fillit: interrupted\n")
    assert running_with(marker) == []


def test_a_case_ends_what_it_started_and_reaps_it(tmp_path: Path, marker: str) -> None:
    """Run in this process: the case's escaped process is killed before the outcome comes back,
    and nothing of it is left a zombie here."""
    program = escaping_program(tmp_path, "output-closed", marker)
    outcome = judge.run([str(program)], Case("small", "", ""), timeout=20)
    assert outcome.received == "wrong\n"
    assert running_with(marker) == []
    assert zombie_children() == []


def test_cases_in_parallel_end_only_their_own(tmp_path: Path, marker: str) -> None:
    """A case's sweep spares the processes of a case still running beside it."""
    slow = tmp_path / "slow.sh"
    slow.write_text(f"#!/bin/sh\nsh -c 'sleep 3' {marker}-slow\necho done\n")
    slow.chmod(0o755)
    quick = escaping_program(tmp_path, "output-closed", marker)
    results: list[judge.Outcome] = []
    beside = threading.Thread(
        target=lambda: results.append(judge.run([str(slow)], Case("slow", "", "done\n"), 30))
    )
    beside.start()
    time.sleep(0.5)
    judge.run([str(quick)], Case("quick", "", ""), timeout=20)
    beside.join()
    assert results[0].verdict is judge.Verdict.OK  # its `sleep` was not killed by the other case
    assert running_with(marker) == []


def zombie_children() -> list[int]:
    """This process's children that have died and were never reaped."""
    me = str(os.getpid())
    zombies = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if entry.name.isdigit() and fields[0] == "Z" and fields[1] == me:
            zombies.append(int(entry.name))
    return zombies
