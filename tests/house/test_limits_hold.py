"""The inputs of issue 36, each built against a documented limit and run as a process under the
2 GB cap of `test_process_limits.probe`: every one ends in seconds with an answer or one line and
its documented exit status, never a traceback."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from probes import probe, write

from dlx.parallel import most_workers

QUEENS4 = "corpus/dlx/queens4.dlx"
FILLIT = "corpus/fillit/valid/readme_example.txt"


def one_line(done: object) -> str:
    """The one line a refused run wrote on standard error."""
    stderr = getattr(done, "stderr", "")
    assert stderr.count("\n") == 1, stderr
    return str(stderr)


@pytest.mark.parametrize(
    "args",
    [
        ["dlx", "queens", "4", "--timeout", "1e10"],
        ["dlx", "solve", QUEENS4, "--timeout", "1e10"],
        ["fillit", "solve", FILLIT, "--timeout", "1e10"],
    ],
    ids=" ".join,
)
def test_a_timeout_past_the_alarms_range_is_a_usage_error(args: list[str]) -> None:
    done = probe(*args, seconds=30)
    assert (done.returncode, done.stdout) == (2, "")
    assert "seconds up to 1000000000," in " ".join(done.stderr.replace("│", " ").split())


def test_the_longest_timeout_allowed_is_taken() -> None:
    done = probe("dlx", "queens", "4", "--count", "--timeout", "1e9", seconds=30)
    assert (done.returncode, done.stdout) == (0, "2\n")


@pytest.mark.parametrize("jobs", ["2147483648", "1000"])
def test_workers_past_four_a_core_are_cut_to_that_with_a_line_saying_so(jobs: str) -> None:
    done = probe("dlx", "solve", QUEENS4, "--count", "--jobs", jobs, seconds=60)
    assert (done.returncode, done.stdout) == (0, "2\n")
    most = most_workers()
    assert one_line(done) == f"dlx: --jobs {jobs}: {most} workers (4 a core at most)\n"


def test_a_puzzles_workers_are_cut_the_same_way() -> None:
    done = probe("dlx", "queens", "6", "--count", "--jobs", "1000", seconds=60)
    assert (done.returncode, done.stdout) == (0, "4\n")
    assert "4 a core at most" in one_line(done)


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/full", "/dev/null"])
def test_a_checkpoint_that_is_not_a_regular_file_is_refused_unread(path: str) -> None:
    started = time.monotonic()
    done = probe("dlx", "solve", QUEENS4, "--count", "--checkpoint", path, seconds=30)
    assert time.monotonic() - started < 20
    assert (done.returncode, done.stdout) == (1, "")
    assert one_line(done) == f"dlx: {path}: not a regular file; name a file for the checkpoint\n"


def test_a_pipe_as_checkpoint_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    done = probe("dlx", "solve", QUEENS4, "--count", "--checkpoint", str(pipe), seconds=30)
    assert (done.returncode, "not a regular file" in one_line(done)) == (1, True)


def many_solutions(tmp_path: Path) -> str:
    """`a b`, then 5,000 options `a` and 5,000 `b`: 25 million solutions of two lines."""
    return write(tmp_path / "many.dlx", ["a b"] + ["a"] * 5000 + ["b"] * 5000)


@pytest.mark.parametrize(
    "form",
    [["--json"], ["--timeout", "600"], ["--max-nodes", "1000000000"], ["--jobs", "2"]],
    ids=" ".join,
)
def test_solutions_held_until_the_end_are_bounded_and_the_way_out_named(
    tmp_path: Path, form: list[str]
) -> None:
    done = probe("dlx", "solve", "--all", *form, many_solutions(tmp_path), seconds=120)
    assert (done.returncode, done.stdout) == (1, "")
    message = one_line(done)
    assert "more than 1000000 lines" in message and "--count" in message
    assert "--limit" in message


def test_held_solutions_within_the_limit_are_all_printed(tmp_path: Path) -> None:
    file = many_solutions(tmp_path)
    done = probe("dlx", "solve", "--json", "--limit", "3", file, seconds=60)
    assert (done.returncode, done.stdout.count('["a", "b"]')) == (0, 3)


def test_counting_a_tilings_solutions_as_json_holds_none() -> None:
    """`dlx tile --json --count` once held an empty list per solution."""
    done = probe(
        "dlx", "tile", "--board", "6x10", "--pieces", "pentominoes", "--json", "--count",
        "--max-nodes", "3000000", seconds=120,
    )  # fmt: skip
    assert done.returncode in (0, 3)


def test_fillit_names_the_bad_input_before_a_full_standard_output() -> None:
    with open("/dev/full", "w") as full:
        done = probe("fillit", "solve", "corpus", stdout=full.fileno(), seconds=30)
    assert done.returncode == 1
    assert done.stderr.splitlines()[0] == "fillit: corpus: is a directory"


@pytest.mark.parametrize(
    "args",
    [
        ["dlx", "queens", "8"],
        ["dlx", "pentomino", "6x10", "--count"],
        ["dlx", "tile", "--board", "6x10", "--pieces", "pentominoes", "--count"],
        ["fillit", "solve", FILLIT],
    ],
    ids=" ".join,
)
@pytest.mark.parametrize("path", ["/proc/picture.svg", "/tmp"], ids=["unwritable", "folder"])
def test_an_svg_that_cannot_be_written_is_refused_before_solving(
    args: list[str], path: str
) -> None:
    done = probe(*args, "--svg", path, seconds=30)
    assert (done.returncode, done.stdout) == (1, "")
    assert one_line(done).startswith(f"{args[0]}: {path}: ")


def test_an_svg_probe_leaves_no_file_behind_when_the_search_fails(tmp_path: Path) -> None:
    picture = tmp_path / "none.svg"
    done = probe("dlx", "queens", "3", "--svg", str(picture), seconds=30)
    assert (done.returncode, picture.exists()) == (1, False)


@pytest.mark.parametrize(
    ("head", "line", "message"),
    [
        ("", "aa ", "line 1, column 4: item 'aa' is declared twice"),
        ("aa\n", "aa ", "line 2, column 4: this option names item 'aa' twice"),
        ("aa | x\n", "x:r ", "line 2, column 5: this option names item 'x' twice"),
    ],
    ids=["items", "option", "coloured option"],
)
def test_a_line_of_millions_of_words_is_refused_in_linear_memory(
    tmp_path: Path, head: str, line: str, message: str
) -> None:
    """A Knuth file just under 64 MiB of one line (the issue's took 4.1 to 5.6 GB)."""
    file = tmp_path / "long.dlx"
    file.write_text(head + line * ((64 * 1024 * 1024 - len(head)) // len(line) - 1) + "\n")
    done = probe("dlx", "solve", str(file), seconds=120)
    assert (done.returncode, done.stdout) == (1, "")
    assert one_line(done) == f"dlx: {message}\n"


def test_an_items_line_past_the_limit_is_refused_at_the_first_item_too_many(
    tmp_path: Path,
) -> None:
    file = write(tmp_path / "wide.dlx", [" ".join(f"i{k}" for k in range(600_000))])
    done = probe("dlx", "solve", file, seconds=120)
    assert (done.returncode, "more than 500000 items (the limit)" in one_line(done)) == (1, True)


def spec(tmp_path: Path, lines: list[str]) -> str:
    return write(tmp_path / "spec.txt", lines)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            ["[0-Z][0-Z]"] + [f"0:1|q_{c} [0-u][0-v]" for c in "ABCDEFGHIJKL"],
            "more than 500000 placements or 3000000 cells in all placements",
        ),
        (
            ["[0-Z][0-Z]"] + [f"0:1|P_{k} [0-9][0-9]" for k in range(200)],
            "more than 500000 placements or 3000000 cells in all placements",
        ),
        (
            [" ".join(["[0-Z][0-Z][0-Z]"] * 100), "V 000 001 010"],
            "line 1: more than 10000 cells (the limit) in '[0-Z][0-Z][0-Z]'",
        ),
        (["000 001", "A [0-Z][0-Z][0-Z]"], "line 2: more than 10000 cells (the limit)"),
    ],
    ids=["huge pieces", "many pieces", "huge box", "huge piece"],
)
def test_tiling_limits_are_checked_while_the_cells_and_placements_are_made(
    tmp_path: Path, lines: list[str], message: str
) -> None:
    started = time.monotonic()
    done = probe("dlx", "tile", spec(tmp_path, lines), "--count", seconds=120)
    assert time.monotonic() - started < 60
    assert (done.returncode, done.stdout) == (1, "")
    assert message in one_line(done)


