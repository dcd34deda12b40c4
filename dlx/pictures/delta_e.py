"""How far apart two colours look: sRGB colours ('#rrggbb') in CIE L*a*b* (D65 white), their CIE76
distance (the straight line in Lab) and their CIEDE2000 distance (Sharma, Wu and Dalal's
formulation), the relative luminance that picks a readable text colour on a fill, and a colour
as the most common colour-blind eyes see it (`as_dichromat`).

A CIE delta E of about 2 is a just noticeable difference; at 20 two colours are plainly different
ones. CIEDE2000 follows the eye more closely than CIE76, which overstates saturated differences.

>>> round(delta_e_2000(srgb_to_lab("#ff0000"), srgb_to_lab("#ee1100")), 2)
3.26
"""

from __future__ import annotations

import math

Lab = tuple[float, float, float]
"""A colour in CIE L*a*b*: lightness 0-100 and the two opponent axes."""

WHITE_D65 = (0.95047, 1.0, 1.08883)
SRGB_TO_XYZ = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)

DICHROMATS = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}
"""Machado, Oliveira and Fernandes's (2009) matrices on linear RGB for the two red-green
dichromacies at full severity (together about 2% of men; the milder anomalies are more common)."""


def channels(colour: str) -> tuple[int, int, int]:
    """The red, green and blue bytes of '#rrggbb'.

    >>> channels("#10ff00")
    (16, 255, 0)
    """
    if len(colour) != 7 or colour[0] != "#":
        raise ValueError(f"a colour is written '#rrggbb', not {colour!r}")
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def linear(byte: int) -> float:
    """The linear light of one sRGB channel byte (the sRGB transfer function undone)."""
    value = byte / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """The relative luminance (0 black, 1 white) of '#rrggbb', as WCAG defines it."""
    return sum(w * linear(b) for w, b in zip(SRGB_TO_XYZ[1], channels(colour), strict=True))


def as_dichromat(colour: str, kind: str) -> str:
    """'#rrggbb' as a person with the dichromacy `kind` (a key of DICHROMATS) sees it.

    >>> as_dichromat("#808080", "deuteranopia"), as_dichromat("#ff0000", "deuteranopia")
    ('#808080', '#a39000')
    """
    light = [linear(byte) for byte in channels(colour)]
    seen = (sum(w * v for w, v in zip(row, light, strict=True)) for row in DICHROMATS[kind])
    return "#" + "".join(f"{_encode(min(1.0, max(0.0, v))):02x}" for v in seen)


def _encode(value: float) -> int:
    """The sRGB byte of a linear light value in [0, 1] (the sRGB transfer function)."""
    coded = 12.92 * value if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(255 * coded)


def srgb_to_lab(colour: str) -> Lab:
    """The CIE L*a*b* coordinates of '#rrggbb' under the D65 white point.

    >>> [round(v, 1) for v in srgb_to_lab("#ff0000")]
    [53.2, 80.1, 67.2]
    """
    light = [linear(byte) for byte in channels(colour)]
    x, y, z = (sum(w * v for w, v in zip(row, light, strict=True)) for row in SRGB_TO_XYZ)
    fx, fy, fz = (_f(t / n) for t, n in zip((x, y, z), WHITE_D65, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _f(t: float) -> float:
    """The cube root of CIE Lab, with its linear part near black."""
    epsilon = (6 / 29) ** 3
    return t ** (1 / 3) if t > epsilon else t / (3 * (6 / 29) ** 2) + 4 / 29


def delta_e_76(one: Lab, two: Lab) -> float:
    """The CIE76 colour difference: the Euclidean distance in Lab."""
    return math.dist(one, two)


def delta_e_2000(one: Lab, two: Lab) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = one, two
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    c1, h1 = _chroma_hue(a1 * (1 + g), b1)
    c2, h2 = _chroma_hue(a2 * (1 + g), b2)
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0 if c1 * c2 == 0 else _hue_step(h1, h2)
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_bar, c_bar = (l1 + l2) / 2, (c1 + c2) / 2
    h_bar = _hue_mean(h1, h2, c1 * c2)
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_bar, 1 + 0.015 * c_bar * t
    r_c = 2 * math.sqrt(c_bar**7 / (c_bar**7 + 25**7))
    r_t = -r_c * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2))))
    terms = dl / s_l, dc / s_c, big_dh / s_h
    return math.sqrt(sum(x * x for x in terms) + r_t * terms[1] * terms[2])


def _chroma_hue(a: float, b: float) -> tuple[float, float]:
    """Chroma and hue angle in degrees (0 to 360) of the point (a, b)."""
    return math.hypot(a, b), math.degrees(math.atan2(b, a)) % 360 if a or b else 0.0


def _hue_step(h1: float, h2: float) -> float:
    """The signed hue difference h2 - h1, taken the short way round."""
    step = h2 - h1
    if step > 180:
        return step - 360
    return step + 360 if step < -180 else step


def _hue_mean(h1: float, h2: float, chroma_product: float) -> float:
    """The mean hue, taken the short way round (the sum when either colour is grey)."""
    if chroma_product == 0:
        return h1 + h2
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
