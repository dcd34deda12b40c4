"""The probes of issue 13, each run as a process with limits on time and memory: no traceback, a
documented exit status, the limits held."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from probes import ROOT, probe, write


def test_three_options_naming_ten_thousand_items_are_solved_in_linear_memory(
    tmp_path: Path,
) -> None:
    items = [f"i{k}" for k in range(10_000)]
    file = write(tmp_path / "wide.dlx", [" ".join(items)] + [" ".join(items)] * 3)
    done = probe("dlx", "solve", "--count", file, seconds=60)
    assert (done.returncode, done.stdout) == (0, "3\n")


def test_two_hundred_thousand_items_with_an_option_each(tmp_path: Path) -> None:
    items = [f"i{k}" for k in range(200_000)]
    file = write(tmp_path / "many.dlx", [" ".join(items), *items])
    done = probe("dlx", "solve", "--count", "--timeout", "20", file, seconds=60)
    assert (done.returncode, done.stdout) in ((0, "1\n"), (3, ""))


def test_the_timeout_covers_reading_and_building(tmp_path: Path) -> None:
    """Three million one-item options (over the limit of options, which takes a while to reach):
    --timeout 2 stops the run in about 2 s, reading included."""
    file = tmp_path / "long.dlx"
    file.write_text("a\n" + "a\n" * 3_000_000)
    started = time.monotonic()
    done = probe("dlx", "solve", "--timeout", "2", str(file), seconds=60)
    assert time.monotonic() - started < 10
    assert (done.returncode, done.stdout) in ((3, ""), (1, ""))
    assert done.stderr.count("\n") == 1


def test_queens_800_stop_within_their_timeout() -> None:
    """The largest board allowed takes longer than a second to build: the timeout stops that."""
    started = time.monotonic()
    done = probe("dlx", "queens", "800", "--timeout", "1", seconds=60)
    assert time.monotonic() - started < 8
    assert (done.returncode, done.stdout) == (3, "")
    assert done.stderr == "dlx: unknown: the timeout ran out\n"


def test_queens_beyond_the_limit_are_refused_at_once() -> None:
    done = probe("dlx", "queens", "1" + "0" * 30, seconds=30)
    assert (done.returncode, done.stdout) == (1, "")
    assert "(the limit)" in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize("n", [8, 9])
def test_skyscrapers_with_too_many_line_placements_are_refused_at_once(n: int) -> None:
    clues = " ".join(["2"] * n + ["0"] * n + ["2"] * n + ["0"] * n)
    done = probe("dlx", "skyscrapers", clues, "--timeout", "2", seconds=30)
    assert (done.returncode, done.stdout) == (1, "Error\n")
    assert "(the limit)" in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["fillit", "solve", "corpus/fillit/valid/readme_example.txt"],
        ["dlx", "queens", "4"],
        ["dlx", "--help"],
        ["dlx", "--version"],
        ["fillit", "--version"],
    ],
    ids=" ".join,
)
def test_a_full_disk_on_standard_output_is_one_line_and_exit_1(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PYTHONPATH")}
        done = subprocess.run(
            [sys.executable, "-m", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "No space left on device" in done.stderr


def _closed(fd: int) -> None:
    os.close(fd)


@pytest.mark.parametrize(
    ("program", "stdout"), [("fillit", "error\n"), ("dlx", "")], ids=["fillit", "dlx"]
)
def test_a_closed_standard_input_is_bad_input(program: str, stdout: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PYTHONPATH")}
    done = subprocess.run(
        [sys.executable, "-m", program, "solve", "-"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        preexec_fn=lambda: _closed(0),
        check=False,
    )
    assert (done.returncode, done.stdout) == (1, stdout)
    assert done.stderr.endswith("standard input is closed\n") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("program", ["fillit", "dlx"])
def test_a_closed_standard_output_is_one_line_and_exit_1(program: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PYTHONPATH")}
    done = subprocess.run(
        [sys.executable, "-m", program, "--version"],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        preexec_fn=lambda: _closed(1),
        check=False,
    )
    assert (done.returncode, done.stderr) == (1, f"{program}: standard output is closed\n")


@pytest.mark.parametrize("delay", [0.3, 1.5], ids=["starting", "searching"])
def test_ctrl_c_exits_130_with_one_line(delay: float) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PYTHONPATH")}
    child = subprocess.Popen(
        [sys.executable, "-m", "dlx", "queens", "16", "--count"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    time.sleep(delay)
    child.send_signal(signal.SIGINT)
    stdout, stderr = child.communicate(timeout=60)
    assert "Traceback" not in stderr
    assert (child.returncode, stdout) == (130, "")
    assert stderr in ("dlx: interrupted\n", "")


@pytest.mark.parametrize("form", [["--count"], ["--json"], []], ids=["count", "json", "plain"])
def test_a_budget_stopped_solve_prints_no_answer(form: list[str]) -> None:
    done = probe("dlx", "solve", *form, "--max-nodes", "5", "corpus/dlx/queens4.dlx")
    assert done.returncode == 3
    if form == ["--json"]:
        report = json.loads(done.stdout)
        assert (report["status"], report["nodes"], "count" in report) == ("unknown", 5, False)
    else:
        assert done.stdout == ""
    assert done.stderr == "dlx: unknown: stopped by a budget after 5 nodes\n"


@pytest.mark.parametrize(
    ("app", "args"),
    [
        ("dlx", ["solve", "--timeout", "0.3", "no_such.dlx"]),
        ("fillit", ["solve", "--timeout", "0.3", "no_such.txt"]),
    ],
)
def test_the_timeouts_alarm_never_outlives_its_command(app: str, args: list[str]) -> None:
    """A command that ends early (here on a missing file) disarms its alarm: nothing goes off
    later in the process that ran it."""
    from commands import invoke_dlx, invoke_fillit

    result = (invoke_dlx if app == "dlx" else invoke_fillit)(args)
    assert result.exit_code == 1
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    time.sleep(0.4)