@pytest.mark.parametrize(
    ("lines", "answer"),
    [
        (["00", "A 00"] + ["A"] * 200_000, "1\n"),
        (["00 " + " ".join(f"00{s}" for s in range(1, 9999)), "A 00"], "1\n"),
    ],
    ids=["many piece lines", "many suffixes"],
)
def test_a_spec_is_read_in_linear_time(tmp_path: Path, lines: list[str], answer: str) -> None:
    """200,000 lines naming one piece took 393 s (a drawing given again is now refused at once,
    tests/tiling/test_tile_bounds.py: here lines of its name alone, which Knuth ignores);
    suffixes were looked up in a list."""
    done = probe("dlx", "tile", spec(tmp_path, lines), "--count", seconds=120)
    assert (done.returncode, done.stdout) == (0, answer)


def test_the_timeout_bounds_building_a_tiling_for_dlx_output(tmp_path: Path) -> None:
    # two squares of 31 x 31, two copies each, on 62 x 62: 2 million cells in placements
    lines = ["[0-Z][0-Z]"] + [f"0:2|q_{c} [0-u][0-u]" for c in "AB"]
    started = time.monotonic()
    done = probe("dlx", "tile", spec(tmp_path, lines), "--dlx", "--timeout", "0.1", seconds=60)
    assert time.monotonic() - started < 20
    assert (done.returncode, done.stdout) == (3, "")
    assert one_line(done) == "dlx: unknown: the timeout ran out\n"


