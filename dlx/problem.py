"""An exact-cover problem: named items and keyed options, validated once when built.

Glossary (Knuth, TAOCP 7.2.2.1):
- *item*: something to cover. A *primary* item must be covered exactly once, a *secondary* item at
  most once.
- *option*: a set of items chosen together; the caller names each option by a *key*.
- *solution*: a set of options covering every primary item exactly once and no secondary item twice.

Items and options are numbered in insertion order (never through a set), so the same problem always
gives the same solutions in the same order.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from dlx.errors import (
    DuplicateItemInOptionError,
    DuplicateItemNameError,
    DuplicateOptionKeyError,
    EmptyOptionError,
    UnknownItemError,
)

if TYPE_CHECKING:
    from dlx.links import Links

Item = Hashable
K = TypeVar("K", bound=Hashable)


class Problem(Generic[K]):
    """Primary and secondary items plus options keyed by the caller's own keys.

    >>> p = Problem(primary=["a", "b"], secondary=["x"])
    >>> p.add_option("ax", ["a", "x"])
    >>> p.add_option("b", ["b"])
    >>> p.item_count, p.option_count
    (3, 2)
    """

    def __init__(self, primary: Iterable[Item], secondary: Iterable[Item] = ()) -> None:
        self.items: list[Item] = []
        self.index: dict[Item, int] = {}
        for name in primary:
            self._declare(name)
        self.primary_count = len(self.items)
        for name in secondary:
            self._declare(name)
        self.keys: list[K] = []
        self.options: list[tuple[int, ...]] = []
        self._key_index: dict[K, int] = {}
        self._links: Links | None = None

    def _declare(self, name: Item) -> None:
        if name in self.index:
            raise DuplicateItemNameError(f"item {name!r} is declared twice")
        self.index[name] = len(self.items)
        self.items.append(name)

    def add_option(self, key: K, items: Iterable[Item]) -> None:
        """Add the option `key` covering `items` (declared, distinct, at least one)."""
        if key in self._key_index:
            raise DuplicateOptionKeyError(f"option key {key!r} is used twice")
        numbers: list[int] = []
        seen: set[int] = set()
        for name in items:
            number = self.index.get(name)
            if number is None:
                raise UnknownItemError(f"option {key!r} names unknown item {name!r}")
            if number in seen:
                raise DuplicateItemInOptionError(f"option {key!r} names item {name!r} twice")
            seen.add(number)
            numbers.append(number)
        if not numbers:
            raise EmptyOptionError(f"option {key!r} has no items")
        self._key_index[key] = len(self.keys)
        self.keys.append(key)
        self.options.append(tuple(numbers))
        self._links = None

    @classmethod
    def from_options(
        cls,
        primary: Iterable[Item],
        options: Iterable[tuple[K, Iterable[Item]]],
        secondary: Iterable[Item] = (),
    ) -> Problem[K]:
        """Build a problem from `(key, items)` pairs in one call."""
        problem: Problem[K] = cls(primary, secondary)
        for key, items in options:
            problem.add_option(key, items)
        return problem

    @property
    def item_count(self) -> int:
        """Number of items, primary and secondary."""
        return len(self.items)

    @property
    def option_count(self) -> int:
        """Number of options."""
        return len(self.options)

    def is_primary(self, item: Item) -> bool:
        """Whether `item` (a declared name) is primary."""
        return self.index[item] < self.primary_count

    def option_number(self, key: K) -> int:
        """The insertion number of the option named `key`."""
        return self._key_index[key]

    def option_items(self, key: K) -> Sequence[Item]:
        """The item names of the option `key`, in the order given."""
        return [self.items[i] for i in self.options[self._key_index[key]]]

    def links(self) -> Links:
        """The dancing-links structure of this problem, built on first use and reused."""
        if self._links is None:
            from dlx.links import Links

            self._links = Links(self.primary_count, len(self.items), self.options)
        return self._links
