"""Why a move is illegal: rule codes with a French and an English sentence, and where on the board;
and the refusals that carry them (:class:`IllegalMoveError`, :class:`InvalidPositionError`).

Every check the engine makes (``explain``, ``validate``) reports a :class:`Violation` whose ``code`` is a
:class:`Rule` value; ``places`` lets the LEDs and the page light the holes concerned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from firmware_py.engine.board import SECTION_LETTERS, START_CELL, PlaceKind, parse_place
from firmware_py.engine.cards import Card, card_words
from firmware_py.engine.errors import NotationError, TockError


class Rule(Enum):
    """Reason codes, each with the rule sheet sentence it comes from."""

    NOT_YOUR_TURN = "not_your_turn"
    """Every sheet: players play in turn."""
    GAME_OVER = "game_over"
    """Every sheet: the game ends when a seat or team has all its marbles home."""
    CARD_NOT_IN_HAND = "card_not_in_hand"
    """Every sheet: one plays a card of one's hand."""
    MUST_PLAY_IF_ABLE = "must_play_if_able"
    """R1 "le joueur est toujours obligé de jouer ses cartes"; R2 FAQ "Il faut d'abord jouer la carte 5"."""
    NO_DISCARD_HERE = "no_discard_here"
    """The rule set lays the hand down instead of discarding, or the other way round."""
    NO_MARBLE_THERE = "no_marble_there"
    """The move starts from an empty place."""
    NOT_YOUR_MARBLE = "not_your_marble"
    """One moves one's own marbles (one's teammates' once one's own are home)."""
    NOT_ANOTHER_PLAYERS_MARBLE = "not_another_players_marble"
    """R1/TOC 5: "vous oblige à faire avancer un pion adverse"; CANOP "un autre pion"."""
    NO_JOKERS = "no_jokers"
    """QC "Number of cards to be dealt: 52"; R1 jokers only "pour la variante": no joker in the pack."""
    FIVE_NEEDS_MARBLE_OUT = "five_needs_marble_out"
    """CANOP "Tant que le joueur n'en dispose pas, il ne joue pas et se défausse d'une carte à chaque
    tour"."""
    RESERVE_NEEDS_ENTRY_CARD = "reserve_needs_entry_card"
    """R1 "Pour sortir du camp il faut posséder un parteu (roi ou as)"; TOC also the joker."""
    RESERVE_MARBLE_CANNOT_MOVE = "reserve_marble_cannot_move"
    """A marble in its reserve only leaves it onto its start cell."""
    ENTRY_GOES_TO_START = "entry_goes_to_start"
    """TOC "Le pion est alors posé sur la première case du parcours (case numérotée 18)"."""
    CARD_CANNOT_DO_THAT = "card_cannot_do_that"
    """The card played has no such power in this rule set (a swap with a 3, a split 6...)."""
    WRONG_COUNT = "wrong_count"
    """R1 "On déplace ses pions selon la valeur de la carte": no route of that card reaches that place."""
    BLOCKED_BY_START_MARBLE = "blocked_by_start_marble"
    """R1 "ni même être dépassé"; R2 "il bloque tous les autres pions ... dans les deux sens"."""
    START_MARBLE_IMMUNE = "start_marble_immune"
    """R1 "il ne peut ni être déplacé, ni être pris"; R2 "il ne peut être mangée, ni changée de place"."""
    PASSES_OWN_START = "passes_own_start"
    """R1 "Il est interdit de repasser sur sa case de départ, ni dans un sens ni dans l'autre"."""
    BACK_FROM_START_FORBIDDEN = "back_from_start_forbidden"
    """House rule: a marble on its start cell may not back up."""
    HOME_EXACT_COUNT = "home_exact_count"
    """R1 "le joueur doit réussir à tomber directement sur un des 4 emplacements"."""
    HOME_ENTRY_REQUIRED = "home_entry_required"
    """TOC "Si la carte jouée ne permet pas de faire entrer un pion en sa maison, il passe devant l'entrée";
    CANOP "tomber directement sur un des 4 emplacements de la maison sinon il repart pour un tour"."""
    HOME_NO_PASSING = "home_no_passing"
    """R1 "Dans la maison un pion ne peut pas passer par-dessus un autre"."""
    NO_BACKWARDS_INTO_HOME = "no_backwards_into_home"
    """R1 "Il est interdit d'entrer dans la maison en reculant"."""
    HOME_IS_FINAL = "home_is_final"
    """R1 "Un pion rentré ne ressort plus"."""
    HOME_MARBLE_UNTOUCHABLE = "home_marble_untouchable"
    """R1 "Tous les pions qui sont dans leur camp de départ ou d'arrivée sont intouchables"."""
    SWAP_TARGET_NOT_ON_TRACK = "swap_target_not_on_track"
    """R1 Jack: "avec un autre sur le plateau"; R2 "à l'exception d'un pion ... au centre du jeu"."""
    SWAP_NEEDS_OWN_MARBLE = "swap_needs_own_marble"
    """R1 Jack: "échanger n'importe lequel de ses pions avec un autre"."""
    SWAP_OWN_PAIR_FORBIDDEN = "swap_own_pair_forbidden"
    """The rule set does not let the Jack swap two of one's own marbles."""
    SWAP_NEEDS_OPPONENT = "swap_needs_opponent"
    """QC advanced 10: "one exchanges a marble with the opponent of his choice"."""
    SEVEN_TOTAL = "seven_total"
    """R1 7: the parts of a split 7 add up to 7."""
    SEVEN_TWO_MARBLES = "seven_two_marbles"
    """R2 FAQ: "La carte ne peut être jouée que sur deux pions"."""
    SEVEN_FORWARD_ONLY = "seven_forward_only"
    """R2 FAQ: "elle ne permet en aucun cas de faire reculer des pions"."""
    SEVEN_ONE_MARBLE = "seven_one_marble"
    """QC: the 7 moves one marble forward 7."""
    SEVEN_PART_CANNOT_TAKE = "seven_part_cannot_take"
    """House rule: a part of a split 7 may not end on a marble."""
    SEVEN_PARTS_COLLIDE = "seven_parts_collide"
    """Two parts of one 7 may not end on the same place, nor move the same marble twice."""
    CENTRE_NEEDS_CARD = "centre_needs_card"
    """R2 "Pour y entrer ou en ressortir il faut jeter un deux, un roi ou un as"; QC A, 10 or K."""
    CENTRE_FROM_SHORTCUT = "centre_from_shortcut"
    """R2 "Lorsque le pion d'un joueur est sur une case no 7 ... il peut l'avancer dans le centre"."""
    JUMP_NOT_ALLOWED = "jump_not_allowed"
    """R1 "Si l'on tombe sur une intersection (case7), on peut sauter ... jusqu'à la case 7 suivante"."""
    JUMP_REQUIRED = "jump_required"
    """CANOP "Si un pion tombe sur une intersection (case 7), il se téléporte jusqu'à la case 7 suivante"."""
    NOTHING_TO_LAY_DOWN = "nothing_to_lay_down"
    """QC/R2: the hand is laid down only when nothing can be played."""
    EXCHANGE_FIRST = "exchange_first"
    """R1x "Les partenaires s'échangent une carte sans la montrer"; CANOP "les coéquipiers s'échangent
    une carte"."""
    NO_EXCHANGE_NOW = "no_exchange_now"
    """A seat gives a card to its partner only during the exchange, once per deal."""
    DISCARD_AFTER_JACK = "discard_after_jack"
    """QC advanced "Avec un valet, le joueur de gauche élimine une carte et passe son tour"."""
    ONLY_AFTER_JOKER = "only_after_joker"
    """R1/TOC joker: "il repioche une carte et peut rejouer tout de suite ou plus tard"."""
    UNKNOWN_PLACE = "unknown_place"
    """The move names a place that is not on this board."""
    NOT_A_MOVE = "not_a_move"
    """The board read does not come from any legal move (nor from a move in progress)."""
    SEAT_COUNT = "seat_count"
    """TOC "peut se jouer à 2 joueurs ou à 4 joueurs"; R1 "prévue pour 4 joueurs ... 6 ou même 8"; house
    rules widen ``seat_counts``."""
    INVALID_POSITION = "invalid_position"
    """The position cannot exist."""


