"""`dlx studio`: serve the studio's page (the `studio` package) here and open it in a browser.
Starlette and uvicorn (the `studio` extra) are imported only when the command runs, so every
other command starts as fast without them. Exit 1 when the extra is missing or the address
cannot be had.
"""

# Without `from __future__ import annotations`, as in dlx.cli.app (typer reads these at start);
# socket and ipaddress load only when the command runs.

from typing import TYPE_CHECKING, Annotated

import typer

from dlx.cli.output import fail
from dlx.programs.kit import positive_seconds

if TYPE_CHECKING:
    import socket

DEFAULT_TIMEOUT = 300.0
DEFAULT_MAX_NODES = 10**11


def register(app: typer.Typer) -> None:
    """Add `dlx studio` to the `dlx` command line `app`."""
    app.command("studio")(studio)


PortOpt = Annotated[
    int, typer.Option("--port", min=0, max=65535, help="Listen on this port (0: a free one).")
]
HostOpt = Annotated[
    str, typer.Option("--host", help="Listen on this address (not this machine's: a warning).")
]
NoBrowserOpt = Annotated[
    bool, typer.Option("--no-browser", help="Print the address; open no browser.")
]
SearchesOpt = Annotated[
    int, typer.Option("--searches", min=1, max=256, help="Searches running at once, at most.")
]
BudgetOpt = Annotated[
    float,
    typer.Option("--timeout", callback=positive_seconds, help="Each search's budget of seconds."),
]
NodesOpt = Annotated[int, typer.Option("--max-nodes", min=1, help="Each search's budget of nodes.")]


def studio(
    port: PortOpt = 0,
    host: HostOpt = "127.0.0.1",
    no_browser: NoBrowserOpt = False,
    searches: SearchesOpt = 8,
    timeout: BudgetOpt = DEFAULT_TIMEOUT,
    max_nodes: NodesOpt = DEFAULT_MAX_NODES,
) -> None:
    """Draw a tiling puzzle in the browser, watch it solved, browse its solutions."""
    try:
        import starlette  # noqa: F401  (the extra, asked for by name: serve may be loaded)
        import uvicorn  # noqa: F401

        from dlx.studio.runs import Settings
        from dlx.studio.serve import serve
    except ImportError as error:
        raise fail(
            f"dlx studio needs the studio extra ({error.name} is missing): "
            "pip install 'dlx-fillit[studio]'"
        ) from None
    local = _loopback(host)
    if not local:
        typer.echo(
            f"dlx: warning: listening on {host}: anyone who can reach this machine can use the "
            "studio and its processors",
            err=True,
        )
    listener = _listen(host, port)
    url = _url(host, listener.getsockname()[1])
    settings = Settings(timeout, max_nodes, searches)
    typer.echo(f"dlx studio: {url} (Ctrl-C ends it)")
    _survive_closed_connections()
    if not no_browser:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    serve(settings, local, listener)


def _survive_closed_connections() -> None:
    """A browser that leaves mid-answer must not end the server: the command line's default
    (SIGPIPE ends the process quietly, for `dlx ... | head`) gives way to Python's own (the
    write fails with an error the server handles)."""
    import signal

    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)


def _loopback(host: str) -> bool:
    """Whether `host` names this machine only."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _listen(host: str, port: int) -> "socket.socket":
    """A socket listening on `host`:`port` (0: a free port the system picks)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        listener = socket.socket(family, kind, proto)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(128)
    except OSError as error:
        raise fail(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    return listener


def _url(host: str, port: int) -> str:
    """The page's address."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"
