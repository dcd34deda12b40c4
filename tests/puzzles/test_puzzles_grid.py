"""Queens, sudoku, skyscrapers and Latin squares: counts, exact boards, errors, search keywords.

Every board is checked by this file's own checkers, which share no code with `dlx.puzzles`; the
4 x 4 skyscrapers are compared with a brute force over all 576 Latin squares of order 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT

from dlx import Stats, Status, count
from dlx.errors import PuzzleError
from dlx.puzzles import queens, skyscrapers, sudoku

CORPUS = ROOT / "corpus"

INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
HARD_SUDOKUS = {
    "inkala": INKALA,
    "platinum_blonde": (
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
    ),
    "ai_escargot": (
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    ),
    "norvig_top95_first": (
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ),
}
EXAMPLE = "4 3 2 1 1 2 2 2 4 3 2 1 1 2 2 2"
CODEWARS_6X6 = "3 2 2 3 2 1 3 4 2 2 1 5 4 2 2 1 2 3 1 2 3 3 2 2"
CODEWARS_7X7 = "7 0 0 0 2 2 3 0 5 0 0 3 0 3 4 0 5 0 0 0 0 0 0 3 0 0 0 0"


# --- the independent checkers ------------------------------------------------------------------


def is_queens_board(n: int, board: Sequence[str]) -> bool:
    """n rows of n marks 'Q' or '.', one queen per row and column, none sharing a diagonal."""
    if len(board) != n or any(len(row) != n or set(row) - {"Q", "."} for row in board):
        return False
    squares = [(r, c) for r, row in enumerate(board) for c, mark in enumerate(row) if mark == "Q"]
    lines = [{r for r, _ in squares}, {c for _, c in squares}]
    lines += [{r + c for r, c in squares}, {r - c for r, c in squares}]
    return len(squares) == n and all(len(line) == n for line in lines)


def is_latin(grid: Sequence[Sequence[int]]) -> bool:
    """Each row and each column of the square `grid` holds 1..n once."""
    n = len(grid)
    columns = [[row[c] for row in grid] for c in range(n)]
    return all(sorted(line) == list(range(1, n + 1)) for line in [*grid, *columns])


def is_sudoku_solution(puzzle: str, grid: Sequence[Sequence[int]]) -> bool:
    """`grid` fills every row, column and box with 1-9 once and keeps the givens of `puzzle`."""
    boxes = [
        [grid[r][c] for r in range(top, top + 3) for c in range(left, left + 3)]
        for top in (0, 3, 6)
        for left in (0, 3, 6)
    ]
    cells = [char for char in puzzle if not char.isspace()]
    kept = all(char in ".0" or int(char) == grid[k // 9][k % 9] for k, char in enumerate(cells))
    return is_latin(grid) and all(sorted(box) == list(range(1, 10)) for box in boxes) and kept


def visible(line: Sequence[int]) -> int:
    """Buildings seen from the start of `line`: those taller than every one before them."""
    return sum(1 for k, height in enumerate(line) if all(height > h for h in line[:k]))


def views(grid: Sequence[Sequence[int]]) -> list[int]:
    """The 4N views of `grid`: top, bottom (left to right), left, right (top to bottom)."""
    columns = [[row[c] for row in grid] for c in range(len(grid))]
    return (
        [visible(col) for col in columns]
        + [visible(col[::-1]) for col in columns]
        + [visible(row) for row in grid]
        + [visible(row[::-1]) for row in grid]
    )


def agrees(clue_text: str, grid: Sequence[Sequence[int]]) -> bool:
    """`grid` is a Latin square and every non-zero clue of `clue_text` is seen."""
    clues = [int(word) for word in clue_text.split()]
    return is_latin(grid) and all(
        clue in (0, view) for clue, view in zip(clues, views(grid), strict=True)
    )


@cache
def latin_squares(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every Latin square of order n, by brute force over rows that are permutations."""
    squares: list[tuple[tuple[int, ...], ...]] = [()]
    for _ in range(n):
        squares = [
            (*square, row)
            for square in squares
            for row in permutations(range(1, n + 1))
            if all(row[c] != above[c] for above in square for c in range(n))
        ]
    return squares


