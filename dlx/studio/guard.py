"""What keeps the server to itself: it answers only requests addressed to this machine by name
(unless told to listen wider), its answers carry headers that forbid other sites' frames and
scripts, and a request body is read only up to `MAX_BODY` bytes, as JSON, within the server's
`read_seconds` (408 past them); a client that leaves before its body has come is one quiet line
in the log (`Gone`), never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dlx.studio.puzzle import MAX_BODY, RequestError

LOCAL_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data: blob:; "
    "style-src 'self'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


class Secure:
    """Every answer with headers that keep the page to itself (no other site's frame, script,
    or guess at a file's type)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, secured if scope["type"] == "http" else send)


class Gone(Exception):
    """The client went away before its request's body had come."""


async def gone(request: Request, error: Exception) -> Response:
    """One line in the log for a client that left mid-request (nobody is there to answer)."""
    logging.getLogger("uvicorn.error").warning(
        "%s %s: the client left before its request's body had come",
        request.method,
        request.url.path,
    )
    return Response(status_code=400)


async def read_body(request: Request) -> Any:
    """The request's JSON, no more than `MAX_BODY` bytes of it read, within the server's
    `read_seconds`."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise RequestError("send the request as application/json", 415)
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise RequestError(f"the request is larger than {MAX_BODY} bytes", 413)
    seconds = request.app.state.settings.read_seconds
    try:
        async with asyncio.timeout(seconds):
            body = await _body(request)
    except TimeoutError:
        raise RequestError(f"the request's body did not come within {seconds:g} s", 408) from None
    except ClientDisconnect:
        raise Gone from None
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise RequestError("the request is not JSON") from None


async def _body(request: Request) -> bytearray:
    """The request's body, refused (413) once it passes `MAX_BODY` bytes."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise RequestError(f"the request is larger than {MAX_BODY} bytes", 413)
    return body
