"""The `dlx` command line: golden corpus files, exit codes, options, and the process contract."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from commands import invoke_dlx
from places import ROOT

from dlx import __version__
from dlx.engines.bitset import COMPILED as BITSET_COMPILED
from dlx.engines.bitset.engine import core_name as bitset_core_name
from dlx.engines.cells.engine import COMPILED as CELLS_COMPILED
from dlx.engines.cells.engine import core_name as cells_core_name
from dlx.engines.links.engine import COMPILED as LINKS_COMPILED

CORPUS = ROOT / "corpus"
PLAIN = {"NO_COLOR": "1", "FORCE_COLOR": None, "COLUMNS": "120"}


def stems(folder: Path, suffix: str) -> list[str]:
    """The stems of the files of `folder` ending in `suffix`."""
    return sorted(p.stem for p in folder.glob(f"*{suffix}"))


# dlx solve


@pytest.mark.parametrize("stem", stems(CORPUS / "dlx", ".dlx"))
def test_solve_prints_the_golden_solutions(stem: str) -> None:
    """Each solution as its option lines, a blank line between; no solution: nothing, exit 1."""
    expected = (CORPUS / "dlx" / f"{stem}.out").read_text()
    result = invoke_dlx(["solve", str(CORPUS / "dlx" / f"{stem}.dlx")])
    assert result.stdout == expected
    assert result.exit_code == (0 if expected else 1)
    if not expected:
        assert result.stderr == "dlx: no solution\n"


@pytest.mark.parametrize("stem", stems(CORPUS / "dlx" / "invalid", ".dlx"))
def test_solve_names_line_and_column_of_a_malformed_problem(stem: str) -> None:
    """A malformed problem: the golden message on standard error, nothing on standard output."""
    result = invoke_dlx(["solve", str(CORPUS / "dlx" / "invalid" / f"{stem}.dlx")])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (CORPUS / "dlx" / "invalid" / f"{stem}.err").read_text()


def test_solve_count_limit_all_and_stdin() -> None:
    """The first solution by default; --count prints the number only; --all every solution,
    --limit N the first N; - reads standard input."""
    text = (CORPUS / "dlx" / "queens4.dlx").read_text()
    assert invoke_dlx(["solve", "--count", "-"], stdin=text).stdout == "2\n"
    first = invoke_dlx(["solve", "-"], stdin=text)
    assert (first.exit_code, first.stdout) == (0, (CORPUS / "dlx" / "queens4.out").read_text())
    every = invoke_dlx(["solve", "--all", "-"], stdin=text).stdout
    assert every.split("\n\n")[0] + "\n" == first.stdout and every.count("\n\n") == 1
    assert invoke_dlx(["solve", "--limit", "2", "-"], stdin=text).stdout == every
    assert invoke_dlx(["solve", "--limit", "1", "-"], stdin=text).stdout == first.stdout


def test_all_and_limit_together_are_a_usage_error() -> None:
    """--all with --limit asks two things: exit 2, one line naming both."""
    path = str(CORPUS / "dlx" / "queens4.dlx")
    for args in (
        ["solve", "--all", "--limit", "1", path],
        ["queens", "4", "--all", "--limit", "1"],
    ):
        result = invoke_dlx(args)
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == "dlx: --all and --limit: give one or the other\n"


def test_solve_count_of_zero_is_an_answer_that_exits_1() -> None:
    """Counting a problem without solutions answers 0, and exits 1 as every form of 'none' does."""
    result = invoke_dlx(["solve", "--count", str(CORPUS / "dlx" / "no_solution.dlx")])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "0\n", "dlx: no solution\n")


def test_solve_json_holds_solutions_and_statistics() -> None:
    """--json: one object with the count, the solutions' lines and the search's statistics,
    saying whether the search was exhausted (not where it stopped at the first solution)."""
    path = str(CORPUS / "dlx" / "knuth_example.dlx")
    for args, status in (([], "limit"), (["--all"], "exhausted")):
        report = json.loads(invoke_dlx(["solve", "--json", *args, path]).stdout)
        assert report["count"] == 1
        assert report["solutions"] == [["a d f", "b g", "c e"]]
        assert (report["status"], report["exhausted"]) == (status, status == "exhausted")
        assert report["nodes"] > 0 and report["updates"] > 0


def test_solve_stats_go_to_standard_error() -> None:
    """--stats writes nodes, updates and seconds to standard error; standard output is unchanged."""
    path = str(CORPUS / "dlx" / "knuth_example.dlx")
    result = invoke_dlx(["solve", "--stats", path])
    assert result.stdout == invoke_dlx(["solve", path]).stdout
    assert "nodes" in result.stderr and "updates" in result.stderr and "(limit)" in result.stderr
    assert "(exhausted)" in invoke_dlx(["solve", "--stats", "--all", path]).stderr


def test_a_spent_budget_exits_3_with_the_answer_unknown() -> None:
    """--max-nodes and --timeout: a one-line 'unknown' message and exit status 3."""
    path = str(CORPUS / "dlx" / "queens4.dlx")
    result = invoke_dlx(["solve", "--max-nodes", "1", path])
    assert (result.exit_code, result.stdout) == (3, "")
    assert "unknown" in result.stderr
    done = _process("solve", "--timeout", "1e-9", path)
    assert (done.returncode, done.stdout) == (3, "")
    assert done.stderr == "dlx: unknown: the timeout ran out\n"


def test_solve_refuses_a_missing_file_and_a_directory() -> None:
    """Unreadable input: one message, exit 1, no traceback."""
    for target in (str(CORPUS / "dlx" / "no_such_file.dlx"), str(CORPUS)):
        result = invoke_dlx(["solve", target])
        assert result.exit_code == 1
        assert result.stderr.startswith("dlx: ")
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_usage_errors_exit_2() -> None:
    """No file, an unknown command or a malformed option value are usage errors."""
    assert invoke_dlx(["solve"]).exit_code == 2
    assert invoke_dlx(["nonsense"]).exit_code == 2
    assert invoke_dlx(["queens", "eight"]).exit_code == 2
    assert invoke_dlx(["solve", "--limit", "0", "x"]).exit_code == 2


@pytest.mark.parametrize("core", ["python", "compiled"])
def test_version_names_the_core(core: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """--version prints the package's version and the core searches run on."""
    if core == "compiled" and not LINKS_COMPILED:
        pytest.skip("the compiled core was not built")
    monkeypatch.setenv("DLX_CORE", core)
    cells = core if core == "python" or CELLS_COMPILED else cells_core_name()
    bitset = core if core == "python" or BITSET_COMPILED else bitset_core_name()
    engines = f"core: {core}; cells core: {cells}; bitset core: {bitset}"
    assert invoke_dlx(["--version"]).stdout == f"{__version__} ({engines})\n"


