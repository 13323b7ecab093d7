"""Rule sets: every point where the five rule sheets disagree is one independent switch.

A :class:`RuleSet` is a frozen value; the named :data:`PRESETS` follow each rule sheet of
``shared/seeds`` (``r1``, ``r1x``, ``r2``, ``toc``, ``qc``, ``canop``) and house rules are
``find_preset("r1").with_switches(jokers=2)``. Where a sheet is silent, the preset takes what its
players would expect; ``docs/rules.md`` lists every such choice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any

from firmware_py.engine.board import SECTION_LETTERS, BoardTopology
from firmware_py.engine.cards import JOKER, RANKS
from firmware_py.engine.errors import NotationError, RulesError


class Dealing(Enum):
    """How cards are dealt."""

    FIVE_THEN_FOURS = "five_then_fours"
    """R1, R1x, CANOP: 5 cards each, then 4 each, until the pack cannot give a full round; then the
    next dealer deals a fresh pack (the cards left over are shuffled with the played ones)."""
    R2_TABLE = "r2_table"
    """R2: by seat count, 2p 5,5,4,4,4,4; 3p 5,4,4,4 burn 1; 4p 5,4,4; 5p 5,5 burn 2; 6p 4,4 burn 4."""
    QC_TABLE = "qc_table"
    """QC: 2p 5,5,4,4,4,4; 3p 5,4,4,4 burn 1; 4p 5,4,4 then reshuffle; 6p 4,4 then reshuffle."""
    DRAW_PILE = "draw_pile"
    """TOC: a hand of 5, the rest is a draw pile: play one card, draw one card."""


class NothingPlayable(Enum):
    """What a player does when no card of the hand can be played."""

    DISCARD_ONE = "discard_one"
    """R1, TOC, CANOP: discard one card (TOC: and draw one) each turn."""
    LAY_DOWN = "lay_down"
    """QC: put the whole hand in the centre and wait for the next deal."""
    LAY_DOWN_IF_NONE_OUT = "lay_down_if_none_out"
    """R2: with no marble in play, lay the hand down until the next deal; blocked with marbles in play,
    discard one card each turn."""


class StartCell(Enum):
    """Which marbles standing on their own start cell a rule protects."""

    NONE = "none"
    """No protection (QC: every marble on the track may be jumped and taken)."""
    FRESH = "fresh"
    """R1, CANOP: only a marble that has just come out, until its owner moves it."""
    ANY = "any"
    """R2, TOC: any marble standing on its own start cell."""


class KingSweep(Enum):
    """Which marbles the King's +13 takes on its way."""

    NONE = "none"
    """QC: the King passes marbles without effect, like every card."""
    OTHERS = "others"
    """Every marble passed except the mover's own."""
    ALL = "all"
    """R1, R1x, R2, TOC, CANOP: every marble passed, own included (CANOP says so)."""


class JackMode(Enum):
    """What the Jack does."""

    SWAP = "swap"
    """R1, R1x, TOC: swap one of your marbles with another marble on the track."""
    SWAP_OR_ELEVEN = "swap_or_eleven"
    """R2, CANOP: swap, or move forward 11."""
    ELEVEN = "eleven"
    """QC: move forward 11."""


class SevenMode(Enum):
    """How the 7 is played."""

    PLUS_SEVEN = "plus_seven"
    """QC: one marble moves forward 7."""
    SPLIT_ANY = "split_any"
    """R1, R1x, TOC, CANOP: 7 split over any of your marbles (3+2+1+1), forward."""
    SPLIT_TWO = "split_two"
    """R2: 7 split over at most two marbles, never backwards."""


class SevenCaptures(Enum):
    """What a part of a split 7 does when it ends on a marble."""

    ON_LANDING = "on_landing"
    """Each part that ends on a marble takes it, like any move (every sheet's landing rule)."""
    NEVER = "never"
    """A part of a split 7 may not end on an occupied place."""


class FiveMode(Enum):
    """What the 5 does."""

    PLUS_FIVE = "plus_five"
    """QC: move one of your marbles forward 5."""
    OPPONENT = "opponent"
    """R1, R1x, TOC, R2 (FAQ: as R1): move an opponent's marble of your choice forward 5."""
    ANY_OTHER = "any_other"
    """CANOP: move another player's marble (partner included) forward 5."""


class Shortcut(Enum):
    """What the shortcut cells do."""

    NONE = "none"
    """No shortcut."""
    JUMP_OPTIONAL = "jump_optional"
    """R1, TOC: ending a move on a shortcut cell, you may jump on to the next one."""
    JUMP_FORCED = "jump_forced"
    """CANOP: ending a move on a shortcut cell teleports the marble to the next one."""
    CENTRE = "centre"
    """R2, QC: from a shortcut cell, certain cards take the marble to the centre; from the centre,
    those cards take it out onto any shortcut cell."""


