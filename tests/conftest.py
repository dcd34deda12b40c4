"""Shared fixtures: `dlx_core` runs a test module once per core of the engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dlx.cores.links.engine import COMPILED as LINKS_COMPILED

CORES = ["python", "compiled"] if LINKS_COMPILED else ["python"]


@pytest.fixture(scope="module", params=CORES)
def dlx_core(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the module's searches on one core (DLX_CORE), then on the other: every engine
    behaviour is checked on the pure-Python reference and on the compiled core."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DLX_CORE", request.param)
        yield request.param
