"""The fast path (`fillit.solver.arrange` and its parts): the same canonical answers as the first
release's ordered search, the brute-force oracle and the golden corpus; its budgets and statistics;
and the parts of its formulation (`waste_fits`, `packing_problem`) on small cases worked by hand."""

from __future__ import annotations

import os
from collections.abc import Sequence
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from fillit_oracle import canonical_rows, fits_within
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st
from places import ROOT
from tetrominoes import I_HORIZONTAL, I_VERTICAL, PICTURES, SQUARE, TETROMINOES, piece_lists

import fillit.solver.arrange
import fillit.solver.board.failures
import fillit.solver.board.pruner
import fillit.solver.questions.canonical
import fillit.solver.questions.square_fits
from dlx import Problem, Stats, Status, count, solve, verify
from fillit.answer import Answer
from fillit.check import check
from fillit.geometry import placements, smallest_size, waste_fits
from fillit.parse import parse
from fillit.pieces import Piece, letter
from fillit.render import plain
from fillit.solver.arrange import FastPath, arrange_fast
from fillit.solver.board.empty_cells import python_cells
from fillit.solver.board.failures import FailedStates
from fillit.solver.board.packing import (
    HOLE,
    REFUTED,
    UNKNOWN,
    Key,
    Outcome,
    Packing,
    packing_problem,
)
from fillit.solver.board.pruner import StatePruner
from fillit.solver.budget import Budget
from fillit.solver.ordered import arrange_ordered, exact_cover
from fillit.solver.questions.orders import Run, Way
from fillit.solver.questions.square_fits import decide_size

CORPUS = ROOT / "corpus" / "fillit"
VALID = sorted((CORPUS / "valid").glob("*.txt"))
ORDERED_BUDGET = 100_000
"""Nodes the ordered search may spend on each size before its answer is discarded as unknown
(about 1 random list in 25; a larger budget mostly buys time spent on lists it cannot finish)."""
ORACLE_LIMIT = 5
"""The brute-force oracle is only asked about inputs of at most this many pieces."""


def corpus_pieces(stem: str) -> list[Piece]:
    """The pieces of the valid corpus case `stem`."""
    return parse((CORPUS / "valid" / f"{stem}.txt").read_text())


def nodes_spent(answer: Answer) -> int:
    """Every search node the fast path counted: deciding the sizes, then placing the pieces."""
    assert answer.canonical is not None
    return sum(attempt.stats.nodes for attempt in answer.attempts) + answer.canonical.nodes


def banded(piece: Piece, copies: int, size: int) -> list[str]:
    """The board of `copies` of a rectangular `piece` laid side by side in bands from the top
    left, lettered in order: the canonical answer when the bands hold them all."""
    board = [["."] * size for _ in range(size)]
    per_band = size // piece.width
    for index in range(copies):
        top = index // per_band * piece.height
        left = index % per_band * piece.width
        for r, c in piece.cells:
            board[top + r][left + c] = letter(index)
    return ["".join(row) for row in board]


def empty_cells(picture: str) -> tuple[int, int]:
    """The '.' cells of `picture` (rows separated by '/') as bits, rows one spare bit apart as
    the fast path lays them out, and that row stride."""
    rows = picture.split("/")
    stride = len(rows[0]) + 1
    bits = sum(
        1 << (r * stride + c)
        for r, row in enumerate(rows)
        for c, mark in enumerate(row)
        if mark == "."
    )
    return bits, stride


def bound_of(problem: Problem[Key], item: object) -> tuple[int, int]:
    """The multiplicity of the primary item `item`."""
    return problem.bounds[problem.index[item]]


def key_cells(shape: object) -> tuple[tuple[int, int], ...]:
    """The cells, from its corner, that an option of `shape` (a piece or HOLE) covers."""
    return shape.cells if isinstance(shape, Piece) else ((0, 0),)


# The tetrominoes of the tests


def test_the_pictures_give_the_19_fixed_tetrominoes_of_the_corpus() -> None:
    assert len(PICTURES) == len(set(TETROMINOES)) == 19
    assert set(corpus_pieces("all_19_fixed_shapes")) == set(TETROMINOES)


