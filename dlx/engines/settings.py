"""What is a search asked to do? `SearchSettings`, the one object every core takes: the item
choice, the options given and preferred, the hooks, the budgets, the core and engine, all
checked once, when it is made.

`dlx.solve` builds it from its keywords (option keys and item names turned into numbers) and
hands it as it is to the front door of the engine asked for (`dlx.engines.links.engine`,
`dlx.engines.cells.engine`), which hands it on to the dance.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from dlx.errors import BudgetError, EngineOptionError, SearchOptionError
from dlx.stats import Stats

TYPE_CHECKING = False  # as typing's, which (with dataclasses) a start need not load
if TYPE_CHECKING:
    from dataclasses import dataclass
    from typing import Any, Final, Literal, TypeVar

    from dlx.memo import FailureMemo  # only named here: a search without a memo never loads it
    from dlx.problem import Problem

    Choice = Literal["mrv", "first", "sweep"]
    """Item choice: `mrv` takes the item with the fewest remaining options (leftmost on ties, as
    DLX1; with multiplicities, the smallest branching degree, as DLX3); `first` takes the first
    uncovered primary item in declaration order; `sweep` does the same, except that an item left
    with a single way to go (or none) is taken first, so forced moves and dead ends show at once.
    Declaring items in a sweep order (say, cells row by row) keeps what is covered compact, so the
    states a memo remembers recur more often; on some problems that beats `mrv` by far, on
    others it loses."""

    CoreName = Literal["compiled", "python"]
    """A core: the compiled dance (C) or the pure-Python reference."""

    T = TypeVar("T")
else:  # what the checker reads as literal types is text at run time
    Choice = CoreName = str

ENGINES: Final = ("links", "cells", "bitset")
"""The engines `solve` knows: Knuth's DLX1/DLX2 on dancing links, his SSXCC, and the search
on bitsets (`dlx.engines.bitset`)."""

Prune = Callable[[Sequence[int]], bool]
"""An adapter's check, called once per search node with the option numbers chosen so far (a live,
read-only list); returning False cuts the node off."""

Learn = Callable[[Sequence[int]], None]
"""An adapter's hook, told the option numbers chosen at each node whose sub-problem holds no
solution (a live, read-only list), once all its branches are tried: the nodes a memo remembers."""

Progress = Callable[[Stats], None]
"""Called every few thousand nodes with the statistics so far (for live displays)."""

Frontier = tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], int], ...]]
"""Where a search its budget stopped stood: `(path, levels)`, the option numbers of the node it
was about to enter (after the givens), and for each level of that path the options it had yet
to try there, in the order it would have tried them, with the number of options it branched on
there. What is left of its tree is that node's subtree, then those options' subtrees, deepest
level first: in the order the search would have met them (`dlx.parallel` splits on it)."""


def _frozen(cls: type[T]) -> type[T]:
    """`cls` made a frozen class of the fields it annotates, each with its default, as
    `dataclass(frozen=True, eq=False)` makes it for the type checker (which reads that): made
    at run time without `dataclasses` (which imports `inspect`: see the changelog's start-up
    figures). Built by keyword or position, checked by `__post_init__`, refusing changes."""
    fields = tuple(cls.__annotations__)

    def __init__(self: Any, *args: object, **asked: object) -> None:
        called = f"{cls.__qualname__}.__init__()"
        if len(args) > len(fields):
            raise TypeError(f"{called} takes {len(fields) + 1} positional arguments")
        named = dict(zip(fields, args, strict=False))
        for name, value in asked.items():
            if name not in fields:
                raise TypeError(f"{called} got an unexpected keyword argument {name!r}")
            if name in named:
                raise TypeError(f"{called} got multiple values for argument {name!r}")
            named[name] = value
        for name in fields:
            object.__setattr__(self, name, named.get(name, getattr(cls, name)))
        self.__post_init__()

    def __setattr__(self: Any, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self: Any, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in fields)
        return f"{cls.__qualname__}({shown})"

    for method in (__init__, __setattr__, __delattr__, __repr__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)
    return cls


if not TYPE_CHECKING:

    def dataclass(*, frozen: bool, eq: bool) -> Callable[[type[T]], type[T]]:
        """The one kind of dataclass this module makes, `_frozen`."""
        return _frozen


@dataclass(frozen=True, eq=False)  # (never compared: eq and hash would cost start-up)
class SearchSettings:
    """One search's settings, as `dlx.solve` documents its keywords, with `givens` and `prefer`
    as option numbers and `item_order` as item numbers (checked against the problem by whoever
    numbered them); `count_to` > 0 lets a compiled core count the solutions before the
    `count_to`-th without handing them over (`dlx.count`); `stopped`, if given, is told where
    a search its budget stopped stood (a `Frontier`: the compiled Algorithm X and cells cores
    tell it; the others say nothing, and their caller must do without); `batch` > 1 lets a
    compiled core hand over that many solutions in one call, for a caller who cannot see the
    statistics between them (`dlx.solve` without `stats`, hooks or a memo); `layout`, for the
    bitset engine, says which items are its cells and where they lie (`dlx.engines.bitset`).
    The rules that need no problem are checked here, when the settings are made.

    >>> SearchSettings(choose="first", max_nodes=10).max_nodes
    10
    >>> SearchSettings(limit=0)
    Traceback (most recent call last):
    ...
    dlx.errors.SearchOptionError: limit must be at least 1 (None: no limit), not 0
    """

    choose: Choice = "mrv"
    limit: int | None = None
    givens: tuple[int, ...] = ()
    prefer: tuple[int, ...] = ()
    item_order: tuple[int, ...] = ()
    memo: FailureMemo | None = None
    prune: Prune | None = None
    learn: Learn | None = None
    max_nodes: int | None = None
    timeout: float | None = None
    progress: Progress | None = None
    core: CoreName | None = None
    engine: str = "links"
    count_to: int = 0
    stopped: Callable[[Frontier], None] | None = None
    batch: int = 1
    layout: object | None = None  # a dlx.engines.bitset.layout.Layout (which checks it)
    shared_memo: bool = False
    """Whether a bitset search keeps its memo of failures in its table's, shared with the
    searches of the same problem in this process that asked before and after it (the parts of a
    parallel search); else it starts with an empty one, its figures independent of others'."""

    def __post_init__(self) -> None:
        """Refuse an unknown item choice, a limit below 1, a bad budget, an unknown engine."""
        if self.choose not in ("mrv", "first", "sweep"):
            raise SearchOptionError(
                f"choose must be 'mrv', 'first' or 'sweep', not {self.choose!r}"
            )
        if self.limit is not None and self.limit < 1:
            raise SearchOptionError(f"limit must be at least 1 (None: no limit), not {self.limit}")
        check_budget(self.timeout, self.max_nodes)
        if self.engine not in ENGINES:
            raise EngineOptionError(
                f"engine must be 'links', 'cells' or 'bitset', not {self.engine!r}"
            )

    def replace(self, **changes: Any) -> SearchSettings:
        """These settings with `changes` (checked again), as `dataclasses.replace` makes them."""
        return SearchSettings(**{**vars(self), **changes})

    def general(self, problem: Problem[Any]) -> bool:
        """Whether `problem` searched so needs Algorithm M (multiplicities, colours, a memo or
        a `learn` hook) rather than Algorithm X."""
        return (
            self.memo is not None
            or self.learn is not None
            or problem.has_multiplicities
            or problem.has_colours
        )


def check_budget(timeout: float | None, max_nodes: int | None) -> None:
    """Refuse a `timeout` that is not a positive finite number of seconds, or `max_nodes` < 1.

    >>> check_budget(0.5, 1)
    >>> check_budget(float("inf"), None)
    Traceback (most recent call last):
    ...
    dlx.errors.BudgetError: timeout must be a positive finite number of seconds, not inf
    """
    if timeout is not None and not (math.isfinite(timeout) and timeout > 0):
        raise BudgetError(f"timeout must be a positive finite number of seconds, not {timeout}")
    if max_nodes is not None and max_nodes < 1:
        raise BudgetError(f"max_nodes must be at least 1, not {max_nodes}")