@pytest.mark.parametrize("core", ["python", "compiled"])
def test_stats_and_json_name_the_core(core: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """--stats and --json say which core ran the search, with the same figures on both."""
    if core == "compiled" and not LINKS_COMPILED:
        pytest.skip("the compiled core was not built")
    monkeypatch.setenv("DLX_CORE", core)
    path = str(CORPUS / "dlx" / "knuth_example.dlx")
    report = json.loads(invoke_dlx(["solve", "--json", path]).stdout)
    assert (report["core"], report["nodes"], report["updates"]) == (core, 6, 29)
    assert invoke_dlx(["solve", "--stats", "--count", path]).stderr.endswith(f", core: {core}\n")


# the puzzle commands


def _args(path: Path) -> list[str]:
    """The extra arguments of a golden case, from NAME.args beside it."""
    extra = path.with_suffix(".args")
    return extra.read_text().split() if extra.exists() else []


@pytest.mark.parametrize("stem", stems(CORPUS / "polyomino", ".txt"))
def test_polyomino_prints_the_golden_board(stem: str) -> None:
    """The square it found (the first board), labels by input order; or exactly `no solution
    found!` and exit 1."""
    path = CORPUS / "polyomino" / f"{stem}.txt"
    expected = path.with_suffix(".out").read_text()
    result = invoke_dlx(["polyomino", str(path), *_args(path)])
    assert result.stdout == expected
    assert result.exit_code == (1 if expected == "no solution found!\n" else 0)


@pytest.mark.parametrize(
    "args",
    [
        ["polyomino", str(CORPUS / "polyomino" / "two_dominoes_square.txt")],
        ["polyomino", str(CORPUS / "polyomino" / "flip_needed.txt")],
        ["pentomino", "3x20"],
        ["skyscrapers", "4 0 0 0 0 0 0 0 4 0 0 0 0 0 0 0"],
        ["queens", "6"],
        ["tile", "--board", "3x4", "--pieces", "trominoes,trominoes"],
    ],
)
def test_every_command_prints_the_first_solution_and_all_with_all(args: list[str]) -> None:
    """One rule for every command (issue 55): the first solution found is printed; `--all`
    prints every one, a blank line between, `--limit N` the first N; `--count` and `--json`'s
    count are their number; `--json` carries the solutions printed and says whether the search
    was exhausted."""
    number = int(invoke_dlx([*args, "--count"]).stdout)
    assert number > 1
    boards = invoke_dlx([*args, "--all"]).stdout.rstrip("\n").split("\n\n")
    assert len(boards) == number
    first = invoke_dlx(args)
    assert (first.exit_code, first.stdout.rstrip("\n")) == (0, boards[0].rstrip("\n"))
    assert "\n\n" not in first.stdout
    assert invoke_dlx([*args, "--limit", "2"]).stdout.rstrip("\n").split("\n\n") == boards[:2]
    report = json.loads(invoke_dlx([*args, "--json", "--all"]).stdout)
    assert report["count"] == len(report["solutions"]) == number
    assert (report["status"], report["exhausted"]) == ("exhausted", True)
    alone = json.loads(invoke_dlx([*args, "--json"]).stdout)
    assert (alone["count"], alone["status"], alone["exhausted"]) == (1, "limit", False)
    assert alone["solutions"] == report["solutions"][:1]


@pytest.mark.parametrize(
    "command", ["solve", "tile", "queens", "sudoku", "skyscrapers", "polyomino", "pentomino"]
)
def test_every_command_s_help_says_it_prints_the_first_solution(command: str) -> None:
    """`--help` says the rule (issue 55): the first solution found; `--all` for every one."""
    assert "prints the first solution it finds" in " ".join(invoke_dlx(["--help"]).stdout.split())
    shown = " ".join(invoke_dlx([command, "--help"]).stdout.replace("│", " ").split())
    assert "--all Print every solution (without it: the first found)." in shown
    assert "--limit <int range> [x>=1] Print the first N solutions" in shown


FIFTEEN = "2 3\n111\n110\n\n3 2\n11\n11\n11\n\n1 3\n111\n\n1 1\n1\n"
"""Pieces of 15 cells in all, for a 4 x 4 square with one cell left empty."""


def test_polyomino_holes_leave_cells_empty_as_dlx_tile_does(tmp_path: Path) -> None:
    """`--holes N` (issue 47, item 10): the counts of `dlx tile` on a board whose every cell may
    stay empty; a board the pieces do not fill says how many holes would fit it."""
    pieces = tmp_path / "fifteen.txt"
    pieces.write_text(FIFTEEN)
    refused = invoke_dlx(["polyomino", str(pieces)])
    assert refused.exit_code == 1
    assert refused.stderr == (
        "dlx: the pieces' total area 15 is not a square number: give the board as RxC, or"
        " --holes 1 for the 4x4 square\n"
    )
    assert invoke_dlx(["polyomino", str(pieces), "--board", "4x4"]).stderr == (
        "dlx: the board 4x4 has area 16, the pieces' total area is 15 (--holes 1 fits)\n"
    )
    boards = invoke_dlx(["polyomino", str(pieces), "--holes", "1", "--all"]).stdout.split("\n\n")
    assert all(board.count(".") == 1 for board in boards)
    drawn = "board\n" + "++++\n" * 4
    for number, block in enumerate(FIFTEEN.split("\n\n"), start=1):
        drawn += f"piece p{number}\n" + "\n".join(block.split("\n")[1:]).replace("0", ".")
        drawn += "\n"
    tile = tmp_path / "fifteen_tile.txt"
    tile.write_text(drawn.replace("\n\n", "\n"))
    expected = invoke_dlx(["tile", str(tile), "--count"]).stdout
    assert invoke_dlx(["polyomino", str(pieces), "--holes", "1", "--count"]).stdout == expected
    assert len(boards) == int(expected) == 144


@pytest.mark.parametrize("stem", stems(CORPUS / "polyomino" / "invalid", ".txt"))
def test_polyomino_names_the_broken_rule(stem: str) -> None:
    """A malformed pieces file (or an area that is no square): the message, exit 1."""
    path = CORPUS / "polyomino" / "invalid" / f"{stem}.txt"
    result = invoke_dlx(["polyomino", str(path), *_args(path)])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "dlx: " + path.with_suffix(".err").read_text()


@pytest.mark.parametrize("stem", stems(CORPUS / "pentomino", ".txt"))
def test_pentomino_prints_the_golden_board(stem: str) -> None:
    """The first tiling (`--limit 1`) of the board named in the file."""
    path = CORPUS / "pentomino" / f"{stem}.txt"
    result = invoke_dlx(["pentomino", path.read_text().strip(), "--limit", "1", *_args(path)])
    assert (result.exit_code, result.stdout) == (0, path.with_suffix(".out").read_text())


def test_pentomino_counts_with_and_without_symmetry() -> None:
    """3x20: 2 tilings up to symmetry, 8 in all."""
    assert invoke_dlx(["pentomino", "3x20", "--count"]).stdout == "8\n"
    assert invoke_dlx(["pentomino", "3x20", "--unique", "--count"]).stdout == "2\n"


def test_pentomino_refuses_a_board_of_the_wrong_area() -> None:
    """A board that cannot hold the twelve pieces is bad input."""
    result = invoke_dlx(["pentomino", "7x7"])
    assert result.exit_code == 1 and result.stderr.startswith("dlx: ")


def test_an_svg_in_a_missing_folder_is_refused_before_the_search(tmp_path: Path) -> None:
    """--svg into a folder that does not exist: one line and exit 1, no board printed."""
    result = invoke_dlx(["queens", "4", "--svg", str(tmp_path / "missing" / "q.svg")])
    assert (result.exit_code, result.stdout) == (1, "")
    assert "no such folder" in result.stderr


def test_svg_writes_a_picture_of_the_first_board(tmp_path: Path) -> None:
    """--svg FILE writes well-formed SVG sized to the board and a border's width round it."""
    picture = tmp_path / "board.svg"
    result = invoke_dlx(["pentomino", "3x20", "--svg", str(picture)])
    assert result.exit_code == 0
    root = ElementTree.fromstring(picture.read_text())
    assert root.tag.endswith("svg")
    assert (root.get("width"), root.get("height")) == (str(20 * 24 + 4), str(3 * 24 + 4))


@pytest.mark.parametrize("form", [[], ["--json"]], ids=["text", "json"])
@pytest.mark.parametrize(
    "command",
    [
        ["queens", "4"],
        ["pentomino", "3x20"],
        ["tile", str(CORPUS / "tile" / "triangle_hexagon.txt")],
    ],
    ids=["queens", "pentomino", "tile"],
)
def test_count_with_svg_draws_the_first_board_too(
    command: list[str], form: list[str], tmp_path: Path
) -> None:
    """--count --svg FILE counts and draws the first board, in text as in JSON (one ending for
    every command: the text form once counted without drawing)."""
    picture = tmp_path / "first.svg"
    result = invoke_dlx([*command, "--count", "--svg", str(picture), *form])
    assert result.exit_code == 0, result.stderr
    assert ElementTree.fromstring(picture.read_text()).tag.endswith("svg")
    counted = json.loads(result.stdout)["count"] if form else int(result.stdout)
    assert counted >= 2


def test_svg_to_an_unwritable_place_is_bad_input(tmp_path: Path) -> None:
    """A picture that cannot be written: one message, exit 1."""
    result = invoke_dlx(["pentomino", "3x20", "--svg", str(tmp_path / "missing" / "board.svg")])
    assert result.exit_code == 1 and result.stderr.startswith("dlx: ")


def test_boards_are_coloured_when_forced_and_plain_otherwise() -> None:
    """FORCE_COLOR gives escape codes that strip to the plain board; --plain gives none."""
    coloured = invoke_dlx(["pentomino", "3x20"], env={"FORCE_COLOR": "1"})
    assert "\x1b[" in coloured.stdout
    plain = invoke_dlx(["pentomino", "3x20", "--plain"], env={"FORCE_COLOR": "1"})
    assert "\x1b[" not in plain.stdout
    import re

    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.stdout) == plain.stdout


