"""Moves in words for the log and the phones, in French and English, from what the engine says they do.

The sentence is built from the move's effect (:func:`firmware_py.engine.move_effect`: which marbles
left which holes and where they went, which were sent back to their reserve), so it says exactly what
the players see, whatever the card did: a split 7, a Jack's swap, a King's sweep.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from firmware_py.engine import Move, MoveEffect, MoveKind, PlaceKind, Position, move_effect, parse_place
from firmware_py.engine.board import CELLS_PER_SECTION, SECTION_LETTERS, START_CELL, BoardTopology
from firmware_py.engine.cards import Card, card_words
from firmware_py.engine.violations import place_at, spoken_list
from firmware_py.store.saves import StoredEvent
from firmware_py.table.answers import LogLine

_DEFAULT_WORDS = {"person": ("Joueur", "Player"), "computer": ("Ordinateur", "Computer")}
"""The words of the names a seat gets until someone types one (``Joueur C``, ``Ordinateur B``)."""


def shown_name(name: str, lang: str) -> str:
    """A seat's name as a page in ``lang`` shows it: a default name (``Joueur A``, ``Computer B``) in
    that language, a typed name as it is."""
    word, _, letter = name.partition(" ")
    if len(letter) != 1 or not "A" <= letter <= "H":
        return name
    for french, english in _DEFAULT_WORDS.values():
        if word in (french, english):
            return f"{french if lang == 'fr' else english} {letter}"
    return name


def holes_said(places: Iterable[str], lang: str) -> str:
    """Holes as the board shows them, in ``lang``: "sur la case 8 du côté de C et dans la réserve de D",
    "on cell 8 of C's side and in D's reserve" (the holes of one reserve said once). Players read the
    board, not its hole ids; the pages put the seats' names in, and "your" on a seat's own phone."""
    said = list(dict.fromkeys(place_at(place, lang) for place in sorted(places)))
    return spoken_list(said, "et" if lang == "fr" else "and") if said else ""


def swap_asked(a: str, b: str, lang: str) -> str:
    """The question of a Jack's swap the camera cannot tell from a board left as it was (the two
    marbles look alike), its holes said as the board shows them: "Did you swap the marbles on cells 12
    and 14 of B's side?", "Did you swap the marble on cell 12 of B's side with the one on C's start
    cell?". The pages put the seats' names in, and "your" on a seat's own phone."""
    fr = lang == "fr"
    one_side = _cells_of_one_side(a, b)
    if one_side is not None:
        side, low, high = one_side
        if fr:
            return f"Avez-vous échangé les billes des cases {low} et {high} du côté de {side} ?"
        return f"Did you swap the marbles on cells {low} and {high} of {side}'s side?"
    if fr:
        return f"Avez-vous échangé la bille {place_at(a, 'fr')} avec celle {place_at(b, 'fr')} ?"
    return f"Did you swap the marble {place_at(a, 'en')} with the one {place_at(b, 'en')}?"


def _cells_of_one_side(a: str, b: str) -> tuple[str, int, int] | None:
    """The side and the two cell numbers (lower first) when ``a`` and ``b`` are track cells of one side
    said by their numbers (a start cell is said by whose it is); else None."""
    try:
        places = parse_place(a), parse_place(b)
    except ValueError:
        return None
    if places[0].section != places[1].section:
        return None
    if any(p.kind is not PlaceKind.TRACK or p.number == START_CELL for p in places):
        return None
    low, high = sorted(p.number for p in places)
    return SECTION_LETTERS[places[0].section], low, high


def _path(move: Move) -> str:
    """The marbles' paths by hole ids (``AR`` for a marble of A's reserve), a split 7 part by part in an
    order they can be played: the small detail under the sentence, for those who want the holes. Ids
    are the same in every language, so the detail is too."""
    if move.kind is MoveKind.SWAP:
        a, b = move.steps[0]
        return f"{a} ↔ {b}"
    return ", ".join(f"{a} → {b}" for a, b in move.steps_in_play_order)


MOST_CELLS = 13
"""The most cells one card moves one marble (the King)."""


def of_name(name: str) -> str:
    """French "de Bruno", "d'Ana" (elided before a vowel)."""
    return f"d'{name}" if name[:1].lower() in "aeiouyéèêàâîôû" else f"de {name}"


def _marble(owner: str, lang: str, *, own: bool, several: bool) -> str:
    """The marble moved, as the object of a sentence whose subject is the player: "un pion" (one of
    several), "le pion de Bruno" (another's), or nothing (their only marble moved)."""
    if not own:
        return f"le pion {of_name(owner)}" if lang == "fr" else f"{owner}'s marble"
    if several:
        return "un pion" if lang == "fr" else "a marble"
    return ""


