"""Judging a fillit program: run it on inputs whose answers are known, and give each a verdict.

A *case* is an input and the exact standard output `fillit solve` gives for it: `error` and a
newline for an invalid input, the canonical square otherwise (computed here, in process, by the
solver `fillit solve` uses). The program under test is run once per case as `PROGRAM ARGS FILE`,
with no shell, in a temporary folder of its own holding FILE, standard input closed, standard
error discarded and standard output read up to OUTPUT_CAP bytes. Its verdict:

- `ok`: standard output is exactly the expected text (the exit status does not matter);
- `wrong`: it differs, or the program printed more than OUTPUT_CAP bytes (it is then stopped);
- `timeout`: the program ran past its time (it and its process group are then killed);
- `crash`: the program was killed by a signal (a segmentation fault, an abort...).
"""

from __future__ import annotations

import contextlib
import os
import random
import selectors
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from fillit import render
from fillit.errors import FillitError
from fillit.fast import arrange_fast
from fillit.generate import KINDS, TILING_COUNTS, Kind, valid_input
from fillit.invalid import BREAKS, invalid_input
from fillit.parse import parse

OUTPUT_CAP = 64 * 1024
"""Bytes of standard output read at most; the longest right answer (26 pieces) has 132."""

ERROR = "error\n"
"""The whole expected output for an invalid input."""

POLL = 0.05
"""Seconds between looks, while the program prints nothing, at whether the run is called off and
whether the program has exited with its output still held open (by a process it left behind,
which is then killed)."""

CANONICAL_NODES = 2_000_000
"""The search budget for the answer of a generated input (about half a minute at most): an input
the solver cannot answer within it is replaced by the next one drawn, so the cases of a seed
do not depend on the machine's speed."""


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
class Case:
    """An input (`text`, the file's content) and the exact output expected for it."""

    name: str
    text: str
    expected: str


@dataclass(frozen=True)
class Outcome:
    """A program's run on one case: its verdict, time, output (decoded) and a short note."""

    case: Case
    verdict: Verdict
    seconds: float
    received: str
    note: str


def expected_output(text: str, max_nodes: int | None = None) -> str | None:
    """What `fillit solve` prints for `text` (plain), or None when `max_nodes` ran out.

    >>> expected_output("##..\\n##..\\n....\\n....\\n")
    'AA\\nAA\\n'
    >>> expected_output("##..\\n")
    'error\\n'
    """
    try:
        pieces = parse(text)
    except FillitError:
        return ERROR
    answer = arrange_fast(pieces, max_nodes=max_nodes)
    return render.plain(answer) if answer.solved else None


def invalid_cases(rng: random.Random) -> Iterator[Case]:
    """One input per way of breaking the format (`fillit generate --invalid list`)."""
    for name in BREAKS:
        yield Case(f"invalid_{name}", invalid_input(rng, name), ERROR)


def default_corpus() -> Path | None:
    """The valid cases of the repository's corpus beside the package, or None when the package
    is installed without it."""
    folder = Path(__file__).resolve().parents[1] / "corpus" / "fillit" / "valid"
    return folder if folder.is_dir() else None


def corpus_files(folder: Path | None) -> list[Path]:
    """The inputs (`*.txt`) of a corpus folder, sorted by name."""
    return [] if folder is None else sorted(folder.glob("*.txt"))


def corpus_cases(files: Sequence[Path]) -> Iterator[Case]:
    """One case per corpus file, its answer computed (so a stale `.out` cannot mislead)."""
    for path in files:
        text = path.read_text(encoding="ascii", errors="surrogateescape")
        yield Case(f"corpus_{path.stem}", text, expected_output(text) or ERROR)


def plan(rng: random.Random, count: int) -> list[tuple[Kind, int]]:
    """The kind and piece count of `count` generated inputs: kinds in turn, every third input
    of 21 to 26 pieces (a tiling's: 25), the others of 1 to 26 (a tiling's: 4, 9 or 16)."""
    planned = []
    for index in range(count):
        kind = KINDS[index % len(KINDS)]
        big = index % 3 == 0
        if kind is Kind.TILING:
            pieces = TILING_COUNTS[-1] if big else rng.choice(TILING_COUNTS[:-1])
        else:
            pieces = rng.randint(21, 26) if big else rng.randint(1, 26)
        planned.append((kind, pieces))
    return planned


def generated_cases(rng: random.Random, count: int) -> Iterator[Case]:
    """`count` valid inputs as `plan` says, each with its canonical answer."""
    for index, (kind, pieces) in enumerate(plan(rng, count), start=1):
        while True:
            text = valid_input(rng, kind, pieces)
            expected = expected_output(text, max_nodes=CANONICAL_NODES)
            if expected is not None:
                break
        yield Case(f"gen{index:02}_{kind}_{pieces}", text, expected)


def cases(seed: int, count: int, corpus: Sequence[Path]) -> Iterator[Case]:
    """Every case of a run, one at a time: one per invalid rule, the corpus, `count` generated."""
    rng = random.Random(seed)
    yield from invalid_cases(rng)
    yield from corpus_cases(corpus)
    yield from generated_cases(rng, count)


def case_count(count: int, corpus: Sequence[Path]) -> int:
    """How many cases `cases` yields."""
    return len(BREAKS) + len(corpus) + count


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


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Kill the program and everything it started (its own process group), and reap it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _collect(
    process: subprocess.Popen[bytes], timeout: float, stopping: threading.Event
) -> tuple[bytes, str]:
    """The program's standard output and how it ended: `exited`, `timeout` or `overflow`.
    Raises Stopped, the program killed, as soon as `stopping` is set."""
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    output = bytearray()
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if stopping.is_set():
                _stop(process)
                raise Stopped
            if left <= 0:
                _stop(process)
                return bytes(output), "timeout"
            if not selector.select(min(left, POLL)):
                if process.poll() is not None:
                    _stop(process)  # it has exited: what holds its output open is left over
                continue
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            output += chunk
            if len(output) > OUTPUT_CAP:
                _stop(process)
                return bytes(output[: OUTPUT_CAP + 1]), "overflow"
    try:
        process.wait(max(deadline - time.monotonic(), 0))
    except subprocess.TimeoutExpired:
        _stop(process)
        return bytes(output), "timeout"
    return bytes(output), "exited"


def run(
    command: Sequence[str], case: Case, timeout: float, stopping: threading.Event | None = None
) -> Outcome:
    """Run `command` on the case's input, in a fresh folder, and judge what it printed; stop
    (raising Stopped) when `stopping` is set."""
    with tempfile.TemporaryDirectory(prefix="fillit-check-") as folder:
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
            )
        except OSError as fault:
            raise JudgeError(f"{command[0]}: cannot be run: {fault.strerror or fault}") from None
        with process:
            output, ended = _collect(process, timeout, stopping or threading.Event())
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
        running = {
            pool.submit(run, command, case, timeout, stopping): index
            for index, case in enumerate(cases)
        }
        try:
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
