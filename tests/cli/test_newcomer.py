"""Issue 32: what a newcomer meets on the way from a bare clone to a puzzle of their own: usage
lines as a person reads them, the same options wherever solutions are printed, words that say
what happened."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from commands import invoke_dlx, invoke_fillit
from places import ROOT
from typer.testing import Result

from dlx import Stats, solve
from dlx.engines.links.engine import COMPILED as LINKS_COMPILED
from dlx.programs.live import LiveLine
from dlx.puzzles import queens
from dlx.tiling.build import build, knuth_text
from dlx.tiling.drawn import read_picture

DLX_COMMANDS = ["solve", "queens", "sudoku", "skyscrapers", "polyomino", "pentomino", "tile"]
DLX_COMMANDS += ["estimate"]
FILLIT_COMMANDS = ["solve", "stats", "check", "generate"]


@pytest.mark.parametrize(
    ("app", "command"),
    [(invoke_dlx, c) for c in DLX_COMMANDS] + [(invoke_fillit, c) for c in FILLIT_COMMANDS],
    ids=[f"dlx-{c}" for c in DLX_COMMANDS] + [f"fillit-{c}" for c in FILLIT_COMMANDS],
)
def test_usage_lines_name_arguments_in_capitals_without_braces(
    app: Callable[..., Result], command: str
) -> None:
    """`Usage: dlx solve [OPTIONS] FILE`, as click and man pages write it (typer's `{FILE}`
    looked like a literal to type)."""
    result = app([command, "--help"], env={"COLUMNS": "200"})
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line).strip()
    assert "{" not in usage and "}" not in usage, usage
    arguments = usage.split("[OPTIONS]", 1)[1].split()
    word = re.compile(r"\[?(--|[A-Z][A-Zx]*|\[?ARGS...\]?)\]?")  # (RxC, -- PROGRAM [ARGS...])
    assert all(word.fullmatch(argument) for argument in arguments), usage


SOLVING = {  # each command that prints solutions, on a puzzle with at least two
    "solve": ["solve", str(ROOT / "corpus" / "dlx" / "reference" / "queens8.dlx")],
    "queens": ["queens", "6"],
    "sudoku": ["sudoku", str(ROOT / "corpus" / "sudoku" / "inkala.txt")],
    "skyscrapers": ["skyscrapers", "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"],
    "polyomino": ["polyomino", str(ROOT / "corpus" / "polyomino" / "two_dominoes_square.txt")],
    "pentomino": ["pentomino", "3x20"],
    "tile": ["tile", str(ROOT / "corpus" / "tile" / "loose.txt")],
}
PICTURED = {"queens", "sudoku", "skyscrapers", "polyomino", "pentomino", "tile"}


def dlx(args: list[str]) -> Result:
    return invoke_dlx(args, env={"NO_COLOR": "1", "COLUMNS": "200"})


@pytest.mark.parametrize("command", SOLVING)
def test_every_command_that_prints_solutions_takes_json_limit_and_count(command: str) -> None:
    """--count prints the number alone, --limit 1 one solution, --json one object whose
    solutions (at most --limit of them) are what the text shows."""
    args = SOLVING[command]
    counted = dlx([*args, "--count"])
    assert counted.exit_code == 0 and int(counted.stdout) >= 1, counted.output
    total = int(counted.stdout)
    shown = json.loads(dlx([*args, "--json", "--limit", "2"]).stdout)
    assert shown["count"] == min(2, total) == len(shown["solutions"])
    assert shown["status"] == ("limit" if total >= 2 else "exhausted")
    first = dlx([*args, "--limit", "1"])
    assert first.exit_code == 0
    board = [str(line) for line in shown["solutions"][0]]
    assert command == "solve" or first.stdout.splitlines()[: len(board)] == board
    assert json.loads(dlx([*args, "--json", "--count"]).stdout)["count"] == total


@pytest.mark.parametrize("command", sorted(PICTURED))
def test_every_command_with_a_picture_takes_svg_and_plain(command: str, tmp_path: Path) -> None:
    picture = tmp_path / "first.svg"
    result = dlx([*SOLVING[command], "--limit", "1", "--plain", "--svg", str(picture)])
    assert result.exit_code == 0, result.output
    assert picture.read_text().startswith("<svg")


def test_limit_shows_as_many_boards_as_asked_and_all_every_one() -> None:
    """Every command shows the first board found; --limit N the first N, --all every one."""
    one = dlx(["pentomino", "3x20"]).stdout
    assert one == dlx(["pentomino", "3x20", "--limit", "1"]).stdout and "\n\n" not in one
    two = dlx(["pentomino", "3x20", "--limit", "2"]).stdout
    every = dlx(["pentomino", "3x20", "--all"]).stdout
    assert two.startswith(one + "\n") and two.count("\n\n") == 1
    assert every.startswith(two + "\n") and every.count("\n\n") == 7


def test_fillit_jobs_zero_means_a_worker_per_core() -> None:
    """As every `--jobs` of dlx: 0 is a worker per core, not a usage error."""
    example = ROOT / "corpus" / "fillit" / "valid" / "readme_example.txt"
    result = invoke_fillit(["solve", "--jobs", "0", str(example)])
    assert (result.exit_code, result.stdout) == (0, "DDAA\nCDDA\nCCCA\nBBBB\n")


# --- point 5: long runs are not silent -------------------------------------------------------

CORES = ["python", "compiled"] if LINKS_COMPILED else ["python"]


def test_knuths_share_done_grows_and_both_cores_agree() -> None:
    """At each progress poll the search tells the share of its tree done, from the path to
    the current node: it only grows, stays under 1, and is the same on both cores."""
    seen: dict[str, list[float | None]] = {}
    for core in CORES:
        seen[core] = []
        found = solve(queens.problem(10), progress=lambda s: seen[core].append(s.share), core=core)  # type: ignore[arg-type]  # noqa: B023
        assert sum(1 for _ in found) == 724
    shares = [share for share in seen["python"] if share is not None]
    assert len(shares) == len(seen["python"]) >= 3
    assert shares == sorted(shares) and shares[0] >= 0 and shares[-1] < 1
    assert all(s == shares for s in seen.values())


def test_the_live_line_waits_half_a_second_and_redraws_ten_times_a_second() -> None:
    screen = io.StringIO()
    line = LiveLine(screen)
    line(Stats(nodes=10, seconds=0.2))
    assert screen.getvalue() == ""
    line(Stats(nodes=10_000, solutions=3, seconds=0.6, share=0.25))
    assert screen.getvalue() == (
        "\r10,000 nodes, 3 solutions, 16,667 nodes/s, 0.6 s, about 25.0% done\x1b[K"
    )
    line(Stats(nodes=20_000, seconds=0.61))  # too soon after the last
    assert screen.getvalue().count("\r") == 1
    line.erase()
    assert screen.getvalue().endswith("\r\x1b[K")


def test_a_long_search_shows_a_live_line_on_a_terminal_and_nothing_when_piped(
    tmp_path: Path,
) -> None:
    """`dlx solve --count` on the pentominoes: after half a second a terminal shows the line
    (then erased); standard error that is not a terminal gets none of it."""
    problem = tmp_path / "pent.dlx"
    problem.write_text(knuth_text(build(read_picture("board 6x10\npieces pentominoes\n"))))
    args = ["solve", "--count", "--max-nodes", "1500000", str(problem)]
    shown = invoke_dlx(args, env={"TTY_COMPATIBLE": "1", "NO_COLOR": "1"})
    assert shown.exit_code == 3  # (stopped by the node budget: the answer is unknown)
    line = r"\r[\d,]+ nodes, [\d,]+ solutions, [\d,]+ nodes/s, [\d.]+ s, about [\d.]+% done"
    assert re.search(line, shown.stderr), shown.stderr
    after = shown.stderr.rsplit("\r\x1b[K", 1)[1]
    assert after.startswith("dlx: unknown: stopped by a budget"), after  # (erased first)
    pentominoes = ["pentomino", "6x10", "--count", "--max-nodes", "1500000"]
    board = invoke_dlx(pentominoes, env={"TTY_COMPATIBLE": "1"})
    assert re.search(line, board.stderr), board.stderr
    assert board.stderr.rsplit("\r\x1b[K", 1)[1].startswith("dlx: unknown: stopped by a budget")
    piped = invoke_dlx(args, env={"TTY_COMPATIBLE": "0", "NO_COLOR": "1"})
    assert "\r" not in piped.stderr and "nodes/s" not in piped.stderr


def test_ctrl_c_with_stats_tells_what_was_counted_so_far(tmp_path: Path) -> None:
    """Issue 32: Ctrl-C during `--count --stats` prints the counters so far, marked partial,
    then the usual line and exit 130."""
    problem = tmp_path / "pent.dlx"
    problem.write_text(knuth_text(build(read_picture("board 6x10\npieces pentominoes\n"))))
    child = subprocess.Popen(
        [sys.executable, "-m", "dlx", "solve", "--count", "--stats", str(problem)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    time.sleep(2.0)
    child.send_signal(signal.SIGINT)
    stdout, stderr = child.communicate(timeout=60)
    assert (child.returncode, stdout) == (130, "")
    partial, last = stderr.splitlines()
    assert re.fullmatch(
        r"dlx: \d+ nodes, \d+ updates, [\d.]+ s, \d+ solutions \(partial: interrupted\), "
        r"engine: links, core: \w+",
        partial,
    ), stderr
    assert last == "dlx: interrupted"


# --- point 6: words -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--board", "6x10", "--pieces", "foo"], "dlx: --pieces: no piece set 'foo'"),
        (["--board", "6y10", "--pieces", "pentominoes"], "dlx: no board '6y10'"),
        (["--board", "6x11", "--pieces", "pentominoes"], "dlx: the pieces cover 60 cells but"),
    ],
)
def test_a_puzzle_from_options_names_the_option_not_a_line(args: list[str], message: str) -> None:
    """A puzzle given by --board and --pieces has no file: its errors never say `line 2`."""
    result = dlx(["tile", *args])
    assert result.exit_code == 1 and result.stderr.startswith(message), result.stderr
    assert "line " not in result.stderr and ".." not in result.stderr


PAGES = ["README.md", "dlx/DESIGN.md", "fillit/DESIGN.md", "dlx/tiling/README.md"]
PAGES += ["dlx/engines/zdd/DESIGN.md", "dlx/CHANGELOG.md", "fillit/CHANGELOG.md"]
PAGES += sorted(str(p.relative_to(ROOT)) for p in (ROOT / "corpus").glob("*/README.md"))


@pytest.mark.parametrize("page", PAGES)
def test_no_paragraph_of_the_docs_stops_mid_sentence(page: str) -> None:
    """The tiling README stopped at `pieces whose`: each paragraph (code left out) ends as a
    sentence, or leads into the code block after it."""
    text = re.sub(r"(?ms)^```.*?^```", "", (ROOT / page).read_text(encoding="utf-8"))
    for paragraph in re.split(r"\n\s*\n", text):
        paragraph = paragraph.strip()
        if paragraph and not paragraph.startswith(("#", "|", "<", "![")):
            assert re.search(r"[.:;,!?)`\]]$", paragraph), paragraph[-80:]