# Same answers as the references


@settings(max_examples=150, deadline=None)
@given(pieces=piece_lists(max_size=10))
def test_fast_answer_is_the_ordered_search_answer_and_passes_the_check(
    pieces: list[Piece],
) -> None:
    ordered = arrange_ordered(pieces, max_nodes=ORDERED_BUDGET)
    if not ordered.solved:
        event("the ordered search ran out of budget")
    assume(ordered.solved)  # the reference's answer is unknown
    fast = arrange_fast(pieces)
    assert fast.rows() == ordered.rows()
    check(fast.rows(), pieces)


@settings(max_examples=150, deadline=None)
@given(pieces=piece_lists(max_size=ORACLE_LIMIT))
def test_fast_answer_is_the_brute_force_canonical_answer(pieces: list[Piece]) -> None:
    fast = arrange_fast(pieces)
    assert fast.rows() == canonical_rows([piece.cells for piece in pieces])


@settings(max_examples=100, deadline=None)
@given(pieces=piece_lists(max_size=ORACLE_LIMIT))
def test_every_order_taking_its_turn_gives_the_canonical_answer(pieces: list[Piece]) -> None:
    """With rounds of one node (and no repair), every order takes its turn, MRV and the sweep,
    witness first or not, deciding sizes and placing pieces: the answer does not change."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.questions.square_fits, "FIRST_CAP", 1)
        patch.setattr(fillit.solver.questions.canonical, "REPAIR_RADII", ())
        fast = arrange_fast(pieces)
    assert fast.rows() == canonical_rows([piece.cells for piece in pieces])


def test_sizes_and_placements_are_searched_by_mrv_and_by_the_sweeps_in_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Short rounds show the turns: deciding 3x3 and placing the O ask both item choices, and
    the sweep both by rows and by columns (with the same caps: compiled, a sweep's are larger)."""
    monkeypatch.setattr(fillit.solver.questions.square_fits, "FIRST_CAP", 1)
    monkeypatch.setattr(fillit.solver.questions.square_fits, "SWEEP_SHARE", 1)
    asked: list[tuple[str, str]] = []
    complete = Packing.complete

    def spy(self: Packing, *args: Any, **kwargs: Any) -> object:
        choose = args[5] if len(args) > 5 else kwargs.get("choose", "mrv")
        asked.append((choose, args[7] if len(args) > 7 else kwargs.get("sweep", "rows")))
        return complete(self, *args, **kwargs)

    monkeypatch.setattr(Packing, "complete", spy)
    answer = arrange_fast(corpus_pieces("place_order_first_piece_moves"))
    assert answer.rows() == ["BAA", "BAA", "BB."]
    assert {("mrv", "rows"), ("sweep", "rows"), ("sweep", "columns")} <= set(asked)


def test_a_way_takes_its_turns_from_the_round_it_joins_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rounds double the node cap; a way joining in round 2 is first asked at four times the
    first cap, after the ways that joined earlier, and the rounds end with the first answer."""
    asked: list[tuple[str, str, int | None]] = []

    def recorder(self: Packing, *args: Any) -> Outcome:
        asked.append((args[5], args[7], args[6]))
        return REFUTED if len(asked) == 6 else UNKNOWN  # unknown: cut short by the cap

    monkeypatch.setattr(
        fillit.solver.questions.square_fits, "SWEEP_SHARE", 1
    )  # (the caps as the engine's)
    monkeypatch.setattr(Packing, "complete", recorder)
    packing = Packing([SQUARE], 2)
    ways = [
        Way((), "mrv", "rows", 0, None),
        Way((), "sweep", "columns", 2, None),
    ]
    found = fillit.solver.questions.square_fits.rounds(
        packing, Stats(), Budget.start(None, None), ways
    )
    cap = fillit.solver.questions.square_fits.FIRST_CAP
    assert found == REFUTED
    assert asked == [
        ("mrv", "rows", cap),
        ("mrv", "rows", 2 * cap),
        ("mrv", "rows", 4 * cap),
        ("sweep", "columns", 4 * cap),
        ("mrv", "rows", 8 * cap),
        ("sweep", "columns", 8 * cap),
    ]


def test_a_way_stops_taking_turns_in_the_round_it_leaves_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A way leaving in round 2 is asked at the first two caps only; the others go on."""
    asked: list[tuple[str, int | None]] = []

    def recorder(self: Packing, *args: Any) -> Outcome:
        asked.append((args[5], args[6]))
        return REFUTED if len(asked) == 6 else UNKNOWN  # unknown: cut short by the cap

    monkeypatch.setattr(
        fillit.solver.questions.square_fits, "SWEEP_SHARE", 1
    )  # (the caps as the engine's)
    monkeypatch.setattr(Packing, "complete", recorder)
    ways = [
        Way((), "mrv", "rows", 0, 2),
        Way((), "sweep", "rows", 0, None),
    ]
    found = fillit.solver.questions.square_fits.rounds(
        Packing([SQUARE], 2), Stats(), Budget.start(None, None), ways
    )
    cap = fillit.solver.questions.square_fits.FIRST_CAP
    assert found == REFUTED
    assert asked == [
        ("mrv", cap),
        ("sweep", cap),
        ("mrv", 2 * cap),
        ("sweep", 2 * cap),
        ("sweep", 4 * cap),
        ("sweep", 8 * cap),
    ]