class Overshoot(Enum):
    """What happens to a marble that comes round to its home and does not go in."""

    EXACT = "exact"
    """R1, R2, QC: it may not pass its own start cell again; home only by exact count."""
    ROUND_AGAIN = "round_again"
    """TOC, CANOP: it passes the entry and goes round again."""


class TeamMode(Enum):
    """Who plays with whom."""

    SOLO = "solo"
    """Every seat for itself."""
    TWO_TEAMS = "two_teams"
    """Two teams of alternating seats (2 v 2, 3 v 3, 4 v 4), partners facing at 4 seats."""
    PAIRS = "pairs"
    """Teams of two facing each other (QC's 3 teams of 2 at 6 seats)."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A complete, frozen set of rules: each field is one independent switch.

    Build house rules with :meth:`with_switches` or :func:`dataclasses.replace`.
    """

    name: str = "custom"
    """Short name of the preset these switches come from (or ``custom``)."""
    source: str = ""
    """Rule sheet (seed file and section) the preset follows."""
    seat_counts: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8)
    """Seat counts the rule sheet is played with."""
    teams: TeamMode = TeamMode.TWO_TEAMS
    """Solo or teams, and how seats form teams."""
    jokers: int = 0
    """Jokers added to the 52-card pack (0 or 2)."""
    joker_replays: bool = True
    """A joker played lets its player draw a card and play again now or later (R1 variant, TOC)."""
    dealing: Dealing = Dealing.FIVE_THEN_FOURS
    """How cards are dealt."""
    dealer_rotates: bool = True
    """When a pack is used up, the player left of the dealer deals the next one."""
    partner_exchange: bool = False
    """Partners swap one card face down after each deal, before play (R1x, CANOP)."""
    nothing_playable: NothingPlayable = NothingPlayable.DISCARD_ONE
    """What a player does when no card can be played."""
    play_for_partner: bool = True
    """A player whose four marbles are home plays their cards for their teammates' marbles."""
    king_sweep: KingSweep = KingSweep.ALL
    """Which marbles the King's +13 takes on its way."""
    jack: JackMode = JackMode.SWAP
    """What the Jack does."""
    jack_swaps_own: bool = True
    """The Jack may swap two of the player's own marbles (R1, TOC)."""
    jack_left_skips: bool = False
    """QC advanced: playing a Jack makes the player on the left discard one card and skip a turn."""
    ten_swaps: bool = False
    """QC advanced: the 10 may also swap one of your marbles with an opponent's."""
    seven: SevenMode = SevenMode.SPLIT_ANY
    """How the 7 is played."""
    seven_captures: SevenCaptures = SevenCaptures.ON_LANDING
    """What a part of a split 7 does when it ends on a marble."""
    five: FiveMode = FiveMode.OPPONENT
    """What the 5 does."""
    five_without_marble_out: bool = True
    """A seat with no marble on the track still plays its 5 on another player's marble (R2 FAQ "Il faut
    d'abord jouer la carte 5"); off for CANOP: without an Ace or a King to bring a marble out "il ne joue
    pas et se défausse d'une carte à chaque tour"."""
    five_passes_start: bool = True
    """A marble moved by another player's 5 may be carried past its own start cell (another lap)."""
    four_backwards: bool = True
    """The 4 moves a marble back 4 (every sheet but basic QC, where it is +4)."""
    back_from_start: bool = True
    """A marble on its start cell may back up with a 4, and has then done its lap (R1, TOC)."""
    back_past_own_start: bool = True
    """A marble backing up may pass over its own start cell (TOC: with a 4; R1: never)."""
    start_blocking: StartCell = StartCell.FRESH
    """Marbles on their start cell that no marble may pass, either way."""
    start_immunity: StartCell = StartCell.FRESH
    """Marbles on their start cell that cannot be taken (landed on, swept by a King, entered onto)."""
    jack_spares_start: StartCell = StartCell.ANY
    """Marbles on their start cell that another player's Jack (or QC's 10) may not swap with (R1, R1x,
    TOC, R2: "sauf un qui est sur sa case de départ", any marble standing there)."""
    five_spares_start: StartCell = StartCell.FRESH
    """Marbles on their start cell that another player's 5 may not move (R1, CANOP "ni être déplacé": just
    out; R2 "ni changée de place": any; TOC only forbids taking and passing them: none)."""
    shortcut: Shortcut = Shortcut.JUMP_OPTIONAL
    """What the shortcut cells do."""
    shortcut_cell: int = 7
    """Shortcut cell of each section (7, or 8 on the QC board)."""
    centre_cards: frozenset[str] = frozenset({"2", "K", "A"})
    """Ranks that take a marble into or out of the centre (R2: 2, K, A; QC: A, 10, K)."""
    centre_holds_several: bool = False
    """Several marbles may wait in the centre; otherwise arriving there takes the marble already in."""
    home_entry_after: int = 16
    """Track cell of one's own section after which the home lane starts (16, or 17 on some boards)."""
    overshoot: Overshoot = Overshoot.EXACT
    """What happens to a marble that comes round to its home and does not go in."""
    home_back_out: bool = False
    """R2 FAQ option: a 4 may take a marble back out of its home lane onto the track."""

    def __post_init__(self) -> None:
        if self.jokers not in (0, 2):
            raise RulesError(
                f"a pack has 0 or 2 jokers, not {self.jokers}",
                f"un paquet a 0 ou 2 jokers, pas {self.jokers}",
            )
        if self.home_entry_after not in (16, 17):
            raise RulesError(
                f"the home lane starts after cell 16 or 17, not {self.home_entry_after}",
                f"la maison commence après la case 16 ou 17, pas {self.home_entry_after}",
            )
        if not 1 <= self.shortcut_cell <= 15:
            raise RulesError(
                f"the shortcut cell must be a track cell 1..15, not {self.shortcut_cell}",
                f"la case raccourci est une case du parcours de 1 à 15, pas {self.shortcut_cell}",
            )
        if not self.seat_counts or any(n not in range(2, 9) for n in self.seat_counts):
            raise RulesError(
                f"seat counts run from 2 to 8, not {self.seat_counts}",
                f"on joue de 2 à 8, pas à {self.seat_counts}",
            )
        unknown = sorted(set(self.centre_cards) - set(RANKS) - {JOKER})
        if unknown:
            raise RulesError(
                f"unknown ranks among the centre cards: {unknown}",
                f"cartes inconnues parmi celles du centre : {unknown}",
            )

    def __reduce__(self) -> tuple[type[RuleSet], tuple[Any, ...]]:
        """Pickled as its switches (``tock selfplay --jobs`` sends the rules to other processes), so
        that it reads back through ``__init__`` in the compiled engine as in Python."""
        return RuleSet, tuple(getattr(self, f.name) for f in dataclasses.fields(self))

    def with_switches(self, **changes: Any) -> RuleSet:
        """A copy with some switches changed, named ``custom`` unless a name is given.

        Raises:
            RulesError: a switch name is unknown or a value is out of range.
        """
        fields = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - fields)
        if unknown:
            switches, names = ", ".join(sorted(fields - {"name", "source"})), ", ".join(unknown)
            raise RulesError(
                f"unknown switch(es) {names}; the switches are {switches}",
                f"règle(s) inconnue(s) {names} ; les règles sont {switches}",
            )
        changes.setdefault("name", f"{self.name}+custom" if self.name != "custom" else "custom")
        return dataclasses.replace(self, **changes)

    def topology(self, seats: int) -> BoardTopology:
        """The board for ``seats`` players: 4 sections up to 4 seats, 6 up to 6, else 8."""
        return BoardTopology(
            sections=board_sections(seats),
            home_entry_after=self.home_entry_after,
            shortcut_cell=self.shortcut_cell,
            centre=self.shortcut is Shortcut.CENTRE,
        )


