"""The tiling workshop as a Python library (issue 56): `dlx.tiling.Puzzle` gives what `dlx tile`
prints on every golden case, its solutions are values that draw themselves, its errors are
typed and name what was given, and a budget never returns what reads as an answer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from commands import invoke_dlx
from places import ROOT

import dlx
from dlx.tiling import BOARDS, Puzzle, Solution, piece_sets
from dlx.tiling.errors import TileError

CORPUS = ROOT / "corpus" / "tile"
CASES = sorted(p.stem for p in CORPUS.glob("*.txt") if not p.stem.startswith("err_"))
ERRORS = sorted(p.stem for p in CORPUS.glob("err_*.txt"))
SLOW = {"spec_pentominoes_6x10"}


def opened(stem: str, args: list[str]) -> Puzzle:
    """The case's puzzle, read as `dlx tile` reads it with `args` (its grid and turns)."""
    grid = args[args.index("--grid") + 1] if "--grid" in args else None
    turns = {"rotations": "--no-rotate" not in args, "reflections": "--no-flip" not in args}
    return Puzzle.open(CORPUS / f"{stem}.txt", grid, **turns)


def arguments(stem: str) -> list[str]:
    """The case's arguments (NAME.args), none where it has no such file."""
    extra = CORPUS / f"{stem}.args"
    return extra.read_text().split() if extra.exists() else []


def printed(puzzle: Puzzle, args: list[str]) -> str:
    """What `dlx tile FILE ARGS` prints, asked of the library."""
    unique = "--unique" in args
    if "--count" in args:
        return f"{puzzle.count(unique=unique)}\n"
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else 1
    found = puzzle.solutions(unique=unique, limit=None if "--all" in args else limit)
    return "\n\n".join(solution.text() for solution in found) + "\n"


@pytest.mark.parametrize(
    "stem", [pytest.param(s, marks=pytest.mark.slow) if s in SLOW else s for s in CASES]
)
def test_the_library_gives_every_golden_output_of_dlx_tile(stem: str) -> None:
    args = arguments(stem)
    assert printed(opened(stem, args), args) == (CORPUS / f"{stem}.out").read_text()


@pytest.mark.parametrize("stem", ERRORS)
def test_a_bad_file_is_the_tile_error_dlx_tile_names(stem: str) -> None:
    with pytest.raises(TileError) as raised:
        opened(stem, arguments(stem)).count()
    assert f"dlx: {raised.value}\n" == (CORPUS / f"{stem}.err").read_text()


def test_a_puzzle_in_python_is_the_one_its_picture_draws() -> None:
    drawn = Puzzle.read("board 3x20\npieces pentominoes\n")
    given = Puzzle(board="3x20", pieces="pentominoes")
    assert given.count() == drawn.count() == 8
    assert given.count(unique=True) == 2
    board = Puzzle(board=["###", "##.", "#.."], pieces={"L": "##/#.", "I": "###"})
    assert board.first() is not None and board.count() == 2
    assert Puzzle(board="##/##/##", pieces={"L": "##/#."}, copies={"L": 2}).count() == 2
    assert Puzzle(board="##/##/##", pieces={"L": "##/#."}, copies={"L": (0, 2)}).count() == 2
    mixed = Puzzle(board="2x5", pieces=["trominoes", {"O": "##/##"}])
    assert mixed.count() == int(run_tile("board 2x5\npieces trominoes\npiece O\n##\n##\n"))


def run_tile(text: str, *args: str) -> str:
    """`dlx tile --count ARGS` of a puzzle given as text."""
    done = invoke_dlx(["tile", "-", "--count", *args], stdin=text)
    return done.stdout.strip()


@pytest.mark.parametrize(
    ("keywords", "args"),
    [({"rotations": False}, ["--no-rotate"]), ({"reflections": False}, ["--no-flip"])],
)
def test_turns_are_the_command_line_s(keywords: dict[str, bool], args: list[str]) -> None:
    text = "board 2x4\npiece 0:2|L\n###\n#..\npiece 0:2|I\n####\npiece 0:2|O\n##\n##\n"
    turned = Puzzle.read(text, **keywords)
    assert str(turned.count()) == run_tile(text, *args)


def test_cubes_turn_in_space_and_mirror_only_when_asked() -> None:
    soma = Puzzle(board="3x3x3", pieces="soma")
    assert soma.count(unique=True) == 240
    mirrored = Puzzle(board="3x3x3", pieces="soma", mirror=True).count(unique=True)
    assert Puzzle(board="3x3x3", pieces="soma", reflections=False).count(unique=True) == 240
    assert str(mirrored) == run_tile("board 3x3x3\npieces soma\n", "--unique", "--mirror")