def test_the_way_that_settled_the_last_question_goes_first_with_a_larger_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The favourite (the order that settled the last question) is asked first in each round
    with FAVOURITE_CAP times the cap; a way led by a packing's options is never the favourite."""
    asked: list[tuple[bool, str, int | None]] = []

    def recorder(self: Packing, *args: Any) -> Outcome:
        asked.append((bool(args[1]), args[5], args[6]))
        return REFUTED if len(asked) == 6 else UNKNOWN  # unknown: cut short by the cap

    monkeypatch.setattr(
        fillit.solver.questions.square_fits, "SWEEP_SHARE", 1
    )  # (the caps as the engine's)
    monkeypatch.setattr(Packing, "complete", recorder)
    packing = Packing([SQUARE], 2)
    run = Run(favourite=("sweep", "rows"))
    witness: Sequence[Key] = ((SQUARE, 0, 0),)
    ways = [
        Way(witness, "sweep", "rows", 0, None),
        Way((), "mrv", "rows", 0, None),
        Way((), "sweep", "rows", 0, None),
    ]
    found = fillit.solver.questions.square_fits.rounds(
        packing, Stats(), Budget.start(None, None), ways, run
    )
    cap, boost = (
        fillit.solver.questions.square_fits.FIRST_CAP,
        fillit.solver.questions.square_fits.FAVOURITE_CAP,
    )
    assert found == REFUTED
    assert asked == [
        (False, "sweep", boost * cap),
        (True, "sweep", cap),
        (False, "mrv", cap),
        (False, "sweep", boost * 2 * cap),
        (True, "sweep", 2 * cap),
        (False, "mrv", 2 * cap),
    ]


