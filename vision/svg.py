"""A printable board at true size: SVG in millimetres, the holes to drill and the markers to glue.

Print at 100 % (no "fit to page"); the markers' black squares must come out at their stated size,
which ``tock board print`` also writes beside each one so a ruler can check it.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from vision.aruco import marker_image
from vision.geometry import BoardGeometry, Marker

MARKER_GRID = 6
"""Cells across a DICT_4X4 marker: 4 data bits plus a 1-cell black border on each side."""


def _marker_cells(geometry: BoardGeometry, marker: Marker, x: float, y: float) -> list[str]:
    """SVG rectangles of one marker's black cells, its white margin included, top-left at (x, y)."""
    image = marker_image(geometry.marker_dictionary, marker.id, MARKER_GRID * 10)
    cell = marker.size / MARKER_GRID
    margin = cell
    parts = [
        f'<rect x="{x - margin:.3f}" y="{y - margin:.3f}" width="{marker.size + 2 * margin:.3f}" '
        f'height="{marker.size + 2 * margin:.3f}" fill="white" stroke="#bbb" stroke-width="0.2"/>'
    ]
    for row in range(MARKER_GRID):
        for col in range(MARKER_GRID):
            if image[row * 10 + 5, col * 10 + 5] < 128:
                parts.append(
                    f'<rect x="{x + col * cell:.3f}" y="{y + row * cell:.3f}" width="{cell + 0.01:.3f}" '
                    f'height="{cell + 0.01:.3f}" fill="black"/>'
                )
    return parts


@dataclass(frozen=True, slots=True)
class Drawing:
    """A drawing in millimetres, (0, 0) at its top left: its size, its SVG elements and its title.

    :meth:`svg` makes one true-size document of it; ``vision.printing`` tiles it over paper pages.
    """

    width: float
    height: float
    parts: tuple[str, ...]
    title: str

    def svg(self) -> str:
        """The drawing as one SVG document at true size."""
        return _document(self.width, self.height, list(self.parts), self.title)


def board_drawing(geometry: BoardGeometry, *, labels: bool = True) -> Drawing:
    """The whole board: outline, every hole (labelled with its place id) and the markers, in mm."""
    width, height = geometry.size_mm
    parts = [
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#e8cfa0" '
        'stroke="black" stroke-width="0.5"/>'
    ]
    for marker in geometry.markers:
        x, y = marker.centre[0] - marker.size / 2, marker.centre[1] - marker.size / 2
        parts += _marker_cells(geometry, marker, x, y)
    for place, (x, y) in geometry.places.items():
        parts.append(f'<circle cx="{x}" cy="{y}" r="{geometry.hole_radius}" fill="#3a2a1a"/>')
        if labels:
            parts.append(
                f'<text x="{x}" y="{y + geometry.hole_radius + 2.6:.2f}" font-size="2.2" '
                f'text-anchor="middle" font-family="sans-serif">{escape(place)}</text>'
            )
    return Drawing(width, height, tuple(parts), f"Tock board {geometry.model}, true size")


def markers_drawing(geometry: BoardGeometry) -> Drawing:
    """Only the markers, in a row at true size with their ids, to glue on a wooden board."""
    gap = 20.0
    size = max(m.size for m in geometry.markers)
    width = len(geometry.markers) * (size + gap) + gap
    height = size + 3 * gap
    parts = []
    for i, marker in enumerate(geometry.markers):
        x = gap + i * (size + gap)
        parts += _marker_cells(geometry, marker, x, gap)
        parts.append(
            f'<text x="{x + marker.size / 2:.2f}" y="{gap + marker.size + 10:.2f}" font-size="4" '
            f'text-anchor="middle" font-family="sans-serif">id {marker.id}: {marker.size:g} mm, centre at '
            f"({marker.centre[0]:g}, {marker.centre[1]:g}) mm</text>"
        )
    return Drawing(width, height, tuple(parts), f"ArUco markers of board {geometry.model}, true size")


def _document(width: float, height: float, parts: list[str], title: str) -> str:
    body = "\n  ".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}mm" height="{height:g}mm" '
        f'viewBox="0 0 {width:g} {height:g}">\n  <title>{escape(title)}</title>\n  {body}\n</svg>\n'
    )
