"""The compiled sweep (`fillit.solver.board.sweep`, `fillit/solver/board/csrc/sweep.c`): in every
direction the engine's answer (the engine with its own check is the oracle), packings that are
packings, givens and floors kept, budgets, progress and Ctrl-C; the directions' frames; bad
arguments refused."""

from __future__ import annotations

import random

import pytest
from fillit_oracle import fits_within
from hypothesis import given, settings
from hypothesis import strategies as st
from tetrominoes import SQUARE, TETROMINOES, piece_lists

from dlx import Stats, Status, verify
from fillit.geometry import placements, smallest_size
from fillit.pieces import Piece
from fillit.solver.board import sweep as sweep_module
from fillit.solver.board.packing import HOLE, Key, Outcome, Packing
from fillit.solver.board.sweep import DIRECTIONS, CompiledSweep, Direction, sweep_order, to_frame
from fillit.solver.budget import Budget

needs_compiled = pytest.mark.skipif(
    not sweep_module.compiled(),
    reason="fillit.solver.board._board was not built (or FILLIT_CORE=python)",
)


def engine(packing: Packing, givens: list[Key], floors: tuple[int, ...] | None) -> Outcome:
    """The engine's answer (MRV with the compiled or Python check): the oracle."""
    return packing.complete(
        givens, [], Stats(), Budget.start(None, None), None, "mrv", None, "rows", floors
    )


def swept(
    packing: Packing, direction: Direction, givens: list[Key], floors: tuple[int, ...] | None = None
) -> Outcome:
    """The compiled sweep's answer in `direction`."""
    assert packing.sweeps is not None
    return packing.complete(
        givens, [], Stats(), Budget.start(None, None), None, "sweep", None, direction, floors
    )


def keys_cells(packing: Packing, keys: list[Key]) -> list[tuple[int, int]]:
    """Every cell the keys cover, with repeats."""
    cells = []
    for shape, top, left in keys:
        offsets = shape.cells if isinstance(shape, Piece) else ((0, 0),)
        cells.extend((top + r, left + c) for r, c in offsets)
    return cells


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_each_direction_is_a_symmetry_of_the_square_met_row_by_row(direction: Direction) -> None:
    """A frame is one of the square's eight symmetries, each direction a different one, and the
    sweep order is the frame's rows from its top left."""
    size = 5
    cells = [(r, c) for r in range(size) for c in range(size)]
    turn = to_frame(direction, size)
    assert sorted(map(turn, cells)) == cells
    for a in cells:
        for b in cells:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                ta, tb = turn(a), turn(b)
                assert abs(ta[0] - tb[0]) + abs(ta[1] - tb[1]) == 1
    assert [turn(cell) for cell in sweep_order(direction, size)] == cells
    frames = {tuple(map(to_frame(d, size), cells)) for d in DIRECTIONS}
    assert len(frames) == 8


def test_the_directions_start_where_their_names_say() -> None:
    """ "rows" is row by row from the top left, "columns from the bottom right" column by
    column from the bottom right, going up."""
    assert sweep_order("rows", 3)[:4] == [(0, 0), (0, 1), (0, 2), (1, 0)]
    assert sweep_order("columns", 3)[:4] == [(0, 0), (1, 0), (2, 0), (0, 1)]
    assert sweep_order("rows from the bottom", 3)[:4] == [(2, 0), (2, 1), (2, 2), (1, 0)]
    assert sweep_order("columns from the bottom right", 3)[:4] == [(2, 2), (1, 2), (0, 2), (2, 1)]


@needs_compiled
@settings(max_examples=120, deadline=None)
@given(
    pieces=piece_lists(max_size=7),
    grow=st.integers(0, 1),
    direction=st.sampled_from(DIRECTIONS),
    seed=st.integers(0, 2**32),
)
def test_the_compiled_sweep_answers_as_the_engine_with_givens_and_floors(
    pieces: list[Piece], grow: int, direction: Direction, seed: int
) -> None:
    """With random givens (placements that do not overlap) and floors, the compiled sweep finds a
    packing exactly when the engine does; the packing covers each cell once, holds the givens and
    the right pieces (`dlx.verify`), and no piece beyond the givens below its shape's floor."""
    rng = random.Random(seed)
    size = smallest_size(pieces) + grow
    packing = Packing(pieces, size)
    givens: list[Key] = []
    taken: set[tuple[int, int]] = set()
    left = {shape: count for shape, count in zip(packing.shapes, packing.counts, strict=True)}
    for _ in range(rng.randint(0, 3)):
        shape = rng.choice(packing.shapes)
        corner = rng.choice(list(placements(shape, size)))
        cells = {(corner[0] + r, corner[1] + c) for r, c in shape.cells}
        if left[shape] and not cells & taken:
            givens.append((shape, *corner))
            taken |= cells
            left[shape] -= 1
    options = packing.problem.option_count
    floors = None if rng.random() < 0.5 else tuple(rng.randrange(options) for _ in packing.shapes)
    expected = engine(packing, givens, floors)
    found = swept(packing, direction, givens, floors)
    assert found.refuted == expected.refuted
    if found.packing is not None:
        keys = list(found.packing)
        verify(packing.problem, keys)
        assert set(givens) <= set(keys)
        assert sorted(keys_cells(packing, keys)) == sorted(
            (r, c) for r in range(size) for c in range(size)
        )
        if floors is not None:
            number = packing.problem.option_number
            for key in keys:
                if key not in givens and key[0] != HOLE:
                    shape_index = packing.shapes.index(key[0])
                    assert number(key) >= floors[shape_index]