def test_a_compiled_sweep_takes_its_turn_with_sweep_share_times_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Compiled, a sweep's nodes cost a fraction of the engine's, so its turn's cap is
    SWEEP_SHARE times the others'; the engine's sweep (FILLIT_CORE=python) keeps the same cap."""
    asked: list[tuple[str, int | None]] = []

    def recorder(self: Packing, *args: Any) -> Outcome:
        asked.append((args[5], args[6]))
        return REFUTED if len(asked) == 2 else UNKNOWN

    monkeypatch.setattr(Packing, "complete", recorder)
    ways = [
        Way((), "mrv", "rows", 0, None),
        Way((), "sweep", "rows", 0, None),
    ]
    cap, share = (
        fillit.solver.questions.square_fits.FIRST_CAP,
        fillit.solver.questions.square_fits.SWEEP_SHARE,
    )
    for core, sweep_cap in (("", share * cap), ("python", cap)):
        monkeypatch.setenv("FILLIT_CORE", core)
        packing = Packing([SQUARE], 2)
        asked.clear()
        fillit.solver.questions.square_fits.rounds(packing, Stats(), Budget.start(None, None), ways)
        compiled = packing.sweeps is not None
        assert asked == [("mrv", cap), ("sweep", sweep_cap if compiled else cap)]


@pytest.mark.parametrize(
    ("outcome", "finds_teach", "favourite"),
    [
        (REFUTED, False, ("sweep", "columns")),
        (Outcome(((SQUARE, 0, 0),)), True, ("sweep", "columns")),
        (Outcome(((SQUARE, 0, 0),)), False, ("mrv", "rows")),
    ],
)
def test_a_refutation_makes_its_way_the_favourite_and_a_find_only_when_finds_teach(
    monkeypatch: pytest.MonkeyPatch,
    outcome: Outcome,
    finds_teach: bool,
    favourite: tuple[str, str],
) -> None:
    """Placing pieces, a refutation teaches which order refutes well and a packing found does
    not (finding one is luck); deciding a size, both teach."""
    answers = iter([UNKNOWN, outcome])
    monkeypatch.setattr(Packing, "complete", lambda self, *args: next(answers))
    packing = Packing([SQUARE], 2)
    run = Run(favourite=("mrv", "rows"))
    ways = [
        Way((), "mrv", "rows", 0, None),
        Way((), "sweep", "columns", 0, None),
    ]
    budget = Budget.start(None, None)
    assert (
        fillit.solver.questions.square_fits.rounds(
            packing, Stats(), budget, ways, run, finds_teach=finds_teach
        )
        == outcome
    )
    assert run.favourite == favourite


def test_the_command_line_asks_the_fast_path_on_the_jobs_given_or_the_ordered_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`fillit.cli.arranger` gives an object whose `arrange` answers: the fast path on the jobs
    asked (0: one per core; none: two where there are two cores), or with `--ordered` the first
    release's search; both give the canonical answer."""
    from fillit.cli import arranger
    from fillit.solver.ordered import OrderedSearch

    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    fast = [arranger(False, jobs) for jobs in (0, None, 1, 3)]
    assert all(isinstance(search, FastPath) for search in fast)
    assert [search.jobs for search in fast if isinstance(search, FastPath)] == [4, 2, 1, 3]
    ordered = arranger(True, 2)
    assert isinstance(ordered, OrderedSearch)
    pieces = corpus_pieces("identical_pieces_need_two_growths")
    expected = (CORPUS / "valid" / "identical_pieces_need_two_growths.out").read_text()
    for search in (ordered, arranger(False, 1)):
        assert plain(search.arrange(pieces)) == expected


