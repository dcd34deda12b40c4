"""The studio's web application: its page, its static files, and a JSON API the page speaks.

    GET  /                                   the page
    GET  /static/NAME                        its script and style sheet (a fixed list)
    GET  /api/sets                           the named piece sets of each grid
    GET  /api/examples, /api/examples/NAME   the packaged examples (a fixed list)
    POST /api/check                          a puzzle read as `dlx tile` reads it
    POST /api/dlx                            its problem in Knuth's format (`dlx tile --dlx`)
    POST /api/searches                       start a search: solve, count, unique, all, fillit
    GET  /api/searches/ID/events             its progress, solutions and end (server-sent events)
    POST /api/searches/ID/stop               end it now
    GET  /api/searches/ID/solutions/N        solution N drawn (SVG, text, legend; a box's cubes)
    GET  /api/searches/ID/solutions.json     every solution kept, as `dlx tile --json` prints them

Every request body is capped and read by the command line's parsers; bad input gets a 4xx with
`{"error": message}`, the message `dlx tile` would print. Nothing on the disk is read or written
on a request's behalf but the packaged static files and examples named in `STATIC`, `EXAMPLES`.
Every puzzle is read, built, searched and drawn in a worker process (`studio.runs`), never in
the server's own, under one cap (429 past it): the server holds requests, a few chunks of
their answers, and each search's text and solutions as numbers.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from dlx.studio.guard import LOCAL_HOSTS, Gone, Secure, gone, read_body
from dlx.studio.puzzle import RequestError, read_job
from dlx.studio.runs import Run, Runs, Settings, event
from dlx.tiling import piece_sets

STATIC = {"studio.js": "text/javascript", "cube3d.js": "text/javascript", "studio.css": "text/css"}
EXAMPLES = {
    "pentominoes-6x10": "The twelve pentominoes in a 6x10 box",
    "pentominoes-3x20": "Pentominoes in 3x20 (two solutions up to symmetry)",
    "heart": "A heart filled with the twelve pentominoes",
    "loose": "Cells that may stay empty",
    "hexiamonds-6x6": "The twelve hexiamonds in a 6x6 rhombus",
    "tetrahexes": "Tetrahexes in a parallelogram",
    "soma": "The Soma cube (Knuth's spec lines)",
    "cube-drawn": "A box of cubes drawn as layers",
    "tetrasticks-5x5": "Tetrasticks but H on the 5x5 square's edges (72 up to symmetry)",
    "fillit": "A fillit input",
}
"""The examples the page offers, by name (files `examples/NAME.txt` in this package)."""
DOWNLOAD = {"content-disposition": 'attachment; filename="solutions.json"'}


def create_app(settings: Settings | None = None, local: bool = True) -> Starlette:
    """The application; `local`: answer only requests addressed to this machine by name (a
    page elsewhere cannot reach it through a DNS name pointed here)."""
    runs = Runs(settings or Settings())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await runs.stop_all()

    api = _Api(runs)
    routes = [
        Route("/", _page),
        Route("/static/{name}", _static),
        Route("/favicon.ico", _no_icon),
        Route("/api/sets", _sets),
        Route("/api/examples", _examples),
        Route("/api/examples/{name}", _example),
        Route("/api/check", api.check, methods=["POST"]),
        Route("/api/dlx", api.dlx, methods=["POST"]),
        Route("/api/searches", api.start, methods=["POST"]),
        Route("/api/searches/{key}/events", api.events),
        Route("/api/searches/{key}/stop", api.stop, methods=["POST"]),
        Route("/api/searches/{key}/solutions/{number:int}", api.solution),
        Route("/api/searches/{key}/solutions.json", api.solutions_json),
    ]
    hosts = LOCAL_HOSTS if local else ["*"]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(Secure),
            Middleware(TrustedHostMiddleware, allowed_hosts=hosts),
        ],
        exception_handlers={RequestError: _refused, HTTPException: _http_error, Gone: gone},
        lifespan=lifespan,
    )
    app.state.runs = runs
    app.state.settings = runs.settings
    return app


async def _refused(request: Request, error: Exception) -> Response:
    """A request the server cannot take: its message, for the page to show."""
    assert isinstance(error, RequestError)
    return JSONResponse({"error": str(error)}, error.status)


async def _http_error(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (no such path, method not allowed), as JSON."""
    assert isinstance(error, HTTPException)
    return JSONResponse({"error": error.detail}, error.status_code)


def _packaged(*parts: str) -> bytes:
    """A file packaged with the studio."""
    return resources.files("dlx.studio").joinpath(*parts).read_bytes()


async def _page(request: Request) -> Response:
    """The page."""
    return Response(_packaged("static", "index.html"), media_type="text/html")


