"""The compiled ZDD search (`dlx/cores/_zdd.c` over `dlx/cores/csrc/zdd.c`), when it was built.

It runs `dlx.zdd`'s frontier search on a plan without colours or multiplicities, on bit sets of
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
    plan: Plan, memo_mb: float, max_nodes: int | None, *, required: bool
) -> tuple[Nodes, int, ZddStats] | None:
    """The nodes, root and statistics of the compiled search on `plan`; None when it was not
    built (CoreUnavailableError instead when `required`); BudgetError past `max_nodes`."""
    from dlx.cores.zdd_search import ZddStats

    if _zdd is None:
        if required:
            raise CoreUnavailableError("the compiled ZDD search was not built")
        return None
    words = max(1, (len(plan.masks) and max(m.bit_length() for m in plan.masks) + 63) // 64)
    words = max(words, (plan.exact + 63) // 64)
    masks = b"".join(m.to_bytes(8 * words, "little") for m in plan.masks)
    starts = array("I", [0])
    options = array("I")
    for item, branch in enumerate(plan.branch):
        # The search branches on the first uncovered item: an option that also covers an
        # earlier item would clash, so only those whose first item is `item` are listed.
        earlier = (1 << item) - 1
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
        )
    except OverflowError:
        raise BudgetError(f"the ZDD search passed max_nodes ({max_nodes})") from None
    nodes = (_ints(var), _ints(lo), _ints(hi))
    nodes_made, hits, entries, given_up, peak = counters
    stats = ZddStats(nodes_made, hits, entries, given_up, peak, "compiled")
    return nodes, root, stats


def _ints(data: bytes) -> list[int]:
    """The 32-bit numbers of `data` as a list."""
    return array("I", data).tolist()
