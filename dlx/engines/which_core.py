"""Which core runs a search, compiled or Python, for every engine alike: the one asked for, else
`DLX_CORE` from the environment, else the compiled one where it was built (`pick`); what it
builds from a problem is kept while the problem lives (`kept`), beside it, not in it."""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable

from dlx.errors import CoreUnavailableError

TYPE_CHECKING = False  # as typing's, which `dlx solve`'s plain start does not load
if TYPE_CHECKING:
    from typing import Any

    from dlx.problem import Problem

    Kept = weakref.WeakKeyDictionary[Problem[Any], dict[str, tuple[int, Any]]]

CORES = ("compiled", "python")


def pick(core: str | None, built: bool, missing: str) -> str:
    """`core` ("compiled" or "python"), else `DLX_CORE`, else the compiled core where it was
    `built`; an unknown core, or the compiled one where it was not built (`missing` says why),
    is refused with `CoreUnavailableError`.

    >>> pick("python", True, "")
    'python'
    """
    if core is None:
        chosen = os.environ.get("DLX_CORE", "")
        if chosen not in ("", *CORES):
            raise CoreUnavailableError(f"DLX_CORE must be 'compiled' or 'python', not {chosen!r}")
        if not chosen:
            return "compiled" if built else "python"
        core = chosen
    elif core not in CORES:
        raise CoreUnavailableError(f"core must be 'compiled' or 'python', not {core!r}")
    if core == "compiled" and not built:
        raise CoreUnavailableError(missing)
    return core


def told(choose: Callable[[], str]) -> str:
    """The core `choose()` picks now, or why none can (for `--version` and the statistics)."""
    try:
        return choose()
    except CoreUnavailableError as error:
        return str(error)


def new_kept() -> Kept:
    """A store of what a core built, per live problem and per name (see `kept`)."""
    return weakref.WeakKeyDictionary()


def kept(store: Kept, problem: Problem[Any], name: str, make: Callable[[], Any]) -> Any:
    """What `make()` builds from `problem` under `name`, built once while the problem lives and
    again once options are added (as `Problem.links`)."""
    made = store.setdefault(problem, {})
    cached = made.get(name)
    if cached is not None and cached[0] == problem.option_count:
        return cached[1]
    built = make()
    made[name] = (problem.option_count, built)
    return built