def as_tuples(grid: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """`grid` as a hashable tuple of rows."""
    return tuple(tuple(row) for row in grid)


def printed(lines: Sequence[str]) -> str:
    """Render lines as the command prints them: each ending in a newline."""
    return "".join(f"{line}\n" for line in lines)


# --- queens ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "known"),
    [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92), (10, 724), (12, 14200)],
)
def test_queens_count_is_the_known_number_of_solutions(n: int, known: int) -> None:
    assert count(queens.problem(n)) == known


def test_all_92_boards_of_8_queens_are_valid_and_distinct() -> None:
    boards = list(queens.boards(8))
    assert all(is_queens_board(8, board) for board in boards)
    assert len({tuple(board) for board in boards}) == len(boards) == 92


def test_queens_rows_and_columns_are_primary_and_diagonals_secondary() -> None:
    problem = queens.problem(5)
    assert (problem.primary_count, problem.item_count, problem.option_count) == (10, 28, 25)
    assert list(problem.option_items((1, 3))) == ["r1", "c3", "a4", "b2"]
    assert not problem.is_primary("a4") and not problem.is_primary("b2")


def test_first_queens_board_of_4_is_the_first_in_row_order() -> None:
    assert next(queens.boards(4)) == [".Q..", "...Q", "Q...", "..Q."]


@pytest.mark.parametrize("n", [0, -3, queens.MAX_N + 1, 10**30])
def test_queens_refuse_a_side_out_of_range_before_the_first_board_is_asked(n: int) -> None:
    with pytest.raises(
        PuzzleError,
        match=rf"^the board's side n must be from 1 to {queens.MAX_N} \(the limit\), not {n}$",
    ):
        queens.boards(n)


def test_queens_limit_stops_after_that_many_boards_with_status_limit() -> None:
    stats = Stats()
    assert len(list(queens.boards(8, limit=3, stats=stats))) == 3
    assert stats.status is Status.LIMIT


def test_queens_node_budget_stops_with_status_budget() -> None:
    stats = Stats()
    list(queens.boards(10, max_nodes=20, stats=stats))
    assert stats.status is Status.BUDGET
    assert stats.nodes <= 20 + 1  # the engine counts the node it stops at


# --- sudoku ------------------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", HARD_SUDOKUS.values(), ids=HARD_SUDOKUS.keys())
def test_hard_sudoku_has_exactly_one_solution_and_it_keeps_every_rule(puzzle: str) -> None:
    grid = sudoku.parse(puzzle)
    solutions = list(sudoku.boards(grid))
    assert len(solutions) == 1 == count(sudoku.problem(grid))
    assert is_sudoku_solution(puzzle, solutions[0])


def test_empty_grid_first_solution_keeps_every_rule() -> None:
    blank = "." * 81
    assert is_sudoku_solution(blank, next(sudoku.boards(sudoku.parse(blank))))


def test_solved_grid_is_its_own_only_solution() -> None:
    solved = next(sudoku.boards(sudoku.parse(INKALA)))
    assert list(sudoku.boards(solved)) == [solved]


def test_sudoku_without_solution_yields_nothing_after_a_complete_search() -> None:
    """Row 1 leaves 9 for its last cell, and that column already has a 9: no clash among givens."""
    stats = Stats()
    assert (
        list(sudoku.boards(sudoku.parse("12345678." + "........9" + "." * 63), stats=stats)) == []
    )
    assert stats.status is Status.EXHAUSTED


def test_sudoku_reads_zeros_as_blanks_and_ignores_whitespace() -> None:
    zeros = INKALA.replace(".", "0")
    laid_out = "\n".join(" ".join(zeros[9 * r : 9 * r + 9]) for r in range(9)) + "\n"
    assert sudoku.parse(laid_out) == sudoku.parse(INKALA)
    assert sudoku.parse(INKALA)[0] == [8, 0, 0, 0, 0, 0, 0, 0, 0]


