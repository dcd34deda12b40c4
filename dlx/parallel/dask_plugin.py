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

    def teardown(self, worker: Any) -> None:
        GIVEN.pop(self.digest, None)
