"""The compiled cell tests of fillit's once-per-node check (`fillit.solver.board._board`,
fillit/solver/board/csrc/cells.c) against the pure-Python ones (`fillit.solver.board.empty_cells`),
their oracle: the same answers on random states of random boards, the same pruner answers and
failures learnt, the same nodes on whole searches."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from places import ROOT, SHARED
from pruner_walks import walk_tree
from tetrominoes import TETROMINOES

from fillit.geometry import smallest_size
from fillit.parse import parse
from fillit.pieces import Piece
from fillit.solver.arrange import arrange_fast
from fillit.solver.board import empty_cells
from fillit.solver.board.failures import FailedStates
from fillit.solver.board.packing import Packing
from fillit.solver.board.pruner import Board, StatePruner, new_failures

pytestmark = pytest.mark.skipif(
    not empty_cells.COMPILED_AVAILABLE,
    reason="fillit.solver.board._board was not built (no C compiler)",
)

CASES = [
    ROOT / "corpus" / "fillit" / "valid" / "twenty_six_pieces.txt",
    SHARED / "fillit-bench" / "hard_bleplat_hard1.txt",
    SHARED / "fillit-bench" / "rand_n12_s1.txt",
    SHARED / "fillit-bench" / "exact_k8_s2.txt",
    SHARED / "fillit-bench" / "exact_k10_s1.txt",
    SHARED / "fillit-bench" / "hard_bleplat_custom_Z.txt",
]


def colour_tests(board: Board) -> list[list[tuple[int, int]]]:
    """The masks and weights of `board`'s colour tests."""
    return [list(zip(masks, bound.weights(), strict=True)) for bound, masks in board.colour_tests]


def compiled(board: Board) -> empty_cells.Cells:
    """The compiled cell tests of `board`."""
    tests = colour_tests(board)
    found: empty_cells.Cells = empty_cells._board.Cells(
        board.stride, board.full, board.offsets, tests
    )
    return found


def with_cells(board: Board, tests: empty_cells.Cells) -> Board:
    """A copy of `board` whose check uses `tests`."""
    copy = dataclasses.replace(board)
    copy.__dict__["cells"] = tests
    return copy


def bits(side: int) -> st.SearchStrategy[int]:
    """Random cells of a board of side `side` (rows `side + 1` bits apart)."""
    return st.lists(st.integers(0, (1 << side) - 1), min_size=side, max_size=side).map(
        lambda rows: sum(row << (r * (side + 1)) for r, row in enumerate(rows))
    )


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    side=st.integers(1, 22),
    colour_holes=st.integers(-1, 8),
    waste_holes=st.none() | st.integers(-1, 8),
)
def test_the_compiled_cell_tests_answer_as_the_python_ones(
    data: st.DataObject, side: int, colour_holes: int, waste_holes: int | None
) -> None:
    """Random boards, shapes, colour tests, waste limits and states: the same kept cells, holes
    and places, or None."""
    stride = side + 1
    full = sum(((1 << side) - 1) << (r * stride) for r in range(side))
    offset = st.integers(0, min(3, side - 1) * stride + min(3, side - 1))
    offsets = data.draw(st.lists(st.tuples(offset, offset, offset, offset), max_size=6))
    test = st.lists(st.tuples(bits(side), st.integers(0, 1 << 40)), max_size=5)
    tests = data.draw(st.lists(test, max_size=3))
    filled = data.draw(bits(side))
    remaining = data.draw(st.tuples(*[st.integers(-1, 3) for _ in offsets]))
    holes = data.draw(st.integers(-2, side * side))
    reference = empty_cells.python_cells(stride, full, offsets, tests, waste_holes)
    limit = {} if waste_holes is None else {"waste_holes": waste_holes}
    fast = empty_cells._board.Cells(stride, full, offsets, tests, **limit)
    expected = reference.check(filled, remaining, holes, colour_holes)
    assert fast.check(filled, remaining, holes, colour_holes) == expected


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    pieces=st.lists(st.sampled_from(TETROMINOES), min_size=1, max_size=9),
    walk=st.lists(st.integers(0, 10**6), max_size=200),
)
def test_both_pruners_answer_and_learn_alike_on_random_walks(
    data: st.DataObject, pieces: list[Piece], walk: list[int]
) -> None:
    """A random walk down and up the search tree (a step down picks an option, a step up tells
    `learn` the node left): both pruners answer alike at every node and keep the same failures."""
    side = data.draw(st.integers(smallest_size(pieces), smallest_size(pieces) + 2), label="side")
    python, fast = Packing(pieces, side), Packing(pieces, side)
    reference = StatePruner(with_cells(python.board, _python(python.board)), python.failures, 0)
    pruner = StatePruner(with_cells(fast.board, compiled(fast.board)), fast.failures, 0)
    with patch("fillit.solver.board.pruner.LEARN_NODES", 0):  # keep every failure: more to compare
        walk_tree(walk, python.board, pruner, reference)
    event(f"failures kept {len(python.failures.kept) > 0}, cuts {python.failures.cuts > 0}")
    assert fast.failures.kept == python.failures.kept
    assert fast.failures.cuts == python.failures.cuts


