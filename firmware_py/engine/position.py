"""Positions: where every marble is, which start-cell marbles are fresh, who plays, and the hands.

A :class:`Position` is immutable. Internally marbles are integer locations (see ``tables``), four per
seat, sorted, so that equal boards compare equal whatever marble moved where; place ids are used only
by the public accessors and the notation (``docs/notation.md``)::

    r1 A:A18*,B3,AH1 B: C:C5,C12 D: A

is the ``r1`` rules, A with a fresh marble on its start cell A18, one on B3, one in its home and one
in reserve; B and D all in reserve; C on C5 and C12; A to play. Hands may follow (``A=7H,KD``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from firmware_py.engine.board import SECTION_LETTERS, BoardTopology
from firmware_py.engine.cards import Card
from firmware_py.engine.errors import InvalidPositionError, NotationError
from firmware_py.engine.rules import PRESETS, RuleSet, StartCell, seat_letters, teams_of
from firmware_py.engine.tables import RESERVE, Tables, tables_for
from firmware_py.engine.violations import Rule, Violation, spoken_list, violation

MARBLES_PER_SEAT = 4


@dataclass(frozen=True, slots=True)
class Marble:
    """One marble as the public API shows it."""

    seat: str
    """Seat letter of its owner."""
    place: str
    """Its place id; reserve marbles fill ``XR1``, ``XR2``... in order, as in :attr:`Position.layout`."""
    fresh: bool = False
    """It has just come out onto its start cell and not moved since."""


@dataclass(frozen=True, slots=True)
class Position:
    """A board position under a rule set. Build it with :meth:`initial`, :meth:`from_notation` or
    :meth:`from_layout`; every move returns a new one (see ``play``).

    >>> from firmware_py.engine.rules import find_preset
    >>> Position.initial(find_preset("r1")).to_notation()
    'r1 A: B: C: D: A'
    """

    rules: RuleSet
    seats: tuple[str, ...]
    """Seat letters in turn order."""
    marbles: tuple[int, ...]
    """Engine-internal: four sorted locations per seat, in ``seats`` order."""
    fresh: int = 0
    """Engine-internal: bit ``s`` set when section ``s``'s marble on its start cell has just come out."""
    turn_index: int = 0
    """Index in ``seats`` of the seat to play."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    """Each seat's cards, in ``seats`` order, when known."""
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)
    """Engine-internal memo of derived data (occupancy, legal moves); never part of the value. Use
    :meth:`replace` (or pass ``cache={}`` to ``dataclasses.replace``) so that a changed position
    never shares its memo."""

    # ---- construction -------------------------------------------------------------------------

    @classmethod
    def initial(
        cls,
        rules: RuleSet,
        seats: int | Sequence[str] = 4,
        *,
        turn: str | None = None,
        hands: Mapping[str, Sequence[Card]] | None = None,
    ) -> Position:
        """Every marble in its reserve.

        Args:
            rules: the rule set.
            seats: a seat count (letters from :func:`~firmware_py.engine.rules.seat_letters`) or the
                seat letters in turn order.
            turn: the seat to play (default: the first seat).
            hands: optional cards per seat letter.

        Raises:
            InvalidPositionError: impossible seats.
        """
        letters = seat_letters(seats) if isinstance(seats, int) else tuple(seats)
        position = cls(rules, letters, (RESERVE,) * (MARBLES_PER_SEAT * len(letters)))
        problems = _check_seats(rules, letters)
        if problems:
            raise InvalidPositionError(problems)
        changes: dict[str, Any] = {}
        if turn is not None:
            changes["turn_index"] = position.seat_index(turn)
        if hands is not None:
            changes["hands"] = _hands_tuple(letters, hands)
        return dataclasses.replace(position, **changes) if changes else position

    @classmethod
    def from_layout(
        cls,
        rules: RuleSet,
        seats: Sequence[str],
        layout: Mapping[str, str],
        *,
        turn: str,
        fresh: Sequence[str] = (),
        hands: Mapping[str, Sequence[Card]] | None = None,
    ) -> Position:
        """A position from a layout (place id -> seat letter), such as vision reads.

        Marbles missing from the layout are in their reserve. ``fresh`` lists the start cells whose
        marble has just come out.

        Raises:
            NotationError: an unknown place or seat letter.
            InvalidPositionError: the layout cannot exist (the error lists every problem).
        """
        letters = tuple(seats)
        problems = list(_check_seats(rules, letters))
        if problems:
            raise InvalidPositionError(tuple(problems))
        tables = tables_for(rules.topology(len(letters)))
        per_seat: dict[str, list[int]] = {s: [] for s in letters}
        for place, seat in layout.items():
            if seat not in per_seat:
                raise NotationError(f"{place}: {seat!r} is not one of the seats {', '.join(letters)}")
            loc = tables.loc_of(place)
            if loc != RESERVE:
                per_seat[seat].append(loc)
        fresh_mask = 0
        for place in fresh:
            loc = tables.loc_of(place)
            if loc not in tables.start:
                raise InvalidPositionError(
                    (
                        violation(
                            Rule.INVALID_POSITION,
                            places=(place,),
                            detail=f"{place} is not a start cell",
                            detail_fr=f"{place} n'est pas une case de départ",
                        ),
                    )
                )
            fresh_mask |= 1 << tables.start.index(loc)
        return cls._build(rules, letters, per_seat, fresh_mask, turn, hands, tables)

    @classmethod
    def _build(
        cls,
        rules: RuleSet,
        letters: tuple[str, ...],
        per_seat: Mapping[str, list[int]],
        fresh_mask: int,
        turn: str,
        hands: Mapping[str, Sequence[Card]] | None,
        tables: Tables,
    ) -> Position:
        problems: list[Violation] = []
        marbles: list[int] = []
        for seat in letters:
            locs = per_seat[seat]
            if len(locs) > MARBLES_PER_SEAT:
                problems.append(
                    violation(
                        Rule.INVALID_POSITION,
                        places=tuple(tables.place_ids[x] for x in locs),
                        detail=f"seat {seat} has {len(locs)} marbles out, more than 4",
                        detail_fr=f"{seat} a {len(locs)} pions sortis, plus de 4",
                    )
                )
                locs = locs[:MARBLES_PER_SEAT]
            marbles += sorted(locs + [RESERVE] * (MARBLES_PER_SEAT - len(locs)))
        if turn not in letters:
            raise NotationError(f"the seat to play {turn!r} is not one of the seats {', '.join(letters)}")
        position = cls(
            rules,
            letters,
            tuple(marbles),
            fresh_mask,
            letters.index(turn),
            None if hands is None else _hands_tuple(letters, hands),
        )
        problems += validate(position)
        if problems:
            raise InvalidPositionError(tuple(problems))
        return position

    def replace(
        self, *, turn: str | None = None, hands: Mapping[str, Sequence[Card]] | None = None
    ) -> Position:
        """A copy with another seat to play and/or other hands (the marbles are unchanged).

        Raises:
            NotationError: an unknown seat letter.
        """
        return self.reseated(
            self.turn_index if turn is None else self.seat_index(turn),
            self.hands if hands is None else _hands_tuple(self.seats, hands),
        )

    def reseated(self, turn_index: int, hands: tuple[tuple[Card, ...], ...] | None) -> Position:
        """Engine-internal: :meth:`replace` with the seat to play as an index and the hands as a tuple in
        seat order, unchecked (for the Game, which derives both itself); keeps the memos of the marbles."""
        cache = self.cache
        return Position(
            self.rules,
            self.seats,
            self.marbles,
            self.fresh,
            turn_index,
            hands,
            {key: cache[key] for key in _KEPT_BY_REPLACE if key in cache},
        )

    # ---- public accessors -----------------------------------------------------------------------

    @property
    def topology(self) -> BoardTopology:
        """The board these seats play on."""
        return self.tables.topology

    @property
    def tables(self) -> Tables:
        """Engine-internal integer tables of the board."""
        tables = self.cache.get("tables")
        if tables is None:
            memo = self.game_memo()
            tables = memo.get("tables")
            if tables is None:
                tables = memo["tables"] = tables_for(self.rules.topology(len(self.seats)))
            self.cache["tables"] = tables
        return tables

    @property
    def sections(self) -> tuple[int, ...]:
        """Section index of each seat, in ``seats`` order."""
        sections = self.cache.get("sections")
        if sections is None:
            sections = self.cache["sections"] = tuple([SECTION_LETTERS.index(s) for s in self.seats])
        return sections

    @property
    def turn(self) -> str:
        """Seat letter of the seat to play."""
        return self.seats[self.turn_index]

    def seat_index(self, seat: str) -> int:
        """Index of a seat letter in ``seats``.

        Raises:
            NotationError: not one of the seats.
        """
        try:
            return self.seats.index(seat)
        except ValueError:
            raise NotationError(f"{seat!r} is not one of the seats {', '.join(self.seats)}") from None

    def marbles_of(self, seat: str) -> tuple[str, ...]:
        """Place ids of a seat's marbles on the board (track, home, centre); reserve marbles omitted."""
        i = self.seat_index(seat)
        ids = self.tables.place_ids
        return tuple(ids[x] for x in self.marbles[4 * i : 4 * i + 4] if x != RESERVE)

    @property
    def pieces(self) -> tuple[Marble, ...]:
        """Every marble with its place and flag, seat by seat in turn order.

        (A marble's lap follows from its place: see ``docs/notation.md``.)
        """
        return tuple(
            Marble(seat, place, self.is_fresh(place) if seat == place[0] and place[1:] == "18" else False)
            for seat in self.seats
            for place, owner in self.layout.items()
            if owner == seat
        )

    def all_home(self, seat: str) -> bool:
        """Whether all four marbles of a seat are in its home."""
        i = self.seat_index(seat)
        tables = self.tables
        return all(tables.track <= x < tables.centre for x in self.marbles[4 * i : 4 * i + 4])

    def in_reserve(self, seat: str) -> int:
        """How many of a seat's marbles wait in its reserve."""
        i = self.seat_index(seat)
        return self.marbles[4 * i : 4 * i + 4].count(RESERVE)

    def is_fresh(self, place: str) -> bool:
        """Whether the marble on ``place`` has just come out onto its start cell."""
        tables = self.tables
        loc = tables.loc_of(place)
        return (
            loc in tables.start
            and bool(self.fresh >> tables.start.index(loc) & 1)
            and (self.occupancy()[loc] == tables.start.index(loc))
        )

    def hand(self, seat: str) -> tuple[Card, ...] | None:
        """The cards of a seat, or None when hands are not known."""
        return None if self.hands is None else self.hands[self.seat_index(seat)]

    @property
    def layout(self) -> dict[str, str]:
        """Place id -> seat letter of every marble; reserve marbles fill ``XR1``, ``XR2``... in order."""
        ids = self.tables.place_ids
        result: dict[str, str] = {}
        for i, seat in enumerate(self.seats):
            section = self.sections[i]
            reserve = 0
            for loc in self.marbles[4 * i : 4 * i + 4]:
                if loc == RESERVE:
                    reserve += 1
                    result[f"{SECTION_LETTERS[section]}R{reserve}"] = seat
                else:
                    result[ids[loc]] = seat
        return result

    def teams(self) -> tuple[tuple[str, ...], ...]:
        """The teams of this game (tuples of seat letters)."""
        teams = self.cache.get("teams")
        if teams is None:
            teams = self.cache["teams"] = teams_of(self.rules, self.seats)
        return teams

    @property
    def winner(self) -> tuple[str, ...] | None:
        """Seat letters of the team (or solo seat) with every marble home, or None."""
        cache = self.cache
        if "winner" in cache:
            return cache["winner"]  # type: ignore[no-any-return]
        tables = self.tables
        home_start = tables.track
        centre = tables.centre
        marbles = self.marbles
        # A seat's four locations are sorted (the reserve, -1, first): all home when the lowest and
        # the highest are both home cells.
        done = [
            seat
            for i, seat in enumerate(self.seats)
            if marbles[4 * i] >= home_start and marbles[4 * i + 3] < centre
        ]
        winner = next((team for team in self.teams() if all(s in done for s in team)), None) if done else None
        cache["winner"] = winner
        return winner

    def game_memo(self) -> dict[Any, Any]:
        """Engine-internal: a memo for facts that depend only on the rules and the seats (the turn's
        mover and team, route switches, what each rank does), shared by every position with the same
        rules object and seats: successive positions, and positions read from notation or a camera."""
        memo = self.cache.get("game")
        if memo is None:
            key = (id(self.rules), self.seats)
            entry = _GAME_MEMOS.get(key)
            if entry is None or entry[0] is not self.rules:  # the rules held in the entry keep its id
                if len(_GAME_MEMOS) >= _GAME_MEMOS_KEPT:
                    _GAME_MEMOS.clear()
                entry = _GAME_MEMOS[key] = (self.rules, {})
            memo = self.cache["game"] = entry[1]
        return memo

    def successor(
        self,
        marbles: tuple[int, ...],
        fresh: int,
        turn_index: int,
        hands: tuple[tuple[Card, ...], ...] | None,
    ) -> Position:
        """Engine-internal: a position of the same game (rules, seats), sharing the board tables and
        the game memo. Nothing is checked: the engine calls it with values it derived itself."""
        cache = self.cache
        memo = cache.get("game")
        shared = None if memo is None else memo.get("shared")
        if shared is None:
            shared = {key: cache[key] for key in _SHARED if key in cache}
            if memo is not None and len(shared) == len(_SHARED):  # the same for every position of the game
                memo["shared"] = shared
        return Position(self.rules, self.seats, marbles, fresh, turn_index, hands, shared.copy())

    def occupancy(self) -> list[int]:
        """Engine-internal: per location, the section of the marble on it, or -1 (do not mutate)."""
        occ = self.cache.get("occ")
        if occ is None:
            occ = [-1] * self.tables.size
            memo = self.game_memo()
            owners = memo.get("owners")  # the section of each entry of ``marbles``
            if owners is None:
                owners = memo["owners"] = tuple(s for s in self.sections for _ in range(MARBLES_PER_SEAT))
            for loc, section in zip(self.marbles, owners, strict=False):  # as the seats slice them
                if loc != RESERVE:
                    occ[loc] = section
            self.cache["occ"] = occ
        return occ

    # ---- notation -------------------------------------------------------------------------------

    def to_notation(self) -> str:
        """The position in text (``docs/notation.md``); :meth:`from_notation` reads it back."""
        ids = self.tables.place_ids
        memo = self.game_memo()
        rules_text = memo.get("rules_notation")
        if rules_text is None:  # the same for every position of the game
            rules_text = memo["rules_notation"] = _rules_notation(self.rules)
        parts = [rules_text]
        for i, seat in enumerate(self.seats):
            section = self.sections[i]
            start = self.tables.start[section]
            names = []
            for loc in self.marbles[4 * i : 4 * i + 4]:
                if loc == RESERVE:
                    continue
                fresh = loc == start and self.fresh >> section & 1
                names.append(ids[loc] + ("*" if fresh else ""))
            parts.append(f"{seat}:{','.join(names)}")
        parts.append(self.turn)
        if self.hands is not None:
            parts += [
                f"{seat}={','.join(map(str, hand))}"
                for seat, hand in zip(self.seats, self.hands, strict=True)
            ]
        return " ".join(parts)

    def __str__(self) -> str:
        return self.to_notation()

    def __repr__(self) -> str:
        return f"Position.from_notation({self.to_notation()!r})"

    @classmethod
    def from_notation(cls, text: str) -> Position:
        """Read a position written by :meth:`to_notation`.

        Raises:
            NotationError: the text is not position notation (the message names the bad part).
            InvalidPositionError: it describes a position that cannot exist.
        """
        tokens = text.split()
        if len(tokens) < 3:
            raise NotationError(
                f"{text!r} is not a position: expected 'PRESET SEAT:PLACES... TURN [SEAT=CARDS...]', "
                "for example 'r1 A:A18*,B3 B: C: D: A'"
            )
        rules = parse_rules(tokens[0])
        seat_tokens = [t for t in tokens[1:] if ":" in t]
        rest = [t for t in tokens[1:] if ":" not in t]
        if not rest or "=" in rest[0]:
            raise NotationError(
                f"{text!r}: the seat to play (a letter such as 'A') is missing after the seats"
            )
        turn = rest[0].upper()
        hand_tokens = rest[1:]
        letters: list[str] = []
        per_seat: dict[str, list[int]] = {}
        fresh_mask = 0
        if len(tokens) != 1 + len(seat_tokens) + len(rest) or tokens[1 : 1 + len(seat_tokens)] != seat_tokens:
            raise NotationError(f"{text!r}: write the seats (A:...) first, then the seat to play, then hands")
        for token in seat_tokens:
            seat, _, places = token.partition(":")
            seat = seat.upper()
            if len(seat) != 1 or seat not in SECTION_LETTERS or seat in letters:
                raise NotationError(f"{token!r}: {seat!r} is not a new seat letter A..H")
            letters.append(seat)
        problems = _check_seats(rules, tuple(letters))
        if problems:
            raise InvalidPositionError(problems)
        tables = tables_for(rules.topology(len(letters)))
        for token in seat_tokens:
            seat, _, places = token.partition(":")
            seat = seat.upper()
            locs: list[int] = []
            for name in filter(None, places.upper().split(",")):
                is_fresh = name.endswith("*")
                name = name.rstrip("*")
                loc = tables.loc_of(name)
                if loc == RESERVE:
                    raise NotationError(f"{token!r}: leave reserve marbles out (4 minus those listed)")
                if is_fresh:
                    if loc != tables.start[SECTION_LETTERS.index(seat)]:
                        raise InvalidPositionError(
                            (
                                violation(
                                    Rule.INVALID_POSITION,
                                    places=(name,),
                                    detail=f"'*' (just out) marks {seat}'s own start cell only, not {name}",
                                    detail_fr=f"'*' (vient de sortir) ne marque que la case de départ "
                                    f"de {seat}, "
                                    f"pas {name}",
                                ),
                            )
                        )
                    fresh_mask |= 1 << SECTION_LETTERS.index(seat)
                locs.append(loc)
            per_seat[seat] = locs
        hands: dict[str, list[Card]] | None = None
        if hand_tokens:
            hands = {s: [] for s in letters}
            for token in hand_tokens:
                seat, eq, cards = token.partition("=")
                seat = seat.upper()
                if not eq or seat not in hands:
                    raise NotationError(f"{token!r} is not a hand: expected SEAT=CARDS such as A=7H,KD")
                hands[seat] = [Card.parse(c) for c in cards.split(",") if c]
        return cls._build(rules, tuple(letters), per_seat, fresh_mask, turn, hands, tables)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``notation`` round-trips through :meth:`from_notation`."""
        return {
            "notation": self.to_notation(),
            "rules": _rules_notation(self.rules),
            "seats": list(self.seats),
            "turn": self.turn,
            "marbles": {seat: list(self.marbles_of(seat)) for seat in self.seats},
            "fresh": [
                p
                for p in (self.tables.place_ids[self.tables.start[s]] for s in self.sections)
                if self.is_fresh(p)
            ],
            "layout": self.layout,
            "hands": None
            if self.hands is None
            else {seat: [str(c) for c in hand] for seat, hand in zip(self.seats, self.hands, strict=True)},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Position:
        """Read :meth:`to_dict`'s output (only ``notation`` is needed).

        Raises:
            NotationError: ``notation`` is missing or invalid.
            InvalidPositionError: it describes a position that cannot exist.
        """
        notation = data.get("notation")
        if not isinstance(notation, str):
            raise NotationError("a position dict needs its 'notation' string")
        return cls.from_notation(notation)


_GAME_MEMOS: dict[tuple[int, tuple[str, ...]], tuple[RuleSet, dict[Any, Any]]] = {}
"""Game memos by rules (their identity) and seats, so that positions read from notation or a camera
share them too; emptied when it holds more than a few hundred games' worth of house rules."""
_GAME_MEMOS_KEPT = 256
_SHARED = ("tables", "sections", "teams", "game")
"""Cache entries that depend only on the rules and the seats: successors share them."""
_KEPT_BY_REPLACE = (*_SHARED, "occ", "guards", "board", "winner")
"""Cache entries that depend only on the game and the marbles: :meth:`Position.replace` keeps them."""


