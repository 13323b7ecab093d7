"""One game's facts resolved once: the typed per-game context every position and the fast core share.

A game's rules (a :class:`~firmware_py.engine.rules.RuleSet` of thirty switches) and seats decide the
board tables, the teams, each seat's partners, and what every card rank does. :class:`Context` works all
of that out once, as typed attributes, and :func:`context_for` hands the same context to every position
of the game (``Position.context``), to move generation (``movegen``, ``routes``) and to the fast core
(``fast``).
"""

from __future__ import annotations

from typing import Final

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.cards import JOKER, RANKS
from firmware_py.engine.rules import (
    FiveMode,
    JackMode,
    KingSweep,
    Overshoot,
    RuleSet,
    SevenCaptures,
    SevenMode,
    Shortcut,
    StartCell,
    teams_of,
)
from firmware_py.engine.tables import Tables, tables_for

JOKER_CODE: Final = 13
"""Rank code of the joker; the other ranks are their index in ``RANKS`` (A is 0, K is 12)."""
RANK_STEPS: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 18)
"""How far each rank code moves a marble forward."""
STEPS: Final = dict(zip((*RANKS, JOKER), RANK_STEPS, strict=True))
"""How far each rank moves a marble forward, by rank."""
ENTER_RANKS: Final = frozenset({"A", "K", JOKER})
"""Ranks that take a marble out of its reserve (every sheet: A or K; the joker where there is one)."""

FORWARD: Final = 0
"""What a card's rank does under the rules (bits 5-7 of a plan): forward its count, back 4, move another
player's marble 5, split a 7, swap."""
BACK_FOUR: Final = 1
FIVE: Final = 2
SEVEN: Final = 3
SWAPS: Final = 4
ENTERS: Final = 1
"""Flags of a plan (:func:`plan_of`): the card takes a marble out of its reserve,"""
VIA_CENTRE: Final = 2
"""it goes into or out of the centre,"""
SWEEPS: Final = 4
"""the King takes the marbles it passes,"""
ALSO_SWAPS: Final = 8
"""a Jack that may swap or go 11,"""
TEN_SWAPS: Final = 16
"""QC's advanced 10 may also swap."""

BIT_LENGTHS: Final = tuple(n.bit_length() for n in range(256))
"""``n.bit_length()`` of the small numbers, for the core's bit tricks (a table look-up costs less than
the method call)."""

GUARD_NONE: Final = 0
"""Which marbles on their own start cell a rule covers (``StartCell``): none, the one just out, any."""
GUARD_FRESH: Final = 1
GUARD_ANY: Final = 2
GUARD = {StartCell.NONE: GUARD_NONE, StartCell.FRESH: GUARD_FRESH, StartCell.ANY: GUARD_ANY}


def rank_code(rank: str) -> int:
    """The code of a rank (``"A"`` 0 .. ``"K"`` 12, the joker 13)."""
    return JOKER_CODE if rank == JOKER else RANKS.index(rank)


class Context:
    """One game's facts, resolved once: board tables, seats, teams and every rule switch as a typed
    attribute. Shared by every position of the game (``Position.context``) and by the fast core."""

    def __init__(self, rules: RuleSet, seats: tuple[str, ...]) -> None:
        tables: Tables = tables_for(rules.topology(len(seats)))
        self.rules = rules
        self.seats = seats
        self.tables = tables
        self.count = len(seats)
        self.track = tables.track
        self.centre = tables.centre
        self.size = tables.size
        self.sections: list[int] = [SECTION_LETTERS.index(s) for s in seats]
        self.seat_of: list[int] = [-1] * tables.sections
        for i, section in enumerate(self.sections):
            self.seat_of[section] = i
        self.start: list[int] = list(tables.start)
        self.entry: list[int] = list(tables.entry)
        self.home: list[int] = list(tables.home)
        self.shortcuts: list[int] = list(tables.shortcuts)
        self.is_shortcut: list[bool] = list(tables.is_shortcut) + [False] * (tables.size - tables.track)
        self.start_owner: list[int] = [-1] * tables.size
        for section in self.sections:
            self.start_owner[tables.start[section]] = section
        teams = teams_of(rules, seats)
        self.teams: list[list[int]] = [[seats.index(s) for s in team] for team in teams]
        self.team_letters = teams
        self.team_mask: list[int] = [0] * self.count
        self.partners: list[list[int]] = [[] for _ in seats]
        for team in self.teams:
            mask = 0
            for i in team:
                mask |= 1 << self.sections[i]
            for i in team:
                self.team_mask[i] = mask
                self.partners[i] = [self.sections[j] for j in sorted(team) if j != i]
        self.own: list[list[int]] = [[section] for section in self.sections]
        """Per seat: its own section alone (what it plays until its marbles are home)."""
        self.nobody: list[int] = []
        self.play_for_partner = rules.play_for_partner
        self.round_again = rules.overshoot is Overshoot.ROUND_AGAIN
        self.five_pass = rules.five_passes_start
        self.back_pass = rules.back_past_own_start
        self.back_from_start = rules.back_from_start
        self.sweep_all = rules.king_sweep is KingSweep.ALL
        self.seven_never = rules.seven_captures is SevenCaptures.NEVER
        self.jump = rules.shortcut in (Shortcut.JUMP_OPTIONAL, Shortcut.JUMP_FORCED)
        self.jump_forced = rules.shortcut is Shortcut.JUMP_FORCED
        self.centre_several = rules.centre_holds_several
        self.home_back_out = rules.home_back_out
        self.blocking = GUARD[rules.start_blocking]
        self.immunity = GUARD[rules.start_immunity]
        self.jack_spares = GUARD[rules.jack_spares_start]
        self.five_spares = GUARD[rules.five_spares_start]
        self.five_others = rules.five is FiveMode.ANY_OTHER
        self.five_without_marble_out = rules.five_without_marble_out
        self.seven_most = 2 if rules.seven is SevenMode.SPLIT_TWO else 4
        self.jack_swaps_own = rules.jack_swaps_own
        self.plans: list[int] = [plan_of(rules, rank) for rank in (*RANKS, JOKER)]
        """Per rank code, what its card does under these rules, packed (see :func:`plan_of`)."""
        self.section_tuple = tuple(self.sections)
        self.owners = tuple(section for section in self.sections for _ in range(4))
        """The section of each entry of a position's ``marbles`` (four per seat)."""
        self.turns: list[TurnInfo | None] = [None] * (2 * self.count)
        self.rules_text = ""
        """The rules as position notation writes them (filled in by ``Position.to_notation``)."""

    def turn_info(self, turn: int, all_home: bool) -> TurnInfo:
        """Who plays and whose marbles, for the seat ``turn`` (index in ``seats``) to play."""
        index = 2 * turn + all_home
        info = self.turns[index]
        if info is None:
            info = self.turns[index] = TurnInfo(self, turn, all_home)
        return info