def test_the_next_size_starts_with_the_favourite_of_the_size_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The order that refuted a size is the favourite when the next size is decided."""
    favourites: list[object] = []
    decide = fillit.solver.arrange.decide_size

    def spy(packing: Packing, budget: Budget, run: Run, *args: Any) -> object:
        favourites.append(run.favourite)
        return decide(packing, budget, run, *args)

    monkeypatch.setattr(fillit.solver.arrange, "decide_size", spy)
    monkeypatch.setattr(
        fillit.solver.questions.square_fits, "_refutation", lambda packing: None
    )  # search every size
    assert arrange_fast([SQUARE, SQUARE]).size == 4
    assert favourites[0] is None and favourites[1] is not None


@settings(max_examples=50, deadline=None)
@given(pieces=piece_lists(max_size=ORACLE_LIMIT))
def test_the_sweep_by_columns_decides_as_the_sweep_by_rows(pieces: list[Piece]) -> None:
    """Whether the pieces fit the smallest square the colourings allow, and that any packing
    found is one: the same answer by either direction of the sweep (each with a fresh memo)."""
    size = smallest_size(pieces)
    answers = []
    for sweep in ("rows", "columns"):
        packing = Packing(pieces, size)
        found = packing.complete(
            [], [], Stats(), Budget.start(None, None), None, "sweep", None, sweep
        )
        if found.packing is not None:
            verify(packing.problem, found.packing)
        answers.append(found.packing is not None)
    assert answers[0] == answers[1]


@pytest.mark.parametrize("case", VALID, ids=lambda case: case.stem)
def test_fast_answer_prints_the_golden_board(case: Path) -> None:
    answer = arrange_fast(parse(case.read_text()))
    assert plain(answer) == case.with_suffix(".out").read_text()


# Sizes the search would take long to refute, refuted by colourings


@pytest.mark.parametrize(
    ("piece", "copies", "size", "refuted"),
    [
        (I_VERTICAL, 26, 12, [11]),
        (I_HORIZONTAL, 26, 12, [11]),
        (I_VERTICAL, 9, 8, [6, 7]),
        (SQUARE, 26, 12, [11]),
    ],
    ids=["26 vertical I", "26 horizontal I", "9 vertical I", "26 O"],
)
def test_colourings_refute_the_sizes_below_identical_bars_and_squares(
    piece: Piece, copies: int, size: int, refuted: list[int]
) -> None:
    answer = arrange_fast([piece] * copies)
    assert answer.rows() == banded(piece, copies, size)
    attempts = answer.attempts
    assert [a.size for a in attempts] == [*refuted, size]
    assert all(a.solved is False and a.decided_by.startswith("colouring") for a in attempts[:-1])
    assert attempts[-1].solved is True
    assert nodes_spent(answer) < 1_000  # the failing sizes cost no search at all


# Budgets


@pytest.mark.parametrize(
    ("max_nodes", "timeout"), [(0, None), (None, 0.0)], ids=["max_nodes=0", "timeout=0"]
)
def test_spent_budget_leaves_the_answer_unsolved_and_the_last_size_unknown(
    max_nodes: int | None, timeout: float | None
) -> None:
    pieces = corpus_pieces("needs_growth")
    answer = arrange_fast(pieces, max_nodes=max_nodes, timeout=timeout)
    assert not answer.solved
    assert answer.attempts[-1].solved is None
    assert answer.attempts[-1].stats.status is Status.BUDGET


def test_generous_budget_gives_the_unbudgeted_answer() -> None:
    pieces = corpus_pieces("needs_growth")
    answer = arrange_fast(pieces, max_nodes=1_000_000, timeout=60.0)
    assert answer.solved
    assert answer.rows() == arrange_fast(pieces).rows()


@pytest.mark.parametrize("stem", ["needs_growth", "exact_fit_6x6", "place_order_top_before_left"])
def test_node_budget_bounds_the_whole_run_exactly(stem: str) -> None:
    """With a cap of k nodes over the deciding and placing searches together, the answer is found
    exactly when the unbudgeted run needs at most k, and at most one node past the cap is counted
    (the one that notices it)."""
    pieces = corpus_pieces(stem)
    full = arrange_fast(pieces)
    needed = nodes_spent(full)
    wrong = []
    for cap in range(needed + 2):
        answer = arrange_fast(pieces, max_nodes=cap)
        solved_as_expected = answer.solved == (cap >= needed)
        same = not answer.solved or answer.rows() == full.rows()
        unknown = answer.solved or answer.attempts[-1].solved is None
        if not (solved_as_expected and same and unknown and nodes_spent(answer) <= cap + 1):
            wrong.append((cap, answer.solved, nodes_spent(answer)))
    assert wrong == [], f"(cap, solved, nodes counted); {needed} nodes needed"


def test_budget_spent_while_placing_leaves_the_fitting_size_unknown() -> None:
    pieces = corpus_pieces("needs_growth")
    full = arrange_fast(pieces)
    assert full.canonical is not None and full.canonical.nodes > 0
    deciding = sum(attempt.stats.nodes for attempt in full.attempts)
    answer = arrange_fast(pieces, max_nodes=deciding)
    assert not answer.solved
    assert [a.size for a in answer.attempts] == [a.size for a in full.attempts]
    assert answer.attempts[-1].solved is None


# Statistics


def test_attempts_grow_by_one_from_the_smallest_size_until_one_fits() -> None:
    pieces = corpus_pieces("identical_pieces_need_two_growths")
    answer = arrange_fast(pieces)
    first = smallest_size(pieces)
    assert [a.size for a in answer.attempts] == [first, first + 1, first + 2]
    assert [a.solved for a in answer.attempts] == [False, False, True]
    assert answer.size == first + 2
    for attempt in answer.attempts[:-1]:
        assert attempt.decided_by.startswith("colouring") or attempt.stats.complete


def test_canonical_counters_count_the_search_that_moves_the_first_piece() -> None:
    """The O cannot stay at the top-left corner of 3x3 beside the L; only a search proves it."""
    answer = arrange_fast(corpus_pieces("place_order_first_piece_moves"))
    assert answer.rows() == ["BAA", "BAA", "BB."]
    counters = answer.canonical
    assert counters is not None
    whole = [counters.oracle_calls, counters.dominated, counters.nodes, counters.updates]
    assert all(isinstance(n, int) and n >= 0 for n in whole)
    assert counters.seconds >= 0.0
    assert counters.oracle_calls > 0
    assert counters.nodes >= counters.oracle_calls  # each search visits at least its root
    assert counters.repairs == 0  # the first, short look refutes the corner: no repair needed


def test_the_counters_tell_the_states_cut_off_by_a_failure_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """26 pieces: a few states are cut off as no easier than a failure kept; keeping none, the
    count is 0 and the answer the same."""
    pieces = corpus_pieces("twenty_six_pieces")
    answer = arrange_fast(pieces)
    assert answer.canonical is not None
    assert answer.canonical.dominated > 0
    monkeypatch.setattr(fillit.solver.board.pruner, "LEARN_NODES", 1 << 40)
    unlearned = arrange_fast(pieces)
    assert unlearned.canonical is not None
    assert unlearned.canonical.dominated == 0
    assert unlearned.rows() == answer.rows()


# waste_fits


@pytest.mark.parametrize(
    ("picture", "waste"),
    [
        ("###/#.#/###", 1),
        ("#...#/#..##/#####", 1),
        ("..#/###/#..", 4),
        ("....#/....#", 0),
        ("#.#/.#./#.#", 4),
        ("###./.###", 2),
        ("...#/#...", 2),
        ("####/####", 0),
    ],
    ids=[
        "one isolated cell",
        "a region of 5",
        "two regions of 2",
        "a region of 8",
        "cells touching at corners only",
        "row ends do not wrap to the next row",
        "a region of 6 over two rows",
        "no empty cell",
    ],
)
def test_waste_fits_exactly_when_the_holes_cover_m_mod_4_per_region(
    picture: str, waste: int
) -> None:
    empty, stride = empty_cells(picture)
    assert waste_fits(empty, stride, waste)
    assert waste == 0 or not waste_fits(empty, stride, waste - 1)


def regions_by_search(cells: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """The regions of `cells` (joined through sides), by a plain depth-first search."""
    regions, left = [], set(cells)
    while left:
        stack, region = [left.pop()], set()
        while stack:
            r, c = stack.pop()
            region.add((r, c))
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in left:
                    left.remove(near)
                    stack.append(near)
        regions.append(region)
    return regions


@settings(max_examples=300, deadline=None)
@given(
    board=st.integers(1, 12).flatmap(
        lambda side: st.lists(
            st.lists(st.booleans(), min_size=side, max_size=side), min_size=side, max_size=side
        )
    ),
    holes=st.integers(0, 30),
)
def test_waste_fits_agrees_with_a_plain_search_of_the_regions(
    board: list[list[bool]], holes: int
) -> None:
    side = len(board)
    stride = side + 1
    cells = {(r, c) for r in range(side) for c in range(side) if board[r][c]}
    bits = sum(1 << (r * stride + c) for r, c in cells)
    waste = sum(len(region) % 4 for region in regions_by_search(cells))
    assert waste_fits(bits, stride, holes) == (waste <= holes)


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    pieces=st.lists(st.sampled_from(TETROMINOES), min_size=1, max_size=6),
)
def test_reach_is_every_cell_of_every_placement_within_the_empty_cells(
    data: st.DataObject, pieces: list[Piece]
) -> None:
    """`Packing.reach` agrees with trying each shape left at each corner of the board."""
    side = data.draw(st.integers(max(4, smallest_size(pieces)), 11), label="side")
    packing = Packing(pieces, side)
    shapes = list(dict.fromkeys(pieces))
    remaining = data.draw(st.tuples(*[st.integers(0, 2) for _ in shapes]), label="remaining")
    free = data.draw(
        st.lists(st.booleans(), min_size=side * side, max_size=side * side), label="free"
    )
    cells = {(r, c) for r in range(side) for c in range(side) if free[r * side + c]}
    reached = set()
    for shape, left in zip(shapes, remaining, strict=True):
        for top, corner in placements(shape, side) if left else []:
            covered = {(top + r, corner + c) for r, c in shape.cells}
            reached |= covered if covered <= cells else set()
    event(f"reached {len(reached) > 0}, stuck {len(cells - reached) > 0}")
    board = packing.board
    reach = python_cells(board.stride, board.full, board.offsets, ()).reach
    assert reach(packing.bits(cells), remaining) == packing.bits(reached)


def test_the_waste_is_asked_only_with_few_holes_left() -> None:
    """A row of 11 with its middle cell filled holds two regions of 5 cells, each within the
    reach of a bar, which waste 2 cells: with 1 hole left the state dies, unless the waste is
    asked only with fewer holes left."""
    full, middle, bar = (1 << 11) - 1, 1 << 5, (0, 1, 2, 3)
    for waste_holes, lives in ((None, False), (1, False), (0, True)):
        check = python_cells(12, full, [bar], (), waste_holes).check
        assert (check(middle, (2,), 1, 0) is not None) is lives


def test_a_state_dies_when_more_cells_are_out_of_reach_than_there_are_holes() -> None:
    """Three squares in 4 x 4 (4 holes): a square in the middle leaves a ring of 12 cells where
    no square fits. Its waste (none) and the colourings allow that; the 12 stuck cells do not."""
    packing = Packing([SQUARE] * 3, 4)
    middle = packing.problem.option_number((SQUARE, 1, 1))
    corner = packing.problem.option_number((SQUARE, 0, 0))
    assert not StatePruner(packing.board, packing.failures, 1)([middle])
    assert StatePruner(packing.board, packing.failures, 1)([corner])


# failures kept (fillit.solver.board.failures)


def cells_of(packing: Packing, bits: int) -> list[tuple[int, int]]:
    """The cells of a bit set of `packing`'s board."""
    side = packing.size
    return [
        (r, c) for r in range(side) for c in range(side) if bits >> (r * packing.stride + c) & 1
    ]


