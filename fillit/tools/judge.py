"""Judging a fillit program: run it on cases whose answers are known (`fillit.tools.judge_cases`),
and give each a verdict.

The program under test is run once per case as `PROGRAM ARGS FILE`, with no shell, in a temporary
folder of its own holding FILE, standard input closed, standard error discarded, standard
output read up to OUTPUT_CAP bytes, and `FILLIT_CHECK_CASE` added to its environment (the mark of
its processes, `fillit.tools.reaper`). Its verdict:

- `ok`: standard output is exactly the expected text (the exit status does not matter);
- `wrong`: it differs, or the program printed more than OUTPUT_CAP bytes (it is then stopped);
- `timeout`: the program ran past its time (it is then killed);
- `crash`: the program was killed by a signal (a segmentation fault, an abort...).

Once a case ends, nothing the program started is left running: its process group is killed,
and on Linux every process it started, whatever group or session it moved to
(`fillit.tools.reaper`, which says what holds elsewhere).
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from fillit.tools import reaper
from fillit.tools.judge_cases import Case

OUTPUT_CAP = 64 * 1024
"""Bytes of standard output read at most; the longest right answer (26 pieces) has 132."""

POLL = 0.05
"""Seconds between looks, while the program prints nothing, at whether the run is called off and
whether the program has exited with its output still held open (by a process it left behind,
which is then killed)."""


class JudgeError(ValueError):
    """The program to judge cannot be run: it is missing or not executable."""


class Stopped(Exception):
    """The run was called off (Ctrl-C); its program has been killed."""


class Verdict(StrEnum):
    """How a program did on one case."""

    OK = "ok"
    WRONG = "wrong"
    TIMEOUT = "timeout"
    CRASH = "crash"


@dataclass(frozen=True)
class Outcome:
    """A program's run on one case: its verdict, time, output (decoded) and a short note."""

    case: Case
    verdict: Verdict
    seconds: float
    received: str
    note: str


def resolve(command: Sequence[str]) -> list[str]:
    """`command` with its program made an absolute path (found on PATH when it names no folder)
    and every argument naming an existing file made absolute, as the program runs elsewhere."""
    if not command:
        raise JudgeError("no program given: fillit check [OPTIONS] -- PROGRAM [ARGS...]")
    program = command[0]
    found = os.path.abspath(program) if os.sep in program else shutil.which(program)
    if found is None or not os.path.isfile(found):
        raise JudgeError(f"{program}: no such program")
    if not os.access(found, os.X_OK):
        raise JudgeError(f"{program}: not executable")
    arguments = [
        os.path.abspath(arg) if not os.path.isabs(arg) and os.path.isfile(arg) else arg
        for arg in command[1:]
    ]
    return [found, *arguments]


