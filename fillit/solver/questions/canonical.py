"""Which answer? At the smallest size that fits, each piece in input order goes to the first
row-major position from which the rest can still be completed.

For each piece, the positions are tried in order with the pieces placed so far given to the
engine in advance, and the first whose remaining problem is feasible is kept. Every question
shares the failures kept (`fillit.solver.board.failures`).

Glossary:
- *witness*: a packing found on the way. It proves its own positions feasible, so only earlier
  positions of each piece are asked about, and its options are tried first.
- *glance*: a search of at most `GLANCE_NODES` nodes; most positions that fail, fail at once.
- *repair*: the witness re-solved only near the change (its far options given), which finds
  most feasible positions in a few hundred nodes.
- *full search*: the search that settles a position when glance and repair could not.
- *way*: one order of search (the witness's options first or not, MRV or the sweep by rows or
  by columns); *round*: each way takes one turn; *cap*: a turn's node limit, doubled each round
  (`fillit.solver.questions.square_fits.rounds`); *favourite*: the order that settled the last
  question (a size, or a refuted position), which goes first with a larger cap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dlx import Stats
from dlx.solve import Choice
from fillit.answer import CanonicalStats, Progress
from fillit.geometry import placements
from fillit.pieces import Cell, Piece
from fillit.solver.board.packing import UNKNOWN, Key, Outcome, Packing, Sweep
from fillit.solver.budget import Budget
from fillit.solver.questions.orders import Run, Way
from fillit.solver.questions.square_fits import rounds


@dataclass
class Asking:
    """What every question of one canonical answer shares: the board, the budget, the counters,
    the `run`'s log of what settled each question, and the progress display."""

    packing: Packing
    budget: Budget
    counters: CanonicalStats
    run: Run
    progress: Progress | None = None


@dataclass(frozen=True)
class Question:
    """Can the pieces placed (`givens`) and `candidate` be completed with no option numbered
    below `floors` (per shape: `floors`' docstring)?"""

    givens: Sequence[Key]
    candidate: Key
    floors: tuple[int, ...] | None = None

    @property
    def placed(self) -> list[Key]:
        """The givens and the candidate."""
        return [*self.givens, self.candidate]


GLANCE_NODES = 100
"""The node cap of the first look at a candidate: most positions that fail, fail at once."""


def glance(asking: Asking, question: Question, witness: Sequence[Key]) -> Outcome:
    """A short search (the witness's options first): a packing, none, or unknown if cut short."""
    stats = Stats()
    outcome = asking.packing.complete(
        question.placed, witness, stats, asking.budget, cap=GLANCE_NODES, floors=question.floors
    )
    asking.counters.oracle_calls += 1
    asking.counters.add(stats)
    return outcome


REPAIR_RADII = (2, 4)
"""How far around the change the witness is re-solved before a full search."""

REPAIR_NODES = 2000
"""The node budget of one repair."""


def repair(asking: Asking, question: Question, witness: Sequence[Key]) -> Outcome:
    """A packing with the question's givens and candidate, found by re-solving only the witness's
    neighbourhood of the change; unknown when that finds none, and the full search must decide.

    The candidate takes the place of the witness's first free placement of its shape; the
    witness's options farther than a radius from both stay fixed, given to the engine."""
    packing, budget, counters = asking.packing, asking.budget, asking.counters
    givens, candidate = question.givens, question.candidate
    shape = candidate[0]
    freed = min((k for k in witness if k[0] == shape and k not in givens), key=lambda k: k[1:])
    taken = packing.key_bits(candidate) | sum(packing.key_bits(k) for k in givens)
    zone = packing.key_bits(candidate) | packing.key_bits(freed)
    for radius in REPAIR_RADII:
        near = packing.dilate(zone, radius)
        kept = [
            k
            for k in witness
            if k != freed and k not in givens and not packing.key_bits(k) & (near | taken)
        ]
        stats = Stats()
        outcome = packing.complete(
            [*question.placed, *kept],
            witness,
            stats,
            budget,
            cap=REPAIR_NODES,
            floors=question.floors,
        )
        counters.repairs += 1
        counters.add(stats)
        if outcome.packing is not None:
            counters.repaired += 1
            return outcome
        if budget.spent():
            return UNKNOWN
    return UNKNOWN  # (none near the change says nothing of the candidate)


