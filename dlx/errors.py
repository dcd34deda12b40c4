"""Typed errors of the dlx engine: each names the rule it enforces and the offending key."""

from __future__ import annotations


class DlxError(ValueError):
    """Base class of every error the engine raises on bad input.

    >>> from dlx import Problem
    >>> try:
    ...     Problem(["a", "a"])
    ... except DlxError as fault:  # a ValueError whose message names the broken rule
    ...     print(fault)
    item 'a' is declared twice
    """


class DuplicateItemNameError(DlxError):
    """Two items were declared with the same name.

    >>> from dlx import Problem
    >>> Problem(["a", "a"])
    Traceback (most recent call last):
    dlx.errors.DuplicateItemNameError: item 'a' is declared twice
    """


class UnknownItemError(DlxError):
    """An option names an item that was never declared.

    >>> from dlx import Problem
    >>> Problem(["a"]).add_option("x", ["b"])
    Traceback (most recent call last):
    dlx.errors.UnknownItemError: option 'x' names unknown item 'b'
    """


class DuplicateItemInOptionError(DlxError):
    """An option names the same item twice.

    >>> from dlx import Problem
    >>> Problem(["a"]).add_option("x", ["a", "a"])
    Traceback (most recent call last):
    dlx.errors.DuplicateItemInOptionError: option 'x' names item 'a' twice
    """


class EmptyOptionError(DlxError):
    """An option has no items at all.

    >>> from dlx import Problem
    >>> Problem(["a"]).add_option("x", [])
    Traceback (most recent call last):
    dlx.errors.EmptyOptionError: option 'x' has no items
    """


class UnknownOptionError(DlxError):
    """A key names no option of the problem.

    >>> from dlx import Problem
    >>> Problem.from_options(["a"], [("x", ["a"])]).option_number("y")
    Traceback (most recent call last):
    dlx.errors.UnknownOptionError: no option has the key 'y'
    """


class DuplicateOptionKeyError(DlxError):
    """Two options were given the same key.

    >>> from dlx import Problem
    >>> Problem.from_options(["a"], [("x", ["a"]), ("x", ["a"])])
    Traceback (most recent call last):
    dlx.errors.DuplicateOptionKeyError: option key 'x' is used twice
    """


class BoundsError(DlxError):
    """A multiplicity is malformed: not a primary item, or not 0 <= low <= high with high >= 1.

    >>> from dlx import Problem
    >>> Problem(["a"], bounds={"a": (3, 2)})
    Traceback (most recent call last):
    dlx.errors.BoundsError: item 'a': multiplicity 3..2 is not 0 <= a <= b, b >= 1
    """


class ColourError(DlxError):
    """A colour is given to a primary item, or to an item the option does not name.

    >>> from dlx import Problem
    >>> Problem(["a"], ["x"]).add_option("o", ["a", "x"], colours={"a": "red"})
    Traceback (most recent call last):
    dlx.errors.ColourError: option 'o' colours primary item 'a'
    """


class MemoUnsupportedError(DlxError):
    """A failure memo was asked for on a problem whose states it cannot key exactly.

    >>> from dlx import FailureMemo, Problem, count
    >>> coloured = Problem(["a"], ["x"])
    >>> coloured.add_option("o", ["a", "x"], colours={"x": "red"})
    >>> count(coloured, memo=FailureMemo())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    dlx.errors.MemoUnsupportedError: a state key cannot tell which colours are set; ...
    """


class ZddUnsupportedError(DlxError):
    """A ZDD of all solutions was asked for where its search cannot branch exactly.

    >>> from dlx import Problem, zdd
    >>> p = Problem(["a", "b"], bounds={"b": (0, 2)})
    >>> p.add_option("b", ["b"])
    >>> zdd(p)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    dlx.errors.ZddUnsupportedError: option 1 covers no primary item of multiplicity 1: ...
    """