def test_jobs_with_a_budget_is_refused_before_the_tiling_is_built(tmp_path: Path) -> None:
    lines = ["[0-Z][0-Z]"] + [f"0:1|q_{c} [0-u][0-v]" for c in "ABCDEFGHIJKL"]
    file = spec(tmp_path, lines)
    done = probe("dlx", "tile", file, "--count", "--jobs", "2", "--timeout", "60", seconds=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert "without --jobs" in one_line(done)


@pytest.mark.parametrize("n", [57, 100, 333, 800])
def test_large_queens_boards_give_a_first_board_in_seconds(n: int) -> None:
    done = probe("dlx", "queens", str(n), "--limit", "1", "--max-nodes", str(4 * n), seconds=120)
    assert done.returncode == 0
    rows = done.stdout.split()
    assert len(rows) == n and all(row.count("Q") == 1 for row in rows)
    columns = {row.index("Q") for row in rows}
    diagonals = {r + row.index("Q") for r, row in enumerate(rows)}
    anti = {r - row.index("Q") for r, row in enumerate(rows)}
    assert len(columns) == len(diagonals) == len(anti) == n


def test_the_cells_engine_refuses_a_save_stack_past_its_limit(tmp_path: Path) -> None:
    """60,000 items of two options each: items times depth passes 25 million at depth 420."""
    names = [f"i{k}" for k in range(60_000)]
    file = write(tmp_path / "deep.dlx", [" ".join(names)] + [x for x in names for _ in "ab"])
    done = probe("dlx", "solve", "--engine", "cells", "--limit", "1", file, seconds=120)
    assert (done.returncode, done.stdout) == (1, "")
    assert "more than 25000000 item sizes" in one_line(done)


def test_the_python_cells_core_refuses_the_same_save_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    from dlx import Problem, SizeLimitError, Stats
    from dlx.engines.cells import twin as cells_dance
    from dlx.engines.cells.engine import search as search_cells
    from dlx.engines.settings import SearchSettings

    monkeypatch.setattr(cells_dance, "MAX_SAVED", 1000)
    python = SearchSettings(core="python", engine="cells")
    problem: Problem[int] = Problem([f"i{k}" for k in range(100)])
    for k in range(200):
        problem.add_option(k, [f"i{k // 2}"])
    with pytest.raises(SizeLimitError, match="more than 1000 item sizes"):
        next(search_cells(problem, Stats(), python))
    monkeypatch.setattr(cells_dance, "MAX_SAVED", 100_000)
    assert len(next(search_cells(problem, Stats(), python))) == 100
