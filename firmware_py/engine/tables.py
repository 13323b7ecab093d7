"""Precomputed integer tables of one board, so that move generation never handles strings.

Inside the engine a place is a small integer *location*:

=====================  ==============================  ==================================
place                  location                        example on 4 sections (T = 72)
=====================  ==============================  ==================================
track cell             ``0 .. T-1`` (section*18+cell-1) ``A18`` is 17, ``B1`` is 18
home cell ``n``        ``T + 4*section + n-1``         ``AH1`` is 72, ``BH4`` is 79
centre (Ciel)          ``T + 4*sections``              88
reserve                ``RESERVE`` (-1)                which reserve hole does not matter
=====================  ==============================  ==================================

String place ids appear only at the API edge (notation, layouts, violations).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from firmware_py.engine.board import (
    CELLS_PER_SECTION,
    CENTRE,
    HOME_SIZE,
    SECTION_LETTERS,
    BoardTopology,
    PlaceKind,
    parse_place,
)
from firmware_py.engine.errors import NotationError

RESERVE: Final = -1
"""Location of a marble waiting in its reserve."""


@dataclass(frozen=True, slots=True)
class Tables:
    """Integer facts of one board: where each section starts, enters home, and its shortcut cell."""

    topology: BoardTopology
    sections: int
    track: int
    """Number of track cells (T)."""
    centre: int
    """Location of the centre."""
    size: int
    """Number of locations (track, homes, centre)."""
    start: tuple[int, ...]
    """Per section: location of its start cell (18)."""
    entry: tuple[int, ...]
    """Per section: location of the last track cell before its home lane."""
    home: tuple[int, ...]
    """Per section: location of its home cell 1."""
    shortcuts: tuple[int, ...]
    """Locations of the shortcut cells, in section order."""
    is_shortcut: tuple[bool, ...]
    """Per track location: whether it is a shortcut cell."""
    place_ids: tuple[str, ...]
    """Per location: its place id."""
    owner_of_home: tuple[int, ...]
    """Per location: the section whose home lane it is in, or -1."""
    index: dict[str, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    """Place id -> location (reserve places excepted): the inverse of ``place_ids``."""

    def loc_of(self, place_id: str) -> int:
        """Location of a place id (``RESERVE`` for any reserve place).

        Raises:
            NotationError: the text is not a place of this board.
        """
        loc = self.index.get(place_id)
        if loc is not None:
            return loc
        try:
            place = parse_place(place_id)
        except ValueError as error:
            raise NotationError(str(error)) from None
        if place.section >= self.sections or (place.kind is PlaceKind.CENTRE and not self.topology.centre):
            raise NotationError(
                f"{place_id!r} is not a place of a {self.sections}-section board"
                + ("" if place.kind is not PlaceKind.CENTRE else " without a centre")
            )
        return RESERVE

    def reserve_id(self, section: int, number: int) -> str:
        """Place id of reserve hole ``number`` (1..4) of ``section``."""
        return f"{SECTION_LETTERS[section]}R{number}"


@lru_cache(maxsize=64)
def tables_for(topology: BoardTopology) -> Tables:
    """The tables of a board (computed once per board)."""
    sections = topology.sections
    track = sections * CELLS_PER_SECTION
    centre = track + HOME_SIZE * sections
    ids = [topology.track_place(i) for i in range(track)]
    ids += [f"{SECTION_LETTERS[s]}H{n}" for s in range(sections) for n in range(1, HOME_SIZE + 1)]
    ids.append(CENTRE)
    shortcuts = topology.shortcut_indices()
    owner_of_home = [-1] * (centre + 1)
    for s in range(sections):
        for n in range(HOME_SIZE):
            owner_of_home[track + HOME_SIZE * s + n] = s
    return Tables(
        topology=topology,
        sections=sections,
        track=track,
        centre=centre,
        size=centre + 1,
        start=tuple(topology.start_index(s) for s in range(sections)),
        entry=tuple(topology.home_entry_index(s) for s in range(sections)),
        home=tuple(track + HOME_SIZE * s for s in range(sections)),
        shortcuts=shortcuts,
        is_shortcut=tuple(i in shortcuts for i in range(track)),
        place_ids=tuple(ids),
        owner_of_home=tuple(owner_of_home),
        index={pid: loc for loc, pid in enumerate(ids)},
    )
