"""The compiled ZDD search (`dlx/engines/zdd/_zdd.c` over `dlx/engines/zdd/csrc/`), when it was
built.

It runs `dlx.zdd`'s search on a plan (any choice, colours and tallies included), on bit sets of
64-bit words, and hands back the ZDD's nodes as three arrays of 32-bit numbers; Python sums the
counts, so they stay exact. `dlx.engines.zdd.twin.Builder` is its reference: the same nodes,
numbered alike.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from itertools import chain

from dlx.engines.zdd.twin import ZddStats
from dlx.errors import CoreUnavailableError, OutOfBudgetError

TYPE_CHECKING = False  # as typing's, which `dlx solve --zdd` need not load
if TYPE_CHECKING:
    from dlx.engines.zdd.plan import Plan
    from dlx.engines.zdd.twin import Nodes, ZddStats

    Built = tuple[Nodes, int, ZddStats]
    """A search's ZDD nodes, its root and its statistics."""
    Probe = tuple[str, Plan, int, int, float]
    """A probe of an order: its choice's name, its plan, the nodes it searched, its memo's hits
    and the share of its tree behind it."""
    Estimate = tuple[float, float, float, bool]
    """MRV's estimated nodes and work, the frontier's entries per node, whether MRV counts."""

try:
    from dlx.engines.zdd import _zdd  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: dlx.zdd searches in Python
    _zdd = None

COMPILED = _zdd is not None
"""Whether the compiled ZDD search was built and imports."""

PROBE_NODES = 50_000
"""`choose="auto"` first runs the frontier for this many nodes: a search that ends within them
is the answer; one that does not tells its memo's hits and its progress (about 6 ms on the
pentominoes, a sixtieth of Scott's 8x8)."""
MEMO_PAYS = 10
"""Where the probe's memo answers one node in this many or more (dominoes: one in five at the
probe's end, pentominoes under one in thirty), the frontier is kept."""
WALKS = 128
"""Random probes of the MRV tree (about 3 ms on the pentominoes)."""
NODE_TESTS = 6
"""A node's own cost (its memo look-up, its node, its level) in scan entries' worth: fitted to
the seconds per node of each choice against its entries tested per node (pentominoes). MRV's
node, where it keeps counts, is priced by what reading and keeping them costs (csrc/estimate.c's
estimate), fitted alike."""
FRONTIER_BIAS = 1.5
"""MRV is taken only when its estimated work is this many times less than the frontier's: both
estimates are noisy (on pentominoes, hexiamonds and tetracubes the frontier's measured from 23x
under to 4x over the nodes then searched, as its memo's later hits or a sweep's slow start go;
128 probes of MRV's tree from 3.4x under to 2.2x over). Measured on 17 boards, each that the
estimates put at 1.5x or more in MRV's favour searched faster with it (in process, Scott's
8x8: 5.6x estimated, 2.8x measured; 8x8 less a 2x2 at a corner: 1.8x, 2.0x), and the frontier
was the faster on the nearest below (6x10: 0.87x estimated, the frontier 2.8x faster)."""
FRONTIER_BIAS_SCANNED = 2
"""The same where MRV scans (tallies, or too many options for its counts' table):
its work is priced there by its scans' entries, which cost it more a piece than the frontier's
(Scott's 8x8: 1.1 microseconds a node for 256 entries' worth), and the margin is the one
measured before the counts."""
ORDER_BIAS = 10
"""Another order than the given one is kept only when its probe estimates its search this many
times smaller than the given order's: the estimates err by more than good orders differ (8x8
pentominoes less four cells on a diagonal: the sweep estimated 1.8x smaller than `dlx tile`'s
lines, and it searched over 14x more nodes), while an order that wins by much is estimated far
smaller (dominoes listed along a board's long side or shuffled: by 10^9 or more; 14 x 14 in
reading order, 10^10 for 3.9x fewer nodes; Langford pairs 11, 12x for 2.3x fewer)."""
MEMO_MB_UNUSED = 1.0
"""The memo cap passed with the plan to `_zdd.estimate`, which keeps no memo."""