async def _no_icon(request: Request) -> Response:
    """No icon (browsers ask for one)."""
    return Response(status_code=204)


async def _static(request: Request) -> Response:
    """One of the page's files, by name from a fixed list."""
    name = request.path_params["name"]
    if name not in STATIC:
        raise RequestError(f"no static file {name[:40]!r}", 404)
    return Response(_packaged("static", name), media_type=STATIC[name])


async def _sets(request: Request) -> Response:
    """The named piece sets of each grid, as `pieces` lines name them."""
    found: dict[str, list[str]] = {}
    for name, grid in piece_sets().items():
        found.setdefault(grid, []).append(name)
    return JSONResponse(found)


async def _examples(request: Request) -> Response:
    """The examples' names and titles."""
    return JSONResponse([{"name": name, "title": title} for name, title in EXAMPLES.items()])


async def _example(request: Request) -> Response:
    """An example's text, by name from a fixed list."""
    name = request.path_params["name"]
    if name not in EXAMPLES:
        raise RequestError(f"no example {name[:40]!r}", 404)
    text = _packaged("examples", f"{name}.txt").decode("utf-8")
    return JSONResponse({"name": name, "text": text, "fillit": name == "fillit"})


class _Api:
    """The endpoints that read puzzles and run searches, over the server's `runs`."""

    def __init__(self, runs: Runs) -> None:
        self.runs = runs

    async def check(self, request: Request) -> Response:
        """Read a puzzle and build its problem, as `dlx tile` does before searching: its size,
        or what is wrong with it."""
        job = read_job(await read_body(request))
        return JSONResponse(await self.runs.ask(self.runs.task("check", job)))

    async def dlx(self, request: Request) -> Response:
        """The puzzle's exact-cover problem in Knuth's format, as `dlx tile --dlx` prints it."""
        job = read_job(await read_body(request))
        chunks = await self.runs.text(self.runs.task("dlx", job))
        return StreamingResponse(chunks, media_type="text/plain; charset=utf-8")

    async def start(self, request: Request) -> Response:
        """Start a search; its key names its events, solutions and stop."""
        run = await self.runs.start(read_job(await read_body(request)))
        return JSONResponse({"id": run.key}, 201)

    async def stop(self, request: Request) -> Response:
        """End a search now."""
        run = self.runs.get(request.path_params["key"])
        self.runs.stop(run)
        return JSONResponse({"stopped": run.done is None})

    async def events(self, request: Request) -> Response:
        """The search's progress, first solution and end, as server-sent events; the search
        ends when its last watcher goes away before it does."""
        run = self.runs.get(request.path_params["key"])
        return StreamingResponse(self._stream(run), media_type="text/event-stream")

    async def _stream(self, run: Run) -> AsyncIterator[str]:
        """The events of `run` (see `events`)."""
        run.watchers += 1
        try:
            seen, shown = -1, False
            while True:
                async with run.changed:
                    await run.changed.wait_for(lambda: run.version != seen)  # noqa: B023
                    seen = run.version
                yield event("progress", run.progress())
                if not shown and run.first is not None:
                    shown = True
                    yield event("solution", run.first)
                if run.done is not None:
                    yield event("done", run.done)
                    return
        finally:
            run.watchers -= 1
            if run.watchers == 0:
                self.runs.stop(run)

    async def solution(self, request: Request) -> Response:
        """Solution N of a search that kept its solutions (Solve, All), drawn."""
        run = self.runs.get(request.path_params["key"])
        number = request.path_params["number"]
        if number == 1 and run.first is not None:
            return Response(run.first, media_type="application/json")
        if not 1 <= number <= len(run.kept):
            raise RequestError(f"no solution {number}: the search kept {len(run.kept)}", 404)
        task = self.runs.task("draw", run.job, kept=run.kept.only(number), number=number)
        return Response(await self.runs.ask(task), media_type="application/json")

    async def solutions_json(self, request: Request) -> Response:
        """Every solution kept, as `dlx tile --json` prints them (rows of labels)."""
        run = self.runs.get(request.path_params["key"])
        if run.rows is not None:
            raise RequestError("a fillit search keeps no list of solutions", 404)
        head = {**(run.done or {"status": "running"}), "count": len(run.kept)}
        if not run.kept:
            return JSONResponse({**head, "solutions": []}, headers=DOWNLOAD)
        chunks = await self.runs.text(self.runs.task("rows", run.job, kept=run.kept))
        return StreamingResponse(
            _listed(json.dumps(head)[:-1] + ', "solutions": [', chunks),
            media_type="application/json",
            headers=DOWNLOAD,
        )


async def _listed(head: str, chunks: AsyncIterator[str]) -> AsyncIterator[str]:
    """`head`, the chunks, and the JSON's end."""
    yield head
    async for chunk in chunks:
        yield chunk
    yield "]}"
