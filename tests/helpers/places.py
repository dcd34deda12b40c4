"""Where the tests find the project's files: the repository's root (`ROOT`), its corpus, and the
shared material beside it (`SHARED`, which the optional suites skip without)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root."""
CORPUS = ROOT / "corpus"
"""The inputs and golden outputs the project ships."""
SHARED = ROOT.parent / "shared"
"""The shared material beside the project (public checkers' cases, Knuth's references)."""