def _hands_tuple(
    letters: tuple[str, ...], hands: Mapping[str, Sequence[Card]]
) -> tuple[tuple[Card, ...], ...]:
    if len(hands) == len(letters):  # usually one hand per seat: then every seat has its hand
        try:
            return tuple([tuple(hands[s]) for s in letters])
        except KeyError:
            pass  # some other key instead: reported below
    unknown = set(hands) - set(letters)
    if unknown:
        raise NotationError(f"hands given for {sorted(unknown)}, not among the seats {', '.join(letters)}")
    return tuple(tuple(hands.get(s, ())) for s in letters)


def _check_seats(rules: RuleSet, letters: tuple[str, ...]) -> tuple[Violation, ...]:
    if not 2 <= len(letters) <= 8:
        return (
            violation(
                Rule.INVALID_POSITION,
                detail=f"{len(letters)} seats; Tock has 2 to 8",
                detail_fr=f"{len(letters)} joueurs ; le Tock se joue de 2 à 8",
            ),
        )
    if len(letters) not in rules.seat_counts:
        return (
            violation(
                Rule.SEAT_COUNT,
                rules=rules.name,
                seats=str(len(letters)),
                counts_fr=spoken_list(rules.seat_counts, "ou"),
                counts_en=spoken_list(rules.seat_counts, "or"),
            ),
        )
    sections = rules.topology(len(letters)).sections
    bad = [s for s in letters if s not in SECTION_LETTERS[:sections]]
    if bad or len(set(letters)) != len(letters):
        return (
            violation(
                Rule.INVALID_POSITION,
                detail=f"seats {', '.join(letters)} do not fit a {sections}-section board "
                f"(letters {SECTION_LETTERS[:sections]}, each once)",
            ),
        )
    return ()


