"""Whether a position can exist: the seats fit the rules and the board, every marble on a place of its
own, the just-out flags on marbles just out, the hands possible with one pack. Never raises: every
problem is a :class:`~firmware_py.engine.violations.Violation`.

Reads a position through :class:`PositionFacts`, which :class:`~firmware_py.engine.position.Position`
satisfies, so that the position can check itself when it is built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.cards import Card
from firmware_py.engine.errors import NotationError
from firmware_py.engine.rules import RuleSet
from firmware_py.engine.tables import RESERVE, Tables
from firmware_py.engine.violations import Rule, Violation, spoken_list, violation

MARBLES_PER_SEAT = 4


class PositionFacts(Protocol):
    """What validation reads of a position."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def marbles(self) -> tuple[int, ...]: ...
    @property
    def fresh(self) -> int: ...
    @property
    def turn_index(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...] | None: ...
    @property
    def tables(self) -> Tables: ...
    @property
    def sections(self) -> tuple[int, ...]: ...


def hands_tuple(
    letters: tuple[str, ...], hands: Mapping[str, Sequence[Card]]
) -> tuple[tuple[Card, ...], ...]:
    """The hands by seat letter as a tuple in seat order (a seat not named holds nothing).

    Raises:
        NotationError: a hand for a seat that is not at the table.
    """
    if len(hands) == len(letters):  # usually one hand per seat: then every seat has its hand
        try:
            return tuple([tuple(hands[s]) for s in letters])
        except KeyError:
            pass  # some other key instead: reported below
    unknown = set(hands) - set(letters)
    if unknown:
        raise NotationError(f"hands given for {sorted(unknown)}, not among the seats {', '.join(letters)}")
    return tuple(tuple(hands.get(s, ())) for s in letters)


def check_seats(rules: RuleSet, letters: tuple[str, ...]) -> tuple[Violation, ...]:
    """What is wrong with these seats under these rules (their number, their letters); empty if none."""
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


def validate(position: PositionFacts) -> tuple[Violation, ...]:
    """Everything that makes ``position`` impossible; empty when it can exist. Never raises."""
    try:
        return _validate(position)
    except Exception as error:  # a malformed value built by hand: report it, never raise
        return (violation(Rule.INVALID_POSITION, detail=str(error)),)


def _validate(position: PositionFacts) -> tuple[Violation, ...]:
    seat_problems = check_seats(position.rules, position.seats)
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


def _validate_hands(position: PositionFacts) -> list[Violation]:
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
