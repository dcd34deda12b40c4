"""The inputs of issue 36, each built against a documented limit and run as a process under the
2 GB cap of `test_process_limits.probe`: every one ends in seconds with an answer or one line and
its documented exit status, never a traceback."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from test_process_limits import probe, write

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
    done = probe("dlx", "solve", *form, many_solutions(tmp_path), seconds=120)
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