def validate(position: Position) -> tuple[Violation, ...]:
    """Everything that makes ``position`` impossible; empty when it can exist. Never raises."""
    try:
        return _validate(position)
    except Exception as error:  # a malformed value built by hand: report it, never raise
        return (violation(Rule.INVALID_POSITION, detail=str(error)),)


def _validate(position: Position) -> tuple[Violation, ...]:
    memo = position.game_memo()
    seat_problems = memo.get("seat_problems")
    if seat_problems is None:  # the same for every position of the game
        seat_problems = memo["seat_problems"] = _check_seats(position.rules, position.seats)
    if seat_problems:
        return seat_problems
    problems: list[Violation] = []
    tables = position.tables
    ids = tables.place_ids
    if len(position.marbles) != MARBLES_PER_SEAT * len(position.seats):
        return (
            violation(
                Rule.INVALID_POSITION,
                detail="each seat has exactly 4 marbles",
                detail_fr="chaque joueur a 4 pions",
            ),
        )
    seen: dict[int, str] = {}
    for i, seat in enumerate(position.seats):
        section = position.sections[i]
        for loc in position.marbles[4 * i : 4 * i + 4]:
            if loc == RESERVE:
                continue
            if not 0 <= loc < tables.size:
                problems.append(
                    violation(
                        Rule.INVALID_POSITION,
                        detail=f"seat {seat} has a marble off the board",
                        detail_fr=f"{seat} a un pion hors du plateau",
                    )
                )
                continue
            place = ids[loc]
            owner = tables.owner_of_home[loc]
            if owner not in (-1, section):
                problems.append(
                    violation(
                        Rule.INVALID_POSITION,
                        marble=place,
                        places=(place,),
                        detail=f"a marble of {seat} is in {SECTION_LETTERS[owner]}'s home ({place})",
                        detail_fr=f"un pion de {seat} est dans la maison de "
                        f"{SECTION_LETTERS[owner]} ({place})",
                    )
                )
            if loc == tables.centre and not tables.topology.centre:
                problems.append(
                    violation(
                        Rule.INVALID_POSITION,
                        places=(place,),
                        detail="this board has no centre",
                        detail_fr="ce plateau n'a pas de centre",
                    )
                )
            if loc in seen and not (loc == tables.centre and position.rules.centre_holds_several):
                problems.append(
                    violation(
                        Rule.INVALID_POSITION,
                        marble=place,
                        places=(place,),
                        detail=f"two marbles ({seen[loc]} and {seat}) on {place}",
                        detail_fr=f"deux pions ({seen[loc]} et {seat}) en {place}",
                    )
                )
            seen[loc] = seat
    for section in range(tables.sections):
        if position.fresh >> section & 1:
            start = tables.start[section]
            if section not in position.sections or seen.get(start) != SECTION_LETTERS[section]:
                problems.append(
                    violation(
                        Rule.INVALID_POSITION,
                        places=(ids[start],),
                        detail=f"{ids[start]} is marked just out but holds no marble of "
                        f"{SECTION_LETTERS[section]}",
                        detail_fr=f"{ids[start]} est marqué « vient de sortir » sans pion de "
                        f"{SECTION_LETTERS[section]}",
                    )
                )
    if not 0 <= position.turn_index < len(position.seats):
        problems.append(
            violation(
                Rule.INVALID_POSITION,
                detail="the seat to play is not one of the seats",
                detail_fr="le joueur qui joue n'est pas à la table",
            )
        )
    if position.hands is not None:
        problems += _validate_hands(position)
    return tuple(problems)


