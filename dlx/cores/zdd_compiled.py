"""The compiled ZDD search (`dlx/cores/_zdd.c` over `dlx/cores/csrc/zdd.c`), when it was built.

It runs `dlx.zdd`'s search on a plan (any choice, colours and tallies included), on bit sets of
64-bit words, and hands back the ZDD's nodes as three arrays of 32-bit numbers; Python sums the
counts, so they stay exact. `dlx.cores.zdd_search.Builder` is its reference: the same nodes,
numbered alike.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

from dlx.errors import BudgetError, CoreUnavailableError

if TYPE_CHECKING:
    from dlx.cores.zdd_plan import Plan
    from dlx.cores.zdd_search import Nodes, ZddStats

try:
    from dlx.cores import _zdd  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: dlx.zdd searches in Python
    _zdd = None

ZDD_COMPILED = _zdd is not None
"""Whether the compiled ZDD search was built and imports."""


def build_compiled(
    plan: Plan, memo_mb: float, max_nodes: int | None, *, required: bool, mrv: bool = False
) -> tuple[Nodes, int, ZddStats] | None:
    """The nodes, root and statistics of the compiled search on `plan` (branching as `mrv`
    says); None when it was not built (CoreUnavailableError instead when `required`);
    BudgetError past `max_nodes`."""
    from dlx.cores.zdd_search import ZddStats

    if _zdd is None:
        if required:
            raise CoreUnavailableError("the compiled ZDD search was not built")
        return None
    words = max(1, (_bits(plan) + 63) // 64)
    masks = b"".join(m.to_bytes(8 * words, "little") for m in plan.masks)
    starts = array("I", [0])
    options = array("I")
    for item, branch in enumerate(plan.branch):
        # The frontier branches on the first uncovered item: an option that also covers an
        # earlier item would clash, so only those whose first item is `item` are listed.
        earlier = 0 if mrv else (1 << item) - 1
        options.extend([o for o in branch if not plan.masks[o] & earlier])
        starts.append(len(options))
    most = 2**64 - 1 if max_nodes is None else max_nodes
    try:
        var, lo, hi, root, counters = _zdd.build(
            words,
            plan.exact,
            masks,
            starts.tobytes(),
            options.tobytes(),
            int(memo_mb * 2**20),
            most,
            mrv,
            *_extras(plan),
        )
    except OverflowError:
        raise BudgetError(f"the ZDD search passed max_nodes ({max_nodes})") from None
    nodes = (_ints(var), _ints(lo), _ints(hi))
    nodes_made, hits, entries, given_up, peak = counters
    stats = ZddStats(nodes_made, hits, entries, given_up, peak, "compiled")
    return nodes, root, stats


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
