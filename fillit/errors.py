"""Typed errors of the fillit adapter; every one makes the CLI print exactly `error`."""

from __future__ import annotations


class FillitError(ValueError):
    """Base class: the input cannot be solved as a fillit file."""


class InputError(FillitError):
    """The input breaks a rule of the fillit format; the message says which rule and where."""


class SourceError(FillitError):
    """The input could not be read at all (missing, a directory, unreadable, too large)."""
