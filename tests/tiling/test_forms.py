"""The polyform sets written out in `dlx.tiling.forms` are those `polyforms` finds: every free
polyform of the size, each in its least orientation, in the same order (so pieces keep their
names A, B, C...), and as many as the published counts."""

import pytest

from dlx.tiling.forms import FORMS, forms
from dlx.tiling.library import SIZES, polyforms

COUNTS = {
    "monominoes": 1,
    "dominoes": 1,
    "hexominoes": 35,
    "triamonds": 1,
    "tetriamonds": 3,
    "pentiamonds": 4,
    "hexiamonds": 12,
    "heptiamonds": 24,
    "trihexes": 3,
    "tetrahexes": 7,
    "pentahexes": 22,
    "tricubes": 2,
    "tetracubes": 8,
    "pentacubes": 29,
    "pentasticks": 55,
}
"""The free polyforms of each set (OEIS A000105, A000577, A000228, A038119, A019988); in 3D
free means up to rotation, as Knuth's polycube sets count them (29 pentacubes)."""


def test_every_set_is_written_out() -> None:
    assert set(FORMS) == set(SIZES) == set(COUNTS)


@pytest.mark.parametrize("name", sorted(SIZES))
def test_a_written_set_is_the_one_found(name: str) -> None:
    grid, size = SIZES[name]
    assert forms(name) == polyforms(grid, size)
    assert len(forms(name)) == COUNTS[name]