def _validate_hands(position: Position) -> list[Violation]:
    problems: list[Violation] = []
    if len(position.hands or ()) != len(position.seats):
        return [violation(Rule.INVALID_POSITION, detail="one hand per seat", detail_fr="une main par joueur")]
    counts: dict[tuple[str, str | None], int] = {}  # by the cards' value, hashed in C
    largest = 5 + position.rules.jokers  # a deal gives 5 at most; each joker played draws one more
    for seat, hand in zip(position.seats, position.hands or (), strict=True):
        if len(hand) > largest:
            problems.append(
                violation(
                    Rule.INVALID_POSITION,
                    detail=f"{seat} holds {len(hand)} cards; a hand has {largest} at most with these rules",
                    detail_fr=f"{seat} a {len(hand)} cartes ; une main en a {largest} au plus "
                    "avec ces règles",
                )
            )
        for card in hand:
            key = (card.rank, card.suit)
            counts[key] = counts.get(key, 0) + 1
    for (rank, suit), count in counts.items():
        card = Card(rank, suit)
        limit = position.rules.jokers if card.is_joker else 1 if card.suit is not None else 4
        if count > limit:
            problems.append(
                violation(
                    Rule.INVALID_POSITION,
                    detail=f"{count} card{'s' if count > 1 else ''} {card} in the hands; "
                    f"the pack has {limit or 'none'}",
                    detail_fr=f"{count} × {card} dans les mains ; le paquet en a {limit or 'aucune'}",
                )
            )
    return problems