def _stop(process: subprocess.Popen[bytes], tag: str) -> None:
    """Kill the program and everything it started (its process group; on Linux, every process
    marked `tag`), and reap it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    reaper.end(tag)


def _collect(
    process: subprocess.Popen[bytes], timeout: float, stopping: threading.Event, tag: str
) -> tuple[bytes, str]:
    """The program's standard output and how it ended: `exited`, `timeout` or `overflow`;
    everything it started (marked `tag`) killed. Raises Stopped, the program killed, as soon
    as `stopping` is set."""
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    output = bytearray()
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if stopping.is_set():
                _stop(process, tag)
                raise Stopped
            if left <= 0:
                _stop(process, tag)
                return bytes(output), "timeout"
            if not selector.select(min(left, POLL)):
                if process.poll() is not None:
                    _stop(process, tag)  # it has exited: what holds its output open is left over
                continue
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            output += chunk
            if len(output) > OUTPUT_CAP:
                _stop(process, tag)
                return bytes(output[: OUTPUT_CAP + 1]), "overflow"
    try:
        process.wait(max(deadline - time.monotonic(), 0))
    except subprocess.TimeoutExpired:
        _stop(process, tag)
        return bytes(output), "timeout"
    _stop(process, tag)  # what it started and left behind, its output closed, goes with it
    return bytes(output), "exited"


def run(
    command: Sequence[str], case: Case, timeout: float, stopping: threading.Event | None = None
) -> Outcome:
    """Run `command` on the case's input, in a fresh folder, and judge what it printed; stop
    (raising Stopped) when `stopping` is set."""
    tag = reaper.new_tag()
    with tempfile.TemporaryDirectory(prefix="fillit-check-") as folder, reaper.adopting():
        path = Path(folder) / f"{case.name}.txt"
        path.write_text(case.text, encoding="ascii", errors="surrogateescape", newline="")
        start = time.perf_counter()
        try:
            process = subprocess.Popen(
                [*command, path.name],
                cwd=folder,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                env=reaper.environment(tag),
            )
        except OSError as fault:
            raise JudgeError(f"{command[0]}: cannot be run: {fault.strerror or fault}") from None
        with process:
            output, ended = _collect(process, timeout, stopping or threading.Event(), tag)
        seconds = time.perf_counter() - start
    received = output.decode("ascii", errors="replace")
    verdict, note = _verdict(case, output, ended, process.returncode, timeout)
    return Outcome(case, verdict, seconds, received, note)


def _verdict(
    case: Case, output: bytes, ended: str, status: int, timeout: float
) -> tuple[Verdict, str]:
    """The verdict and its note, from how the run ended and what it printed."""
    if ended == "timeout":
        return Verdict.TIMEOUT, f"stopped after {timeout:g} s"
    if ended == "overflow":
        return Verdict.WRONG, f"stopped: more than {OUTPUT_CAP} bytes of output"
    if status < 0:
        return Verdict.CRASH, f"killed by {_signal_name(-status)}"
    if output == case.expected.encode("ascii"):
        return Verdict.OK, ""
    return Verdict.WRONG, f"exit status {status}"


def _signal_name(number: int) -> str:
    """SIGSEGV for 11, and so on."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def judge(
    command: Sequence[str],
    cases: Sequence[Case],
    timeout: float,
    jobs: int = 1,
    done: Callable[[Outcome], None] | None = None,
) -> list[Outcome]:
    """Run the program on every case, `jobs` at a time; outcomes in the order of `cases`.
    `done` is told of each outcome as it comes. On any exception (Ctrl-C among them) the
    programs still running are killed and the cases not started are dropped."""
    outcomes: dict[int, Outcome] = {}
    stopping = threading.Event()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        try:
            running = {
                pool.submit(run, command, case, timeout, stopping): index
                for index, case in enumerate(cases)
            }
            for future in as_completed(running):
                outcomes[running[future]] = future.result()
                if done is not None:
                    done(outcomes[running[future]])
        except BaseException:
            stopping.set()
            pool.shutdown(cancel_futures=True)
            raise
    return [outcomes[index] for index in range(len(cases))]


def failed(outcomes: Sequence[Outcome]) -> list[Outcome]:
    """The outcomes that are not `ok`."""
    return [outcome for outcome in outcomes if outcome.verdict is not Verdict.OK]


def save(folder: Path, outcomes: Sequence[Outcome]) -> None:
    """Write each failed case's input as NAME.txt and its expected output as NAME.out."""
    folder.mkdir(parents=True, exist_ok=True)
    for outcome in failed(outcomes):
        case = outcome.case
        (folder / f"{case.name}.txt").write_text(
            case.text, encoding="ascii", errors="surrogateescape", newline=""
        )
        (folder / f"{case.name}.out").write_text(case.expected, encoding="ascii", newline="")


def summary(seed: int, outcomes: Sequence[Outcome]) -> dict[str, object]:
    """The run as plain data, for `--json`."""
    return {
        "seed": seed,
        "passed": len(outcomes) - len(failed(outcomes)),
        "failed": len(failed(outcomes)),
        "cases": [
            {"name": o.case.name, "verdict": str(o.verdict), "seconds": round(o.seconds, 3)}
            for o in outcomes
        ],
    }