_TEXTS: dict[Rule, tuple[str, str]] = {
    Rule.NOT_YOUR_TURN: ("Ce n'est pas au tour de {seat} de jouer.", "It is not {seat}'s turn."),
    Rule.GAME_OVER: ("La partie est finie.", "The game is over."),
    Rule.CARD_NOT_IN_HAND: ("{card_le_cap} n'est pas dans la main.", "{card_the_cap} is not in the hand."),
    Rule.MUST_PLAY_IF_ABLE: (
        "On ne peut pas jeter de carte : une carte de la main peut être jouée.",
        "You cannot discard: a card of your hand can be played.",
    ),
    Rule.NO_DISCARD_HERE: (
        "Ces règles ne permettent pas cela ici : {detail_fr}.",
        "These rules do not allow that here: {detail}.",
    ),
    Rule.NO_MARBLE_THERE: ("Il n'y a pas de pion {place_at_fr}.", "There is no marble {place_at_en}."),
    Rule.NOT_YOUR_MARBLE: (
        "Le pion {place_at_fr} n'est pas à la personne qui joue : chacun ne déplace que ses pions.",
        "The marble {place_at_en} is not the player's own: each player moves only their own marbles.",
    ),
    Rule.NOT_ANOTHER_PLAYERS_MARBLE: (
        "Le 5 fait avancer {whose_fr}, pas le pion {place_at_fr}.",
        "The 5 moves {whose_en}, not the marble {place_at_en}.",
    ),
    Rule.NO_JOKERS: (
        "Ces règles se jouent sans joker : le paquet n'en a pas.",
        "These rules are played without jokers: the pack has none.",
    ),
    Rule.FIVE_NEEDS_MARBLE_OUT: (
        "Sans pion en jeu, on ne joue pas le 5 : on se défausse d'une carte.",
        "With no marble in play you do not play the 5: you discard a card.",
    ),
    Rule.RESERVE_NEEDS_ENTRY_CARD: (
        "Pour sortir un pion du camp il faut {entry_fr} ; pas {card_un}.",
        "Leaving the reserve takes {entry_en}; not {card_the}.",
    ),
    Rule.RESERVE_MARBLE_CANNOT_MOVE: (
        "Un pion du camp ne peut que sortir sur sa case de départ.",
        "A marble in its reserve can only come out onto its start cell.",
    ),
    Rule.ENTRY_GOES_TO_START: (
        "Un pion qui sort va sur sa case de départ.",
        "A marble coming out goes onto its start cell.",
    ),
    Rule.CARD_CANNOT_DO_THAT: (
        "Avec ces règles, {card_le} ne permet pas cela.",
        "With these rules {card_the} cannot do that.",
    ),
    Rule.WRONG_COUNT: (
        "{card_le_cap} ne mène pas le pion posé {place_at_fr} jusque-là ({target_at_fr}).",
        "{card_the_cap} cannot take the marble {place_at_en} there ({target_at_en}).",
    ),
    Rule.BLOCKED_BY_START_MARBLE: (
        "Le pion posé {blocker_at_fr} bloque le passage.",
        "The marble {blocker_at_en} blocks the way.",
    ),
    Rule.START_MARBLE_IMMUNE: (
        "Le pion posé {blocker_at_fr} ne peut être ni pris, ni déplacé, ni échangé.",
        "The marble {blocker_at_en} cannot be taken, moved or swapped.",
    ),
    Rule.PASSES_OWN_START: (
        "Le pion ne peut pas repasser sur sa case de départ.",
        "The marble may not pass its own start cell again.",
    ),
    Rule.BACK_FROM_START_FORBIDDEN: (
        "Un pion sur sa case de départ ne peut pas reculer.",
        "A marble on its start cell cannot move back.",
    ),
    Rule.HOME_EXACT_COUNT: (
        "Il faut tomber juste sur une des 4 cases de la maison.",
        "A marble must land exactly on one of the 4 home cells.",
    ),
    Rule.HOME_ENTRY_REQUIRED: (
        "Ce pion peut entrer dans sa maison : il ne passe pas devant l'entrée.",
        "This marble can go into its home: it may not walk past the entry.",
    ),
    Rule.HOME_NO_PASSING: (
        "Dans la maison, un pion ne passe pas par-dessus un autre.",
        "In the home, a marble cannot pass or land on another.",
    ),
    Rule.NO_BACKWARDS_INTO_HOME: (
        "Il est interdit d'entrer dans la maison en reculant.",
        "A marble may not enter its home backwards.",
    ),
    Rule.HOME_IS_FINAL: ("Un pion rentré ne ressort plus.", "A marble in its home never leaves it."),
    Rule.HOME_MARBLE_UNTOUCHABLE: (
        "Les pions dans leur camp ou leur maison sont intouchables.",
        "Marbles in their reserve or their home cannot be touched.",
    ),
    Rule.SWAP_TARGET_NOT_ON_TRACK: (
        "On n'échange qu'avec un pion sur le parcours, pas avec celui {target_at_fr}.",
        "A swap is only with a marble on the track, not the one {target_at_en}.",
    ),
    Rule.SWAP_NEEDS_OWN_MARBLE: (
        "L'échange se fait avec un de ses propres pions sur le parcours.",
        "A swap takes one of your own marbles on the track.",
    ),
    Rule.SWAP_OWN_PAIR_FORBIDDEN: (
        "Ces règles ne permettent pas d'échanger deux de ses propres pions.",
        "These rules do not allow swapping two of your own marbles.",
    ),
    Rule.SWAP_NEEDS_OPPONENT: (
        "Le 10 échange avec un pion adverse seulement.",
        "The 10 swaps with an opponent's marble only.",
    ),
    Rule.SEVEN_TOTAL: ("Les parts du 7 doivent faire 7 en tout.", "The parts of the 7 must add up to 7."),
    Rule.SEVEN_TWO_MARBLES: (
        "Le 7 ne se partage qu'entre deux pions.",
        "The 7 is shared between two marbles at most.",
    ),
    Rule.SEVEN_FORWARD_ONLY: ("Le 7 ne fait jamais reculer.", "The 7 never moves backwards."),
    Rule.SEVEN_ONE_MARBLE: (
        "Avec ces règles, le 7 avance un seul pion.",
        "With these rules the 7 moves one marble.",
    ),
    Rule.SEVEN_PART_CANNOT_TAKE: (
        "Une part du 7 ne peut pas finir sur un pion ({target}).",
        "A part of the 7 cannot end on a marble ({target}).",
    ),
    Rule.SEVEN_PARTS_COLLIDE: (
        "Deux parts du 7 ne peuvent pas finir au même endroit ni déplacer deux fois le même pion.",
        "Two parts of the 7 cannot end on the same place nor move the same marble twice.",
    ),
    Rule.CENTRE_NEEDS_CARD: (
        "Pour entrer au centre ou en sortir il faut {cards_fr}.",
        "Entering or leaving the centre takes {cards_en}.",
    ),
    Rule.CENTRE_FROM_SHORTCUT: (
        "On entre au centre depuis une case {cell} seulement.",
        "The centre is entered from a shortcut cell {cell} only.",
    ),
    Rule.JUMP_NOT_ALLOWED: (
        "Ce saut de raccourci n'est pas permis ici.",
        "That shortcut jump is not allowed here.",
    ),
    Rule.JUMP_REQUIRED: (
        "Un pion qui tombe sur une case {cell} se téléporte à la suivante.",
        "A marble ending on a shortcut cell {cell} teleports to the next one.",
    ),
    Rule.NOTHING_TO_LAY_DOWN: (
        "On ne pose sa main que si rien ne peut être joué.",
        "The hand is laid down only when nothing can be played.",
    ),
    Rule.EXCHANGE_FIRST: (
        "Les partenaires échangent d'abord une carte.",
        "Partners first exchange one card.",
    ),
    Rule.NO_EXCHANGE_NOW: ("{seat} n'a pas de carte à donner maintenant.", "{seat} has no card to give now."),
    Rule.DISCARD_AFTER_JACK: (
        "{seat} doit jeter une carte et passer son tour (valet).",
        "{seat} must discard one card and skip the turn (Jack).",
    ),
    Rule.ONLY_AFTER_JOKER: (
        "On ne peut passer son tour qu'après un joker.",
        "Only after a joker may you end your turn without playing.",
    ),
    Rule.UNKNOWN_PLACE: (
        "{place} n'est pas une case de ce plateau ({sections} sections).",
        "{place} is not a place of this board ({sections} sections).",
    ),
    Rule.NOT_A_MOVE: (
        "Aucun coup permis ne mène à ce plateau : remettez les pions indiqués.",
        "No legal move leads to this board: put back the marbles shown.",
    ),
    Rule.SEAT_COUNT: (
        "Les règles {rules} se jouent à {counts_fr} joueurs, pas à {seats}.",
        "The {rules} rules are played by {counts_en} seats, not {seats}.",
    ),
    Rule.INVALID_POSITION: ("Position impossible : {detail_fr}.", "Impossible position: {detail}."),
}