# ---- rules in notation -------------------------------------------------------------------------


def _rules_notation(rules: RuleSet) -> str:
    base_name = rules.name.split("+")[0]
    base = PRESETS.get(base_name, RuleSet())
    base_name = base_name if base_name in PRESETS else "custom"
    diffs = []
    for f in dataclasses.fields(rules):
        if f.name in ("name", "source"):
            continue
        value = getattr(rules, f.name)
        if value != getattr(base, f.name):
            diffs.append(f"{f.name}={_value_text(value)}")
    return base_name + (f"[{';'.join(diffs)}]" if diffs else "")


def _value_text(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, frozenset)):
        return ".".join(str(v) for v in (sorted(value) if isinstance(value, frozenset) else value))
    return str(value)


def parse_rules(text: str) -> RuleSet:
    """Read the rules part of a position: a preset name, optionally with switches
    (``r1[jokers=2;shortcut=none]``).

    Raises:
        NotationError: unknown preset, switch or value.
    """
    name, bracket, switches = text.partition("[")
    base = RuleSet() if name.lower() == "custom" else _find(name)
    if not bracket:
        return base
    if not switches.endswith("]"):
        raise NotationError(f"{text!r}: the switches end with ']'")
    fields = {f.name: f for f in dataclasses.fields(RuleSet)}
    current = {f: getattr(base, f) for f in fields}
    changes: dict[str, Any] = {}
    for item in filter(None, switches[:-1].split(";")):
        key, eq, raw = item.partition("=")
        if not eq or key not in fields or key in ("name", "source"):
            switch_names = ", ".join(sorted(set(fields) - {"name", "source"}))
            raise NotationError(f"{item!r} is not a switch=value; the switches are {switch_names}")
        changes[key] = _parse_value(key, raw, current[key])
    try:
        return base.with_switches(**changes)
    except ValueError as error:
        raise NotationError(str(error)) from None


