"""The floors of the canonical placement's questions (`fillit.solver.questions.canonical.floors`):
which options a question rules out, that both checks cut a node choosing one, and that the answers
do not change."""

from __future__ import annotations

import pytest
from fillit_oracle import canonical_rows
from hypothesis import given, settings
from tetrominoes import I_HORIZONTAL, SQUARE, piece_lists

import fillit.solver.questions.canonical
import fillit.solver.questions.square_fits
from fillit.pieces import Piece
from fillit.solver.arrange import arrange_fast
from fillit.solver.board import empty_cells
from fillit.solver.board.packing import Packing
from fillit.solver.board.pruner import StatePruner, new_failures, new_pruner
from fillit.solver.questions.canonical import floors


def test_a_question_rules_out_its_shape_before_the_candidate_and_the_others_before_the_last() -> (
    None
):
    """The candidate's shape from its corner on; a shape placed before from its last corner on;
    a shape not placed yet, anywhere."""
    packing = Packing([SQUARE, I_HORIZONTAL, SQUARE, I_HORIZONTAL], 5)
    number = packing.problem.option_number
    asked = floors(packing, {SQUARE: (0, 2)}, (I_HORIZONTAL, 2, 1))
    assert asked == (number((SQUARE, 0, 2)), number((I_HORIZONTAL, 2, 1)))
    assert floors(packing, {}, (SQUARE, 1, 1)) == (number((SQUARE, 1, 1)), 0)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_node_choosing_an_option_below_its_floor_is_cut_but_not_a_given(compiled: bool) -> None:
    """Beyond the givens an option below its shape's floor cuts the node, one at it lives; a
    given below it is taken in as any other."""
    if compiled and not empty_cells.COMPILED_AVAILABLE:
        pytest.skip("fillit.solver.board._board was not built")
    packing = Packing([SQUARE, SQUARE, I_HORIZONTAL], 5)
    if compiled:
        packing.failures = new_failures(packing.board)
    number = packing.problem.option_number
    low, floor = number((SQUARE, 0, 0)), number((SQUARE, 2, 2))
    bar = number((I_HORIZONTAL, 4, 0))
    shapes = (floor, 0)

    def check(base: int, chosen: list[int]) -> bool:
        failures = packing.failures
        pruner = new_pruner(packing.board, failures, base, shapes) if compiled else None
        pruner = pruner or StatePruner(packing.board, failures, base, shapes)
        assert isinstance(pruner, StatePruner) != compiled
        assert pruner(chosen[:base])  # the root (after the givens) first
        return pruner(chosen)

    assert not check(0, [low])
    assert check(0, [floor])
    assert check(0, [bar])
    assert check(1, [low])
    assert not check(1, [bar, low])


@settings(max_examples=100, deadline=None)
@given(pieces=piece_lists(max_size=5))
def test_the_floors_leave_the_canonical_answer_as_it_was(pieces: list[Piece]) -> None:
    """With every order taking its turn (rounds of one node, no repair), the answer with floors
    is the brute-force canonical one."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.questions.square_fits, "FIRST_CAP", 1)
        patch.setattr(fillit.solver.questions.canonical, "REPAIR_RADII", ())
        fast = arrange_fast(pieces)
    assert fast.rows() == canonical_rows([piece.cells for piece in pieces])


@settings(max_examples=60, deadline=None)
@given(pieces=piece_lists(min_size=6, max_size=12))
def test_the_answer_with_floors_is_the_answer_without(pieces: list[Piece]) -> None:
    """Floors or none (each question asked of every option), the same answer."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.questions.canonical, "floors", lambda *_: None)
        plain = arrange_fast(pieces)
    assert arrange_fast(pieces).rows() == plain.rows()
