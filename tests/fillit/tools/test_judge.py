"""`fillit check`: the project's own solver passes; each deliberately wrong program in
tests/fillit/tools/wrong_fillits gets its verdict; the table, the differences, --json and --save.

The wrong programs are Python scripts run by this interpreter; the runs use few generated cases,
short timeouts and two jobs, to stay quick.
"""

from __future__ import annotations

import io
import json
import random
import re
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from commands import invoke_fillit
from rich.console import Console
from typer.testing import Result

from fillit.tools import judge, judge_cases
from fillit.tools.generate import KINDS, valid_input
from fillit.tools.invalid import BREAKS
from fillit.tools.judge import Outcome, Verdict
from fillit.tools.judge_cases import Case, expected_output
from fillit.tools.judge_report import MARK, board, first_difference, show

WRONG = Path(__file__).resolve().parent / "wrong_fillits"
PYTHON = sys.executable
SOLVE = [PYTHON, "-m", "fillit", "solve"]
TIMEOUT = 3
"""Seconds per case in quick runs: far above what a right program takes here even on a loaded
machine, far below the minute the sleepy program sleeps."""
QUICK = ["--cases", "3", "--seed", "1", "--timeout", str(TIMEOUT), "--jobs", "2"]
"""Three generated cases: 21 to 26 pieces (random), a small tiling, 1 to 26 identical pieces."""
ENV = {"NO_COLOR": "1", "COLUMNS": "200", "FORCE_COLOR": None}


