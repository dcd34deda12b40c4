"""Which solutions are alike, and how does the search see only one of each kind? The puzzle's
symmetries (`dlx.tiling.symmetry_group`) are the grid's rotations and reflections that map the
board onto itself and the set of pieces onto itself. `--unique` counts solutions up to them, in
the problem itself, as Knuth does:

1. One piece p that every symmetry maps onto itself keeps only the first placement of each orbit
   of its placements (p: the piece that leaves the fewest).
2. Where a symmetry h maps a kept placement P onto itself, the solutions with p at P come in
   classes under those h; a second piece q, fixed by each such h and with no placement that one
   of them fixes, breaks the tie: P's option takes a secondary item named for (h, q), and so does
   every placement Q of q that comes after its image under h. Of each class, only the solution
   with q on the least of its placements remains; a solution that h maps onto itself cannot have
   q anywhere, so none is lost or doubled.
3. When no such q exists, the solutions with p at P alone are compared with their images under
   those h and the least kept: a check on a few solutions, not a filter on all.
4. When no piece is used once and fixed by every symmetry (every piece has copies), a piece and
   its copies break the symmetry instead: `dlx.tiling.symmetry_copies`.
"""

from __future__ import annotations

from collections.abc import Callable

from dlx.tiling.model import Placement, Puzzle
from dlx.tiling.options import Tiling, assemble
from dlx.tiling.symmetry_copies import break_with_copies
from dlx.tiling.symmetry_group import Code, Coder, Symmetry, symmetries


def break_symmetry(puzzle: Puzzle, every: list[Placement]) -> Tiling:
    """The problem of `puzzle` with one solution per symmetry class (see the module's text)."""
    group = symmetries(puzzle)
    if not group:
        return assemble(puzzle, every, {}, [])
    coder = Coder(puzzle, every)
    restricted = _restricted_piece(puzzle, group, coder)
    if restricted is None:
        return break_with_copies(puzzle, every, group, coder)
    p, kept = restricted
    chosen = [pl for pl in every if pl.piece != p or coder.code(pl) in kept]
    ties = _Ties(puzzle, group, coder, chosen, p)
    checks: dict[Code, list[Symmetry]] = {}
    breakers: dict[tuple[int, ...], int | None] = {}  # by the symmetries fixing a placement
    for code, fixing in kept.items():
        if fixing:
            among = tuple(group.index(sym) for sym in fixing)
            if among not in breakers:
                breakers[among] = _tie_breaker(puzzle, fixing, coder, p)
            q = breakers[among]
            if q is None:
                checks[code] = fixing
            else:
                ties.add(fixing, q, code)
    tiling = assemble(puzzle, chosen, ties.extra, ties.names)
    if checks:
        tiling.canonical = _canonical_check(checks, coder)
    return tiling


class _Ties:
    """The secondary items that break ties: their names, and the extra items of each option."""

    def __init__(
        self, puzzle: Puzzle, group: list[Symmetry], coder: Coder, chosen: list[Placement], p: int
    ) -> None:
        self.puzzle, self.group, self.coder = puzzle, group, coder
        self.keyed: list[list[tuple[int, Placement]]] = [[] for _ in puzzle.pieces]
        for k, pl in enumerate(chosen):  # each piece's placements, with their keys
            self.keyed[pl.piece].append((k, pl))
        self.index = {coder.code(pl): k for k, pl in self.keyed[p]}
        self.names: list[str] = []
        self.extra: dict[int, list[str]] = {}

    def add(self, fixing: list[Symmetry], q: int, code: Code) -> None:
        """Let q stand only on the least of its images under `fixing` when p is at `code`."""
        for sym in fixing:
            name = f"sym{self.group.index(sym) + 1}{self.puzzle.pieces[q].name}"
            if name not in self.names:
                self.names.append(name)
                for k, pl in self.keyed[q]:
                    if self.coder.image(sym, pl) < self.coder.code(pl):
                        self.extra.setdefault(k, []).append(name)
            self.extra.setdefault(self.index[code], []).append(name)


def _restricted_piece(
    puzzle: Puzzle, group: list[Symmetry], coder: Coder
) -> tuple[int, dict[Code, list[Symmetry]]] | None:
    """The piece p whose placements are cut to one per orbit, and its kept placements, each with
    the symmetries that fix it; None where no piece used once is fixed by every symmetry. Of
    the pieces that leave fewest (`_score`), the first (`Coder.fewest`)."""

    def kept(i: int) -> tuple[tuple[int, int], dict[Code, list[Symmetry]]]:
        found: dict[Code, list[Symmetry]] = {}
        seen: set[Code] = set()
        for code, pl in coder.of_piece(i):
            if code in seen:
                continue
            images = [coder.image(sym, pl) for sym in group]
            seen.update(images)
            found[code] = [sym for sym, image in zip(group, images, strict=False) if image == code]
        return _score(found), found

    candidates = [
        i
        for i, piece in enumerate(puzzle.pieces)
        if piece.bounds == (1, 1) and all(sym.pieces[i] == i for sym in group)
    ]
    return coder.fewest(candidates, group, kept)


def _score(kept: dict[Code, list[Symmetry]]) -> tuple[int, int]:
    """Fewer kept placements first, then fewer fixed by a symmetry."""
    return (len(kept), sum(1 for fixing in kept.values() if fixing))


def _tie_breaker(puzzle: Puzzle, fixing: list[Symmetry], coder: Coder, p: int) -> int | None:
    """A piece used once, fixed by each symmetry in `fixing`, none of whose placements they fix."""
    for q, piece in enumerate(puzzle.pieces):
        if q == p or piece.bounds != (1, 1) or any(sym.pieces[q] != q for sym in fixing):
            continue
        if all(coder.image(sym, pl) != coder.code(pl) for pl in coder.placed[q] for sym in fixing):
            return q
    return None


def _canonical_check(
    checks: dict[Code, list[Symmetry]], coder: Coder
) -> Callable[[list[Placement]], bool]:
    """Whether a solution is the least of its images under the symmetries fixing p's placement."""

    def keep(solution: list[Placement]) -> bool:
        codes = [coder.code(pl) for pl in solution]
        fixing = next((checks[c] for c in codes if c in checks), None)
        if fixing is None:
            return True
        mine = sorted(codes)
        return all(mine <= sorted(coder.image(sym, pl) for pl in solution) for sym in fixing)

    return keep
