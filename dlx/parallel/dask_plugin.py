"""How does every worker of a Dask cluster get the problem once, workers that join later too?
A worker plugin (`Given`) that Dask runs on each worker as it starts, new ones included: it keeps
the pickled problem where `dlx.parallel.executors.run_part` finds it. (Scattered data would be
lost with the worker holding it, and every later part with it.)"""

from __future__ import annotations

from typing import Any

from distributed.diagnostics.plugin import WorkerPlugin

GIVEN: dict[str, bytes] = {}
"""The pickled problems this worker process was given, by fingerprint."""


class Given(WorkerPlugin):  # type: ignore[misc]
    """Give each worker the pickled problem `blob` under its fingerprint `digest`."""

    def __init__(self, digest: str, blob: bytes) -> None:
        self.digest, self.blob = digest, blob

    def setup(self, worker: Any) -> None:
        GIVEN[self.digest] = self.blob
        warm()

    def teardown(self, worker: Any) -> None:
        GIVEN.pop(self.digest, None)


def warm() -> None:
    """Load what searching a part takes (a worker of a cluster starts with none of it: a tenth
    of a second or more), as the worker joins rather than when its first part comes: the first
    parts of a run are the ones every other part waits for."""
    # (importing them now is the point: a worker pays for it as it joins)
    import dlx.engines.cells.engine
    import dlx.engines.links.engine
    import dlx.parallel.searching  # noqa: F401  (what a part runs; run_part's module is light)
