"""The modules of dlx and fillit as the house's checks read them: their dotted names and files,
and what each imports of this tree (read from the code, never run)."""

from __future__ import annotations

import ast
from pathlib import Path

from places import ROOT

MODULES = sorted([*(ROOT / "dlx").rglob("*.py"), *(ROOT / "fillit").rglob("*.py")])


def module_name(path: Path) -> str:
    """The dotted name of a module file under ROOT (a package by its own name)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


NAMES = {module_name(path): path for path in MODULES}


def imports(path: Path) -> set[str]:
    """The modules of this tree that `path` imports, anywhere in it: `from a import b` is module
    `a.b` where that is a module, else `a`; the names `dlx` loads on first use count too."""
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                found.add(whole if whole in NAMES else node.module)
    if module_name(path) == "dlx":  # PEP 562: the homes of its public names
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in NAMES and node.value != "dlx":
                found.add(node.value)
    return {name for name in found if name in NAMES and name != module_name(path)}
