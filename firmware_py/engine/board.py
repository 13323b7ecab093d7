"""Board topology and the one vocabulary of board places.

Every hole of a Tock board has one id, used unchanged by the engine, the notation, vision's geometry
files, the LED maps and the web page. The ids are plain strings so that the hardware and vision data
files can hold them without importing the engine.

A board has 4, 6 or 8 *sections*, one per seat, named ``A``, ``B``, ``C``... in the direction of
travel. Each section has 18 track cells numbered 1..18 in the direction of travel; cell 18 is the
section owner's start cell ("case de départ", "nid"), in front of its home. A marble that leaves the
start cell ``A18`` goes on to ``B1``. The owner's home lane ("maison") is entered from the track after
cell 16 (or 17 on some boards) of its own section, just before its start cell.

===============  ==========  =====================================================
place            id          example
===============  ==========  =====================================================
track cell       ``<S><n>``  ``A18`` start cell of section A, ``B7`` a shortcut cell
home cell        ``<S>H<n>`` ``AH1`` first home cell (nearest the track) .. ``AH4``
reserve place    ``<S>R<n>`` ``AR1`` .. ``AR4`` ("camp de départ", "Repos/Break")
centre           ``CIEL``    the centre shortcut ("centre du jeu", "Ciel", "Heaven")
===============  ==========  =====================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

SECTION_LETTERS = "ABCDEFGH"
"""Section (and seat) letters in the direction of travel."""

CELLS_PER_SECTION = 18
START_CELL = 18
HOME_SIZE = 4
RESERVE_SIZE = 4
CENTRE = "CIEL"
"""Id of the centre shortcut hole."""

BOARD_SIZES = (4, 6, 8)
"""Published boards have 4, 6 or 8 sections of 18 holes."""

_PLACE_RE = re.compile(r"^([A-H])(H|R)?([1-9][0-9]?)$")


class PlaceKind(Enum):
    """What kind of hole a place id names."""

    TRACK = "track"
    HOME = "home"
    RESERVE = "reserve"
    CENTRE = "centre"


@dataclass(frozen=True, slots=True)
class Place:
    """A parsed place id: its kind, its section (seat letter index) and its number."""

    kind: PlaceKind
    section: int
    """Section index 0.. (``A`` is 0); 0 for the centre."""
    number: int
    """Track cell 1..18, home cell 1..4, reserve place 1..4; 0 for the centre."""

    @property
    def id(self) -> str:
        """The canonical place id."""
        if self.kind is PlaceKind.CENTRE:
            return CENTRE
        letter = SECTION_LETTERS[self.section]
        infix = {PlaceKind.TRACK: "", PlaceKind.HOME: "H", PlaceKind.RESERVE: "R"}[self.kind]
        return f"{letter}{infix}{self.number}"


def parse_place(place_id: str) -> Place:
    """Parse a place id such as ``A18``, ``BH2``, ``CR4`` or ``CIEL``.

    Raises:
        ValueError: the text is not a place id (the message says what a place id looks like).
    """
    if place_id == CENTRE:
        return Place(PlaceKind.CENTRE, 0, 0)
    match = _PLACE_RE.match(place_id)
    if match is None:
        raise ValueError(
            f"{place_id!r} is not a place id: expected a track cell like 'A18', a home cell like "
            f"'AH1', a reserve place like 'AR1', or '{CENTRE}'"
        )
    letter, infix, digits = match.groups()
    number = int(digits)
    kind = {None: PlaceKind.TRACK, "H": PlaceKind.HOME, "R": PlaceKind.RESERVE}[infix]
    limit = CELLS_PER_SECTION if kind is PlaceKind.TRACK else HOME_SIZE
    if not 1 <= number <= limit:
        raise ValueError(f"{place_id!r} is not a place id: a {kind.value} number runs from 1 to {limit}")
    return Place(kind, SECTION_LETTERS.index(letter), number)


def track_id(section: int, cell: int) -> str:
    """Id of track cell ``cell`` (1..18) of section ``section``."""
    return f"{SECTION_LETTERS[section]}{cell}"


def home_id(section: int, number: int) -> str:
    """Id of home cell ``number`` (1..4) of section ``section``."""
    return f"{SECTION_LETTERS[section]}H{number}"


def reserve_id(section: int, number: int) -> str:
    """Id of reserve place ``number`` (1..4) of section ``section``."""
    return f"{SECTION_LETTERS[section]}R{number}"


@dataclass(frozen=True)
class BoardTopology:
    """The holes of one board model and how they connect.

    Args:
        sections: 4, 6 or 8 sections of 18 track cells.
        home_entry_after: the track cell (16, or 17 on some boards) after which a marble leaves the
            track into its home lane.
        shortcut_cell: the shortcut cell number of each section (7, or 8 on the QC board).
        centre: whether the board has the centre hole (Ciel).
    """

    sections: int = 4
    home_entry_after: int = 16
    shortcut_cell: int = 7
    centre: bool = True

    def __post_init__(self) -> None:
        if self.sections not in BOARD_SIZES:
            raise ValueError(f"a board has 4, 6 or 8 sections, not {self.sections}")
        if self.home_entry_after not in (16, 17):
            raise ValueError(f"the home lane is entered after cell 16 or 17, not {self.home_entry_after}")
        if not 1 <= self.shortcut_cell <= 17:
            raise ValueError(f"the shortcut cell must be a track cell 1..17, not {self.shortcut_cell}")

    @property
    def track_length(self) -> int:
        """Number of track cells around the board (72 for 4 sections, 108 for 6)."""
        return self.sections * CELLS_PER_SECTION

    def track_index(self, section: int, cell: int) -> int:
        """Position 0..track_length-1 of a track cell around the board."""
        return section * CELLS_PER_SECTION + cell - 1

    def track_place(self, index: int) -> str:
        """Id of the track cell at ``index`` (taken modulo the track length)."""
        index %= self.track_length
        return track_id(index // CELLS_PER_SECTION, index % CELLS_PER_SECTION + 1)

    def start_index(self, section: int) -> int:
        """Track index of the start cell (18) of ``section``."""
        return self.track_index(section, START_CELL)

    def home_entry_index(self, section: int) -> int:
        """Track index of the last track cell before ``section``'s home lane."""
        return self.track_index(section, self.home_entry_after)

    def shortcut_indices(self) -> tuple[int, ...]:
        """Track indices of every shortcut cell, in the direction of travel from section A."""
        return tuple(self.track_index(s, self.shortcut_cell) for s in range(self.sections))

    @cached_property
    def place_ids(self) -> tuple[str, ...]:
        """Every place id of this board in canonical order: track, homes, reserves, centre."""
        ids = [self.track_place(i) for i in range(self.track_length)]
        ids += [home_id(s, n) for s in range(self.sections) for n in range(1, HOME_SIZE + 1)]
        ids += [reserve_id(s, n) for s in range(self.sections) for n in range(1, RESERVE_SIZE + 1)]
        if self.centre:
            ids.append(CENTRE)
        return tuple(ids)

    def reserve_of(self, seat: str) -> tuple[str, ...]:
        """The reserve holes of ``seat`` (its section letter), in order."""
        section = SECTION_LETTERS.index(seat)
        return tuple(reserve_id(section, n) for n in range(1, RESERVE_SIZE + 1))

    def home_of(self, seat: str) -> tuple[str, ...]:
        """The home holes of ``seat``, from the entry inwards."""
        section = SECTION_LETTERS.index(seat)
        return tuple(home_id(section, n) for n in range(1, HOME_SIZE + 1))

    def start_of(self, seat: str) -> str:
        """The start cell of ``seat``, where its marbles come out of the reserve."""
        return self.track_place(self.start_index(SECTION_LETTERS.index(seat)))

    def has_place(self, place_id: str) -> bool:
        """Whether ``place_id`` names a hole of this board."""
        return place_id in self._place_set

    @cached_property
    def _place_set(self) -> frozenset[str]:
        return frozenset(self.place_ids)