def board_sections(seats: int) -> int:
    """Sections of the board that ``seats`` players use (2-4: 4, 5-6: 6, 7-8: 8).

    Raises:
        ValueError: ``seats`` is not between 2 and 8.
    """
    if not 2 <= seats <= 8:
        raise ValueError(f"Tock is played by 2 to 8 seats, not {seats}")
    return 4 if seats <= 4 else 6 if seats <= 6 else 8


def seat_letters(seats: int) -> tuple[str, ...]:
    """Seat letters for ``seats`` players, in turn order; 2 players on 4 sections sit facing (A, C).

    Raises:
        ValueError: ``seats`` is not between 2 and 8.
    """
    sections = board_sections(seats)
    if seats == 2:
        return ("A", "C") if sections == 4 else ("A", "D")
    return tuple(SECTION_LETTERS[:seats])


def seat_tuple(seats: int | Sequence[str]) -> tuple[str, ...]:
    """The seat letters of a game: those of ``seats`` players, or the letters given, checked.

    Raises:
        NotationError: not 2 to 8 seats, or a letter given twice.
    """
    if isinstance(seats, int):
        try:
            return seat_letters(seats)
        except ValueError as error:
            raise NotationError(str(error)) from None
    letters = tuple(seats)
    if len(set(letters)) != len(letters) or not 2 <= len(letters) <= 8:
        raise NotationError(f"seats must be 2 to 8 different seat letters, not {letters}")
    return letters


