"""Hypothesis strategies for small random exact-cover problems, as a `Problem` and as plain data.

Sizes stay small enough for the brute-force oracle (at most 2**12 subsets): 0-6 primary items,
0-3 secondary items, 0-12 options. Half the problems have a planted solution (a partition of the
primary items, with some secondary items thrown in) hidden among random options, so that problems
with solutions are common; the rest are random and mostly have none.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st

from dlx import Problem

Key = int | str
Items = tuple[str, ...]

MAX_PRIMARY = 6
MAX_SECONDARY = 3
MAX_OPTIONS = 12


@dataclass(frozen=True)
class RawProblem:
    """A problem as plain data, the form the oracles take."""

    primary: Items
    secondary: Items
    options: tuple[tuple[Key, Items], ...]

    def build(self) -> Problem[Key]:
        """The engine's `Problem` for this data, options added in order."""
        return Problem.from_options(self.primary, self.options, self.secondary)


@cache
def _option(items: Items) -> st.SearchStrategy[Items]:
    """A non-empty option: distinct items of `items`, in any order."""
    return st.lists(st.sampled_from(items), min_size=1, max_size=len(items), unique=True).map(tuple)


@st.composite
def _keys(draw: st.DrawFn, size: int) -> list[Key]:
    """`size` distinct option keys, some ints and some strings, so no code can assume one type."""
    numbers = draw(st.lists(st.integers(-9, 9), min_size=size, max_size=size, unique=True))
    as_text = draw(st.integers(0, (1 << size) - 1))
    return [str(n) if as_text >> k & 1 else n for k, n in enumerate(numbers)]


@st.composite
def _partition(draw: st.DrawFn, primary: Items, secondary: Items) -> list[Items]:
    """Options that together cover each primary item once and some secondary items once."""
    parts: dict[int, list[str]] = {}
    label = st.integers(0, len(primary) - 1)
    for item in primary:
        parts.setdefault(draw(label), []).append(item)
    labels = list(parts)
    for item in secondary:
        if draw(st.booleans()):
            parts[draw(st.sampled_from(labels))].append(item)
    return [tuple(part) for part in parts.values()]


@st.composite
def raw_problems(draw: st.DrawFn) -> RawProblem:
    """A random small problem as plain data; option keys are distinct."""
    primary = tuple(f"p{n}" for n in range(draw(st.integers(0, MAX_PRIMARY))))
    secondary = tuple(f"s{n}" for n in range(draw(st.integers(0, MAX_SECONDARY))))
    items = primary + secondary
    chosen: list[Items] = []
    planted = draw(st.booleans())
    if primary and planted:
        chosen += draw(_partition(primary, secondary))
    if items:
        chosen += draw(st.lists(_option(items), max_size=MAX_OPTIONS - len(chosen)))
    shuffled = draw(st.permutations(chosen))
    names = draw(_keys(len(shuffled)))
    return RawProblem(primary, secondary, tuple(zip(names, shuffled, strict=True)))


def problems() -> st.SearchStrategy[tuple[Problem[Key], RawProblem]]:
    """A fresh `Problem` together with the plain data it was built from."""
    return raw_problems().map(lambda raw: (raw.build(), raw))


Bound = tuple[int, int]


@dataclass(frozen=True)
class RawBoundedProblem:
    """A problem with multiplicities as plain data: `bounds` holds each primary item given one,
    as the caller wrote it (`n` for exactly n, or `(low, high)`)."""

    primary: Items
    secondary: Items
    options: tuple[tuple[Key, Items], ...]
    bounds: tuple[tuple[str, int | Bound], ...]

    def build(self) -> Problem[Key]:
        """The engine's `Problem` for this data, options added in order."""
        problem: Problem[Key] = Problem(self.primary, self.secondary, bounds=dict(self.bounds))
        for key, items in self.options:
            problem.add_option(key, items)
        return problem

    def bound_pairs(self) -> dict[Hashable, Bound]:
        """The bounds as `(low, high)` pairs, the form the oracle takes."""
        return {
            item: (bound, bound) if isinstance(bound, int) else bound for item, bound in self.bounds
        }


@st.composite
def _bound(draw: st.DrawFn, *, exact: bool) -> int | Bound:
    """A multiplicity 0 <= low <= high <= 3 with high >= 1 (low == high when `exact`),
    sometimes written as one number."""
    high = draw(st.integers(1, 3))
    low = high if exact else draw(st.integers(0, high))
    return low if low == high and draw(st.booleans()) else (low, high)


@st.composite
def bounded_raw_problems(
    draw: st.DrawFn, *, plain: bool = False, exact: bool = False
) -> RawBoundedProblem:
    """A random problem of 1-4 primary items, 0-2 secondary items and 0-9 options of 1-3 distinct
    items, small enough to brute-force. Primary items get random multiplicities unless `plain`;
    with `exact`, each is to be covered an exact number of times (no slack)."""
    primary = tuple(f"p{n}" for n in range(draw(st.integers(1, 4))))
    secondary = tuple(f"s{n}" for n in range(draw(st.integers(0, 2))))
    items = primary + secondary
    option = st.lists(st.sampled_from(items), min_size=1, max_size=3, unique=True).map(tuple)
    chosen = draw(st.lists(option, max_size=9))
    names = draw(_keys(len(chosen)))
    bounds: list[tuple[str, int | Bound]] = []
    if not plain:
        for item in primary:
            bound = draw(st.one_of(st.none(), _bound(exact=exact)))
            if bound is not None:
                bounds.append((item, bound))
    return RawBoundedProblem(
        primary, secondary, tuple(zip(names, chosen, strict=True)), tuple(bounds)
    )


