"""The physical boards as data: one ``<model>.json`` geometry file per board model.

A geometry file gives, in millimetres from the board's top-left corner, the centre of every hole (keyed
by the engine's place ids), the hole and marble sizes and the ArUco markers glued near the corners.
Vision reads it to find the holes in a camera frame; ``tock board print`` draws it at true size. LED
maps live beside it as ``<model>.leds.json`` and are not geometry files.

This module only reads and checks the files' shape with the standard library; whether the place ids
are those of the engine's topology is checked by ``vision.geometry``, which may import the engine.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

BOARDS_DIR = Path(__file__).resolve().parent
"""Folder holding the geometry files."""
FORMAT = 1
"""Version of the geometry file format this loader reads."""

_NUMBERS = ("pitch_mm", "hole_radius_mm", "marble_diameter_mm", "marble_top_mm")


class BoardFileError(ValueError):
    """A geometry file is missing, is not JSON, or lacks a field; the message names the file and field."""


def board_models() -> tuple[str, ...]:
    """Names of the board models that have a geometry file here, sorted (``("tock4", "tock6")``)."""
    return tuple(sorted(p.stem for p in BOARDS_DIR.glob("*.json") if not p.name.endswith(".leds.json")))


def load_board(model: str) -> dict[str, Any]:
    """The checked geometry data of a board model shipped in this folder.

    Args:
        model: a name from :func:`board_models`, such as ``"tock4"``.

    Raises:
        BoardFileError: no such model, or its file is malformed.
    """
    path = BOARDS_DIR / f"{model}.json"
    if "/" in model or "\\" in model or not path.is_file():
        known = ", ".join(board_models()) or "none"
        raise BoardFileError(f"no board model {model!r}: known models are {known}")
    return load_board_file(path)


def load_board_file(path: str | Path) -> dict[str, Any]:
    """The checked geometry data of any geometry file (for example one made by ``tock board fit``).

    Raises:
        BoardFileError: the file is missing, is not JSON, or a field is missing or of the wrong kind.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BoardFileError(f"board geometry file {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise BoardFileError(f"board geometry file {path} cannot be read: {error}") from None
    except json.JSONDecodeError as error:
        raise BoardFileError(f"board geometry file {path} is not valid JSON: {error}") from None
    try:
        check_board_data(data)
    except BoardFileError as error:
        raise BoardFileError(f"board geometry file {path}: {error}") from None
    return data  # type: ignore[no-any-return]


def check_board_data(data: object) -> None:
    """Check the shape of geometry data: required fields, positive sizes, points as ``[x, y]``.

    Raises:
        BoardFileError: the first problem found, naming the field.
    """
    if not isinstance(data, dict):
        raise BoardFileError("the geometry must be a JSON object")
    if data.get("format") != FORMAT:
        raise BoardFileError(f"'format' must be {FORMAT}, not {data.get('format')!r}")
    if not isinstance(data.get("model"), str) or not data["model"]:
        raise BoardFileError("'model' must be a non-empty string")
    if data.get("sections") not in (4, 6, 8):
        raise BoardFileError(f"'sections' must be 4, 6 or 8, not {data.get('sections')!r}")
    _point(data.get("board_mm"), "board_mm", positive=True)
    for key in _NUMBERS:
        _number(data.get(key), key, positive=True)
    if not data["hole_radius_mm"] < data["marble_diameter_mm"] / 2:
        raise BoardFileError("'hole_radius_mm' must be smaller than the marble's radius")
    markers = data.get("markers")
    if not isinstance(markers, dict) or not isinstance(markers.get("dictionary"), str):
        raise BoardFileError("'markers' must be an object with a 'dictionary' name and 'items'")
    items = markers.get("items")
    if not isinstance(items, list) or len(items) < 3:
        raise BoardFileError("'markers.items' must list at least 3 markers")
    seen: set[int] = set()
    for i, item in enumerate(items):
        where = f"markers.items[{i}]"
        if not isinstance(item, dict):
            raise BoardFileError(f"'{where}' must be an object with 'id', 'centre' and 'size'")
        marker_id = item.get("id")
        if not isinstance(marker_id, int) or isinstance(marker_id, bool) or not 0 <= marker_id < 1000:
            raise BoardFileError(f"'{where}.id' must be a marker number, not {marker_id!r}")
        if marker_id in seen:
            raise BoardFileError(f"marker id {marker_id} appears twice")
        seen.add(marker_id)
        _point(item.get("centre"), f"{where}.centre")
        _number(item.get("size"), f"{where}.size", positive=True)
    places = data.get("places")
    if not isinstance(places, dict) or not places:
        raise BoardFileError("'places' must map place ids to [x, y] centres")
    for place, centre in places.items():
        _point(centre, f"places.{place}")


def _number(value: object, where: str, *, positive: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BoardFileError(f"'{where}' must be a number, not {value!r}")
    if positive and value <= 0:
        raise BoardFileError(f"'{where}' must be positive, not {value!r}")
    return float(value)


def _point(value: object, where: str, *, positive: bool = False) -> None:
    if not isinstance(value, list) or len(value) != 2:
        raise BoardFileError(f"'{where}' must be a pair [x, y] in millimetres, not {value!r}")
    for v in value:
        _number(v, where, positive=positive)