@needs_compiled
@settings(max_examples=60, deadline=None)
@given(pieces=piece_lists(max_size=5), direction=st.sampled_from(DIRECTIONS))
def test_the_compiled_sweep_answers_as_the_brute_force_oracle(
    pieces: list[Piece], direction: Direction
) -> None:
    """On the smallest square the pieces' area allows, the compiled sweep fits them exactly when
    a brute-force search does (`fillit_oracle.fits_within`)."""
    size = max(2, (4 * len(pieces) - 1) ** 0.5 // 1 + 1)
    size = int(size)
    while size * size < 4 * len(pieces):
        size += 1
    if any(p.height > size or p.width > size for p in pieces):
        return
    packing = Packing(pieces, size)
    free = [(r, c) for r in range(size) for c in range(size)]
    assert (swept(packing, direction, []).packing is not None) == fits_within(
        free, [p.cells for p in pieces]
    )


@needs_compiled
def test_what_one_search_keeps_the_next_reuses_with_the_same_answers() -> None:
    """The failures kept serve later searches of the board (a question asked again is settled at
    its root) and never change an answer: every direction answers as the engine."""
    pieces = [TETROMINOES[2]] * 8 + [TETROMINOES[16]] * 2
    packing = Packing(pieces, 7)
    stats = Stats()
    budget = Budget.start(None, None)
    assert packing.complete([], [], stats, budget, None, "sweep", None, "rows").refuted
    assert stats.nodes > 1000 and packing.cuts > 0
    again = Stats()
    assert packing.complete([], [], again, budget, None, "sweep", None, "rows").refuted
    assert again.nodes == 1
    answers = [swept(packing, d, []).refuted for d in DIRECTIONS]
    assert answers == [engine(Packing(pieces, 7), [], None).refuted] * 8 == [True] * 8


@needs_compiled
def test_a_node_cap_and_the_clock_leave_the_question_unknown() -> None:
    """A cap of nodes short of the answer, or no time left at a poll (every 4096 nodes), says
    unknown, not refuted."""
    pieces = [TETROMINOES[0]] * 20 + [TETROMINOES[9]] * 4  # refuted in 88k nodes
    packing = Packing(pieces, smallest_size(pieces))
    stats = Stats()
    outcome = packing.complete([], [], stats, Budget.start(None, None), None, "sweep", 50, "rows")
    assert outcome.unknown and stats.nodes == 50 and stats.status is Status.BUDGET
    assert packing.sweeps is not None
    assert packing.sweeps.complete("rows", [], None, None, 0.0, None)[:2] == ("cut", 4096)


@needs_compiled
def test_progress_is_told_the_nodes_and_what_it_raises_stops_the_search() -> None:
    """Every few thousand nodes the progress callback is called with the nodes and updates so
    far; an exception it raises (Ctrl-C's KeyboardInterrupt, a race lost) ends the search."""
    pieces = [TETROMINOES[0]] * 20 + [TETROMINOES[9]] * 4
    packing = Packing(pieces, smallest_size(pieces))
    assert packing.sweeps is not None
    told: list[tuple[int, int]] = []

    def report(nodes: int, updates: int) -> None:
        told.append((nodes, updates))
        if len(told) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        packing.sweeps.complete("rows", [], None, None, None, report)
    assert [nodes for nodes, _ in told] == [4096, 8192]
    assert all(updates >= nodes for nodes, updates in told)


@needs_compiled
def test_overlapping_or_too_many_givens_have_no_packing() -> None:
    """Givens that overlap, or more pieces of a shape than there are, cannot be completed."""
    packing = Packing([SQUARE, SQUARE], 4)
    assert packing.sweeps is not None
    assert swept(packing, "rows", [(SQUARE, 0, 0), (SQUARE, 1, 1)]).refuted
    assert swept(packing, "rows", [(SQUARE, 0, 0), (SQUARE, 2, 2), (SQUARE, 0, 2)]).refuted
    assert swept(packing, "rows", [(SQUARE, 0, 0), (SQUARE, 2, 2)]).packing is not None


@needs_compiled
@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((17, [SQUARE.cells], [1]), "side must be 1 to 16"),
        ((4, [], []), "1 to 19 shapes"),
        ((4, [((0, 0), (0, 1), (1, 0), (4, 4))], [1]), "outside its 4 x 4 box"),
        ((4, [((1, 0), (1, 1), (2, 0), (2, 1))], [1]), "row by row from row 0"),
        ((4, [((0, 1), (0, 0), (1, 0), (1, 1))], [1]), "row by row from row 0"),
        ((2, [((0, 0), (1, 0), (2, 0), (3, 0))], [1]), "it must fit"),
        ((4, [SQUARE.cells], [27]), "0 to 26 pieces"),
    ],
)
def test_the_compiled_sweep_refuses_what_it_cannot_hold(args: tuple, message: str) -> None:
    """A board over 16, no shapes, a cell outside the box, a shape not in its corner, or more
    than 26 pieces of a shape: a ValueError naming the rule."""
    board = sweep_module._board
    side, shapes, counts = args
    tables = [[-1] * (min(side, 16) ** 2) for _ in shapes]
    with pytest.raises(ValueError, match=message):
        board.Sweeper(side, shapes, counts, tables, board.SweepMemo(), 0)


