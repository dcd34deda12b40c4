"""A tiling oracle that shares nothing with `dlx.tiling`'s transforms: each grid's symmetries are
enumerated as integer matrices (square: the 2 x 2 orthogonal ones; cube: the 3 x 3 signed
permutations) or as coordinate permutations of a three-coordinate model (hex: cube coordinates
q + r + s = 0; triangle: a + b + c = 2 for an upward triangle, 1 for a downward one), pieces are
placed by trying every map and every shift onto every board cell, and solutions are counted by the
dict-of-sets Algorithm X of `oracles.py`; `--unique` by the orbits of all solutions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import permutations, product

from oracles import algorithm_x

Cell = tuple[int, ...]
Model = tuple[int, ...]
Matrix = Callable[[Model], Model]


def _parity(perm: Sequence[int]) -> int:
    """+1 for an even permutation, -1 for an odd one."""
    sign, seen = 1, list(perm)
    for i in range(len(seen)):
        for j in range(i + 1, len(seen)):
            if seen[i] > seen[j]:
                sign = -sign
    return sign


def _matrices(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every n x n matrix of -1, 0, 1 whose rows are orthonormal."""
    rows = [r for r in product((-1, 0, 1), repeat=n) if sum(v * v for v in r) == 1]
    return [
        m
        for m in product(rows, repeat=n)
        if all(
            sum(a * b for a, b in zip(m[i], m[j], strict=False)) == 0
            for i in range(n)
            for j in range(i)
        )
    ]


def _det(m: tuple[tuple[int, ...], ...]) -> int:
    """The determinant of a signed permutation matrix."""
    perm = [row.index(next(v for v in row if v)) for row in m]
    signs = 1
    for row in m:
        signs *= sum(row)
    return _parity(perm) * signs


def maps(grid: str, proper_only: bool) -> list[Matrix]:
    """The grid's point symmetries in the model's coordinates (proper ones only if asked)."""
    if grid in ("square", "cube"):
        n = 2 if grid == "square" else 3
        chosen = [m for m in _matrices(n) if not proper_only or _det(m) == 1]
        return [_product(m) for m in chosen]
    found: list[Matrix] = []
    for perm in permutations(range(3)):
        if proper_only and _parity(perm) != 1:
            continue
        for sign in (1, -1):
            found.append(_permuted(perm, sign))
    return found


def _product(m: tuple[tuple[int, ...], ...]) -> Matrix:
    """The map v -> m v."""
    return lambda v: tuple(sum(a * b for a, b in zip(row, v, strict=True)) for row in m)


def _permuted(perm: tuple[int, ...], sign: int) -> Matrix:
    """The map permuting a model cell's coordinates by `perm`, times `sign`."""
    return lambda v: tuple(sign * v[i] for i in perm)


def to_model(grid: str, cell: Cell) -> Model:
    """A product cell in the oracle's model."""
    if grid == "hex":
        return (cell[0], cell[1], -cell[0] - cell[1])
    if grid == "triangle":
        x, y, t = cell
        return (x, y, 2 - t - x - y)
    return cell


def from_model(grid: str, v: Model) -> Cell:
    """A model cell as the product names it."""
    if grid == "hex":
        return (v[0], v[1])
    if grid == "triangle":
        return (v[0], v[1], 1 if sum(v) == 1 else 0)
    return v


def placements(
    grid: str, board: Iterable[Cell], piece: Iterable[Cell], chosen: list[Matrix]
) -> set[frozenset[Cell]]:
    """Every set of board cells that some map and shift of the piece covers."""
    spots = {to_model(grid, c) for c in board}
    cells = [to_model(grid, c) for c in piece]
    found: set[frozenset[Cell]] = set()
    for g in chosen:
        image = [g(c) for c in cells]
        for target in spots:
            shift = tuple(t - s for t, s in zip(target, image[0], strict=False))
            moved = [tuple(a + b for a, b in zip(c, shift, strict=False)) for c in image]
            if grid in ("hex",) and sum(shift) != 0:
                continue
            if all(m in spots for m in moved):
                found.add(frozenset(from_model(grid, m) for m in moved))
    return found


def solutions(
    grid: str, board: Sequence[Cell], pieces: Sequence[Sequence[Cell]], proper_only: bool
) -> set[frozenset[tuple[int, frozenset[Cell]]]]:
    """Every tiling of the board by the pieces, each once, as sets of (piece, cells)."""
    chosen = maps(grid, proper_only)
    options = []
    for i, piece in enumerate(pieces):
        for cells in placements(grid, board, piece, chosen):
            options.append(((i, cells), [("piece", i), *cells]))
    found = algorithm_x([*board, *(("piece", i) for i in range(len(pieces)))], [], options)
    return {frozenset(key for key in solution) for solution in found}  # type: ignore[misc]