def _find(name: str) -> RuleSet:
    from firmware_py.engine.rules import find_preset

    return find_preset(name)


def _parse_value(key: str, raw: str, current: Any) -> Any:
    try:
        if isinstance(current, Enum):
            return type(current)(raw.lower())
        if isinstance(current, bool):
            if raw.lower() not in ("yes", "no", "true", "false"):
                raise ValueError(raw)
            return raw.lower() in ("yes", "true")
        if isinstance(current, int):
            return int(raw)
        if isinstance(current, frozenset):
            return frozenset(raw.upper().split("."))
        if isinstance(current, tuple):
            return tuple(int(v) for v in raw.split("."))
    except ValueError:
        pass
    choices = ""
    if isinstance(current, Enum):
        choices = " (one of " + ", ".join(str(m.value) for m in type(current)) + ")"
    raise NotationError(f"{raw!r} is not a value for {key}{choices}")


_NO_GUARDS: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
_NO_MARBLES: frozenset[int] = frozenset()


def blocking_and_immune(position: Position) -> tuple[frozenset[int], frozenset[int]]:
    """Engine-internal: locations of the marbles that block passage, and of those that cannot be
    taken, swapped or moved by another player (both are marbles on their own start cell)."""
    cached = position.cache.get("guards")
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    rules = position.rules
    if not position.fresh and StartCell.ANY not in (rules.start_blocking, rules.start_immunity):
        position.cache["guards"] = _NO_GUARDS  # only marbles just out are protected, and there are none
        return _NO_GUARDS
    tables = position.tables
    occ = position.occupancy()
    blocking: list[int] = []
    immune: list[int] = []
    for section in position.sections:
        start = tables.start[section]
        if occ[start] != section:
            continue
        fresh = bool(position.fresh >> section & 1)
        if rules.start_blocking is StartCell.ANY or (rules.start_blocking is StartCell.FRESH and fresh):
            blocking.append(start)
        if rules.start_immunity is StartCell.ANY or (rules.start_immunity is StartCell.FRESH and fresh):
            immune.append(start)
    result = (frozenset(blocking), frozenset(immune))
    position.cache["guards"] = result
    return result


def start_marbles(position: Position, which: StartCell) -> frozenset[int]:
    """Engine-internal: locations of the marbles on their own start cell that ``which`` covers.

    The Jack and the 5 each protect their own set (``jack_spares_start``, ``five_spares_start``).
    """
    if which is StartCell.NONE or (which is StartCell.FRESH and not position.fresh):
        return _NO_MARBLES
    key = "start_marbles_" + which.value
    cached = position.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    tables = position.tables
    occ = position.occupancy()
    result = frozenset(
        tables.start[section]
        for section in position.sections
        if occ[tables.start[section]] == section and (which is StartCell.ANY or position.fresh >> section & 1)
    )
    position.cache[key] = result
    return result