@needs_compiled
def test_a_sweeper_is_made_once_and_searches_only_once_made() -> None:
    """A Sweeper not initialised refuses to search (no crash); one initialised refuses a second
    `__init__` (its failures kept belong to its board); a failed `__init__` leaves it unmade."""
    board = sweep_module._board
    tables = [[-1] * 16]
    blank = board.Sweeper.__new__(board.Sweeper)
    with pytest.raises(TypeError, match="not initialised"):
        blank.search([0] * 4, [1], 12, [-1], 10, -1.0, None)
    with pytest.raises(ValueError, match="tag"):
        board.Sweeper(4, [SQUARE.cells], [1], tables, board.SweepMemo(), 8)
    failed = board.Sweeper.__new__(board.Sweeper)
    with pytest.raises(ValueError):
        failed.__init__(4, [SQUARE.cells], [27], tables, board.SweepMemo(), 0)
    with pytest.raises(TypeError, match="not initialised"):
        failed.search([0] * 4, [1], 12, [-1], 10, -1.0, None)
    made = board.Sweeper(4, [SQUARE.cells], [1], tables, board.SweepMemo(), 0)
    with pytest.raises(TypeError, match="already initialised"):
        made.__init__(4, [SQUARE.cells], [1], tables, board.SweepMemo(), 0)
    assert made.search([0] * 4, [1], 12, [-1], 10, -1.0, None)[0] == 1


@needs_compiled
def test_a_given_off_the_board_is_refused() -> None:
    """A given outside the board is a caller's error, as for the engine (no wrapped rows)."""
    packing = Packing([SQUARE], 4)
    assert packing.sweeps is not None
    with pytest.raises(ValueError, match="off the board"):
        packing.sweeps.complete("rows", [(SQUARE, 3, 3)], None, None, None, None)


def test_a_board_smaller_than_a_piece_is_left_to_the_engine() -> None:
    """A piece longer than the board's side: no compiled sweep, the engine refutes it."""
    bar = Piece(((0, 0), (0, 1), (0, 2), (0, 3)))
    packing = Packing([bar], 3)
    assert packing.sweeps is None
    stats, budget = Stats(), Budget.start(None, None)
    assert packing.complete([], [], stats, budget, None, "sweep", None, "columns").refuted


def test_without_the_compiled_sweep_the_engine_sweeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """With FILLIT_CORE=python the board has no compiled sweep and the engine's sweep answers,
    in any direction, as the compiled one would."""
    monkeypatch.setenv("FILLIT_CORE", "python")
    pieces = [TETROMINOES[3]] * 5 + [SQUARE]
    packing = Packing(pieces, 5)
    assert packing.sweeps is None
    answers = {
        d: packing.complete([], [], Stats(), Budget.start(None, None), None, "sweep", None, d)
        for d in DIRECTIONS
    }
    expected = engine(Packing(pieces, 5), [], None).refuted
    assert all(outcome.refuted == expected for outcome in answers.values())


def test_a_compiled_sweep_is_only_made_for_boards_it_can_hold() -> None:
    """Boards over 16 cells a side are left to the engine's sweep."""
    assert Packing([SQUARE], 17).sweeps is None
    assert (Packing([SQUARE], 16).sweeps is not None) == sweep_module.compiled()
    assert isinstance(Packing([SQUARE], 4).sweeps, CompiledSweep | type(None))
