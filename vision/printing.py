"""Printing a drawing at true size on a home printer: tiles over A4 or Letter pages, and the drilling
template of the LED layer.

A board is 36 cm or more across; a home printer takes 21 cm. :func:`tile` cuts a drawing into page-size
tiles that overlap by :data:`OVERLAP_MM`; crosses printed in each overlap strip fall on the same spot of
the drawing on both pages, so a page laid over its neighbour with the crosses on top of each other
puts the drawing back together to within a pen stroke. Every page carries a 100 mm bar to check with
a ruler that the printer did not scale it. :func:`pages_html` puts the pages in one HTML file whose
``@page`` size is the paper: a browser prints it page by page at 100 %.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from vision.geometry import BoardGeometry
from vision.svg import Drawing

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in mm, portrait."""
MARGIN_MM = 10.0
"""Around the tile on every page, for the page's label and its scale bar; home printers leave the outer
3 to 5 mm blank."""
OVERLAP_MM = 15.0
"""Width of the strip two neighbouring tiles share, where their alignment crosses are: wider than a
hole (13 mm), so every hole is whole on at least one page."""
HOW_TO = "overlap the pages, crosses on crosses"
SCALE_BAR_MM = 100.0
CROSS_MM = 4.0
HEADER_MM = 28.0
"""Band above the board on the drilling template for its legend."""


@dataclass(frozen=True, slots=True)
class Tile:
    """The part of the drawing one page shows: its top-left corner and size in drawing mm."""

    row: int
    column: int
    x: float
    y: float
    width: float
    height: float

    def holds(self, x: float, y: float, *, inset: float = 0.0) -> bool:
        """Whether drawing point (x, y) is on this tile, ``inset`` mm from its edges at least."""
        return (
            self.x + inset <= x <= self.x + self.width - inset
            and self.y + inset <= y <= self.y + self.height - inset
        )