class TurnInfo:
    """The seat to play's section, the sections whose marbles it moves (its own; its partners' once its
    own are all home, where the rules say so), its team's sections, and each section's seat index."""

    __slots__ = ("mover", "played", "team", "index_of")

    def __init__(self, ctx: Context, turn: int, all_home: bool) -> None:
        self.mover = ctx.sections[turn]
        self.index_of = {s: i for i, s in enumerate(ctx.sections)}
        self.team = frozenset(ctx.sections[i] for team in ctx.teams if turn in team for i in team)
        if all_home:
            self.played: tuple[int, ...] = tuple(ctx.partners[turn]) if ctx.play_for_partner else ()
        else:
            self.played = (self.mover,)


def plan_of(rules: RuleSet, rank: str) -> int:
    """What a card of ``rank`` does under ``rules``, in one integer: the flags ``ENTERS`` (takes a
    marble out), ``VIA_CENTRE``, ``SWEEPS`` (the King takes what it passes), ``ALSO_SWAPS`` (a Jack
    that may swap or go 11), ``TEN_SWAPS`` (QC's advanced 10); what it does (``FORWARD``...) from bit
    5; how far it goes from bit 8."""
    plan = does_of(rules, rank) << 5 | RANK_STEPS[rank_code(rank)] << 8
    if rank in ENTER_RANKS:
        plan |= ENTERS
    if rules.shortcut is Shortcut.CENTRE and rank in rules.centre_cards:
        plan |= VIA_CENTRE
    if rank == "K" and rules.king_sweep is not KingSweep.NONE:
        plan |= SWEEPS
    if rank == "J" and rules.jack is JackMode.SWAP_OR_ELEVEN:
        plan |= ALSO_SWAPS
    if rank == "10" and rules.ten_swaps:
        plan |= TEN_SWAPS
    return plan


def does_of(rules: RuleSet, rank: str) -> int:
    if rank == "4" and rules.four_backwards:
        return BACK_FOUR
    if rank == "5" and rules.five is not FiveMode.PLUS_FIVE:
        return FIVE
    if rank == "7" and rules.seven is not SevenMode.PLUS_SEVEN:
        return SEVEN
    if rank == "J" and rules.jack is JackMode.SWAP:
        return SWAPS
    return FORWARD


_CONTEXTS: dict[tuple[RuleSet, tuple[str, ...]], Context] = {}
_BY_IDENTITY: dict[tuple[int, tuple[str, ...]], tuple[RuleSet, Context]] = {}
_CONTEXTS_KEPT = 256


def context_for(rules: RuleSet, seats: tuple[str, ...]) -> Context:
    """The context of a game of these rules and seats: built once, then shared by every game with equal
    rules and seats. Found by the rules object's identity first (hashing a rule set's thirty switches
    costs more than the look-up), then by its value.

    Raises:
        ValueError: seats no board of these rules has (see ``Position``'s checks).
    """
    found = _BY_IDENTITY.get((id(rules), seats))
    if found is not None and found[0] is rules:  # the rules held in the entry keep its id
        return found[1]
    if len(_CONTEXTS) >= _CONTEXTS_KEPT or len(_BY_IDENTITY) >= _CONTEXTS_KEPT:
        _CONTEXTS.clear()
        _BY_IDENTITY.clear()
    key = (rules, seats)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _CONTEXTS[key] = Context(rules, seats)
    _BY_IDENTITY[(id(rules), seats)] = (rules, ctx)
    return ctx