@settings(max_examples=60, deadline=None)
@given(data=st.data(), pieces=piece_lists(min_size=5, max_size=8))
def test_every_failure_kept_is_one_by_brute_force(data: st.DataObject, pieces: list[Piece]) -> None:
    """Deciding a size and asking about a piece's positions keeps failures (every one, here):
    for each, the pieces left do not fit its free cells (a plain search says so), and it is
    kept under its first free cell."""
    side = smallest_size(pieces) + data.draw(st.integers(0, 1), label="growth")
    packing = Packing(pieces, side)
    corners = data.draw(st.lists(st.sampled_from(list(placements(pieces[0], side))), max_size=3))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fillit.solver.board.pruner, "LEARN_NODES", -1)
        decide_size(packing, Budget.start(50_000, None))
        for corner in corners:
            packing.complete([(pieces[0], *corner)], (), Stats(), Budget.start(20_000, None))
    shapes = list(dict.fromkeys(pieces))
    kept = [(key, free) for key, frees in packing.failures.kept.items() for free in frees]
    event(f"failures kept: {min(len(kept), 10)}{'+' if len(kept) >= 10 else ''}")
    for (remaining, first), free in kept:
        assert first == free & -free
        left = [shape.cells for shape, n in zip(shapes, remaining, strict=True) for _ in range(n)]
        assert not fits_within(cells_of(packing, free), left)