class SearchBusyError(DlxError):
    """A second search was started on a problem whose links another search still holds.

    >>> from dlx import Problem, solve
    >>> p = Problem(["a", "b"])
    >>> for n in range(20):
    ...     p.add_option(f"a{n}", ["a"])
    ...     p.add_option(f"b{n}", ["b"])
    >>> unfinished = solve(p)  # 400 solutions, more than a compiled core hands over at once
    >>> next(unfinished), next(solve(p))
    Traceback (most recent call last):
    dlx.errors.SearchBusyError: this problem's links are held by another unfinished search
    >>> unfinished.close()  # a search holds the links until its dance ends or it is closed
    """


class CoreUnavailableError(DlxError):
    """A search asked for a core that is unknown or was not built (`dlx.engines.links.engine`)."""


class BudgetError(DlxError):
    """A budget is malformed: a timeout that is not a positive finite number of seconds, or a
    node budget below 1; or (`OutOfBudgetError`) a budget ran out where no answer can say so."""


class OutOfBudgetError(BudgetError):
    """A shorthand's search (`count`, `first` without `stats=`, `zdd`) was cut short by its
    budget: the answer is unknown, so none is returned. `stats`: the counters so far.

    >>> from dlx import count
    >>> from dlx.puzzles import queens
    >>> count(queens.problem(12), max_nodes=1000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    dlx.errors.OutOfBudgetError: the search stopped at its budget after 1000 nodes, ...
    """

    def __init__(self, message: str, stats: object = None) -> None:
        super().__init__(message)
        self.stats = stats


class SizeLimitError(DlxError):
    """A problem would exceed one of the documented size limits (see `dlx.problem`)."""


class SolutionError(DlxError):
    """A proposed solution breaks the exact-cover rules (raised by `verify`).

    >>> from dlx import Problem, verify
    >>> verify(Problem.from_options(["a"], [("x", ["a"]), ("y", ["a"])]), ["x", "y"])
    Traceback (most recent call last):
    dlx.errors.SolutionError: item 'a' is covered 2 times
    """


class FormatError(DlxError):
    """A text in Knuth's DLX format is malformed; the message names line and column.

    >>> from dlx.knuth import parse_dlx
    >>> parse_dlx("a b\\nc\\n")
    Traceback (most recent call last):
    dlx.errors.FormatError: line 2, column 1: unknown item 'c'
    """

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


class SearchOptionError(DlxError):
    """A search's keyword is malformed: an unknown item choice, a limit below 1, an item order
    that names an item twice or a secondary one, or (`EngineOptionError`) what the engine asked
    for cannot take.

    >>> from dlx import Problem, solve
    >>> solve(Problem(["a"]), choose="bogus")
    Traceback (most recent call last):
    dlx.errors.SearchOptionError: choose must be 'mrv', 'first' or 'sweep', not 'bogus'
    """


class EngineOptionError(SearchOptionError):
    """A search asked an engine for something it has no meaning for (say, a pruning hook or
    multiplicities from the `cells` engine, Knuth's SSXCC), or named no known engine.

    >>> from dlx import Problem, solve
    >>> solve(Problem(["a"], bounds={"a": 2}), engine="cells")
    Traceback (most recent call last):
    dlx.errors.EngineOptionError: the cells engine cannot take multiplicities (use engine='links')
    """


class PuzzleError(DlxError):
    """A puzzle's input breaks a rule (a board, a piece, a clue); the message names it. The
    front-ends' error (`dlx.puzzles`; `dlx.tiling`'s `TileError`), a `DlxError` as the
    engine's are, so that one `except DlxError` takes every bad input."""


class ParallelError(DlxError):
    """A search cannot run in parallel as asked (what cannot be sent, or a lost worker)."""


DOMAIN_ERRORS = (DlxError,)
"""The errors that mean bad input (the puzzles' and tilings' among them); any other is a bug,
and shows as one."""