def full_search(asking: Asking, question: Question, witness: Sequence[Key]) -> Outcome:
    """A packing extending the question's givens and candidate, or none, or unknown if the
    budget ran out.

    How long a search takes depends much on the order it tries options and items in, and no one
    order is best: so a few (the witness's options first or the options as declared, MRV or the
    sweep by rows or by columns) take turns with node caps that double each round. What one
    proves fails, the failures kept remember; the `run` learns which order settled it."""
    ways = [
        Way(witness if prefer else (), choose, sweep, joins, leaves)
        for prefer, choose, sweep, joins, leaves in CANONICAL_WAYS
    ]
    run, progress = asking.run, asking.progress
    placed, floors = question.placed, question.floors
    budget, counters = asking.budget, asking.counters
    return rounds(
        asking.packing, Stats(), budget, ways, run, progress, placed, counters, False, floors
    )


CANONICAL_WAYS: tuple[tuple[bool, Choice, Sweep, int, int | None], ...] = (
    (True, "mrv", "rows", 0, 3),
    (False, "mrv", "rows", 0, None),
    (False, "sweep", "rows", 0, None),
    (False, "sweep", "columns", 0, None),
)
"""The ways that take turns in `full_search`: (the witness's options first?, item choice, order
of the cells, the round it joins in, the round it leaves in). The witness's options first find
what lies near the witness within three rounds (caps up to 8000) or not at all; later, that way
only repeats plain MRV's work on the long questions (few shapes, 26 pieces in 11 x 11: 1.91M
nodes -> 1.42M; the bench folder unchanged, 180k). With the engine's sweep the sweep by columns
joined in the third round (the bench folder: 189k nodes; 203k when it joined at once); compiled
(`fillit.solver.board.sweep`), its nodes cost a fraction, and it joins at once (23 slow inputs of
few shapes, one core: 6.9 s -> 6.2 s, the slowest 0.77 s -> 0.61 s)."""


def canonical(
    packing: Packing,
    witness: Sequence[Key],
    budget: Budget,
    counters: CanonicalStats,
    run: Run,
    progress: Progress | None = None,
) -> list[Cell] | None:
    """The first-position answer at a size known to fit (None: the budget ran out); each
    question asked is logged in the `run`."""
    asking = Asking(packing, budget, counters, run, progress)
    pieces, size = packing.pieces, packing.size
    givens: list[Key] = []
    occupied = 0
    last_corner: dict[Piece, Cell] = {}
    for piece in pieces:
        bound = min(k[1:] for k in witness if k[0] == piece and k not in givens)
        chosen = bound  # feasible: the witness completes it
        for corner in placements(piece, size):
            if corner >= bound:
                break
            if corner <= last_corner.get(piece, (-1, -1)):
                continue  # identical pieces keep input order in the canonical answer
            if occupied & packing.bits((corner[0] + r, corner[1] + c) for r, c in piece.cells):
                continue
            candidate: Key = (piece, *corner)
            ruled_out = floors(packing, last_corner, candidate)
            outcome = ask(asking, Question(tuple(givens), candidate, ruled_out), witness)
            if outcome.unknown:
                return None
            if outcome.packing is not None:
                chosen, witness = corner, outcome.packing
                break
        givens.append((piece, *chosen))
        occupied |= packing.bits((chosen[0] + r, chosen[1] + c) for r, c in piece.cells)
        last_corner[piece] = chosen
    counters.dominated = packing.cuts
    return [(top, left) for _, top, left in givens]


def ask(asking: Asking, question: Question, witness: Sequence[Key]) -> Outcome:
    """The `question`'s answer: a glance, then a repair, then a full search, each asked only
    while the last left it unknown and the budget lasts; what settled it is logged in the
    `run`."""
    outcome = glance(asking, question, witness)
    if not outcome.unknown:
        asking.run.settled.append(("glance", 0))
    elif not asking.budget.spent():
        outcome = repair(asking, question, witness)
        if outcome.packing is not None:
            asking.run.settled.append(("repair", 0))
    if outcome.unknown and not asking.budget.spent():
        outcome = full_search(asking, question, witness)
    return outcome


def floors(packing: Packing, last_corner: dict[Piece, Cell], candidate: Key) -> tuple[int, ...]:
    """Per shape, the first option a completion of the question "`candidate` here?" may choose:
    its placement at the candidate for the candidate's shape, at the last corner taken for the
    others (0: any).

    Identical pieces are interchangeable, so a completion with a piece of the shape at an
    earlier position, the same cells, would also hold the earlier piece of that shape (or the
    candidate's own piece) at that position with the same later pieces: a position asked before
    and refuted, or passed over. No completion is lost, and none of the questions asked at this
    size afterwards rules out less (their floors only rise), so the failures kept stay true."""
    number = packing.problem.option_number
    shape, top, left = candidate
    floor = []
    for piece in packing.shapes:
        at = (top, left) if piece == shape else last_corner.get(piece)
        floor.append(0 if at is None else number((piece, at[0], at[1])))
    return tuple(floor)