# as a process


def _process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PYTHONPATH")}
    env["NO_COLOR"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "dlx", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        input=stdin,
        timeout=120,
        check=False,
    )


def test_python_m_dlx_runs_the_same_command() -> None:
    """`python -m dlx solve FILE` prints what the command prints."""
    path = str(CORPUS / "dlx" / "queens4.dlx")
    done = _process("solve", path)
    assert (done.returncode, done.stdout) == (0, invoke_dlx(["solve", path]).stdout)


def test_no_argument_shows_usage_without_a_traceback() -> None:
    """`dlx solve` alone: usage, exit 2, no traceback."""
    done = _process("solve")
    assert done.returncode == 2 and "Usage" in done.stderr and "Traceback" not in done.stderr


def test_reader_closing_the_pipe_early_ends_quietly() -> None:
    """Output piped into a reader that has gone: no traceback, ended by SIGPIPE."""
    import signal

    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PYTHONPATH")}
    child = subprocess.Popen(
        [sys.executable, "-m", "dlx", "queens", "8", "--count"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert child.stdout is not None
    child.stdout.close()
    _, stderr = child.communicate(timeout=120)
    assert b"Traceback" not in stderr
    assert child.returncode in (0, -signal.SIGPIPE)


@pytest.mark.parametrize("stem", stems(CORPUS / "pentomino" / "invalid", ".txt"))
def test_pentomino_names_a_malformed_board(stem: str) -> None:
    """A board spec that is not RxC, or of the wrong area: the message, exit 1."""
    path = CORPUS / "pentomino" / "invalid" / f"{stem}.txt"
    result = invoke_dlx(["pentomino", path.read_text().strip()])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == "dlx: " + path.with_suffix(".err").read_text()


# skyscrapers, queens, sudoku: golden cases, each board also checked independently


def seen(line: list[int]) -> int:
    """How many buildings of `line` are seen from its start."""
    tallest = count = 0
    for height in line:
        if height > tallest:
            tallest, count = height, count + 1
    return count


def check_skyscrapers(clue_text: str, rows: list[str]) -> None:
    """Each row and column a permutation of 1..N, and every non-zero clue seen."""
    grid = [[int(x) for x in row.split(" ")] for row in rows]
    n = len(grid)
    columns = [[grid[r][c] for r in range(n)] for c in range(n)]
    assert all(sorted(line) == list(range(1, n + 1)) for line in grid + columns)
    clues = [int(x) for x in clue_text.split()]
    views = (
        [seen(col) for col in columns]
        + [seen(col[::-1]) for col in columns]
        + [seen(row) for row in grid]
        + [seen(row[::-1]) for row in grid]
    )
    assert all(clue in (0, view) for clue, view in zip(clues, views, strict=True))


@pytest.mark.parametrize("stem", stems(CORPUS / "skyscrapers", ".txt"))
def test_skyscrapers_prints_the_golden_rows_or_error(stem: str) -> None:
    """The first rows (`--limit 1`), heights separated by single spaces; `Error` (exit 1) for
    bad clues or none."""
    clues = (CORPUS / "skyscrapers" / f"{stem}.txt").read_text().strip()
    expected = (CORPUS / "skyscrapers" / f"{stem}.out").read_text()
    result = invoke_dlx(["skyscrapers", clues, "--limit", "1"])
    assert result.stdout == expected
    assert result.exit_code == (1 if expected == "Error\n" else 0)
    if expected != "Error\n":
        check_skyscrapers(clues, expected.splitlines())


def test_skyscrapers_example_has_one_solution() -> None:
    """The issue's example is solved uniquely."""
    assert invoke_dlx(["skyscrapers", "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2", "--count"]).stdout == "1\n"


def check_queens(rows: list[str]) -> None:
    """One queen per row and column, none on a shared diagonal."""
    squares = [(r, row.index("Q")) for r, row in enumerate(rows)]
    assert all(row.count("Q") == 1 for row in rows)
    assert len({c for _, c in squares}) == len(rows)
    assert len({r + c for r, c in squares}) == len({r - c for r, c in squares}) == len(rows)


@pytest.mark.parametrize("stem", stems(CORPUS / "queens", ".txt"))
def test_queens_prints_the_golden_board(stem: str) -> None:
    """The first board found, 'Q' and '.'; none: nothing on standard output, exit 1."""
    n = (CORPUS / "queens" / f"{stem}.txt").read_text().strip()
    expected = (CORPUS / "queens" / f"{stem}.out").read_text()
    result = invoke_dlx(["queens", n, "--limit", "1"])
    assert (result.stdout, result.exit_code) == (expected, 0 if expected else 1)
    if expected:
        check_queens(expected.splitlines())


@pytest.mark.parametrize(("n", "known"), [(8, 92), (10, 724)])
def test_queens_counts(n: int, known: int) -> None:
    """Knuth's counts: 92 and 724 (12-queens, 14200, is in the benchmark)."""
    assert invoke_dlx(["queens", str(n), "--count"]).stdout == f"{known}\n"


def check_sudoku(puzzle: str, rows: list[str]) -> None:
    """Every row, column and box holds 1-9 once, and the givens are kept."""
    grid = [[int(ch) for ch in row] for row in rows]
    groups = [row for row in grid]
    groups += [[grid[r][c] for r in range(9)] for c in range(9)]
    groups += [
        [grid[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)]
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    assert all(sorted(group) == list(range(1, 10)) for group in groups)
    cells = [ch for ch in puzzle if not ch.isspace()]
    assert all(ch in ".0" or int(ch) == grid[k // 9][k % 9] for k, ch in enumerate(cells))


@pytest.mark.parametrize("stem", stems(CORPUS / "sudoku", ".txt"))
def test_sudoku_prints_the_golden_grid_of_its_only_solution(stem: str) -> None:
    """The filled grid, 9 lines of 9 digits; the hard puzzles here have exactly one solution."""
    path = CORPUS / "sudoku" / f"{stem}.txt"
    expected = path.with_suffix(".out").read_text()
    assert invoke_dlx(["sudoku", str(path)]).stdout == expected
    assert invoke_dlx(["sudoku", str(path), "--count"]).stdout == "1\n"
    check_sudoku(path.read_text(), expected.splitlines())


@pytest.mark.parametrize("stem", stems(CORPUS / "sudoku" / "invalid", ".txt"))
def test_sudoku_names_the_broken_rule(stem: str) -> None:
    """A malformed puzzle: the golden message, exit 1, nothing on standard output."""
    path = CORPUS / "sudoku" / "invalid" / f"{stem}.txt"
    result = invoke_dlx(["sudoku", str(path)])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == path.with_suffix(".err").read_text()


@pytest.mark.parametrize("n", ["0", "-3"])
def test_queens_refuses_a_board_without_squares(n: str) -> None:
    """A side below 1 is bad input: one message, exit 1, nothing on standard output."""
    result = invoke_dlx(["queens", "--", n])
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith("dlx: ")


@pytest.mark.parametrize("program", ["dlx", "fillit"])
def test_a_run_out_of_memory_ends_in_one_line_and_exit_1(
    program: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A search that needs more memory than the machine (or a `ulimit`) allows ends as bad
    input does: one line, exit 1, no traceback (a ZDD of 62 x 62 dominoes under a 120 MB
    address space ran into it after a minute, through both starts of `dlx solve --count --zdd`)."""
    from dlx.programs import ending

    def greedy() -> None:
        raise MemoryError

    assert ending._status(greedy, program) == 1
    assert capsys.readouterr().err == (
        f"{program}: out of memory: the run needs more than this machine allows\n"
    )