def _python(board: Board) -> empty_cells.Cells:
    """The pure-Python cell tests of `board`."""
    return empty_cells.python_cells(board.stride, board.full, board.offsets, colour_tests(board))


@pytest.mark.parametrize("path", CASES, ids=lambda path: path.stem)
def test_whole_searches_take_the_same_nodes_with_either(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`FILLIT_CORE=python` forces the Python cell tests and `StatePruner`, where the compiled check
    (`fillit.solver.board._board.Pruner`) ran: the same answer, the same nodes, the same
    counters."""
    if not path.exists():
        pytest.skip(f"{path} is not here")
    pieces = parse(path.read_text())
    assert not isinstance(new_failures(Packing(pieces, smallest_size(pieces)).board), FailedStates)
    answer = arrange_fast(pieces)
    monkeypatch.setenv("FILLIT_CORE", "python")
    assert isinstance(Packing(pieces, 4 + len(pieces)).board.cells, empty_cells.PythonCells)
    assert isinstance(Packing(pieces, 4 + len(pieces)).failures, FailedStates)
    reference = arrange_fast(pieces)
    assert answer.rows() == reference.rows()
    assert [a.stats.nodes for a in answer.attempts] == [a.stats.nodes for a in reference.attempts]
    assert answer.canonical is not None and reference.canonical is not None
    fast, slow = (
        dataclasses.replace(c, seconds=0.0) for c in (answer.canonical, reference.canonical)
    )
    assert fast == slow


def test_a_board_too_large_to_compile_is_checked_in_python() -> None:
    """Boards past the compiled tests' words fall back to Python, answering all the same."""
    side = 30
    full = sum(((1 << side) - 1) << (r * (side + 1)) for r in range(side))
    with pytest.raises(ValueError, match="too large"):
        empty_cells._board.Cells(side + 1, full, [(0, 1, 2, 3)], [])
    found = empty_cells.make_cells(side + 1, full, [(0, 1, 2, 3)], [])
    assert isinstance(found, empty_cells.PythonCells)
    assert found.check(full, (1,), 0, 4) == (0, 0, ())


def test_the_compiled_tests_refuse_bad_input_with_an_exception() -> None:
    """Wrong counts, sets of cells that are not ints, negative or past the board, weights out of
    range: each raises (and nothing is read past the words the board was given)."""
    board = empty_cells._board.Cells(5, 0b1111_01111_01111_01111, [(0, 1, 5, 6)], [[(0b11, 1)]])
    assert board.check(0, (1,), 0, 4) == (0b1111_01111_01111_01111, 0, (2,))
    with pytest.raises(ValueError, match="a count per shape"):
        board.check(0, (1, 1), 0, 4)
    with pytest.raises(TypeError):
        board.check("0", (1,), 0, 4)
    with pytest.raises(OverflowError):
        board.check(-1, (1,), 0, 4)
    with pytest.raises(OverflowError):
        board.check(1 << 64, (1,), 0, 4)
    with pytest.raises(ValueError, match="weight"):
        empty_cells._board.Cells(5, 1, [], [[(1, 1 << 41)]])
    with pytest.raises(ValueError, match="off the board"):
        empty_cells._board.Cells(5, 1, [(0, 0, 0, 64)], [])