def spoken_list(items: Sequence[object], last_word: str) -> str:
    """``1, 2 or 3`` (``last_word`` joins the last two; French and English alike)."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last_word} {words[-1]}"


def _card_fields(text: str) -> dict[str, str]:
    """The card of a reason in words (``la dame de cœur``, ``the Queen of hearts``), never by code."""
    try:
        card = Card.parse(text)
    except NotationError:
        this, that = "cette carte", "that card"
        return {
            "card_le": this,
            "card_le_cap": "Cette carte",
            "card_un": this,
            "card_the": that,
            "card_the_cap": "That card",
        }
    le, the = card_words(card, "fr", "the"), card_words(card, "en", "the")
    return {
        "card_le": le,
        "card_le_cap": le[0].upper() + le[1:],
        "card_un": card_words(card, "fr", "a"),
        "card_the": the,
        "card_the_cap": the[0].upper() + the[1:],
    }


def place_at(place: str, lang: str) -> str:
    """Where a place is, said as the board shows it (seats by their letter, as the board labels them):
    "dans la réserve de B", "on A's start cell", "in the centre", "sur la case 15 du côté de A".
    Text that is no place id is said as it is, after "en" / "on"."""
    fr = lang == "fr"
    try:
        parsed = parse_place(place[:2] + "1" if len(place) == 2 and place[1] == "R" else place)
    except ValueError:
        return f"en {place}" if fr else f"on {place}"
    seat = SECTION_LETTERS[parsed.section]
    if parsed.kind is PlaceKind.CENTRE:
        return "au centre" if fr else "in the centre"
    if parsed.kind is PlaceKind.RESERVE:
        return f"dans la réserve de {seat}" if fr else f"in {seat}'s reserve"
    if parsed.kind is PlaceKind.HOME:
        return f"dans la maison de {seat}" if fr else f"in {seat}'s home"
    if parsed.number == START_CELL:
        return f"sur la case de départ de {seat}" if fr else f"on {seat}'s start cell"
    return (
        f"sur la case {parsed.number} du côté de {seat}"
        if fr
        else f"on cell {parsed.number} of {seat}'s side"
    )


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: its code, a French and an English sentence, and the places concerned."""

    code: str
    """A :class:`Rule` value."""
    fr: str
    en: str
    marble: str | None = None
    """Place id of the marble concerned, if any."""
    places: tuple[str, ...] = ()
    """Board places to show (LEDs, page)."""

    @property
    def rule(self) -> Rule:
        """The code as a :class:`Rule`."""
        return Rule(self.code)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "code": self.code,
            "fr": self.fr,
            "en": self.en,
            "marble": self.marble,
            "places": list(self.places),
        }


