"""The compiled once-per-node check (`fillit.solver.board._board.Pruner` and `Failures`,
fillit/solver/board/csrc/check.c and failures.c) against `StatePruner` and `FailedStates`, their
oracles: the same verdicts, the same failures kept and cuts, the same nodes on whole searches; and
dlx's C hook entry (dlx/engines/links/csrc/hook.h), which the compiled engine calls instead of the
hook's Python form: the same search either way, on both engines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from places import SHARED
from pruner_walks import walk_tree
from tetrominoes import SQUARE, TETROMINOES

import fillit.solver.board.failures
import fillit.solver.board.pruner
from dlx import Stats, solve
from dlx.engines.links.engine import COMPILED as DLX_COMPILED
from dlx.memo import FailureMemo
from fillit.geometry import smallest_size
from fillit.pieces import Piece
from fillit.solver.board import empty_cells
from fillit.solver.board.failures import FailedStates
from fillit.solver.board.packing import Packing
from fillit.solver.board.pruner import StatePruner, new_failures, new_pruner

pytestmark = pytest.mark.skipif(
    not empty_cells.COMPILED_AVAILABLE,
    reason="fillit.solver.board._board was not built (no C compiler)",
)

BENCH = SHARED / "fillit-bench"


def compiled_packing(pieces: Sequence[Piece], side: int) -> Packing:
    """A packing of `pieces` in a square of side `side` whose check is compiled (no projection
    tests: they are Python's alone)."""
    packing = Packing(pieces, side)
    packing.board.line_tests.clear()
    packing.failures = new_failures(packing.board)
    return packing


def fresh_pair(
    pieces: Sequence[Piece],
    side: int,
    base: int,
    colour_bytes: int,
    floors: tuple[int, ...] | None = None,
) -> tuple[Any, Any, Any, Any]:
    """A compiled check with its own failures, and StatePruner with its own, on one board (the
    compiled one keeps at most `colour_bytes` of colour sets), both given `floors`."""
    packing = compiled_packing(pieces, side)
    board = packing.board
    bounds = [bound for bound, _ in board.colour_tests]
    board.__dict__["compiled"] = empty_cells._board.Board(
        board.cells, board.option_cells, board.option_shape, board.root, bounds, colour_bytes
    )
    failures, reference_failures = new_failures(packing.board), FailedStates()
    pruner = new_pruner(packing.board, failures, base, floors)
    reference = StatePruner(packing.board, reference_failures, base, floors)
    assert not isinstance(pruner, StatePruner)
    return pruner, reference, failures, reference_failures


def kept(failures: Any) -> dict[Any, list[int]]:
    """The failures kept, each kind's latest first, as lists."""
    return {key: list(frees) for key, frees in failures.kept.items()}


@settings(max_examples=200, deadline=None)
@given(
    data=st.data(),
    pieces=st.lists(st.sampled_from(TETROMINOES), min_size=1, max_size=8),
    walk=st.lists(st.integers(0, 10**6), min_size=10, max_size=300),
    base=st.integers(0, 3),
    learn_nodes=st.sampled_from([-1, 0, 3]),
    colour_bytes=st.sampled_from([0, 1 << 26]),
    floored=st.booleans(),
)
def test_the_compiled_check_answers_and_learns_as_state_pruner(
    data: st.DataObject,
    pieces: list[Piece],
    walk: list[int],
    base: int,
    learn_nodes: int,
    colour_bytes: int,
    floored: bool,
) -> None:
    """A random walk down and up the search tree (a step down checks a node, a step up tells
    `learn` the node left): the same verdict at every node, the same failures kept and cuts,
    whether the compiled check keeps its colour sets or forgets them at each new one, with
    floors or without."""
    side = data.draw(st.integers(smallest_size(pieces), smallest_size(pieces) + 2), label="side")
    floors = None
    if floored:
        options = Packing(pieces, side).problem.option_count
        floor = st.integers(0, options)
        floors = tuple(
            data.draw(
                st.lists(floor, min_size=len(set(pieces)), max_size=len(set(pieces))),
                label="floors",
            )
        )
    with patch.object(fillit.solver.board.pruner, "LEARN_NODES", learn_nodes):  # read by both
        pruner, reference, failures, reference_failures = fresh_pair(
            pieces, side, base, colour_bytes, floors
        )
        verdicts = walk_tree(walk, reference.board, pruner, reference)
    event(f"cut {False in verdicts}, colour tested {reference.states[-1][1] <= 4}")
    event(f"failures kept {len(reference_failures.kept) > 0}, cuts {reference_failures.cuts > 0}")
    assert kept(failures) == kept(reference_failures)
    assert failures.cuts == reference_failures.cuts
    assert pruner.checked == reference.checked


@settings(max_examples=150, deadline=None)
@given(
    calls=st.lists(
        st.tuples(
            st.booleans(),
            st.integers(0, (1 << 130) - 1),
            st.tuples(st.integers(0, 2), st.integers(0, 2)),
        ),
        max_size=80,
    ),
    keep=st.integers(1, 4),
    capacity=st.integers(1, 20),
)
def test_the_compiled_failures_keep_and_settle_as_failed_states(
    calls: list[tuple[bool, int, tuple[int, int]]], keep: int, capacity: int
) -> None:
    """Random adds and questions, free cells over three words, few kinds: the same answers, the
    same failures kept (the latest first) and cuts, forgetting all after `capacity` adds."""
    compiled = empty_cells._board.Failures(130, 2, keep, capacity)
    with (
        patch.object(fillit.solver.board.failures, "KEEP", keep),
        patch.object(fillit.solver.board.failures, "CAPACITY", capacity),
    ):
        reference = FailedStates()
        for add, free, remaining in calls:
            free &= (1 << 130) - 1 if free & 1 else ~0xFF  # many share a first free cell
            if add:
                compiled.add(free, remaining)
                reference.add(free, remaining)
            else:
                assert compiled.settles(free, remaining) == reference.settles(free, remaining)
    assert kept(compiled) == kept(reference)
    assert compiled.cuts == reference.cuts


def test_the_compiled_failures_refuse_bad_input() -> None:
    """Counts of the wrong length or kind, cells past the board, no room kept: exceptions."""
    failures = empty_cells._board.Failures(10, 2, 4, 100)
    with pytest.raises(ValueError, match="a count per shape"):
        failures.add(0b11, (1,))
    with pytest.raises(TypeError):
        failures.settles(0b11, [1, 1])
    with pytest.raises(OverflowError):
        failures.add(1 << 64, (1, 1))
    with pytest.raises(ValueError, match="no failure kept"):
        empty_cells._board.Failures(10, 2, 0, 100)
    assert failures.kept == {} and failures.cuts == 0


def test_the_compiled_check_refuses_states_it_never_saw() -> None:
    """Unknown options, a node whose parent was never checked, learning of one never checked:
    exceptions, as StatePruner raises them."""
    packing = compiled_packing([SQUARE, SQUARE], 4)
    pruner = new_pruner(packing.board, packing.failures, 0)
    with pytest.raises(IndexError):
        pruner.learn([])
    with pytest.raises(IndexError, match="never checked"):
        pruner([0])
    assert pruner([])
    with pytest.raises(IndexError, match="no such option"):
        pruner([10**6])
    with pytest.raises(IndexError, match="never checked"):
        pruner([0, 1])
    with pytest.raises(TypeError):
        pruner(["a"])


# ---- the hook's C entry, through the engine


class PythonForm:
    """A hook's Python form alone: calls `hook`, hides its `__dlx_hook__`."""

    def __init__(self, hook: Any) -> None:
        self.hook = hook

    def __call__(self, chosen: Sequence[int]) -> Any:
        return self.hook(list(chosen))


class CEntryOnly:
    """A hook's C entry alone: its Python form fails, so only the compiled core can use it."""

    def __init__(self, hook: Any) -> None:
        self.__dlx_hook__ = hook.__dlx_hook__

    def __call__(self, chosen: Sequence[int]) -> bool:
        raise AssertionError("the Python form was called")


def searched(pieces: Sequence[Piece], side: int, core: str, wrap: Any) -> tuple[Any, ...]:
    """Every packing of `pieces` in side `side` with the compiled check (wrapped by `wrap`), on
    `core`, with a memo: the solutions, nodes, updates, memo hits, failures kept and cuts."""
    packing = compiled_packing(pieces, side)
    pruner = new_pruner(packing.board, packing.failures, 0)
    stats, memo = Stats(), FailureMemo()
    found = list(
        solve(
            packing.problem,
            memo=memo,
            prune=wrap(pruner),
            learn=wrap(pruner.learn),
            stats=stats,
            core=core,  # type: ignore[arg-type]
        )
    )
    failures = packing.failures
    return found, stats.nodes, stats.updates, memo.hits, kept(failures), failures.cuts


CORES = [
    "python",
    pytest.param(
        "compiled", marks=pytest.mark.skipif(not DLX_COMPILED, reason="no dlx.engines.links._links")
    ),
]


@pytest.mark.parametrize("core", CORES)
@pytest.mark.parametrize(
    "pieces, side",
    [([SQUARE] * 3 + TETROMINOES[1:4], 6), (TETROMINOES[::3], 6), ([SQUARE] * 4, 5)],
    ids=["mixed", "spread", "squares"],
)
def test_a_hook_with_a_c_entry_searches_as_its_python_form(
    pieces: list[Piece], side: int, core: str
) -> None:
    """The compiled check given as it is (the compiled engine calls its C entry) and as a plain
    Python callable: the same solutions, nodes, updates, memo hits, failures kept and cuts."""
    with patch.object(fillit.solver.board.pruner, "LEARN_NODES", 0):
        direct = searched(pieces, side, core, lambda hook: hook)
        python = searched(pieces, side, core, PythonForm)
    assert direct == python
    assert direct[1] > 1


@pytest.mark.skipif(not DLX_COMPILED, reason="no dlx.engines.links._links")
def test_the_compiled_engine_calls_the_c_entry_and_never_the_python_form() -> None:
    """Hooks whose Python form fails search all the same on the compiled engine."""
    pieces = [SQUARE] * 3 + TETROMINOES[1:4]
    assert searched(pieces, 6, "compiled", CEntryOnly) == searched(
        pieces, 6, "compiled", PythonForm
    )
