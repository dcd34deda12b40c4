"""dlx: exact cover by Knuth's Algorithm X with dancing links.

Build a `Problem` from named items and keyed options, then iterate `solve(problem)`.
The engine knows nothing of puzzles; adapters turn their pieces into items and options.
"""

from dlx.cores.compiled import CORE
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
    SearchBusyError,
    SizeLimitError,
    SolutionError,
    UnknownItemError,
    UnknownOptionError,
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
    "Problem",
    "SearchBusyError",
    "SizeLimitError",
    "SolutionError",
    "Stats",
    "Status",
    "UnknownItemError",
    "UnknownOptionError",
    "count",
    "first",
    "solve",
    "verify",
]
