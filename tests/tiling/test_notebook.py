"""The notebook under `corpus/notebooks` runs (issue 56): it poses and solves puzzles on the four
grids through `dlx.tiling`, and every cell that ends in a solution or a puzzle shows its SVG
picture. It needs the `notebook` extra (ipykernel, nbclient, nbformat) and skips without it;
`.ci/run` installs it."""

from __future__ import annotations

import pytest
from places import ROOT

nbformat = pytest.importorskip("nbformat", reason="the notebook extra is not installed")
nbclient = pytest.importorskip("nbclient", reason="the notebook extra is not installed")
pytest.importorskip("ipykernel", reason="the notebook extra is not installed")

NOTEBOOK = ROOT / "corpus" / "notebooks" / "tiling.ipynb"
ENDS_IN_A_PICTURE = (".first()", ".first(unique=True)", "solutions[-1]", "pentominoes")
"""How the cells whose last line is a solution or a puzzle end."""


def test_the_notebook_runs_and_its_solutions_draw_themselves() -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert not [o for cell in code for o in cell.outputs if o.output_type == "error"]
    drawing = [c for c in code if c.source.splitlines()[-1].endswith(ENDS_IN_A_PICTURE)]
    assert len(drawing) >= 6  # the puzzle, then a solution on each of the four grids and more
    for cell in drawing:
        shown = [o for o in cell.outputs if o.output_type == "execute_result"]
        assert shown and shown[0].data["image/svg+xml"].startswith("<svg"), cell.source
        assert shown[0].data["text/plain"].startswith(("Solution on the", "Puzzle on the"))
    counted = next(c for c in code if c.source.endswith("count(unique=True)"))
    assert counted.outputs[0].data["text/plain"] == "2339"