def violation(
    rule: Rule, *, marble: str | None = None, places: tuple[str, ...] = (), **fields: str
) -> Violation:
    """Build the violation of ``rule``, filling its sentences with ``fields``."""
    fr, en = _TEXTS[rule]
    values = _Blank(fields)
    if "detail" in fields and "detail_fr" not in fields:
        values["detail_fr"] = fields["detail"]  # a message from elsewhere (Python's own), as it is
    if "card" in fields:
        values.update(_card_fields(fields["card"]))
    for name in ("place", "target", "blocker"):
        if name in fields:
            values[f"{name}_at_fr"], values[f"{name}_at_en"] = (
                place_at(fields[name], "fr"),
                place_at(fields[name], "en"),
            )
    return Violation(rule.value, fr.format_map(values), en.format_map(values), marble, places)


class IllegalMoveError(TockError, ValueError):
    """A move that the rules forbid in this position.

    Attributes:
        violations: every rule the move breaks (never empty).
        position: the notation of the position the move was tried in.
    """

    def __init__(self, violations: tuple[Violation, ...], position: str, move: str = "") -> None:
        self.violations = violations
        self.position = position
        self.move = move
        reasons = "; ".join(v.en for v in violations)
        prefix = f"illegal move {move}: " if move else ""
        super().__init__(f"{prefix}{reasons} in {position}")


class InvalidPositionError(TockError, ValueError):
    """A position that cannot exist (a fifth marble of one colour, two marbles on one hole...).

    Attributes:
        violations: everything wrong with it (never empty).
    """

    def __init__(self, violations: tuple[Violation, ...]) -> None:
        self.violations = violations
        super().__init__("; ".join(v.en for v in violations))
