"""A memory of sub-problems proven to have no solution, shared by the searches of one problem.

A state of the search is keyed by one integer: the sum of the keys of the options chosen so far,
where each item owns a bit field counting its uses (and, for an item with slack, a flag set when the
search decides to use it no more). The key names the remaining sub-problem exactly when every option
has an item that can be used only once (a primary item with multiplicity 1, or a secondary item):
then which options are still available follows from which such items are used. Colours would break
this, and so would an adapter's pruning check that looks at anything but the state.

The fields are laid out when a memo is first bound to a problem (a search without a memo pays
nothing for them). Each option then holds a key as wide as the whole state, so the width is capped
at `MAX_KEY_BITS` (about one bit per item): the keys cost each option a constant, never the number
of items, and the memo's states at most `capacity` times that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dlx.errors import MemoUnsupportedError

MAX_KEY_BITS = 1024
"""The widest state key a memo takes: 128 bytes per option and per state remembered."""

if TYPE_CHECKING:
    from dlx.problem import Problem


@dataclass
class FailureMemo:
    """States known to fail. Reuse one memo across searches of the same problem (for example
    with different options given in advance): what one search proves, the next one skips.

    >>> from dlx import Problem, count
    >>> triangle = Problem.from_options("abc", [("ab", "ab"), ("bc", "bc"), ("ac", "ac")])
    >>> memo = FailureMemo()
    >>> count(triangle, memo=memo), count(triangle, memo=memo), memo.hits
    (0, 0, 1)
    """

    capacity: int = 4_000_000
    failed: set[int] = field(default_factory=set)
    hits: int = 0
    stores: int = 0
    _owner: int | None = None
    _core_owner: int | None = None  # the serial of the compiled core whose states `_store` keeps
    _store: Any = (
        None  # the compiled core's exact store of failed states (see dlx/engines/links/_links.c)
    )

    def bind(self, links: Any, problem: Problem[Any]) -> None:
        """Tie the memo to one problem's pure-Python links (`dlx.engines.links.twin.links_of`),
        checking that its states can be keyed exactly."""
        if self._core_owner is not None:
            raise MemoUnsupportedError("this memo belongs to a search of the compiled core")
        if self._owner is None:
            _check_keyable(problem)
            links.assign_state_keys()
            self._owner = links.serial
        elif self._owner != links.serial:
            raise MemoUnsupportedError(
                "this memo belongs to another problem (or to this one before options were added)"
            )

    def remember(self, key: int) -> None:
        """Record a failed state, forgetting everything first when the memo is full."""
        if len(self.failed) >= self.capacity:
            self.failed.clear()
        self.failed.add(key)
        self.stores += 1

    def bind_compiled(self, core: Any, problem: Problem[Any]) -> Any:
        """Tie the memo to one problem's compiled core, checking the same rules as `bind`;
        return the core's store of failed states, which the memo keeps."""
        if self._owner is not None:
            raise MemoUnsupportedError("this memo belongs to a search of the pure-Python core")
        if self._core_owner is None:
            _check_keyable(problem)
            self._core_owner, self._store = core.serial, core.memo()
        elif self._core_owner != core.serial:
            raise MemoUnsupportedError(
                "this memo belongs to another problem (or to this one before options were added)"
            )
        return self._store


def problem_key_width(problem: Problem[Any]) -> int:
    """The bits of `problem`'s state key, as `Links.state_key_width` counts them: each primary
    item's uses and a bit for its slack, one bit for each secondary item. The compiled core
    keeps its states in another form, but takes the same limit, so both cores accept the same
    memos and a remembered state costs the same bounded room in either.

    >>> from dlx import Problem
    >>> problem_key_width(Problem(["a", "b"], ["x"], bounds={"a": (1, 3)}))
    5
    """
    secondary = problem.item_count - problem.primary_count
    return secondary + sum(high.bit_length() + (high != low) for low, high in problem.bounds)


def _check_keyable(problem: Problem[Any]) -> None:
    """Refuse a memo for `problem` unless a state key names its state exactly: keys of at most
    `MAX_KEY_BITS`, no colours, and in every option an item usable only once (the same rules
    for both cores)."""
    _check_width(problem_key_width(problem))
    if problem.has_colours:
        raise MemoUnsupportedError(
            "a state key cannot tell which colours are set; search without a memo"
        )
    primary, bounds = problem.primary_count, problem.bounds
    for key, option in zip(problem.keys, problem.options, strict=True):
        if not any(i >= primary or bounds[i] == (1, 1) for i in option):
            raise MemoUnsupportedError(
                f"option {key!r} has no item usable only once, so a "
                "state key cannot tell which options remain; search without a memo"
            )


def _check_width(width: int) -> None:
    """Refuse a memo whose state keys would need more than `MAX_KEY_BITS` bits."""
    if width > MAX_KEY_BITS:
        raise MemoUnsupportedError(
            f"a state key needs {width} bits, over the limit of {MAX_KEY_BITS} (about "
            "one bit per item); search without a memo"
        )
