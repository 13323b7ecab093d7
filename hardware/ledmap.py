"""Which LED lights which hole: a board model's LED map.

A map file ``hardware/boards/<model>.leds.json`` lists the place under each LED in chain order::

    {"model": "tock4", "sections": 4, "chain": ["A1", "A2", ..., "AH1", ..., "CIEL"]}

The chain's position is the LED index; ``null`` marks an LED that sits under no hole (a spare in the
chain). Every place of the board appears exactly once. A map recorded with ``tock leds map`` is saved
in the user's folder (:data:`USER_MAP_DIR`) and is found before the one shipped with the package.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hardware.colour import BLACK, RGB, Scene
from hardware.errors import LedMapError

BOARDS_DIR = Path(__file__).resolve().parent / "boards"
"""The board models shipped with the package."""

USER_MAP_DIR = Path(os.environ.get("TOCK_LED_MAP_DIR", Path.home() / ".config" / "tock" / "leds"))
"""Where ``tock leds map`` saves recorded maps (``$TOCK_LED_MAP_DIR`` overrides it)."""

SUFFIX = ".leds.json"
_MODEL_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_SECTION_LETTERS = "ABCDEFGH"


def board_places(sections: int) -> frozenset[str]:
    """Every place id of a board of ``sections`` sections (track, homes, reserves, centre).

    The hardware layer imports nothing of the engine, so this follows the id rules of
    ``firmware_py.engine.board``; a test checks that both agree.
    """
    if sections not in (4, 6, 8):
        raise LedMapError(f"a board has 4, 6 or 8 sections, not {sections!r}")
    ids = {"CIEL"}
    for letter in _SECTION_LETTERS[:sections]:
        ids.update(f"{letter}{n}" for n in range(1, 19))
        ids.update(f"{letter}{kind}{n}" for kind in "HR" for n in range(1, 5))
    return frozenset(ids)


@dataclass(frozen=True)
class LedMap:
    """The place under each LED of one board model.

    Args:
        model: board model name (``tock4``, ``tock6``).
        sections: sections of the board.
        chain: place id under each LED in chain order, or ``None`` for an LED under no hole.

    Raises:
        LedMapError: a place appears twice, a place is missing, or an id is not of this board.
    """

    model: str
    sections: int
    chain: tuple[str | None, ...]
    _index: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        expected = board_places(self.sections)
        index: dict[str, int] = {}
        for position, place in enumerate(self.chain):
            if place is None:
                continue
            if place not in expected:
                raise LedMapError(f"{self.model}: LED {position} names {place!r}, not a place of this board")
            if place in index:
                first = index[place]
                raise LedMapError(f"{self.model}: {place} is under both LED {first} and LED {position}")
            index[place] = position
        missing = sorted(expected - set(index))
        if missing:
            shown = ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else "")
            raise LedMapError(f"{self.model}: {len(missing)} places have no LED: {shown}")
        object.__setattr__(self, "_index", index)

    @property
    def count(self) -> int:
        """Number of LEDs in the chain (spares included)."""
        return len(self.chain)

    def index_of(self, place: str) -> int:
        """LED index under ``place``.

        Raises:
            LedMapError: ``place`` is not a place of this board.
        """
        try:
            return self._index[place]
        except KeyError:
            raise LedMapError(f"{place!r} is not a place of the {self.model} board") from None

    def place_at(self, index: int) -> str | None:
        """Place above LED ``index`` (``None`` for a spare LED)."""
        return self.chain[index]

    def to_pixels(self, scene: Scene) -> list[RGB]:
        """One colour per LED in chain order for ``scene``; places not in the scene are dark.

        Raises:
            LedMapError: the scene names a place that is not on this board.
        """
        pixels = [BLACK] * self.count
        for place, colour in scene.items():
            pixels[self.index_of(place)] = colour
        return pixels

    def check_count(self, led_count: int) -> None:
        """Refuse a strip whose LED count differs from this map.

        Raises:
            LedMapError: the counts differ; the message says which setting to fix.
        """
        if led_count != self.count:
            raise LedMapError(
                f"the {self.model} LED map has {self.count} LEDs but the strip is set to {led_count}: "
                "fix leds.count, or record the map again with `tock leds map`"
            )

    @classmethod
    def from_json(cls, text: str, *, source: str = "LED map") -> LedMap:
        """Parse the JSON form described in the module docstring.

        Raises:
            LedMapError: not JSON, or a field missing or of the wrong type (the message names it).
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise LedMapError(f"{source} is not valid JSON: {error}") from None
        if not isinstance(data, dict):
            raise LedMapError(f"{source} must be a JSON object with model, sections and chain")
        model, sections, chain = data.get("model"), data.get("sections"), data.get("chain")
        if not isinstance(model, str) or not _MODEL_RE.match(model):
            raise LedMapError(f"{source}: 'model' must be a board model name such as 'tock4', not {model!r}")
        if not isinstance(sections, int) or isinstance(sections, bool):
            raise LedMapError(f"{source}: 'sections' must be 4, 6 or 8, not {sections!r}")
        if not isinstance(chain, list) or not all(p is None or isinstance(p, str) for p in chain):
            raise LedMapError(f"{source}: 'chain' must be a list of place ids (or null for a spare LED)")
        return cls(model, sections, tuple(chain))

    def to_json(self) -> str:
        """The JSON form, one LED per line so that a recorded map reads and diffs well."""
        lines = ",\n".join(f"    {json.dumps(place)}" for place in self.chain)
        return (
            f'{{\n  "model": {json.dumps(self.model)},\n  "sections": {self.sections},\n'
            f'  "chain": [\n{lines}\n  ]\n}}\n'
        )

    @classmethod
    def load(cls, model: str, *, search: Sequence[Path] | None = None) -> LedMap:
        """Load the LED map of board ``model`` from the first folder of ``search`` that has it.

        Args:
            model: board model name, such as ``tock4``.
            search: folders to look in; by default the user's recorded maps, then the shipped ones.

        Raises:
            LedMapError: no such model (the message lists the models there are), or a bad file.
        """
        if not _MODEL_RE.match(model):
            raise LedMapError(f"{model!r} is not a board model name (such as 'tock4')")
        folders = list(search) if search is not None else [USER_MAP_DIR, BOARDS_DIR]
        for folder in folders:
            path = folder / f"{model}{SUFFIX}"
            if path.is_file():
                led_map = cls.from_json(path.read_text(encoding="utf-8"), source=str(path))
                if led_map.model != model:
                    raise LedMapError(f"{path} is the map of {led_map.model!r}, not of {model!r}")
                return led_map
        known = ", ".join(available_models(folders)) or "none"
        raise LedMapError(f"no LED map for board model {model!r}; the models with one are: {known}")

    def save(self, folder: Path | None = None) -> Path:
        """Write this map as ``<model>.leds.json`` in ``folder`` (default :data:`USER_MAP_DIR`)."""
        target = (folder if folder is not None else USER_MAP_DIR) / f"{self.model}{SUFFIX}"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(self.to_json(), encoding="utf-8")
        return target


def available_models(folders: Iterable[Path] = (USER_MAP_DIR, BOARDS_DIR)) -> list[str]:
    """Board models that have an LED map in ``folders``."""
    names = {p.name[: -len(SUFFIX)] for f in folders if f.is_dir() for p in f.glob(f"*{SUFFIX}")}
    return sorted(names)