def _step_words(
    a: str, b: str, card: Card | None, marble: str, topology: BoardTopology | None, lang: str
) -> str:
    """One marble's move as players say it: "sort un pion", "avance de 7 jusqu'au raccourci",
    "saute par le raccourci", "recule de 4", "rentre à la maison"."""
    fr = lang == "fr"
    obj = f" {marble}" if marble else ""
    if len(a) == 2 and a.endswith("R"):  # "AR": a marble of A's reserve, whichever hole it sits in
        a += "1"
    pa, pb = parse_place(a), parse_place(b)
    if pa.kind is PlaceKind.RESERVE:
        return f"sort{obj or ' un pion'}" if fr else f"brings{obj or ' a marble'} out"
    if pb.kind is PlaceKind.CENTRE:
        return f"met{obj or ' un pion'} au centre" if fr else f"puts{obj or ' a marble'} in the centre"
    if pa.kind is PlaceKind.CENTRE:
        return f"sort{obj or ' un pion'} du centre" if fr else f"takes{obj or ' a marble'} out of the centre"
    if pb.kind is PlaceKind.HOME and pa.kind is not PlaceKind.HOME:
        return f"rentre{obj or ' un pion'} à la maison" if fr else f"moves{obj or ' a marble'} into the home"
    if pa.kind is PlaceKind.HOME and pb.kind is PlaceKind.HOME:
        return f"avance{obj} dans la maison" if fr else f"moves{obj} along the home"
    if pa.kind is PlaceKind.HOME:
        return (
            f"ressort{obj or ' un pion'} de la maison"
            if fr
            else f"takes{obj or ' a marble'} back out of the home"
        )
    if topology is None:
        return f"déplace{obj or ' un pion'}" if fr else f"moves{obj or ' a marble'}"
    shortcut = topology.shortcut_cell
    if pa.number == shortcut and pb.number == shortcut and pa.section != pb.section:
        return (
            f"fait sauter{obj or ' un pion'} par le raccourci" if fr else f"jumps{obj} through the shortcut"
        )
    length = topology.track_length
    ia, ib = topology.track_index(pa.section, pa.number), topology.track_index(pb.section, pb.number)
    forward, backward = (ib - ia) % length, (ia - ib) % length
    if card is not None and card.rank == "4" and backward == 4:
        return f"recule{obj} de 4" if fr else f"moves{obj} back 4"
    to_shortcut = pb.number == shortcut
    # no card moves a marble more than 13 cells: landing further on a shortcut cell is the jump from
    # the shortcut cell before it
    jumped = to_shortcut and forward > MOST_CELLS and forward - CELLS_PER_SECTION > 0
    if jumped:
        forward -= CELLS_PER_SECTION
    # the shortcut jumped to is said by its side, as the board shows it (the pages name the side's seat)
    side = SECTION_LETTERS[pb.section]
    if fr:
        said = f"avance{obj} de {forward}" + (" jusqu'au raccourci" if to_shortcut else "")
        return said + (f" et saute au raccourci suivant, du côté de {side}" if jumped else "")
    said = f"moves{obj} forward {forward}" + (" to the shortcut" if to_shortcut else "")
    return said + (f" and jumps to the next shortcut, on {side}'s side" if jumped else "")


def _sentence(
    player: str,
    mover: str | None,
    move: Move,
    done: MoveEffect,
    names: Mapping[str, str],
    topology: BoardTopology | None,
    lang: str,
) -> str:
    """The sentence of a move in ``lang``; ``player`` is already the name to say."""
    fr = lang == "fr"
    card = card_words(move.card, lang, "the") if move.card else ("une carte" if fr else "a card")
    if move.kind is MoveKind.SWAP and done.steps:
        owners = {step.seat for step in done.steps}
        others = [shown_name(names.get(seat, seat), lang) for seat in sorted(owners) if seat != mover]
        if others:
            action = (
                f"échange son pion avec celui {of_name(others[0])}"
                if fr
                else f"swaps a marble with {others[0]}'s"
            )
        else:
            action = "échange deux de ses pions" if fr else "swaps two of their marbles"
    else:
        several = len(done.steps) > 1
        parts = []
        for step in done.steps:
            owner = shown_name(names.get(step.seat, step.seat), lang)
            marble = _marble(owner, lang, own=step.seat == mover, several=several)
            parts.append(_step_words(step.source, step.destination, move.card, marble, topology, lang))
        action = spoken_list(parts, "et" if fr else "and") if parts else _path(move)
    text = f"{player} joue {card} : {action}" if fr else f"{player} plays {card}: {action}"
    for capture in done.captures:
        owner = shown_name(names.get(capture.seat, capture.seat), lang)
        text += (
            f" ; renvoie le pion {of_name(owner)} au camp"
            if fr
            else f"; sends {owner}'s marble back to its reserve"
        )
    return text