def test_a_state_whose_free_cells_a_failure_kept_holds_is_cut_off() -> None:
    """Two squares and a vertical bar fit 4 x 4; told that they do not, the check cuts the root
    off, and a state with those pieces left and fewer free cells (a hole in the last cell), but
    not one with other pieces left, nor one whose first free cell differs (a hole in the first:
    it is not asked about that failure)."""
    packing = Packing([SQUARE, SQUARE, I_VERTICAL], 4)
    first, last = (packing.problem.option_number((HOLE, r, r)) for r in (0, 3))
    square = packing.problem.option_number((SQUARE, 2, 2))
    assert StatePruner(packing.board, packing.failures, 0)([])
    packing.failures.add(packing.full, packing.counts)
    assert not StatePruner(packing.board, packing.failures, 0)([])
    assert not StatePruner(packing.board, packing.failures, 1)([last])
    assert StatePruner(packing.board, packing.failures, 1)([square])
    assert StatePruner(packing.board, packing.failures, 1)([first])
    assert packing.failures.cuts == 2


def test_failures_are_kept_by_pieces_left_and_first_free_cell_the_latest_first() -> None:
    """A failure settles a state only with the same pieces left, the same first free cell and
    every free cell free in the failure; past `KEEP` of one kind, the oldest goes."""
    failures = FailedStates()
    failures.add(0b0111, (1,))
    assert failures.settles(0b0011, (1,))
    assert not failures.settles(0b0110, (1,))  # within the failure, but another first free cell
    assert not failures.settles(0b0011, (2,))  # other pieces left
    assert not failures.settles(0b1011, (1,))  # a cell the failure had filled
    for extra in range(1, fillit.solver.board.failures.KEEP + 1):
        failures.add(0b0001 | extra << 4, (1,))
    assert not failures.settles(0b0011, (1,))
    assert failures.settles(0b0001 | 1 << 4, (1,))


