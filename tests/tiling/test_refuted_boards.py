"""Boards a colouring refutes (`dlx.tiling.colouring`, issue 59): found before any search (no
node searched), said in the one line `dlx tile` ends with, and never a board that has a tiling:
wherever the colouring says none, the search, run without it, finds none either."""

from __future__ import annotations

from commands import invoke_dlx
from hypothesis import given, settings
from hypothesis import strategies as st
from places import ROOT

from dlx.stats import Stats, Status
from dlx.tiling import Puzzle
from dlx.tiling.build import count_solutions
from dlx.tiling.colouring import refuted
from dlx.tiling.model import placements
from dlx.tiling.options import assemble

TRAPEZOID = ROOT / "corpus" / "tile" / "hexiamonds_trapezoid.txt"


def test_the_mutilated_chessboard_is_refuted_without_a_node() -> None:
    puzzle = Puzzle(board=".###/####/####/###.", pieces={"D": "##"}, copies={"D": 7})
    stats = Stats()
    assert puzzle.count(stats=stats) == 0
    assert stats.nodes == 0 and stats.status is Status.EXHAUSTED
    assert puzzle.first() is None and puzzle.tiling(False).refuted is not None


def test_the_hexiamonds_trapezoid_is_refuted_and_dlx_tile_says_why() -> None:
    puzzle = Puzzle.open(TRAPEZOID)
    assert puzzle.tiling(False).refuted == (
        "the up and down colouring shows none: the board has 39 cells of one colour and 33 of"
        " the other, which no placing of the pieces covers"
    )
    result = invoke_dlx(["tile", str(TRAPEZOID)])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"dlx: no solution: {puzzle.tiling(False).refuted}\n"


def test_a_count_of_a_refuted_board_says_why_too() -> None:
    reason = Puzzle.open(TRAPEZOID).tiling(False).refuted
    result = invoke_dlx(["tile", "--count", str(TRAPEZOID)])
    assert (result.exit_code, result.stdout) == (1, "0\n")
    assert result.stderr == f"dlx: no solution: {reason}\n"
    result = invoke_dlx(["queens", "3", "--count"])  # (other puzzles' words unchanged)
    assert (result.exit_code, result.stdout, result.stderr) == (1, "0\n", "dlx: no solution\n")


def test_a_solvable_board_is_never_refuted() -> None:
    for board, pieces, grid in [
        ("6x10", "pentominoes", None),
        ("6x6", "hexiamonds", "triangle"),
        ("hexagon-4", "trihexes,tetrahexes", "hex"),
        ("3x3x3", "soma", "cube"),
    ]:
        puzzle = Puzzle(board=board, pieces=pieces, grid=grid)
        assert puzzle.tiling(False).refuted is None


SHAPES = {"D": "##", "I": "###", "L": "##/#.", "T": "###/.#.", "S": ".##/##.", "O": "##/##"}


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(st.booleans(), min_size=4, max_size=4), min_size=3, max_size=4),
    st.dictionaries(st.sampled_from(sorted(SHAPES)), st.integers(1, 3), min_size=1, max_size=3),
)
def test_where_the_colouring_says_none_the_search_finds_none(
    rows: list[list[bool]], copies: dict[str, int]
) -> None:
    board = ["".join("#" if cell else "." for cell in row) for row in rows]
    if not any(any(row) for row in rows):
        return
    pieces = {name: SHAPES[name] for name in copies}
    try:
        puzzle = Puzzle(board=board, pieces=pieces, copies=copies).model
    except Exception:  # (a board the picture format refuses: none here is worth a search)
        return
    every = placements(puzzle)
    if sum(p.size * p.bounds[0] for p in puzzle.pieces) != len(puzzle.board):
        return
    plain = assemble(puzzle, every, {}, [])  # searched without the colouring
    found = count_solutions(plain)
    if refuted(puzzle, every) is not None:
        assert found == 0


def test_a_three_by_four_less_two_cells_of_one_colour_is_refuted_and_has_no_tiling() -> None:
    """Five dominoes on the 3 x 4 board less two cells: the chessboard refutes exactly the 30
    boards whose two cells are of one colour, and the search, without it, tiles none of them."""
    cells = [(r, c) for r in range(3) for c in range(4)]
    refuted_boards = 0
    for k, one in enumerate(cells):
        for two in cells[k + 1 :]:
            rows = [
                "".join("." if (r, c) in (one, two) else "#" for c in range(4)) for r in range(3)
            ]
            puzzle = Puzzle(board=rows, pieces={"D": "##"}, copies={"D": 5}).model
            every = placements(puzzle)
            if refuted(puzzle, every) is not None:
                refuted_boards += 1
                assert count_solutions(assemble(puzzle, every, {}, [])) == 0
                assert (sum(one) + sum(two)) % 2 == 0
    assert refuted_boards == 30
