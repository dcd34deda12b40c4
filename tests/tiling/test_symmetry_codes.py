"""`--unique`'s arithmetic (`dlx.tiling.turns`, `dlx.tiling.symmetry_group`) against the maps it
stands for: a grid's turns move cells as its generators' compositions do; the puzzle's symmetries
are the grid's maps that, shifted, take the board onto itself; a placement's code orders
placements as Knuth's order of their spots does; and its image is the code of the placement its
spots map onto."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dlx.tiling import Puzzle
from dlx.tiling.grids import GRIDS, Cell, Grid, Map
from dlx.tiling.model import Frame, Placement, placements
from dlx.tiling.model import Puzzle as Model
from dlx.tiling.spec import read_spec
from dlx.tiling.symmetry_group import Coder, symmetries
from dlx.tiling.turns import turns

PUZZLES = [
    ("6x10", "pentominoes", None),
    ("8x8-hole", "pentominoes", None),
    ("6x6", "hexiamonds", "triangle"),
    ("hexagon-4", "trihexes,tetrahexes", "hex"),
    ("3x3x3", "soma", "cube"),
    ("2x4x4", "tetracubes", "cube"),
    ("4x4", "tetrasticks", "sticks"),
]


def cells_of(grid: Grid) -> st.SearchStrategy[Cell]:
    """Any cell of `grid` near the origin."""
    kinds = [(t,) for t in range(len(grid.marks))] or [()]
    axes = st.tuples(*[st.integers(-20, 20)] * grid.dims)
    return st.builds(lambda x, k: x + k, axes, st.sampled_from(kinds))


@pytest.mark.parametrize("name", sorted(GRIDS))
@given(data=st.data())
def test_a_turn_moves_cells_as_the_grids_map(name: str, data: st.DataObject) -> None:
    grid = GRIDS[name]
    cells = data.draw(st.lists(cells_of(grid), min_size=1, max_size=8))
    by = data.draw(st.tuples(*[st.integers(-5, 5)] * grid.dims))
    for turn, g in zip(turns(grid), grid.group(mirrors=True), strict=True):
        assert [turn.move(cell) for cell in cells] == [g(cell) for cell in cells]
        d = grid.dims
        moved = [tuple(a + b for a, b in zip(g(c)[:d], by, strict=True)) + g(c)[d:] for c in cells]
        assert turn.move_all(cells, by) == moved


@pytest.mark.parametrize("name", sorted(GRIDS))
def test_the_proper_turns_are_the_rotations(name: str) -> None:
    grid = GRIDS[name]
    assert sum(turn.proper for turn in turns(grid)) == len(grid.group(mirrors=False))


def fitted(model: Model, g: Map) -> tuple[int, ...] | None:
    """Where g, shifted to fit the board, takes each board spot (by index), found plainly."""
    board, d = model.board, model.grid.dims
    image = [(g(cell), s) for cell, s in board]
    low = [min(c[k] for c, _ in board) - min(c[k] for c, _ in image) for k in range(d)]
    index = {spot: i for i, spot in enumerate(board)}
    moved = [(tuple(v + w for v, w in zip(c[:d], low, strict=True)) + c[d:], s) for c, s in image]
    if any(spot not in index for spot in moved):
        return None
    return tuple(index[spot] for spot in moved)


def order(model: Model, pl: Placement) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """A placement as compared plainly: its piece, its spots' order keys, sorted."""
    return (pl.piece, tuple(sorted(model.grid.order_key(spot) for spot in pl.spots)))


@pytest.mark.parametrize(("board", "pieces", "grid"), PUZZLES)
def test_codes_and_images_are_the_plain_ones(board: str, pieces: str, grid: str | None) -> None:
    model = Puzzle(board=board, pieces=pieces, grid=grid).model
    every = placements(model)
    coder = Coder(model, every)
    plain = [fitted(model, g) for g in model.grid.group(mirrors=True)[1:]]
    group = symmetries(model)
    assert {sym.spots for sym in group} <= {spots for spots in plain if spots is not None}
    assert sorted(every, key=coder.code) == sorted(every, key=lambda pl: order(model, pl))
    by_spots = {order(model, pl)[1]: pl for pl in every}
    for sym in group:
        for pl in every:
            keys = sorted(model.grid.order_key(model.board[sym.spots[c]]) for c in pl.cells)
            image = by_spots[tuple(keys)]
            assert coder.image(sym, pl) == (sym.pieces[pl.piece], coder.code(image)[1])


def test_a_placement_makes_its_spots_when_asked() -> None:
    model = Puzzle(board="2x3", pieces={"L": "##/#."}).model
    first = placements(model)[0]
    assert first == Placement(first.piece, first.base, first.spots)
    assert first.spots == tuple(model.board[c] for c in first.cells)
    assert repr(first).startswith("Placement(piece=0, base=0, spots=((")


def test_a_frame_stays_within_a_few_times_the_board() -> None:
    """A box of 62 x 62 cells, each with its own suffix (a kind of its own): the frame's table
    of each kind's cells holds that kind's alone, not a list through the box per kind (3,844
    of 7,688 entries: 237 MB)."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    cells = [f"{x}{y}_{x}{y}" for x in digits for y in digits]
    model = read_spec(" ".join(cells) + "\nM 00_00\n", "square")
    frame = Frame.of(model)
    assert len(frame.cells) == 62 * 62
    assert sum(len(column) for column in frame.cells.values()) <= 16 * len(model.board) + 65536
    small = Frame.of(Puzzle(board="6x10", pieces="pentominoes").model)
    assert all(len(column) == small.length for column in small.cells.values())
