"""How is the studio served? By uvicorn, as a trusted local server is: each connection has
`Settings.read_seconds` to send a request's headers (then as long again for its body:
`guard.read_body`), or it is closed; an idle one is closed after `KEEP_ALIVE` seconds; at most
`connections(settings)` are open at once (503 past them), so the requests held are bounded as
their bodies are. On Ctrl-C every search and other work ends at once, the pages watching told,
before uvicorn waits for the connections to end (it waited for each event stream to end with
its search); the command then exits 130 as every `dlx` command does.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from dlx.studio.app import create_app
from dlx.studio.runs import Runs, Settings

KEEP_ALIVE = 5
"""Seconds an idle connection is kept open."""


def connections(settings: Settings) -> int:
    """The connections open at once: a page's event stream and a request beside it for each
    process, and room for more pages."""
    return 16 + 2 * settings.max_searches


def serve(settings: Settings, local: bool, listener: socket.socket) -> None:
    """Serve the studio on `listener` until Ctrl-C (then KeyboardInterrupt)."""
    app = create_app(settings, local)
    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        http=_timed(settings.read_seconds),
        limit_concurrency=connections(settings),
        timeout_keep_alive=KEEP_ALIVE,
    )
    Server(config, app.state.runs).run(sockets=[listener])


class Server(uvicorn.Server):
    """uvicorn's server, ending the studio's work first when it closes."""

    def __init__(self, config: uvicorn.Config, runs: Runs) -> None:
        super().__init__(config)
        self.runs = runs

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """End every search and other work (their watchers told), then close as uvicorn does;
        after a second Ctrl-C too, the application told to end (uvicorn would leave it waiting,
        to be cancelled with a traceback)."""
        await self.runs.stop_all()
        await super().shutdown(sockets)
        if self.force_exit:
            await self.lifespan.shutdown()


class Timed(H11Protocol):
    """uvicorn's HTTP/1.1, with a deadline on each request's headers: from the connection's
    start, or from the first byte after the last answer."""

    header_seconds = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """A new connection: its first request's headers are due."""
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        """Bytes came: a new request's headers are due by the deadline, or have come."""
        if self.deadline is None and self._between_requests():
            self._watch()
        super().data_received(data)
        if self.deadline is not None and not self._between_requests():
            self.deadline.cancel()
            self.deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        """The connection ended: no deadline any more."""
        if self.deadline is not None:
            self.deadline.cancel()
        super().connection_lost(exc)

    def _between_requests(self) -> bool:
        """Whether no request is being answered (its headers not yet all come)."""
        return self.cycle is None or self.cycle.response_complete

    def _watch(self) -> None:
        """Close the connection unless a request's headers come in time."""
        self.deadline = self.loop.call_later(self.header_seconds, self._too_slow)

    def _too_slow(self) -> None:
        """The headers did not come in time."""
        self.deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def _timed(seconds: float) -> type[Timed]:
    """`Timed` with `seconds` for the headers."""
    return type("Timed", (Timed,), {"header_seconds": seconds})