def test_sudoku_problem_covers_only_the_open_cells() -> None:
    """Each of the 21 non-clashing givens removes its own four items: cell, row, column, box."""
    grid = sudoku.parse(INKALA)
    givens = sum(1 for row in grid for digit in row if digit)
    problem = sudoku.problem(grid)
    assert problem.primary_count == 4 * (81 - givens) == 4 * 60
    assert all(not grid[r][c] for r, c, _ in problem.keys)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a sudoku has 81 cells, not 0"),
        ("1" * 80, "a sudoku has 81 cells, not 80"),
        ("." * 82, "a sudoku has 81 cells, not 82"),
        ("." * 80 + "x", "row 9, column 9: 'x' is not a digit 1-9, '.' or '0'"),
        ("..|" + "." * 80, "row 1, column 3: '|' is not a digit 1-9, '.' or '0'"),
        (
            "." * 12 + "\uff15" + "." * 68,
            "row 2, column 4: '\uff15' is not a digit 1-9, '.' or '0'",
        ),
        ("." * 90 + "x", "a sudoku has 81 cells, not 91"),
        (
            "5....5" + "." * 75,
            "row 1, column 6: 5 is already given in the same row, at row 1, column 1",
        ),
        (
            "7" + "." * 71 + "7" + "." * 8,
            "row 9, column 1: 7 is already given in the same column, at row 1, column 1",
        ),
        (
            "." * 30 + "3" + "." * 9 + "3" + "." * 40,
            "row 5, column 5: 3 is already given in the same box, at row 4, column 4",
        ),
    ],
    ids=[
        "empty",
        "80_cells",
        "82_cells",
        "letter",
        "pipe",
        "fullwidth_digit",
        "letter_past_81",
        "row_clash",
        "column_clash",
        "box_clash",
    ],
)
def test_sudoku_parse_names_the_broken_rule(text: str, message: str) -> None:
    with pytest.raises(PuzzleError) as raised:
        sudoku.parse(text)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ([[0] * 9] * 8, "a sudoku grid has 9 rows of 9 cells"),
        ([[0] * 9] * 8 + [[0] * 8], "a sudoku grid has 9 rows of 9 cells"),
        ([[10] + [0] * 8] + [[0] * 9] * 8, "row 1, column 1: 10 is not a digit 0-9"),
    ],
    ids=["8_rows", "short_row", "digit_10"],
)
def test_sudoku_problem_refuses_a_malformed_grid(grid: list[list[int]], message: str) -> None:
    with pytest.raises(PuzzleError) as raised:
        sudoku.problem(grid)
    assert str(raised.value) == message


def test_sudoku_render_writes_nine_digits_a_line_and_a_dot_for_an_open_cell() -> None:
    assert sudoku.render(sudoku.parse(INKALA))[:2] == ["8........", "..36....."]
    solved = next(sudoku.boards(sudoku.parse(INKALA)))
    assert sudoku.render(solved)[0] == "812753649"


def test_sudoku_limit_and_node_budget_set_their_status() -> None:
    blank = sudoku.parse("." * 81)
    limited, budgeted = Stats(), Stats()
    two = list(sudoku.boards(blank, limit=2, stats=limited))
    assert len(two) == 2 and two[0] != two[1] and limited.status is Status.LIMIT
    assert list(sudoku.boards(blank, max_nodes=10, stats=budgeted)) == []
    assert budgeted.status is Status.BUDGET


# --- skyscrapers -------------------------------------------------------------------------------


def test_example_has_exactly_the_one_solution_of_the_statement() -> None:
    solutions = list(skyscrapers.boards(skyscrapers.parse(EXAMPLE)))
    assert solutions == [[[1, 2, 3, 4], [2, 3, 4, 1], [3, 4, 1, 2], [4, 1, 2, 3]]]
    assert skyscrapers.render(solutions[0]) == ["1 2 3 4", "2 3 4 1", "3 4 1 2", "4 1 2 3"]


@pytest.mark.parametrize(
    ("clues", "first_row"),
    [(CODEWARS_6X6, [2, 1, 4, 3, 5, 6]), (CODEWARS_7X7, [1, 5, 6, 7, 4, 3, 2])],
    ids=["codewars_6x6_all_clues", "codewars_7x7_ten_clues"],
)
def test_known_puzzle_has_one_solution_that_agrees_with_its_clues(
    clues: str, first_row: list[int]
) -> None:
    solutions = list(skyscrapers.boards(skyscrapers.parse(clues)))
    assert len(solutions) == 1
    assert solutions[0][0] == first_row and agrees(clues, solutions[0])


@pytest.mark.parametrize(
    "clues",
    ["1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1", "0 0 0 0 0 0 0 0 1 0 0 0 1 0 0 0"],
    ids=["all_ones", "row_seen_by_1_from_both_sides"],
)
def test_impossible_clues_give_no_solution_after_a_complete_search(clues: str) -> None:
    stats = Stats()
    assert list(skyscrapers.boards(skyscrapers.parse(clues), stats=stats)) == []
    assert stats.status is Status.EXHAUSTED


