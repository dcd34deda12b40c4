"""What keeps the server to itself: it answers only requests addressed to this machine by name
(unless told to listen wider), its answers carry headers that forbid other sites' frames and
scripts, and a request body is read only up to `MAX_BODY` bytes, as JSON.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
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


async def read_body(request: Request) -> Any:
    """The request's JSON, no more than `MAX_BODY` bytes of it read."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise RequestError("send the request as application/json", 415)
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise RequestError(f"the request is larger than {MAX_BODY} bytes", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise RequestError(f"the request is larger than {MAX_BODY} bytes", 413)
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise RequestError("the request is not JSON") from None