def test_jobs_and_the_zdd_count_what_the_search_counts() -> None:
    puzzle = Puzzle(board="3x20", pieces="pentominoes")
    alone = puzzle.count()
    assert puzzle.count(jobs=2) == alone and puzzle.count(zdd=True) == alone
    assert puzzle.count(jobs=2, limit=3) == puzzle.count(limit=3) == 3
    first = [s.text() for s in puzzle.solutions(limit=3)]
    assert [s.text() for s in puzzle.solutions(limit=3, jobs=2)] == first
    with pytest.raises(dlx.SearchOptionError, match="without jobs"):
        puzzle.count(jobs=2, max_nodes=10)


def test_a_budget_never_returns_what_reads_as_an_answer() -> None:
    puzzle = Puzzle(board="6x10", pieces="pentominoes")
    with pytest.raises(dlx.OutOfBudgetError, match="the count is unknown"):
        puzzle.count(max_nodes=100)
    with pytest.raises(dlx.OutOfBudgetError, match="the first solution is unknown"):
        puzzle.first(max_nodes=3)
    found = []
    with pytest.raises(dlx.OutOfBudgetError, match="the rest of the solutions is unknown"):
        found.extend(puzzle.solutions(max_nodes=20_000))
    assert found  # the solutions found before the budget ran out came first
    with pytest.raises(dlx.OutOfBudgetError):
        puzzle.count(zdd=True, max_nodes=5)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"board": "6y10", "pieces": "pentominoes"}, "no board '6y10' on the square grid"),
        ({"board": "6x10", "pieces": "pentominos"}, "pieces: no piece set 'pentominos'"),
        ({"board": "6x10", "pieces": {"L": "#.#"}}, "piece 'L': piece 'L' is not connected"),
        ({"board": "6x10", "pieces": "pentominoes", "grid": "cubes"}, "unknown grid 'cubes'"),
        (
            {"board": "2x2", "pieces": "pentominoes", "copies": {"Q": 2}},
            "copies: no piece named 'Q'",
        ),
        ({"board": "2x2", "pieces": "dominoes", "copies": {"A": (3, 2)}}, "copies of 'A': "),
    ],
)
def test_bad_input_is_a_tile_error_naming_what_was_given(
    given: dict[str, object], message: str
) -> None:
    with pytest.raises(TileError, match=re.escape(message)) as raised:
        Puzzle(**given).count()  # type: ignore[arg-type]
    assert isinstance(raised.value, dlx.DlxError)
    assert not str(raised.value).startswith("line ")


def test_a_solution_is_a_value_that_draws_itself(tmp_path: Path) -> None:
    puzzle = Puzzle.read("board 2x3\npiece 2|L\n##\n#.\n")
    solution = puzzle.first()
    assert isinstance(solution, Solution)
    assert solution.placements == {
        ("L", 1): [(0, 0), (0, 1), (1, 0)],
        ("L", 2): [(0, 2), (1, 1), (1, 2)],
    }
    assert str(solution) == solution.text() == "LLl\nLll\nL=L#1  l=L#2"
    picture = tmp_path / "first.svg"
    invoke_dlx(["tile", "-", "--svg", str(picture)], stdin="board 2x3\npiece 2|L\n##\n#.\n")
    assert solution._repr_svg_() == solution.svg() == picture.read_text()
    assert repr(solution) == "Solution on the square grid: L L"
    assert solution == next(puzzle.solutions()) and len({solution, puzzle.first()}) == 1


def test_a_puzzle_draws_its_board_and_its_pieces_and_echoes_one_line() -> None:
    puzzle = Puzzle(board="6x10", pieces="pentominoes")
    picture = puzzle._repr_svg_()
    assert picture.startswith("<svg") and picture.count("<svg") == 1 + 1 + 12
    assert picture.count("<polygon") == 60 + 12 * 5
    assert all(f">{name}</text>" in picture for name in "FILNPTUVWXYZ")
    fills = set(re.findall(r'<polygon [^>]*fill="(#[0-9a-f]{6})"', picture)) - {"#ffffff"}
    assert len(fills) == 12  # a colour of its own for each piece
    line = repr(puzzle)
    assert "\n" not in line and len(line) < 120
    assert line.startswith("Puzzle on the square grid: a board of 60 cells, 12 pieces (F, I, L")