def hidden(square: Sequence[Sequence[int]], shown: list[bool]) -> list[int]:
    """The views of `square`, with 0 for those not `shown`."""
    return [view if show else 0 for view, show in zip(views(square), shown, strict=True)]


def clue_texts() -> st.SearchStrategy[str]:
    """4 x 4 clues: the views of a Latin square with some hidden, or arbitrary clues 0-4."""
    masked = st.builds(
        hidden, st.sampled_from(latin_squares(4)), st.lists(st.booleans(), min_size=16, max_size=16)
    )
    arbitrary = st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4]), min_size=16, max_size=16)
    return st.one_of(masked, arbitrary).map(lambda clues: " ".join(map(str, clues)))


@settings(max_examples=60, deadline=None)
@given(clue_texts())
def test_4x4_solutions_are_exactly_the_latin_squares_seen_as_the_clues_say(clues: str) -> None:
    expected = {square for square in latin_squares(4) if agrees(clues, square)}
    found = [as_tuples(grid) for grid in skyscrapers.boards(skyscrapers.parse(clues))]
    assert len(found) == len(set(found))
    assert set(found) == expected


def test_every_board_of_a_partly_clued_6x6_agrees_with_the_clues() -> None:
    clues = (CORPUS / "skyscrapers" / "partial_6x6.txt").read_text()
    found = [as_tuples(grid) for grid in skyscrapers.boards(skyscrapers.parse(clues), limit=200)]
    assert len(set(found)) == 200
    assert all(agrees(clues, grid) for grid in found)


def test_unclued_lines_list_no_permutation() -> None:
    """A 9 x 9 with only a left clue 1 on row 1: 729 cell options and the 8! rows starting 9."""
    problem = skyscrapers.problem(skyscrapers.parse("0 " * 18 + "1" + " 0" * 17))
    assert problem.option_count == 9 * 9 * 9 + 40320


def test_parse_reads_the_sides_in_the_order_top_bottom_left_right() -> None:
    clues = skyscrapers.parse("1 2 3 4\n0 1 2 3\t4 0 1 2  3 4 0 1")
    assert clues == skyscrapers.Clues(4, (1, 2, 3, 4), (0, 1, 2, 3), (4, 0, 1, 2), (3, 4, 0, 1))
    assert (clues.row(1), clues.column(3)) == ((0, 4), (4, 3))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "there must be 4N clues with N from 4 to 9 (16 to 36), not 0"),
        ("1 2 3", "there must be 4N clues with N from 4 to 9 (16 to 36), not 3"),
        ("0 " * 12, "there must be 4N clues with N from 4 to 9 (16 to 36), not 12"),
        ("0 " * 17, "there must be 4N clues with N from 4 to 9 (16 to 36), not 17"),
        ("0 " * 40, "there must be 4N clues with N from 4 to 9 (16 to 36), not 40"),
        ("0 " * 15 + "x", "clue 16 is 'x', not a whole number from 0 to 4"),
        ("5" + " 0" * 15, "clue 1 is '5', not a whole number from 0 to 4"),
        ("0 -1" + " 0" * 14, "clue 2 is '-1', not a whole number from 0 to 4"),
        ("0 0 +1" + " 0" * 13, "clue 3 is '+1', not a whole number from 0 to 4"),
        ("0 " * 19 + "1_0", "clue 20 is '1_0', not a whole number from 0 to 5"),
        ("\u0663" + " 0" * 15, "clue 1 is '٣', not a whole number from 0 to 4"),
    ],
    ids=[
        "empty",
        "3_clues",
        "n_3",
        "17_clues",
        "n_10",
        "letter",
        "above_n",
        "negative",
        "plus_sign",
        "underscore",
        "arabic_digit",
    ],
)
def test_skyscrapers_parse_names_the_broken_rule(text: str, message: str) -> None:
    with pytest.raises(PuzzleError) as raised:
        skyscrapers.parse(text)
    assert str(raised.value) == message


def test_skyscrapers_limit_and_node_budget_set_their_status() -> None:
    clues = skyscrapers.parse("0 " * 20)
    limited, budgeted = Stats(), Stats()
    assert len(list(skyscrapers.boards(clues, limit=5, stats=limited))) == 5
    assert limited.status is Status.LIMIT
    assert list(skyscrapers.boards(clues, max_nodes=3, stats=budgeted)) == []
    assert budgeted.status is Status.BUDGET


