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