Colour = Hashable
Painting = tuple[tuple[str, Colour], ...]
"""The colours one option gives some of its secondary items, as (item, colour) pairs."""

COLOURS: tuple[Colour, ...] = ("red", "green", 0)
"""A few colours, of more than one type; 0 is a colour like any other, not 'none'."""


@dataclass(frozen=True)
class RawColouredProblem:
    """A problem with multiplicities and colours as plain data: `paintings[k]` holds the colours
    of option k, `bounds` each primary item given a multiplicity, as `(low, high)`."""

    primary: Items
    secondary: Items
    options: tuple[tuple[Key, Items], ...]
    paintings: tuple[Painting, ...]
    bounds: tuple[tuple[str, Bound], ...]

    def build(self) -> Problem[Key]:
        """The engine's `Problem` for this data, options added in order with their colours."""
        problem: Problem[Key] = Problem(self.primary, self.secondary, bounds=dict(self.bounds))
        for (key, items), painting in zip(self.options, self.paintings, strict=True):
            problem.add_option(key, items, dict(painting))
        return problem

    def colour_maps(self) -> dict[Hashable, dict[Hashable, Colour]]:
        """Each option's colours by item, the form the oracle takes."""
        return {
            key: dict(painting)
            for (key, _), painting in zip(self.options, self.paintings, strict=True)
        }

    def bound_pairs(self) -> dict[Hashable, Bound]:
        """The bounds by item, the form the oracle takes."""
        return dict(self.bounds)


ColouredOption = tuple[Items, Painting]


@st.composite
def _coloured_partition(
    draw: st.DrawFn, primary: Items, secondary: Items, colour: st.SearchStrategy[Colour]
) -> list[ColouredOption]:
    """Options that together cover each primary item once, sharing some secondary items under
    one colour each (or using one uncoloured in a single option): a planted solution."""
    parts: dict[int, list[str]] = {}
    for item in primary:
        parts.setdefault(draw(st.integers(0, len(primary) - 1)), []).append(item)
    labels = list(parts)
    paintings: dict[int, list[tuple[str, Colour]]] = {label: [] for label in labels}
    for item in secondary:
        users = draw(st.lists(st.sampled_from(labels), max_size=len(labels), unique=True))
        shade = draw(colour) if len(users) > 1 else draw(st.one_of(st.none(), colour))
        for label in users:
            parts[label].append(item)
            if shade is not None:
                paintings[label].append((item, shade))
    return [(tuple(parts[label]), tuple(paintings[label])) for label in labels]


@st.composite
def coloured_raw_problems(
    draw: st.DrawFn,
    *,
    names: st.SearchStrategy[str] | None = None,
    colours: st.SearchStrategy[Colour] | None = None,
) -> RawColouredProblem:
    """A random problem of 1-4 primary items, 1-3 secondary items and 0-9 options of 1-3
    distinct items (and in half the problems, a planted solution among them), small enough to
    brute-force. Some primary items get multiplicities. Each problem uses 1-3 colours, each
    given to a secondary item of an option with even odds against none. Items are named p0..,
    s0.., or drawn from `names` (distinct); colours come from `colours`, by default `COLOURS`."""
    sizes = (draw(st.integers(1, 4)), draw(st.integers(1, 3)))
    if names is None:
        primary = tuple(f"p{n}" for n in range(sizes[0]))
        secondary = tuple(f"s{n}" for n in range(sizes[1]))
    else:
        drawn = draw(st.lists(names, min_size=sum(sizes), max_size=sum(sizes), unique=True))
        primary, secondary = tuple(drawn[: sizes[0]]), tuple(drawn[sizes[0] :])
    shades = st.sampled_from(COLOURS) if colours is None else colours
    palette = draw(st.lists(shades, min_size=1, max_size=3))
    colour = st.sampled_from(palette)
    chosen: list[ColouredOption] = []
    if draw(st.booleans()):
        chosen += draw(_coloured_partition(primary, secondary, colour))
    items = primary + secondary
    option = st.lists(st.sampled_from(items), min_size=1, max_size=3, unique=True)
    for option_items in draw(st.lists(option, max_size=max(0, 9 - len(chosen)))):
        painting = [
            (item, draw(st.one_of(st.none(), colour))) for item in option_items if item in secondary
        ]
        chosen.append((tuple(option_items), tuple((i, c) for i, c in painting if c is not None)))
    chosen = draw(st.permutations(chosen))
    bounds: list[tuple[str, Bound]] = []
    for item in primary:
        bound = draw(st.one_of(st.none(), _bound(exact=False)))
        if bound is not None:
            bounds.append((item, (bound, bound) if isinstance(bound, int) else bound))
    keys = draw(_keys(len(chosen)))
    return RawColouredProblem(
        primary,
        secondary,
        tuple((key, option_items) for key, (option_items, _) in zip(keys, chosen, strict=True)),
        tuple(painting for _, painting in chosen),
        tuple(bounds),
    )
