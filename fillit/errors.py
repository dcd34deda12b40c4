"""Typed errors of the fillit adapter; every one makes the CLI print exactly `error`."""

from __future__ import annotations

from fillit.rules import Rule


class FillitError(ValueError):
    """Base class: the input cannot be solved as a fillit file."""


class InputError(FillitError):
    """The input breaks a rule of the fillit format; the message says which rule and where, and
    `rule` names it."""

    def __init__(self, message: str, rule: Rule) -> None:
        super().__init__(message)
        self.rule = rule


class SourceError(FillitError):
    """The input could not be read at all (missing, a directory, unreadable, too large)."""