# --- Latin squares -----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "known"), [(1, 1), (2, 2), (3, 12), (4, 576)])
def test_latin_problem_counts_the_latin_squares(n: int, known: int) -> None:
    assert count(skyscrapers.latin_problem(n)) == known == len(latin_squares(n))


@pytest.mark.slow
def test_latin_problem_counts_the_161280_latin_squares_of_order_5() -> None:
    assert count(skyscrapers.latin_problem(5)) == 161280


def test_latin_squares_of_order_4_are_all_found_once() -> None:
    found = [as_tuples(grid) for grid in skyscrapers.boards(skyscrapers.parse("0 " * 16))]
    assert len(found) == 576 and set(found) == set(latin_squares(4))


def test_latin_problem_has_no_colours_so_it_runs_algorithm_x() -> None:
    assert not skyscrapers.latin_problem(4).has_colours


@pytest.mark.parametrize("n", [0, -1])
def test_latin_problem_refuses_an_order_below_1(n: int) -> None:
    with pytest.raises(
        PuzzleError, match=rf"^the order n of a Latin square must be at least 1, not {n}$"
    ):
        skyscrapers.latin_problem(n)


# --- golden files ------------------------------------------------------------------------------


def cases(kind: str) -> list[Path]:
    """The inputs of corpus/<kind>/, sorted by name."""
    return sorted((CORPUS / kind).glob("*.txt"))


@pytest.mark.parametrize(
    ("kind", "suffix"),
    [("queens", ".out"), ("sudoku", ".out"), ("sudoku/invalid", ".err"), ("skyscrapers", ".out")],
)
def test_every_input_has_its_golden_file_and_no_golden_file_is_orphaned(
    kind: str, suffix: str
) -> None:
    inputs = {case.stem for case in cases(kind)}
    assert inputs and inputs == {path.stem for path in (CORPUS / kind).glob(f"*{suffix}")}


@pytest.mark.parametrize("case", cases("queens"), ids=lambda case: case.stem)
def test_queens_golden_board_is_the_first_board_found(case: Path) -> None:
    n = int(case.read_text())
    expected = case.with_suffix(".out").read_text()
    first = next(queens.boards(n), None)
    assert expected == ("" if first is None else printed(first))
    assert first is None or is_queens_board(n, first)


@pytest.mark.parametrize("case", cases("sudoku"), ids=lambda case: case.stem)
def test_sudoku_golden_grid_is_the_render_of_the_only_solution(case: Path) -> None:
    solutions = list(sudoku.boards(sudoku.parse(case.read_text())))
    assert len(solutions) == 1 and is_sudoku_solution(case.read_text(), solutions[0])
    assert case.with_suffix(".out").read_text() == printed(sudoku.render(solutions[0]))


@pytest.mark.parametrize("case", cases("sudoku/invalid"), ids=lambda case: case.stem)
def test_sudoku_golden_error_is_the_parse_message(case: Path) -> None:
    with pytest.raises(PuzzleError) as raised:
        sudoku.parse(case.read_text())
    assert case.with_suffix(".err").read_text() == f"dlx: {raised.value}\n"


@pytest.mark.parametrize("case", cases("skyscrapers"), ids=lambda case: case.stem)
def test_skyscrapers_golden_rows_are_the_first_board_found_or_error(case: Path) -> None:
    expected = case.with_suffix(".out").read_text()
    try:
        first = next(skyscrapers.boards(skyscrapers.parse(case.read_text())), None)
    except PuzzleError:
        first = None
    assert expected == ("Error\n" if first is None else printed(skyscrapers.render(first)))
    assert first is None or agrees(case.read_text(), first)


@pytest.mark.parametrize("rows, cols", [(3, 20), (4, 15)])
def test_the_pentomino_module_and_the_tiling_library_give_the_same_solutions(
    rows: int, cols: int
) -> None:
    """The two routes to the pentominoes, Knuth's formulation (`dlx.puzzles.pentomino`) and the
    general one (`dlx.tiling`), find the same solutions, each in its own order."""
    from dlx.puzzles import pentomino
    from dlx.tiling import Puzzle

    knuth = {tuple(board) for board in pentomino.boards(rows, cols)}
    tiling = {
        tuple(s.rows()) for s in Puzzle(board=f"{rows}x{cols}", pieces="pentominoes").solutions()
    }
    assert knuth == tiling and len(knuth) == {3: 8, 4: 1472}[rows]
