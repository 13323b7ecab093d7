"""QR codes of the private seat links, drawn inline as SVG (no image file, nothing fetched)."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup


@lru_cache(maxsize=64)
def qr_svg(url: str, *, title: str) -> Markup:
    """An inline ``<svg>`` QR code of ``url`` that a phone's camera opens.

    Args:
        url: the absolute link (scheme, host and path) the phone should open.
        title: the accessible name of the picture (e.g. the seat's name).

    Returns:
        SVG markup, safe to put in a template; black on white with the quiet zone, scaled by CSS.
    """
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, dark="#000", light="#fff", omitsize=True, title=title, svgclass="qr")
    return Markup(svg)  # noqa: S704 - segno escapes the title and builds the rest from the code's modules