def orbits(
    grid: str,
    board: Sequence[Cell],
    pieces: Sequence[Sequence[Cell]],
    proper_only: bool,
    found: Iterable[Iterable[tuple[int, frozenset[Cell]]]] | None = None,
) -> int:
    """The number of classes of solutions (`found`, else every one) under the maps that keep
    the board and the pieces' shapes (a piece's class: its least image under the allowed
    maps)."""
    allowed = maps(grid, proper_only)
    every = maps(grid, False)

    def shape(cells: Iterable[Cell]) -> tuple[Model, ...]:
        models = [to_model(grid, c) for c in cells]
        return min(_normal([g(m) for m in models]) for g in allowed)

    def normal_board(cells: Iterable[Model]) -> tuple[Model, ...]:
        return _normal(list(cells))

    target = normal_board(to_model(grid, c) for c in board)
    kinds = sorted(shape(p) for p in pieces)
    seen: set[frozenset[tuple[tuple[Model, ...], frozenset[Model]]]] = set()
    classes = 0
    for solution in solutions(grid, board, pieces, proper_only) if found is None else found:
        plain = [[to_model(grid, c) for c in cells] for _, cells in solution]
        if _key(plain, shape, grid) in seen:
            continue
        classes += 1
        for g in every:
            moved = [[g(m) for m in cells] for cells in plain]
            if normal_board(m for cells in moved for m in cells) != target:
                continue
            shift = _offset(
                [m for cells in moved for m in cells], [to_model(grid, c) for c in board]
            )
            moved = [
                [tuple(a + b for a, b in zip(m, shift, strict=False)) for m in cells]
                for cells in moved
            ]
            if sorted(shape(from_model(grid, m) for m in cells) for cells in moved) == kinds:
                seen.add(_key(moved, shape, grid))
    return classes


def _key(
    cells: list[list[Model]], shape: Callable[..., tuple[Model, ...]], grid: str
) -> frozenset[tuple[tuple[Model, ...], frozenset[Model]]]:
    """A solution as a set of (shape class, model cells)."""
    return frozenset((shape(from_model(grid, m) for m in c), frozenset(c)) for c in cells)


def _offset(moved: list[Model], board: list[Model]) -> Model:
    """The shift taking the least of `moved` to the least of `board`."""
    return tuple(a - b for a, b in zip(min(board), min(moved), strict=False))


def _normal(models: list[Model]) -> tuple[Model, ...]:
    """Model cells shifted so the least is the origin, sorted: equal up to translation."""
    low = min(models)
    return tuple(sorted(tuple(a - b for a, b in zip(m, low, strict=False)) for m in models))


def bounded_count(
    grid: str,
    board: Sequence[Cell],
    loose: Sequence[Cell],
    pieces: Sequence[tuple[Sequence[Cell], tuple[int, int]]],
    proper_only: bool,
) -> int:
    """The number of sets of disjoint placements covering every board cell not in `loose`, each
    piece placed within its (low, high) copies: every set tried, overlaps cut early."""
    chosen = maps(grid, proper_only)
    options = [
        (i, cells)
        for i, (piece, _) in enumerate(pieces)
        for cells in sorted(placements(grid, board, piece, chosen), key=sorted)
    ]
    need = set(board) - set(loose)

    def walk(k: int, used: frozenset[Cell], counts: tuple[int, ...]) -> int:
        if k == len(options):
            fits = all(lo <= n for n, (_, (lo, _)) in zip(counts, pieces, strict=True))
            return int(fits and need <= used)
        i, cells = options[k]
        total = walk(k + 1, used, counts)
        if not cells & used and counts[i] < pieces[i][1][1]:
            more = (*counts[:i], counts[i] + 1, *counts[i + 1 :])
            total += walk(k + 1, used | cells, more)
        return total

    return walk(0, frozenset(), (0,) * len(pieces))


def copies_orbits(
    grid: str,
    board: Sequence[Cell],
    pieces: Sequence[tuple[Sequence[Cell], int]],
    proper_only: bool,
) -> int:
    """`orbits` where each piece comes with a number of copies, alike copies never told apart:
    the tilings are the sets of disjoint placements with each piece's number of them, every set
    tried as `bounded_count` tries them."""
    chosen = maps(grid, proper_only)
    options = [
        (i, frozenset(cells))
        for i, (piece, _) in enumerate(pieces)
        for cells in sorted(placements(grid, board, piece, chosen), key=sorted)
    ]
    need = set(board)
    found: list[list[tuple[int, frozenset[Cell]]]] = []

    def walk(k: int, used: frozenset[Cell], taken: list[tuple[int, frozenset[Cell]]]) -> None:
        if k == len(options):
            counts = [sum(1 for i, _ in taken if i == j) for j in range(len(pieces))]
            if used == need and counts == [n for _, n in pieces]:
                found.append(list(taken))
            return
        walk(k + 1, used, taken)
        i, cells = options[k]
        if not cells & used:
            walk(k + 1, used | cells, [*taken, (i, cells)])

    walk(0, frozenset(), [])
    given_apart = [list(piece) for piece, n in pieces for _ in range(n)]
    return orbits(grid, board, given_apart, proper_only, found)