def test_the_named_boards_and_piece_sets_are_listed() -> None:
    sets = piece_sets()
    assert sets["pentominoes"] == "square" and sets["trihexes"] == "hex"
    assert {"RxC", "RxCxL", "8x8-hole", "hexagon-N"} == set(BOARDS)
    for name, grid in sets.items():
        board = {"square": "8x8", "triangle": "hexagon-3", "hex": "hexagon-3", "cube": "3x3x3"}
        board["sticks"] = "5x5"
        assert Puzzle(board=board[grid], pieces=name, grid=grid).model.pieces
    assert sorted(dir(dlx.tiling)) == ["BOARDS", "Puzzle", "Solution", "TileError", "piece_sets"]


def test_a_piece_may_turn_otherwise_than_the_rest() -> None:
    """`turns` names pieces that may not turn (or flip) while the others may: the L tromino
    fixed as drawn leaves fewer tilings of the 2x3 board than when it turns."""
    free = Puzzle(board="2x3", pieces={"L": "##/#.", "l": "##/.#"})
    fixed = Puzzle(board="2x3", pieces={"L": "##/#.", "l": "##/.#"}, turns={"L": (False, False)})
    assert 0 < fixed.count() < free.count()
    assert fixed.count() == 1  # L as drawn in the top-left corner, l in the other
    with pytest.raises(TileError, match="no piece named 'Q'"):
        Puzzle(board="2x3", pieces="trominoes", turns={"Q": (False, False)})


def test_what_a_puzzle_tells_of_itself() -> None:
    """Its grid, pieces, cells to cover, board rows and the format it was read from."""
    puzzle = Puzzle.read("board 2x3\npieces trominoes\n")
    assert (puzzle.grid, puzzle.pieces, puzzle.cells) == ("square", ["I", "L"], 6)
    assert puzzle.format == "picture"
    assert puzzle.board() == ["###", "###"]
    spec = Puzzle.read((CORPUS / "spec_soma.txt").read_text())
    assert (spec.format, spec.grid) == ("spec", "cube")


def test_check_refuses_pieces_that_cannot_cover_the_board_before_building() -> None:
    puzzle = Puzzle(board="2x2", pieces={"L": "##/#."})
    with pytest.raises(TileError, match="the pieces cover 3 cells but the board has 4"):
        puzzle.check()


def test_a_solution_kept_as_numbers_comes_back_whole() -> None:
    """`numbers()` and the puzzle's `solution(numbers)`: the same solution, on the same puzzle
    or one read again from the same text; numbers that do not fit: a TileError."""
    text = "board 3x4\npiece 2|I\n###\npiece 2|L\n##\n#.\n"
    puzzle = Puzzle.read(text)
    for solution in puzzle.solutions(limit=5):
        again = Puzzle.read(text).solution(solution.numbers())
        assert again.text() == solution.text()
        assert puzzle.solution(solution.numbers()) == solution
    with pytest.raises(TileError, match="does not fit"):
        puzzle.solution([0, 0, 3, 0, 1])


def test_a_solution_key_and_picture_without_legend() -> None:
    """`key()`: each piece used, its name (with its copy), label and colour; `svg(legend=False)`
    the picture without the legend's names."""
    solution = Puzzle(board="2x3", pieces={"L": "##/#."}, copies={"L": 2}).first()
    assert solution is not None
    key = solution.key()
    assert [(entry["name"], entry["label"]) for entry in key] == [("L#1", "L"), ("L#2", "l")]
    assert all(re.fullmatch(r"#[0-9a-f]{6}", entry["colour"]) for entry in key)
    assert "L#2" in solution.svg() and "L#2" not in solution.svg(legend=False)


def test_a_search_of_the_puzzle_s_own_problem_gives_its_solutions() -> None:
    """`engine()`, `order()` and `placed(keys)`: the tiling's problem searched with `dlx.solve`
    (or a ZDD in `order()`) gives the solutions `solutions()` gives."""
    puzzle = Puzzle(board="3x20", pieces="pentominoes")
    problem = puzzle.tiling().problem
    mine = [puzzle.placed(keys) for keys in dlx.solve(problem, **puzzle.engine())]
    assert mine == list(puzzle.solutions())
    assert dlx.zdd(problem, item_order=puzzle.order()).count() == 8


def test_splits_says_where_jobs_search_alone() -> None:
    """A plain puzzle splits; one whose `unique` checks symmetries on solutions does not."""
    assert Puzzle(board="3x20", pieces="pentominoes").splits()
    puzzle = Puzzle(board="2x2", pieces={"o": "#"}, copies={"o": 4})
    assert puzzle.splits() and not puzzle.splits(unique=True)
    assert puzzle.count(unique=True, jobs=2) == puzzle.count(unique=True) == 1
