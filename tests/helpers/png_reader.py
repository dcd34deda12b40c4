"""What colour each pixel of a PNG file is: a reader for the 8-bit, non-interlaced RGB and RGBA
images rsvg-convert writes, from the standard library only (tests read rendered pictures)."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {2: 3, 6: 4}
"""Channels per pixel of the colour types read: RGB and RGBA."""


@dataclass(frozen=True)
class Image:
    """A decoded image: `rows[y][x]` is the pixel's (red, green, blue) over white."""

    width: int
    height: int
    rows: list[list[tuple[int, int, int]]]

    def hex(self, x: int, y: int) -> str:
        """The pixel at (x, y) as '#rrggbb'."""
        return "#" + "".join(f"{v:02x}" for v in self.rows[y][x])


def read_png(data: bytes) -> Image:
    """The pixels of PNG `data` (8-bit RGB or RGBA, not interlaced), alpha blended over white."""
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG file")
    chunks = _chunks(data[len(SIGNATURE) :])
    width, height, depth, kind, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    if depth != 8 or kind not in CHANNELS or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {kind}")
    channels = CHANNELS[kind]
    raw = _unfilter(zlib.decompress(chunks[b"IDAT"]), width * channels, height, channels)
    rows = [
        [_over_white(line[x * channels : (x + 1) * channels]) for x in range(width)] for line in raw
    ]
    return Image(width, height, rows)


def _chunks(data: bytes) -> dict[bytes, bytes]:
    """Each chunk type's data (IDAT chunks joined)."""
    found: dict[bytes, bytes] = {}
    at = 0
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        found[kind] = found.get(kind, b"") + data[at + 8 : at + 8 + length]
        at += 12 + length
    return found


def _unfilter(data: bytes, stride: int, height: int, bpp: int) -> list[bytes]:
    """The scanlines with PNG's per-line filters (none, sub, up, average, Paeth) undone."""
    lines: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = data[start], bytearray(data[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + _predict(kind, left, up, corner)) & 0xFF
        lines.append(bytes(line))
        previous = line
    return lines


def _predict(kind: int, left: int, up: int, corner: int) -> int:
    """The value filter `kind` predicts from the left, upper and upper-left bytes."""
    if kind == 0:
        return 0
    if kind == 1:
        return left
    if kind == 2:
        return up
    if kind == 3:
        return (left + up) // 2
    estimate = left + up - corner
    near = min((abs(estimate - v), k) for k, v in enumerate((left, up, corner)))
    return (left, up, corner)[near[1]]


def _over_white(pixel: bytes) -> tuple[int, int, int]:
    """An RGB or RGBA pixel as RGB over a white background."""
    red, green, blue = pixel[0], pixel[1], pixel[2]
    alpha = pixel[3] if len(pixel) == 4 else 255
    return tuple(round(v * alpha / 255 + 255 * (1 - alpha / 255)) for v in (red, green, blue))  # type: ignore[return-value]
