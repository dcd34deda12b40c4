"""Typed errors of the dlx engine: each names the rule it enforces and the offending key."""

from __future__ import annotations


class DlxError(ValueError):
    """Base class of every error the engine raises on bad input."""


class DuplicateItemNameError(DlxError):
    """Two items were declared with the same name."""


class UnknownItemError(DlxError):
    """An option names an item that was never declared."""


class DuplicateItemInOptionError(DlxError):
    """An option names the same item twice."""


class EmptyOptionError(DlxError):
    """An option has no items at all."""


class UnknownOptionError(DlxError):
    """A key names no option of the problem."""


class DuplicateOptionKeyError(DlxError):
    """Two options were given the same key."""


class BoundsError(DlxError):
    """A multiplicity is malformed: not a primary item, or not 0 <= low <= high with high >= 1."""


class ColourError(DlxError):
    """A colour is given to a primary item, or to an item the option does not name."""


class MemoUnsupportedError(DlxError):
    """A failure memo was asked for on a problem whose states it cannot key exactly."""


class SearchBusyError(DlxError):
    """A second search was started on a problem whose links another search still holds."""


class BudgetError(DlxError):
    """A budget is malformed: a timeout that is not a positive finite number of seconds, or a
    node budget below 1."""


class SizeLimitError(DlxError):
    """A problem would exceed one of the documented size limits (see `dlx.problem`)."""


class SolutionError(DlxError):
    """A proposed solution breaks the exact-cover rules (raised by `verify`)."""


class FormatError(DlxError):
    """A text in Knuth's DLX format is malformed; the message names line and column."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