def tiles(width: float, height: float, paper: str) -> list[Tile]:
    """The tiles, row by row, that cover a ``width`` x ``height`` mm drawing on ``paper`` pages.

    Raises:
        ValueError: an unknown paper.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: use {' or '.join(PAPERS)}")
    page_width, page_height = PAPERS[paper]
    tile_width, tile_height = page_width - 2 * MARGIN_MM, page_height - 2 * MARGIN_MM
    columns = _count(width, tile_width)
    rows = _count(height, tile_height)
    step_x, step_y = tile_width - OVERLAP_MM, tile_height - OVERLAP_MM
    return [
        Tile(row, column, column * step_x, row * step_y, tile_width, tile_height)
        for row in range(rows)
        for column in range(columns)
    ]


def _count(length: float, tile: float) -> int:
    """Tiles of ``tile`` mm, overlapping by OVERLAP_MM, needed to cover ``length`` mm."""
    return max(1, math.ceil((length - OVERLAP_MM) / (tile - OVERLAP_MM) - 1e-9))


def alignment_marks(all_tiles: list[Tile]) -> list[tuple[float, float]]:
    """Drawing points of the alignment crosses: two in each strip where two neighbouring tiles overlap,
    at a quarter and three quarters of its length, each on both tiles."""
    marks: list[tuple[float, float]] = []
    by_place = {(t.row, t.column): t for t in all_tiles}
    for tile in all_tiles:
        right = by_place.get((tile.row, tile.column + 1))
        if right is not None:
            x = right.x + OVERLAP_MM / 2
            marks += [(x, tile.y + tile.height * f) for f in (0.25, 0.75)]
        below = by_place.get((tile.row + 1, tile.column))
        if below is not None:
            y = below.y + OVERLAP_MM / 2
            marks += [(tile.x + tile.width * f, y) for f in (0.25, 0.75)]
    return marks


def page_svgs(drawing: Drawing, paper: str) -> list[str]:
    """One SVG per page, paper-sized in mm, each showing its tile of ``drawing`` with the crosses."""
    page_width, page_height = PAPERS[paper]
    all_tiles = tiles(drawing.width, drawing.height, paper)
    marks = alignment_marks(all_tiles)
    crosses = [_cross(x, y) for x, y in marks]
    pages = []
    for number, tile in enumerate(all_tiles, start=1):
        clip = f"tile-{number}"
        shift = f"translate({MARGIN_MM - tile.x:.3f} {MARGIN_MM - tile.y:.3f})"
        where = f"row {tile.row + 1}, column {tile.column + 1}"
        label = f"{drawing.title}: page {number} of {len(all_tiles)} ({where})"
        body = [
            f'<defs><clipPath id="{clip}"><rect x="{tile.x:.3f}" y="{tile.y:.3f}" width="{tile.width:.3f}" '
            f'height="{tile.height:.3f}"/></clipPath></defs>',
            f'<g transform="{shift}"><g clip-path="url(#{clip})">',
            *drawing.parts,
            *crosses,
            "</g></g>",
            f'<rect x="{MARGIN_MM}" y="{MARGIN_MM}" width="{tile.width:.3f}" height="{tile.height:.3f}" '
            'fill="none" stroke="#888" stroke-width="0.2" stroke-dasharray="2 2"/>',
            f'<text x="{MARGIN_MM}" y="{MARGIN_MM - 2.5}" font-size="2.4" font-family="sans-serif">'
            f"{escape(label)}; print at 100 % (actual size)</text>",
            *_scale_bar(MARGIN_MM, page_height - MARGIN_MM + 4.5),
        ]
        pages.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_width:g}mm" height="{page_height:g}mm" '
            f'viewBox="0 0 {page_width:g} {page_height:g}">\n  <title>{escape(label)}</title>\n  '
            + "\n  ".join(body)
            + "\n</svg>"
        )
    return pages


def pages_html(drawing: Drawing, paper: str) -> str:
    """The pages of :func:`page_svgs` in one HTML file that prints one page per sheet of ``paper``."""
    page_width, page_height = PAPERS[paper]
    pages = "\n".join(page_svgs(drawing, paper))
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f"<title>{escape(drawing.title)}</title>\n<style>\n"
        f"@page {{ size: {page_width:g}mm {page_height:g}mm; margin: 0 }}\n"
        "html, body { margin: 0; padding: 0 }\n"
        "svg { display: block; break-after: page; page-break-after: always }\n"
        "svg:last-child { break-after: auto; page-break-after: auto }\n"
        f"</style></head>\n<body>\n{pages}\n</body></html>\n"
    )


def _cross(x: float, y: float) -> str:
    half = CROSS_MM / 2
    return (
        f'<g stroke="black" stroke-width="0.25" fill="none">'
        f'<circle cx="{x:.3f}" cy="{y:.3f}" r="{half / 2}"/>'
        f'<line x1="{x - half:.3f}" y1="{y:.3f}" x2="{x + half:.3f}" y2="{y:.3f}"/>'
        f'<line x1="{x:.3f}" y1="{y - half:.3f}" x2="{x:.3f}" y2="{y + half:.3f}"/></g>'
    )


def _scale_bar(x: float, y: float) -> list[str]:
    return [
        f'<line x1="{x}" y1="{y}" x2="{x + SCALE_BAR_MM}" y2="{y}" stroke="black" stroke-width="0.5"/>',
        f'<line x1="{x}" y1="{y - 1.5}" x2="{x}" y2="{y + 1.5}" stroke="black" stroke-width="0.3"/>',
        f'<line x1="{x + SCALE_BAR_MM}" y1="{y - 1.5}" x2="{x + SCALE_BAR_MM}" y2="{y + 1.5}" stroke="black" '
        'stroke-width="0.3"/>',
        f'<text x="{x + SCALE_BAR_MM + 3}" y="{y + 0.8}" font-size="2.2" font-family="sans-serif">'
        f"100 mm (check with a ruler); {HOW_TO}</text>",
    ]


def drilling_drawing(geometry: BoardGeometry, chain: Sequence[str | None]) -> Drawing:
    """The LED layer's template: a cross on each hole centre to drill or glue on, the LED's index in the
    chain in bold and its hole's id below, the chain drawn from LED to LED with an arrow on each hop,
    and the data line's way in at LED 0 (from the 74AHCT125, through the 330 ohm resistor at this end).

    Args:
        geometry: the board.
        chain: the hole above each LED in chain order, None for a spare LED (an LED map's ``chain``).

    Raises:
        ValueError: the chain does not name each of the board's holes once.
    """
    placed = [p for p in chain if p is not None]
    if sorted(placed) != sorted(geometry.place_ids):
        raise ValueError(f"this LED map does not name each hole of the {geometry.model} board once")
    width, height = geometry.size_mm
    radius = geometry.hole_radius
    parts = [
        f'<rect x="0" y="{HEADER_MM}" width="{width}" height="{height}" fill="white" stroke="black" '
        'stroke-width="0.5"/>'
    ]
    at = {place: (x, y + HEADER_MM) for place, (x, y) in geometry.places.items()}
    lit = [(index, at[place]) for index, place in enumerate(chain) if place is not None]
    for (index, start), (next_index, end) in zip(lit, lit[1:], strict=False):
        dashed = ' stroke-dasharray="1.5 1"' if next_index != index + 1 else ""
        parts.append(
            f'<line x1="{start[0]:.2f}" y1="{start[1]:.2f}" x2="{end[0]:.2f}" y2="{end[1]:.2f}" '
            f'stroke="#1f77b4" stroke-width="0.6"{dashed}/>'
        )
        parts.append(_arrowhead(start, end))
    for index, (x, y) in lit:
        place = chain[index]
        parts += [
            f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{radius}" fill="white" stroke="#555" stroke-width="0.3"/>',
            _cross(x, y),
            f'<text x="{x:.2f}" y="{y - 1.6:.2f}" font-size="3.4" font-weight="bold" '
            f'text-anchor="middle" font-family="sans-serif">{index}</text>',
            f'<text x="{x:.2f}" y="{y + 4.4:.2f}" font-size="2.1" text-anchor="middle" '
            f'font-family="sans-serif" fill="#444">{escape(str(place))}</text>',
        ]
    parts += _data_in(lit[0][1], width, height)
    spares = len(chain) - len(lit)
    legend = [
        f"Drilling template of board {geometry.model} ({len(lit)} holes, {len(chain)} LEDs"
        + (f", {spares} spare" if spares else "")
        + "): drill or glue on each cross.",
        "Bold: the LED's index in the chain (tock leds walk lights them in this order); small: the hole.",
        "Blue: the chain, DOUT to DIN in the arrows' direction (dashed: through a spare LED). Keep each DIN",
        "pad towards the previous LED. The data line enters at LED 0, with the 330 ohm resistor at that end.",
    ]
    parts += [
        f'<text x="4" y="{6 + 5 * i}" font-size="3.4" font-family="sans-serif">{escape(line)}</text>'
        for i, line in enumerate(legend)
    ]
    return Drawing(width, height + HEADER_MM, tuple(parts), f"Drilling template {geometry.model}")


def _arrowhead(start: tuple[float, float], end: tuple[float, float]) -> str:
    """A small triangle half way from ``start`` to ``end``, pointing towards ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
    tip = (mx + 1.6 * ux, my + 1.6 * uy)
    left = (mx - 1.6 * ux - 1.2 * uy, my - 1.6 * uy + 1.2 * ux)
    right = (mx - 1.6 * ux + 1.2 * uy, my - 1.6 * uy - 1.2 * ux)
    points = " ".join(f"{px:.2f},{py:.2f}" for px, py in (tip, left, right))
    return f'<polygon points="{points}" fill="#1f77b4"/>'


def _data_in(first: tuple[float, float], width: float, height: float) -> list[str]:
    """A red arrow from the board's nearest edge to LED 0, labelled DATA IN."""
    x, y = first
    top, bottom = HEADER_MM, HEADER_MM + height
    edges = {"left": x, "right": width - x, "top": y - top, "bottom": bottom - y}
    side = min(edges, key=lambda name: edges[name])
    start = {"left": (0.0, y), "right": (width, y), "top": (x, top), "bottom": (x, bottom)}[side]
    return [
        f'<line x1="{start[0]:.2f}" y1="{start[1]:.2f}" x2="{x:.2f}" y2="{y:.2f}" stroke="#d62728" '
        'stroke-width="1.2"/>',
        _arrowhead(start, (x, y)).replace("#1f77b4", "#d62728"),
        f'<text x="{start[0] + (4 if side != "right" else -4):.2f}" y="{start[1] - 3:.2f}" font-size="3.4" '
        f'font-weight="bold" fill="#d62728" font-family="sans-serif" '
        f'text-anchor="{"end" if side == "right" else "start"}">'
        "DATA IN (from the 74AHCT125, 330 ohm here)</text>",
    ]
