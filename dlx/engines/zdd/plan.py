"""What does the ZDD search read? A problem compiled to bits: the exact items (primary, covered
once) in the frontier's order, each option's mask, colours and tallies (see `dlx.zdd`), the same
plan for the Python search and the compiled one."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from dlx.errors import ZddUnsupportedError
from dlx.problem import Problem

TYPE_CHECKING = False  # as typing's, which `dlx solve --zdd` need not load
if TYPE_CHECKING:
    from typing import TypeVar

    K = TypeVar("K", bound=Hashable)


class Plan:
    """A problem compiled to bits: what the Python search and the compiled one both read.

    `branch[i]` lists the options of the `i`-th exact item in the order added; `masks[o]` has the
    bits of the exact and secondary items option `o` covers; `paints[o]` its colours as
    (item bit, field shift, colour); `tallies[o]` the field shifts of its multiplicity items;
    `order[i]` the problem's number of the `i`-th exact item. (A plain class, not a dataclass:
    `dataclasses` imports `inspect`, 7 ms of a start.)"""

    __slots__ = ("branch", "dlx6", "exact", "field_width", "highs", "lows", "masks", "order",
                 "paints", "tallies")  # fmt: skip

    def __init__(
        self,
        exact: int,  # the number of exact items: bits 0..exact-1
        branch: list[list[int]],
        masks: list[int],
        paints: list[tuple[tuple[int, int, int], ...]],
        tallies: list[tuple[int, ...]],
        field_width: int,  # bits per colour field and per tally field
        lows: list[tuple[int, int]],  # (field shift, least count) of each tally
        highs: dict[int, int],  # field shift -> most count, of each tally
        dlx6: list[int],  # each option's number as DLX6 numbers it (0: never chosen)
        order: list[int],  # the exact items' numbers in the problem, bit by bit
    ) -> None:
        self.exact = exact
        self.branch = branch
        self.masks = masks
        self.paints = paints
        self.tallies = tallies
        self.field_width = field_width
        self.lows = lows
        self.highs = highs
        self.dlx6 = dlx6
        self.order = order

    @property
    def plain(self) -> bool:
        """Whether no option has colours or tallies: the state is the covered bits alone."""
        return not self.lows and not any(self.paints)


def compile_plan(
    problem: Problem[K], item_order: Iterable[Hashable] = (), *, rest: Iterable[int] = ()
) -> Plan:
    """The problem's items as bits and fields; the exact items in the frontier's order: those
    named in `item_order`, then the others in the order of their numbers in `rest` (an order
    of `dlx.engines.zdd.order`), then as declared."""
    exact_items = _exact_order(problem, item_order, rest)
    bit = {item: number for number, item in enumerate(exact_items)}
    tallied = [
        i
        for i in range(problem.primary_count)
        if problem.bounds[i] != (1, 1) and not _implied(problem, i, len(exact_items))
    ]
    secondary = range(problem.primary_count, problem.item_count)
    for number, item in enumerate(secondary, start=len(bit)):
        bit[item] = number
    colours = len(problem.colour_names)
    most = max([colours, *(problem.bounds[i][1] for i in tallied)], default=0)
    width = max(1, most.bit_length())
    shift = {}
    start = len(bit)
    for item in [*secondary, *tallied]:
        shift[item], start = start, start + width
    branch: list[list[int]] = [[] for _ in exact_items]
    plan = Plan(len(exact_items), branch, [], [], [], width, [], {}, [], exact_items)
    for i in tallied:
        plan.lows.append((shift[i], problem.bounds[i][0]))
        plan.highs[shift[i]] = problem.bounds[i][1]
    numbered = 0
    for o, (items, colours_of) in enumerate(zip(problem.options, problem.colours, strict=True)):
        _add_option(plan, o, items, colours_of, bit, shift, tallied)
        has_primary = any(i < problem.primary_count for i in items)
        numbered += has_primary
        plan.dlx6.append(numbered if has_primary else 0)
    return plan


def reorder_plan(plan: Plan, problem: Problem[K], rest: Iterable[int]) -> Plan:
    """`plan` (of `problem`) with its exact items in the order `compile_plan(problem, rest=rest)`
    gives them: the same options, colours and tallies, only the exact items' bits moved (about
    a third of compiling it again on the pentominoes).

    >>> p = Problem.from_options(["a", "b", "c"], [(1, ["a", "b"]), (2, ["c"])])
    >>> plan = reorder_plan(compile_plan(p), p, [2, 1])
    >>> plan.order, plan.masks, plan.branch
    ([2, 1, 0], [6, 1], [[1], [0], [0]])
    """
    order = _exact_order(problem, (), rest)
    bit = {item: number for number, item in enumerate(order)}
    was = {item: number for number, item in enumerate(plan.order)}
    masks = []
    for mask, items in zip(plan.masks, problem.options, strict=True):
        mask = mask >> plan.exact << plan.exact
        for item in items:
            if item in bit:
                mask |= 1 << bit[item]
        masks.append(mask)
    branch = [plan.branch[was[item]] for item in order]
    return Plan(plan.exact, branch, masks, plan.paints, plan.tallies, plan.field_width,
                plan.lows, plan.highs, plan.dlx6, order)  # fmt: skip


def _implied(problem: Problem[K], item: int, exact: int) -> bool:
    """Whether every solution covers the multiplicity `item` a number of times its bounds allow,
    as when every option names it and `k` exact items (`exact / k` dominoes tile a board): the
    search then need not count it, and the compiled one can run."""
    low, high = problem.bounds[item]
    first = problem.bounds[: problem.primary_count]
    sizes = set()
    for items in problem.options:
        if item not in items:
            return False
        sizes.add(sum(1 for i in items if i < problem.primary_count and first[i] == (1, 1)))
        if len(sizes) > 1:
            return False
    size = sizes.pop() if sizes else 0
    return size > 0 and exact % size == 0 and low <= exact // size <= high


def _exact_order(
    problem: Problem[K], item_order: Iterable[Hashable], rest: Iterable[int]
) -> list[int]:
    """The exact items' numbers: those named in `item_order` first, then those of `rest`, then
    the others as declared."""
    first = []
    for name in item_order:
        number = problem.index.get(name)
        if number is None or number >= problem.primary_count:
            raise ZddUnsupportedError(f"item_order names {name!r}, which is not a primary item")
        first.append(number)
    if len(set(first)) != len(first):
        raise ZddUnsupportedError("item_order names an item twice")
    order = dict.fromkeys(first)
    order.update(dict.fromkeys(rest))
    order.update(dict.fromkeys(range(problem.primary_count)))
    return [i for i in order if problem.bounds[i] == (1, 1)]


def _add_option(
    plan: Plan,
    o: int,
    items: tuple[int, ...],
    colours: tuple[int, ...],
    bit: dict[int, int],
    shift: dict[int, int],
    tallied: list[int],
) -> None:
    """Option `o` as a mask, its colours and its tallies, listed under its exact items."""
    mask = 0
    paints = []
    tallies = []
    for item, colour in zip(items, colours, strict=True):
        if item in bit:
            mask |= 1 << bit[item] if not colour else 0
            if colour:
                paints.append((bit[item], shift[item], colour))
            elif bit[item] < plan.exact:
                plan.branch[bit[item]].append(o)
        elif item in shift:  # (a multiplicity `_implied` holds is left out)
            tallies.append(shift[item])
    if tallied and not any(bit.get(i, plan.exact) < plan.exact for i in items):
        raise ZddUnsupportedError(
            f"option {o + 1} covers no primary item of multiplicity 1: "
            "the ZDD search branches only on those"
        )
    plan.masks.append(mask)
    plan.paints.append(tuple(paints))
    plan.tallies.append(tuple(tallies))