def check(args: list[str], command: list[str]) -> Result:
    """`fillit check ARGS -- COMMAND` in process."""
    result = invoke_fillit(["check", *args, "--", *command], env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


def wrong(name: str) -> list[str]:
    """The command running the wrong program `name`."""
    return [PYTHON, str(WRONG / f"{name}.py")]


@pytest.fixture(scope="module")
def no_corpus(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Options that leave the corpus out (an empty corpus folder)."""
    return ["--corpus", str(tmp_path_factory.mktemp("no_corpus"))]


Run = Callable[[str, bool], Result]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the `--json` runs of `quick_run` save failed cases, a folder per program."""
    return tmp_path_factory.mktemp("saved")


@pytest.fixture(scope="module")
def quick_run(saved: Path, no_corpus: list[str]) -> Run:
    """`fillit check` with QUICK options and no corpus on a wrong program, with `--json --save
    SAVED/PROGRAM` or not; each run made once for the whole module."""
    done: dict[tuple[str, bool], Result] = {}

    def run(program: str, json_out: bool) -> Result:
        if (program, json_out) not in done:
            extra = ["--json", "--save", str(saved / program)] if json_out else []
            done[program, json_out] = check([*QUICK, *no_corpus, *extra], wrong(program))
        return done[program, json_out]

    return run


ROW = re.compile(r"^│ (\w+) +│ (\w+) +│ +(\d+\.\d+) │", re.M)


def table_rows(result: Result) -> dict[str, tuple[str, float]]:
    """Each case's verdict and seconds, read from the table `fillit check` printed."""
    return {name: (seen, float(secs)) for name, seen, secs in ROW.findall(result.stdout)}


def as_json(result: Result) -> dict[str, Any]:
    """The one JSON object `--json` printed."""
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def pieces_in(name: str) -> int:
    """The piece count in a generated case's name (gen01_random_23: 23)."""
    return int(name.rsplit("_", 1)[1])


def big(name: str) -> bool:
    return name.startswith("gen") and pieces_in(name) > 20


def invalid(name: str) -> bool:
    return name.startswith("invalid_")


def generated(name: str) -> bool:
    return name.startswith("gen")


def some_generated(name: str) -> bool:
    """Any generated case may fail (non-canonical answers are sometimes the canonical one)."""
    return generated(name)


# the project's own solver


def test_fillit_solve_passes_fillit_check() -> None:
    result = check(
        ["--cases", "4", "--seed", "2", "--jobs", "2", "--timeout", "60", "--json"], SOLVE
    )
    data = as_json(result)
    corpus = judge_cases.corpus_files(judge_cases.default_corpus())
    assert result.exit_code == 0, data
    assert (data["passed"], data["failed"]) == (len(BREAKS) + len(corpus) + 4, 0)


@pytest.mark.slow
def test_fillit_solve_passes_the_default_fifty_cases() -> None:
    result = check(["--seed", "1", "--jobs", "2", "--timeout", "60", "--json"], SOLVE)
    assert result.exit_code == 0, result.stdout
    assert as_json(result)["failed"] == 0


# wrong programs


@pytest.mark.parametrize(
    ("program", "verdict", "fails"),
    [
        ("non_canonical", Verdict.WRONG, some_generated),
        ("silent_on_error", Verdict.WRONG, invalid),
        ("sleepy", Verdict.TIMEOUT, big),
        ("crashy", Verdict.CRASH, big),
        ("endless", Verdict.WRONG, generated),
    ],
)
def test_each_wrong_program_gets_its_verdict_and_exit_1(
    program: str, verdict: Verdict, fails: Callable[[str], bool], quick_run: Run
) -> None:
    result = quick_run(program, False)
    assert result.exit_code == 1
    rows = table_rows(result)
    assert len(rows) == len(BREAKS) + 3
    failing = {name for name, (seen, _) in rows.items() if seen != "ok"}
    assert failing
    assert {rows[name][0] for name in failing} == {str(verdict)}
    if fails is some_generated:
        assert all(map(generated, failing))
    else:
        assert failing == set(filter(fails, rows))


def test_a_timeout_kills_the_program_at_once(quick_run: Run) -> None:
    late = [
        seconds
        for seen, seconds in table_rows(quick_run("sleepy", False)).values()
        if seen == "timeout"
    ]
    assert late and all(TIMEOUT <= seconds < TIMEOUT + 3 for seconds in late)


def test_endless_output_is_stopped_and_said_so(quick_run: Run) -> None:
    result = quick_run("endless", False)
    assert result.exit_code == 1
    assert f"stopped: more than {judge.OUTPUT_CAP} bytes of output" in result.stdout


def test_the_program_runs_in_its_own_folder_with_standard_input_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_corpus: list[str]
) -> None:
    programs = tmp_path / "programs"
    programs.mkdir()
    for name in ("common.py", "right_in_its_own_folder.py"):
        shutil.copy(WRONG / name, programs / name)
    monkeypatch.chdir(tmp_path)
    result = check([*QUICK, *no_corpus], [PYTHON, "programs/right_in_its_own_folder.py"])
    assert result.exit_code == 0, result.stdout
    assert not list(tmp_path.rglob("litter.txt"))


def test_a_program_is_judged_when_it_exits_and_what_it_left_behind_is_killed(
    quick_run: Run,
) -> None:
    result = quick_run("leaves_a_child", False)
    assert result.exit_code == 0, result.stdout
    assert {seen for seen, _ in table_rows(result).values()} == {"ok"}


def test_calling_off_a_run_kills_the_programs_still_running() -> None:
    rng = random.Random(0)
    cases = [
        Case("small", valid_input(rng, "random", 2), ""),
        Case("big", valid_input(rng, "random", 21), ""),
    ]

    def interrupt(outcome: Outcome) -> None:
        raise KeyboardInterrupt

    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        judge.judge(wrong("sleepy"), cases, timeout=60, jobs=2, done=interrupt)
    assert time.monotonic() - start < 10


# what is shown


def test_the_table_lists_every_case_and_a_summary_line(quick_run: Run) -> None:
    result = quick_run("crashy", False)
    rows = table_rows(result)
    assert list(rows) == [case.name for case in judge_cases.cases(1, 3, [])]
    assert {name for name, (seen, _) in rows.items() if seen == "crash"} == set(filter(big, rows))
    assert "killed by SIGSEGV" in result.stdout
    last = result.stdout.splitlines()[-1]
    assert re.fullmatch(
        r"19 cases: 17 ok, 0 wrong, 0 timeout, 2 crash; slowest \w+ \(\d+\.\d\d s\); seed 1", last
    )


def test_a_wrong_answer_shows_both_squares_and_the_first_difference(quick_run: Run) -> None:
    result = quick_run("non_canonical", False)
    wrong_ones = [name for name, (seen, _) in table_rows(result).items() if seen == "wrong"]
    shown = re.findall(
        r"^(\w+): wrong \(exit status 0; first difference at line \d+, column \d+\)$",
        result.stdout,
        re.M,
    )
    assert shown == wrong_ones != []
    assert len(re.findall(r"^expected +received *$", result.stdout, re.M)) == len(shown)


def outcome(expected: str, received: str) -> Outcome:
    return Outcome(Case("c", "", expected), Verdict.WRONG, 0.0, received, "exit status 0")


@pytest.mark.parametrize(
    ("expected", "received", "cell"),
    [
        ("AB\nAB\n", "AB\nAB\n", None),
        ("AB\nAB\n", "AB\nBA\n", (1, 0)),
        ("AAB\n", "AA\n", (0, 2)),
        ("AB\nAB\n", "AB\nAB", (2, 0)),
        ("AB\n", "AB\nAB\n", (1, 0)),
        ("error\n", "", (0, 0)),
    ],
    ids=["same", "swapped", "short_row", "no_final_newline", "extra_row", "nothing"],
)
def test_first_difference_is_the_first_cell_that_differs(
    expected: str, received: str, cell: tuple[int, int] | None
) -> None:
    assert first_difference(expected, received) == cell


def test_the_first_difference_is_marked_in_both_squares() -> None:
    shown, alone = io.StringIO(), io.StringIO()
    console = Console(file=shown, force_terminal=True, color_system="truecolor", width=80)
    show(console, 1, [outcome("AB\nAB\n", "AB\nBA\n")])
    Console(file=alone, force_terminal=True, color_system="truecolor").print("A", style=MARK)
    escape = alone.getvalue().split("A")[0]
    assert shown.getvalue().count(escape) == 2


def test_a_board_draws_the_text_without_a_trailing_empty_line() -> None:
    assert board("AB\nAB\n", None).plain == "AB\nAB"
    assert board("AB\nAB\n", (2, 0)).plain == "AB\nAB\n "


# --json and --save


def test_json_has_the_counts_and_one_object_per_case(quick_run: Run) -> None:
    data = as_json(quick_run("crashy", True))
    assert set(data) == {"seed", "passed", "failed", "cases"}
    assert (data["seed"], data["passed"], data["failed"]) == (1, 17, 2)
    assert len(data["cases"]) == len(BREAKS) + 3
    for case in data["cases"]:
        assert set(case) == {"name", "verdict", "seconds"}
        assert case["verdict"] in {str(v) for v in Verdict}
        assert isinstance(case["seconds"], float)


@pytest.mark.parametrize("program", ["crashy", "silent_on_error"])
def test_save_writes_each_failing_input_beside_its_expected_output(
    program: str, quick_run: Run, saved: Path
) -> None:
    data = as_json(quick_run(program, True))
    failing = sorted(case["name"] for case in data["cases"] if case["verdict"] != "ok")
    folder = saved / program
    assert sorted(path.name for path in folder.iterdir()) == sorted(
        f"{name}{suffix}" for name in failing for suffix in (".txt", ".out")
    )
    for name in failing:
        solved = invoke_fillit(["solve", str(folder / f"{name}.txt")], env=ENV)
        assert solved.stdout == (folder / f"{name}.out").read_text()


# the cases


def test_a_seed_gives_the_same_cases_and_another_seed_others() -> None:
    first = list(judge_cases.cases(5, 2, []))
    assert first == list(judge_cases.cases(5, 2, []))
    assert first != list(judge_cases.cases(6, 2, []))


def test_cases_are_one_per_invalid_rule_then_the_corpus_then_the_generated() -> None:
    corpus = [
        path
        for path in judge_cases.corpus_files(judge_cases.default_corpus())
        if "one_" in path.stem
    ]
    assert corpus
    made = list(judge_cases.cases(0, 2, corpus))
    assert [case.name for case in made[: len(BREAKS)]] == [f"invalid_{n}" for n in BREAKS]
    assert all(case.expected == "error\n" for case in made[: len(BREAKS)])
    assert len(made) == judge_cases.case_count(2, corpus) == len(BREAKS) + len(corpus) + 2
    for case in made[len(BREAKS) :]:
        assert case.expected == expected_output(case.text) != "error\n"


def test_the_plan_takes_every_kind_and_always_several_big_inputs() -> None:
    planned = judge_cases.plan(random.Random(0), 50)
    assert {kind for kind, _ in planned} == set(KINDS)
    assert all(1 <= pieces <= 26 for _, pieces in planned)
    assert sum(pieces >= 21 for _, pieces in planned) >= 17
    assert sum(pieces >= 21 for _, pieces in judge_cases.plan(random.Random(0), 4)) >= 2


def test_without_a_corpus_its_cases_are_left_out_and_it_is_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(judge_cases, "default_corpus", lambda: None)
    result = check(["--cases", "1", "--seed", "1", "--jobs", "2", "--json"], SOLVE)
    assert result.exit_code == 0
    assert len(as_json(result)["cases"]) == len(BREAKS) + 1
    assert result.stderr == "fillit: no corpus beside the package: its cases are left out\n"


# usage errors


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("")
    garbage = tmp_path / "garbage"
    garbage.write_bytes(b"\x00\x01")
    garbage.chmod(0o755)
    for args, command, message in [
        (["--cases", "1"], [], "Missing argument"),
        ([], [str(tmp_path / "missing")], "no such program"),
        ([], ["no-such-program-anywhere"], "no such program"),
        ([], [str(plain)], "not executable"),
        (["--cases", "0"], [str(garbage)], "cannot be run"),
        (["--jobs", "0"], SOLVE, "--jobs"),
        (["--corpus", str(tmp_path / "nowhere")], SOLVE, "no such folder"),
    ]:
        args = [*args, *(["--"] if command else []), *command]
        result = invoke_fillit(["check", *args], env=ENV)
        assert result.exit_code == 2, (args, result.stdout)
        assert message in " ".join(result.stderr.replace("│", " ").split()), args


def test_what_a_program_left_behind_with_its_output_closed_is_killed_too() -> None:
    """A child that let go of the output (and sleeps on) dies with the case, not after it."""
    child = "import time; time.sleep(60)"
    parent = (
        "import subprocess, sys; "
        f"p = subprocess.Popen([sys.executable, '-c', {child!r}], stdout=subprocess.DEVNULL); "
        "print(p.pid)"
    )
    outcome = judge.run([PYTHON, "-c", parent], Case("small", "", ""), timeout=20)
    pid = int(outcome.received.split()[0])
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.05)  # (killed at once; its new parent reaps it a moment later)
    assert not Path(f"/proc/{pid}").exists()


def test_a_save_path_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    """--save naming a file, not a folder, is refused before any case runs (exit 2)."""
    taken = tmp_path / "taken"
    taken.write_text("")
    result = check(["--cases", "0", "--save", str(taken)], wrong("right_in_its_own_folder"))
    assert result.exit_code == 2 and "not a folder" in result.output