def teams_of(rules: RuleSet, seats: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The teams for these seats (each a tuple of seat letters, in turn order).

    Solo play, two seats, and team layouts that do not divide the seats give one team per seat.
    """
    count = len(seats)
    if rules.teams is TeamMode.SOLO or count <= 2:
        return tuple((s,) for s in seats)
    if rules.teams is TeamMode.TWO_TEAMS and count % 2 == 0:
        return (seats[0::2], seats[1::2])
    if rules.teams is TeamMode.PAIRS and count % 2 == 0:
        half = count // 2
        return tuple((seats[i], seats[i + half]) for i in range(half))
    return tuple((s,) for s in seats)


PRESETS: Mapping[str, RuleSet] = MappingProxyType(
    {
        "r1": RuleSet(
            name="r1",
            source="000_17d28eadc273ed6d.txt#1ere-regle",
            seat_counts=(4, 6, 8),
            back_past_own_start=False,
        ),
        "r1x": RuleSet(
            name="r1x",
            source="002_6ac84f774e56abbf.txt",
            seat_counts=(4, 6, 8),
            partner_exchange=True,
            back_past_own_start=False,
        ),
        "r2": RuleSet(
            name="r2",
            source="000_17d28eadc273ed6d.txt#2eme-regle",
            seat_counts=(2, 3, 4, 5, 6, 7, 8),
            dealing=Dealing.R2_TABLE,
            nothing_playable=NothingPlayable.LAY_DOWN_IF_NONE_OUT,
            jack=JackMode.SWAP_OR_ELEVEN,
            seven=SevenMode.SPLIT_TWO,
            start_blocking=StartCell.ANY,
            start_immunity=StartCell.ANY,
            five_spares_start=StartCell.ANY,
            shortcut=Shortcut.CENTRE,
        ),
        "toc": RuleSet(
            name="toc",
            source="001_6e67e01486a38005.txt",
            seat_counts=(2, 4),
            jokers=2,
            dealing=Dealing.DRAW_PILE,
            start_blocking=StartCell.ANY,
            start_immunity=StartCell.ANY,
            five_spares_start=StartCell.NONE,
            overshoot=Overshoot.ROUND_AGAIN,
        ),
        "qc": RuleSet(
            name="qc",
            source="003_8d65076022e242d2.txt",
            seat_counts=(2, 3, 4, 5, 6),
            teams=TeamMode.PAIRS,
            dealing=Dealing.QC_TABLE,
            dealer_rotates=True,
            nothing_playable=NothingPlayable.LAY_DOWN,
            king_sweep=KingSweep.NONE,
            jack=JackMode.ELEVEN,
            seven=SevenMode.PLUS_SEVEN,
            five=FiveMode.PLUS_FIVE,
            five_passes_start=False,
            four_backwards=False,
            start_blocking=StartCell.NONE,
            start_immunity=StartCell.NONE,
            jack_spares_start=StartCell.NONE,
            five_spares_start=StartCell.NONE,
            shortcut=Shortcut.CENTRE,
            shortcut_cell=8,
            centre_cards=frozenset({"A", "10", "K"}),
            overshoot=Overshoot.ROUND_AGAIN,
        ),
        "canop": RuleSet(
            name="canop",
            source="004_8bd220e8bc7ba617.txt",
            seat_counts=(2, 4),
            partner_exchange=True,
            jack=JackMode.SWAP_OR_ELEVEN,
            jack_spares_start=StartCell.FRESH,
            five=FiveMode.ANY_OTHER,
            five_without_marble_out=False,
            shortcut=Shortcut.JUMP_FORCED,
            overshoot=Overshoot.ROUND_AGAIN,
        ),
    }
)
"""The rule sheets of ``shared/seeds`` as rule sets, by short name."""

QC_ADVANCED: Mapping[str, Any] = MappingProxyType(
    {"four_backwards": True, "ten_swaps": True, "jack_left_skips": True}
)
"""QC's "advanced rules for a greater challenge": ``PRESETS["qc"].with_switches(**QC_ADVANCED)``."""


def find_preset(name: str) -> RuleSet:
    """The preset called ``name`` (case and surrounding spaces ignored).

    Raises:
        NotationError: no preset has that name (the message lists the valid names); it is a
            ValueError too.
    """
    key = name.strip().lower()
    if key not in PRESETS:
        raise NotationError(f"unknown preset {name!r}; the presets are {', '.join(PRESETS)}")
    return PRESETS[key]