def build_compiled(
    plan: Plan, memo_mb: float, max_nodes: int | None, *, required: bool, mrv: bool = False
) -> Built | None:
    """The nodes, root and statistics of the compiled search on `plan` (branching as `mrv`
    says); None when it was not built (CoreUnavailableError instead when `required`);
    OutOfBudgetError past `max_nodes`."""
    if _zdd is None:
        if required:
            raise CoreUnavailableError("the compiled ZDD search was not built")
        return None
    most = 2**64 - 1 if max_nodes is None else max_nodes
    try:
        var, lo, hi, root, counters = _zdd.build(*_arguments(plan, memo_mb, most, mrv))
    except OverflowError:
        raise OutOfBudgetError(f"the ZDD search passed max_nodes ({max_nodes})") from None
    nodes = (_ints(var), _ints(lo), _ints(hi))
    return nodes, root, _stats(counters, "mrv" if mrv else "frontier")


def _arguments(plan: Plan, memo_mb: float, most: int, mrv: bool) -> tuple[int | bytes, ...]:
    """`_zdd.build`'s arguments for `plan`."""
    words = max(1, (_bits(plan) + 63) // 64)
    masks = b"".join(m.to_bytes(8 * words, "little") for m in plan.masks)
    starts, options = _lists(plan, mrv)
    return (
        words,
        plan.exact,
        masks,
        starts,
        options,
        int(memo_mb * 2**20),
        most,
        mrv,
        *_extras(plan),
    )


def _lists(plan: Plan, mrv: bool) -> tuple[bytes, bytes]:
    """Where each exact item's options begin, and the options: all of the item's for `mrv`;
    for the frontier, which branches on the first uncovered item (an option that also covers an
    earlier item would clash), only those whose first item it is."""
    starts = array("I", [0])
    options = array("I")
    for item, branch in enumerate(plan.branch):
        earlier = 0 if mrv else (1 << item) - 1
        options.extend([o for o in branch if not plan.masks[o] & earlier])
        starts.append(len(options))
    return starts.tobytes(), options.tobytes()


def build_auto(
    plan: Plan,
    others: Iterable[tuple[str, Plan]],
    memo_mb: float,
    max_nodes: int | None,
    *,
    required: bool,
) -> Built | None:
    """`build_compiled` with the item order and the choice that probes make: the frontier on
    `plan` (the given order), then on each of `others` (another order of the same problem, by
    its choice's name, made only when reached), `PROBE_NODES` each, not counted in `max_nodes`.
    A probe that ends within them is the answer; MRV (on `plan`) searches at once where it is
    estimated to search fewer nodes than a probe (`mrv_within_a_probe`); else `cheapest` keeps
    an order and `choose_mrv` says whether MRV should search instead. None when not built."""
    if _zdd is None or (max_nodes is not None and max_nodes <= PROBE_NODES):
        return build_compiled(plan, memo_mb, max_nodes, required=required)
    probes: list[Probe] = []
    estimated: Estimate | None = None
    for choice, candidate in chain([("frontier", plan)], others):
        if any(candidate.order == probe[1].order for probe in probes):
            continue
        built, probe = _probe(choice, candidate, memo_mb)
        if built is not None:
            return built
        probes.append(probe)
        if len(probes) == 1:
            estimated = mrv_within_a_probe(probe)
            if estimated is not None and estimated[0] < PROBE_NODES:
                return build_compiled(plan, memo_mb, max_nodes, required=required, mrv=True)
    choice, kept, nodes, hits, done = cheapest(probes)
    if choose_mrv(kept, nodes, hits, done, estimated if kept is plan else None):
        return build_compiled(plan, memo_mb, max_nodes, required=required, mrv=True)
    built = build_compiled(kept, memo_mb, max_nodes, required=required)
    if built is not None:
        built[2].choice = choice
    return built


def _probe(choice: str, plan: Plan, memo_mb: float) -> tuple[Built | None, Probe]:
    """The frontier's search of `plan` when it ends within `PROBE_NODES`, else None; and what
    its probe met (a search that ended: its nodes, its whole tree)."""
    assert _zdd is not None
    try:
        var, lo, hi, root, counters = _zdd.build(*_arguments(plan, memo_mb, PROBE_NODES, False))
    except OverflowError as error:
        nodes, hits, _, done = error.args[1]  # (and the memo's entries)
        return None, (choice, plan, nodes, hits, done)
    nodes_made = counters[0]
    built = (_ints(var), _ints(lo), _ints(hi)), root, _stats(counters, choice)
    return built, (choice, plan, nodes_made, 0, 1.0)


def mrv_within_a_probe(probe: Probe) -> Estimate | None:
    """MRV's estimate on the probe's plan (`mrv_estimate`), where the probe met too few memo
    hits for the frontier to be kept without one (`MEMO_PAYS`); None where it met enough. Where
    MRV is estimated to search fewer nodes than `PROBE_NODES`, no probe of another order can
    pay for itself (a sudoku: MRV's 3,615 nodes, where the probes of two more orders cost it
    17 ms)."""
    _, plan, nodes, hits, _ = probe
    return None if hits * MEMO_PAYS >= nodes else mrv_estimate(plan)


def cheapest(probes: list[Probe]) -> Probe:
    """The probe of the order whose search the probes estimate the least (its nodes by Knuth's
    progress measure, `nodes / done`): the first, the given order, unless another is estimated
    `ORDER_BIAS` times less."""
    given, *others = probes
    if not others:
        return given
    best = min(others, key=_estimated)
    return best if _estimated(best) * ORDER_BIAS < _estimated(given) else given


def _estimated(probe: Probe) -> float:
    """The nodes a probe's search is estimated to take (infinite when it saw no progress)."""
    _, _, nodes, _, done = probe
    return nodes / done if done > 0 else float("inf")


def choose_mrv(
    plan: Plan, nodes: int, hits: int, done: float, estimated: Estimate | None = None
) -> bool:
    """Whether MRV should search `plan`, after the frontier's probe met `hits` memo hits in
    `nodes` nodes, a share `done` of its tree by Knuth's progress measure: not where the memo
    answers one node in `MEMO_PAYS` or more (the memo is what the frontier is for, and what
    the estimates cannot see); else the one whose estimated work is less: the frontier's nodes
    (`nodes / done`) against MRV's (`mrv_estimate`, made unless `estimated` gives it), each
    node `NODE_TESTS` entries more than its scans or its counts' work, MRV's by `FRONTIER_BIAS`
    times (`FRONTIER_BIAS_SCANNED` where it scans)."""
    if hits * MEMO_PAYS >= nodes or done <= 0:
        return False
    mrv_nodes, mrv_work, frontier_tests, counted = estimated or mrv_estimate(plan)
    frontier_work = nodes / done * (frontier_tests + NODE_TESTS)
    bias = FRONTIER_BIAS if counted else FRONTIER_BIAS_SCANNED
    return (mrv_work + mrv_nodes * NODE_TESTS) * bias < frontier_work


def mrv_estimate(plan: Plan) -> Estimate:
    """MRV's search of `plan` estimated by `WALKS` random probes (see `zdd_estimate` in zdd.h):
    its nodes, its work in scan entries' worth, the frontier's entries per node on the same
    states, and whether MRV keeps counts (else it scans)."""
    assert _zdd is not None
    starts, options = _lists(plan, False)
    arguments = _arguments(plan, MEMO_MB_UNUSED, 0, True)
    estimated: Estimate = _zdd.estimate(WALKS, starts, options, *arguments)
    return estimated


def _stats(counters: tuple[int, int, int, int, int], choice: str = "frontier") -> ZddStats:
    """The statistics of a compiled search."""
    nodes_made, hits, entries, given_up, peak = counters
    return ZddStats(nodes_made, hits, entries, given_up, peak, "compiled", choice)


def _bits(plan: Plan) -> int:
    """How many bits a state of `plan` takes: its items', then its colours' and tallies' fields."""
    ends = [plan.exact, *(m.bit_length() for m in plan.masks)]
    fields = [shift for paints in plan.paints for _, shift, _ in paints]
    fields += [shift for tallies in plan.tallies for shift in tallies]
    fields += [shift for shift, _ in plan.lows]
    return max(ends + [shift + plan.field_width for shift in fields])


def _extras(plan: Plan) -> tuple[int | bytes, ...]:
    """The colours and tallies as the compiled search reads them (none for a plain plan): the
    field width, then per option where its paints and its tallies begin, and the lows."""
    if plan.plain:
        return ()
    paint_start, paints = array("I", [0]), array("I")
    tally_start, tallies = array("I", [0]), array("I")
    for painted, counted in zip(plan.paints, plan.tallies, strict=True):
        for triple in painted:
            paints.extend(triple)
        paint_start.append(len(paints) // 3)
        for shift in counted:
            tallies.extend((shift, plan.highs[shift]))
        tally_start.append(len(tallies) // 2)
    lows = array("I", [number for low in plan.lows for number in low])
    arrays = (paint_start, paints, tally_start, tallies, lows)
    return (plan.field_width, *(numbers.tobytes() for numbers in arrays))


def _ints(data: bytes) -> list[int]:
    """The 32-bit numbers of `data` as a list."""
    return array("I", data).tolist()
