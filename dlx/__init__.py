"""dlx: exact cover by Knuth's Algorithm X with dancing links.

Build a `Problem` from named items and keyed options, then iterate `solve(problem)`.
The engine knows nothing of puzzles; adapters turn their pieces into items and options.

The names below are loaded on first use (PEP 562), so that `import dlx.cli.entry`, the
programs' first import, costs next to nothing and Ctrl-C is theirs from the first moment.
"""

from __future__ import annotations

import sys
from types import ModuleType

TYPE_CHECKING = False  # as typing's, without importing typing before the programs' Ctrl-C
if TYPE_CHECKING:
    from typing import Any

    from dlx.engines.links.engine import CORE, core_name
    from dlx.engines.zdd.engine import Zdd, zdd
    from dlx.errors import (
        BoundsError,
        BudgetError,
        ColourError,
        CoreUnavailableError,
        DlxError,
        DuplicateItemInOptionError,
        DuplicateItemNameError,
        DuplicateOptionKeyError,
        EmptyOptionError,
        EngineOptionError,
        FormatError,
        MemoUnsupportedError,
        OutOfBudgetError,
        PuzzleError,
        SearchBusyError,
        SearchOptionError,
        SizeLimitError,
        SolutionError,
        UnknownItemError,
        UnknownOptionError,
        ZddUnsupportedError,
    )
    from dlx.memo import FailureMemo
    from dlx.problem import Problem
    from dlx.solve import count, first, solve
    from dlx.stats import Stats, Status
    from dlx.verify import verify

__version__ = "0.1.0"

__all__ = [
    "CORE",
    "BoundsError",
    "BudgetError",
    "ColourError",
    "CoreUnavailableError",
    "DlxError",
    "DuplicateItemInOptionError",
    "DuplicateItemNameError",
    "DuplicateOptionKeyError",
    "EmptyOptionError",
    "EngineOptionError",
    "FailureMemo",
    "FormatError",
    "MemoUnsupportedError",
    "OutOfBudgetError",
    "Problem",
    "PuzzleError",
    "SearchBusyError",
    "SearchOptionError",
    "SizeLimitError",
    "SolutionError",
    "Stats",
    "Status",
    "UnknownItemError",
    "UnknownOptionError",
    "Zdd",
    "ZddUnsupportedError",
    "core_name",
    "count",
    "first",
    "solve",
    "verify",
    "zdd",
]

_HOMES = {
    "CORE": "dlx.engines.links.engine",
    "core_name": "dlx.engines.links.engine",
    **{name: "dlx.errors" for name in __all__ if name.endswith("Error")},
    "FailureMemo": "dlx.memo",
    "Problem": "dlx.problem",
    "Stats": "dlx.stats",
    "Status": "dlx.stats",
    "count": "dlx.solve",
    "first": "dlx.solve",
    "solve": "dlx.solve",
    "verify": "dlx.verify",
    "Zdd": "dlx.engines.zdd.engine",
    "zdd": "dlx.engines.zdd.engine",
}
"""Each public name and the module it comes from."""


if not TYPE_CHECKING:  # mypy sees the names imported above, and no other

    def __getattr__(name: str) -> Any:
        """The public `name`, imported from its module on first use and kept."""
        from importlib import import_module  # (on first use: `import dlx` loads no engine)

        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module 'dlx' has no attribute {name!r}")
        value = getattr(import_module(home), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The public names, loaded or not, and the package's version."""
    return sorted([*__all__, "__version__"])


class _Package(ModuleType):
    """The `dlx` module, whose functions `solve` and `verify` keep their names when their
    modules `dlx.solve` and `dlx.verify` are first imported: the import system would otherwise
    bind the module over the function."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, ModuleType) and value.__name__ == f"dlx.{name}" and name in _HOMES:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
