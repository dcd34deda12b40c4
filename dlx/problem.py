"""An exact-cover problem: named items and keyed options, validated once when built.

Glossary (Knuth, TAOCP 7.2.2.1):
- *item*: something to cover. A *primary* item must be covered exactly once (or, with a
  *multiplicity* a..b, between a and b times, as in Knuth's DLX3), a *secondary* item at most once.
- *option*: a set of items chosen together; the caller names each option by a *key*. An option
  may give some of its secondary items a *colour*: options that give an item the same colour may
  share it (Knuth's exact covering with colours, Algorithm C, his program DLX2).
- *solution*: a set of options covering every primary item exactly once and no secondary item twice.

Items and options are numbered in insertion order (never through a set), so the same problem always
gives the same solutions in the same order.

Size limits keep every problem accepted within about 2 GB of memory, searched or not: at most
`MAX_ITEMS` items, `MAX_OPTIONS` options and `MAX_OPTION_NODES` items named by all options together
(the total option length). Beyond them `SizeLimitError` is raised at once, naming the limit.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from types import GenericAlias

from dlx.errors import (
    BoundsError,
    ColourError,
    DuplicateItemInOptionError,
    DuplicateItemNameError,
    DuplicateOptionKeyError,
    EmptyOptionError,
    SizeLimitError,
    UnknownItemError,
    UnknownOptionError,
)

Item = Hashable

TYPE_CHECKING = False  # as typing's, which a search need not load (it costs a start 0.012 G)
if TYPE_CHECKING:
    from typing import Any, Generic, TypeVar

    K = TypeVar("K", bound=Hashable)
else:

    class Generic:
        """What `Problem` takes of `typing.Generic` at run time: `Problem[int]` names the class
        of problems keyed by integers (as `list[int]` does)."""

        __class_getitem__ = classmethod(GenericAlias)

    K = "K"

MAX_ITEMS = 500_000
"""The most items a problem may declare, primary and secondary together."""
MAX_OPTIONS = 1_000_000
"""The most options a problem may have."""
MAX_OPTION_NODES = 3_000_000
"""The most items all options may name together (the total option length)."""


class Problem(Generic[K]):
    """Primary and secondary items plus options keyed by the caller's own keys.

    >>> p = Problem(primary=["a", "b"], secondary=["x"])
    >>> p.add_option("ax", ["a", "x"])
    >>> p.add_option("b", ["b"])
    >>> p.item_count, p.option_count
    (3, 2)

    `keys_are_numbers` tells whether every option's key is its number (0, 1, 2, ... as an int,
    as in Knuth's files), so that a solution's option numbers are its keys.

    >>> p.keys_are_numbers
    False
    >>> p
    Problem with 2 primary items, 1 secondary item, 2 options

    A string of items is its characters, one item each (`Problem("abc")`: a, b, c); an option
    naming a longer item of such a problem is refused, saying so.
    """

    def __init__(
        self,
        primary: Iterable[Item],
        secondary: Iterable[Item] = (),
        *,
        bounds: Mapping[Any, int | tuple[int, int]] | None = None,
    ) -> None:
        self.items: list[Item] = []
        self.index: dict[Item, int] = {}
        self.spelt = isinstance(primary, str) or isinstance(secondary, str)
        """Whether items were given as a string: one item per character (`"abc"`: a, b, c)."""
        for name in primary:
            self._declare(name, "primary")
        self.primary_count = len(self.items)
        for name in secondary:
            self._declare(name, "secondary")
        self.bounds: list[tuple[int, int]] = [(1, 1)] * self.primary_count
        for name, bound in (bounds or {}).items():
            self._bound(name, bound)
        self.keys: list[K] = []
        self.options: list[tuple[int, ...]] = []
        self.colours: list[tuple[int, ...]] = []  # per option, per item: 0, or a colour's number
        self.colour_names: list[Hashable] = []
        self._colour_number: dict[Hashable, int] = {}
        self._key_index: dict[K, int] = {}
        self.option_nodes = 0  # the total option length
        self.keys_are_numbers = True  # each option's key is its number (0, 1, 2, ...)

    def __repr__(self) -> str:
        """One line: the problem's size, as networkx's graphs say theirs."""
        secondary = len(self.items) - self.primary_count
        counts = [(self.primary_count, "primary item"), (secondary, "secondary item")]
        counts.append((len(self.options), "option"))
        return "Problem with " + ", ".join(f"{n} {w}{'' if n == 1 else 's'}" for n, w in counts)

    def _declare(self, name: Item, kind: str) -> None:
        """Number the item `name`, declared as `kind` (primary or secondary)."""
        if len(self.items) >= MAX_ITEMS:
            raise SizeLimitError(f"more than {MAX_ITEMS} items (the limit)")
        number = self.index.get(name)
        if number is not None:
            before = "primary" if kind == "primary" or number < self.primary_count else kind
            how = "twice" if before == kind else "as primary and as secondary"
            raise DuplicateItemNameError(f"item {name!r} is declared {how}")
        self.index[name] = len(self.items)
        self.items.append(name)

    def _bound(self, name: Item, bound: int | tuple[int, int]) -> None:
        low, high = (bound, bound) if isinstance(bound, int) else bound
        number = self.index.get(name)
        if number is None or number >= self.primary_count:
            raise BoundsError(f"multiplicity given for {name!r}, which is not a primary item")
        if not 0 <= low <= high or high < 1:
            raise BoundsError(
                f"item {name!r}: multiplicity {low}..{high} is not 0 <= a <= b, b >= 1"
            )
        self.bounds[number] = (low, high)

    def _unknown(self, key: K, name: Item) -> UnknownItemError:
        """The error of option `key` naming `name`, never declared: where the items were given
        as a string (one item per character), it says so."""
        hint = ""
        if self.spelt and isinstance(name, str) and len(name) > 1:
            hint = " (the items were given as a string, one item per character: give a list)"
        return UnknownItemError(f"option {key!r} names unknown item {name!r}{hint}")

    @property
    def has_multiplicities(self) -> bool:
        """Whether some primary item may be covered other than exactly once."""
        return any(bound != (1, 1) for bound in self.bounds)

    def add_option(
        self, key: K, items: Iterable[Item], colours: Mapping[Any, Hashable] | None = None
    ) -> None:
        """Add the option `key` covering `items` (declared, distinct, at least one); `colours`
        gives some of its secondary items a colour (any hashable value)."""
        if key in self._key_index:
            raise DuplicateOptionKeyError(f"option key {key!r} is used twice")
        if len(self.options) >= MAX_OPTIONS:
            raise SizeLimitError(f"more than {MAX_OPTIONS} options (the limit)")
        numbers: list[int] = []
        seen: set[int] = set()
        for name in items:
            number = self.index.get(name)
            if number is None:
                raise self._unknown(key, name)
            if number in seen:
                raise DuplicateItemInOptionError(f"option {key!r} names item {name!r} twice")
            seen.add(number)
            numbers.append(number)
        if not numbers:
            raise EmptyOptionError(f"option {key!r} has no items")
        if self.option_nodes + len(numbers) > MAX_OPTION_NODES:
            raise SizeLimitError(
                f"the options name more than {MAX_OPTION_NODES} items in all (the limit of the "
                "total option length)"
            )
        painted = self._paint(key, numbers, colours) if colours else (0,) * len(numbers)
        self.keys_are_numbers = self.keys_are_numbers and type(key) is int and key == len(self.keys)
        self._key_index[key] = len(self.keys)
        self.keys.append(key)
        self.options.append(tuple(numbers))
        self.colours.append(painted)
        self.option_nodes += len(numbers)

    def _paint(
        self, key: K, numbers: list[int], colours: Mapping[Any, Hashable]
    ) -> tuple[int, ...]:
        """The colour number of each item of an option (0: none, as for the colour None),
        checking every colour's item before registering any colour."""
        painted = [0] * len(numbers)
        for name in colours:
            number = self.index.get(name)
            if number is None or number not in numbers:
                raise ColourError(f"option {key!r} colours {name!r}, which it does not name")
            if number < self.primary_count:
                raise ColourError(f"option {key!r} colours primary item {name!r}")
        for name, colour in colours.items():
            if colour is None:
                continue
            number = self.index[name]
            if colour not in self._colour_number:
                self._colour_number[colour] = len(self.colour_names) + 1
                self.colour_names.append(colour)
            painted[numbers.index(number)] = self._colour_number[colour]
        return tuple(painted)

    @property
    def has_colours(self) -> bool:
        """Whether some option gives a secondary item a colour."""
        return bool(self.colour_names)

    def option_colours(self, key: K) -> dict[Item, Hashable]:
        """The colours the option `key` gives to its items, by item name."""
        number = self.option_number(key)
        return {
            self.items[item]: self.colour_names[colour - 1]
            for item, colour in zip(self.options[number], self.colours[number], strict=True)
            if colour
        }

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

    def add_numbered(self, options: Sequence[tuple[int, ...]]) -> None:
        """Add `options` given by item number, each keyed by its own number, to a problem that
        has none yet: for a builder that numbers its own items (the tiling workshop), which
        vouches that each option's numbers are distinct; ranges and limits are checked here."""
        if self.options:
            raise DuplicateOptionKeyError("options by number go into a problem that has none")
        if len(options) > MAX_OPTIONS:
            raise SizeLimitError(f"more than {MAX_OPTIONS} options (the limit)")
        lengths = list(map(len, options))
        nodes = sum(lengths)
        if nodes > MAX_OPTION_NODES:
            raise SizeLimitError(f"the options name more than {MAX_OPTION_NODES} items in all")
        if options and (min(lengths) < 1 or min(map(min, options)) < 0):
            raise EmptyOptionError("an option by number is empty or names no item")
        if options and max(map(max, options)) >= len(self.items):
            raise UnknownItemError("an option by number names an item past the last")
        zeros = [(0,) * n for n in range(max(lengths, default=0) + 1)]
        self.options = list(options)
        self.colours = list(map(zeros.__getitem__, lengths))
        self.keys = list(range(len(options)))  # type: ignore[arg-type]  # (keys are numbers)
        self._key_index = dict(zip(self.keys, range(len(options)), strict=True))
        self.option_nodes = nodes

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
        number = self._key_index.get(key)
        if number is None:
            raise UnknownOptionError(f"no option has the key {key!r}")
        return number

    def option_items(self, key: K) -> Sequence[Item]:
        """The item names of the option `key`, in the order given."""
        return [self.items[i] for i in self.options[self.option_number(key)]]