def describe(
    player: str,
    move: Move,
    done: MoveEffect,
    names: Mapping[str, str],
    topology: BoardTopology | None = None,
    *,
    seat: str | None = None,
) -> dict[str, str]:
    """``{"fr": ..., "en": ..., "detail": ...}``: who played what, said as players say it ("Ana joue le
    7 de cœur : avance de 7 jusqu'au raccourci ; renvoie le pion de Bruno au camp"), and the holes by
    their ids as a small detail (``A3 → A10``).

    Args:
        player: name of the player (a default name is said in each language).
        move: the engine's move (its card and steps).
        done: what the move does, as the engine says it (``move_effect`` on the position before).
        names: seat letter -> player name (to say whose marble was moved or taken).
        topology: the board, to count the cells a marble moves and name the shortcut; without it the
            sentence says only that a marble moved.
        seat: the player's seat (to tell their marbles from the others'); found by name when None.
    """
    mover = seat if seat is not None else next((s for s, name in names.items() if name == player), None)
    fr_player, en_player = shown_name(player, "fr"), shown_name(player, "en")
    if move.kind is MoveKind.LAY_DOWN:
        return {"fr": f"{fr_player} pose sa main", "en": f"{en_player} lays the hand down", "detail": ""}
    if move.is_discard:
        fr_card = card_words(move.card, "fr", "the") if move.card else "une carte"
        en_card = card_words(move.card, "en", "the") if move.card else "a card"
        return {
            "fr": f"{fr_player} défausse {fr_card}",
            "en": f"{en_player} discards {en_card}",
            "detail": "",
        }
    detail = _path(move)
    for capture in done.captures:
        detail += f" ×{capture.place}"
    return {
        "fr": _sentence(fr_player, mover, move, done, names, topology, "fr"),
        "en": _sentence(en_player, mover, move, done, names, topology, "en"),
        "detail": detail,
    }


def move_entry(
    n: int,
    seat: str,
    move: Move,
    before: Position,
    names: Mapping[str, str],
    topology: BoardTopology | None = None,
) -> LogLine:
    """The log line ``n`` of a move played on ``before``, as the table shows it live and a resumed game
    rebuilds it.

    A line's number is its place in the log, never the save's event number (an undone event keeps its
    number in the save, so those have gaps). The live log, a resumed game, ``tock replay`` and the replay
    page number the same move alike, with one difference: a refused board is a line of the live log but
    no event of the save, so the lines after it are one further on in the live log than in a replay or
    after a restart.

    Its number, seat and notation, the sentence in French and English, the holes it changed
    (``places``) and each moved marble's path (``steps``, ``[from, to]``) for the board's arrows.

    Raises:
        IllegalMoveError: ``move`` moves marbles and is not legal on ``before``.
    """
    # a discard moves nothing (and may be a seat's out of its turn: a Jack makes the next one discard)
    moves_nothing = move.is_discard or move.kind is MoveKind.LAY_DOWN
    done = MoveEffect() if moves_nothing else move_effect(before, move)
    words = describe(names.get(seat, seat), move, done, names, topology, seat=seat)
    return {
        "n": n,
        "seat": seat,
        "move": str(move),
        "fr": words["fr"],
        "en": words["en"],
        "detail": words["detail"],
        "places": list(done.places),
        "steps": [[step.source, step.destination] for step in done.steps],
    }


def log_entry(
    event: StoredEvent,
    before: Position,
    names: dict[str, str],
    topology: BoardTopology | None = None,
    *,
    n: int,
) -> LogLine:
    """The log line ``n`` of a saved event played on ``before``, with its sentence in French and
    English."""
    if event.kind != "move":
        return action_line(n, event.kind, event.seat, names.get(event.seat, event.seat))
    return move_entry(n, event.seat, Move.parse(event.text), before, names, topology)


def action_line(n: int, kind: str, seat: str, player: str) -> LogLine:
    """The log line ``n`` of an action of ``seat`` that moves no marble (an exchange, the end of a
    joker's turn); a default name is said in each sentence's language."""
    fr, en = shown_name(player, "fr"), shown_name(player, "en")
    if kind == "exchange":
        fr, en = f"{fr} donne une carte à son partenaire", f"{en} gives a card to their partner"
    else:
        fr, en = f"{fr} garde sa carte pour plus tard", f"{en} keeps their card for later"
    return {"n": n, "seat": seat, "move": "", "fr": fr, "en": en, "places": []}