def test_failures_start_afresh_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `CAPACITY` failures added, every one kept so far is forgotten."""
    monkeypatch.setattr(fillit.solver.board.failures, "CAPACITY", 2)
    failures = FailedStates()
    failures.add(0b01, (1,))
    failures.add(0b10, (1,))
    assert failures.settles(0b01, (1,))
    failures.add(0b100, (1,))
    assert not failures.settles(0b01, (1,))
    assert failures.settles(0b100, (1,))


# packing_problem


def test_packing_problem_has_cells_shapes_and_a_hole_item_when_there_is_slack() -> None:
    problem = packing_problem([SQUARE, SQUARE, I_VERTICAL], 4)
    cells = [(r, c) for r in range(4) for c in range(4)]
    assert problem.items == [*cells, SQUARE, I_VERTICAL, HOLE]
    assert problem.primary_count == problem.item_count == 19
    assert problem.option_count == 9 + 4 + 16  # O, vertical I, a hole per cell
    assert [bound_of(problem, item) for item in (SQUARE, I_VERTICAL, HOLE)] == [
        (2, 2),
        (1, 1),
        (4, 4),
    ]
    assert problem.keys[:2] == [(SQUARE, 0, 0), (SQUARE, 0, 1)]
    assert problem.keys[-1] == (HOLE, 3, 3)


def test_packing_problem_has_no_hole_item_without_slack() -> None:
    problem = packing_problem([SQUARE] * 4, 4)
    assert HOLE not in problem.index
    assert problem.item_count == 16 + 1
    assert problem.option_count == 9
    assert bound_of(problem, SQUARE) == (4, 4)
    assert not any(key[0] == HOLE for key in problem.keys)


def test_identical_pieces_and_holes_are_not_told_apart_in_packings() -> None:
    """Four O in 4x4 make one packing (the exact cover by pieces counts 4! = 24), and one O with
    five holes in 3x3 one packing per position of the O."""
    assert count(exact_cover([SQUARE] * 4, 4)) == 24
    assert count(packing_problem([SQUARE] * 4, 4)) == 1
    assert count(packing_problem([SQUARE], 3)) == 4


@settings(max_examples=40, deadline=None)
@given(pieces=piece_lists(max_size=4))
def test_every_packing_covers_each_cell_once_with_the_right_number_of_each_shape(
    pieces: list[Piece],
) -> None:
    size = len(canonical_rows([piece.cells for piece in pieces]))
    packings = list(islice(solve(packing_problem(pieces, size)), 20))
    assert packings
    for packing in packings:
        covered = [(r + dr, c + dc) for shape, r, c in packing for dr, dc in key_cells(shape)]
        assert sorted(covered) == [(r, c) for r in range(size) for c in range(size)]
        shapes = [shape for shape, _, _ in packing if shape != HOLE]
        assert sorted(shapes, key=repr) == sorted(pieces, key=repr)
