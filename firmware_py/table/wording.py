"""Moves in words for the log and the phones, in French and English, from the boards before and after.

The sentence is built from what changed on the board (which marbles left which holes and where they
went, which were sent back to their reserve), so it says exactly what the players see, whatever the card
did: a split 7, a Jack's swap, a King's sweep.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from firmware_py.engine import Move, MoveKind, PlaceKind, parse_place
from firmware_py.engine.board import CELLS_PER_SECTION, SECTION_LETTERS, BoardTopology
from firmware_py.engine.cards import Card, card_words
from firmware_py.engine.violations import spoken_list
from firmware_py.games import TableGame
from firmware_py.store.saves import StoredEvent
from firmware_py.table.answers import LogLine


@dataclass(frozen=True, slots=True)
class Change:
    """What a move did on the board."""

    steps: tuple[tuple[str, str, str], ...]
    """(seat, from place, to place) of each marble that moved, captures excepted."""
    captured: tuple[tuple[str, str], ...]
    """(seat, place it was taken on) of each marble sent back to its reserve."""

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(step[1] for step in self.steps)

    @property
    def destinations(self) -> tuple[str, ...]:
        return tuple(step[2] for step in self.steps)

    @property
    def places(self) -> tuple[str, ...]:
        """Every hole the move changed, for the page to show."""
        seen: dict[str, None] = {}
        for _, a, b in self.steps:
            seen[a] = seen[b] = None
        for _, place in self.captured:
            seen[place] = None
        return tuple(seen)


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


def _is_reserve(place: str) -> bool:
    return parse_place(place).kind is PlaceKind.RESERVE


def change(before: Mapping[str, str], after: Mapping[str, str], move: Move | None = None) -> Change:
    """The marbles that moved between two boards (reserve places count as one pool per seat).

    Args:
        before: the board before.
        after: the board after.
        move: the move played, when known. It settles the one case the boards cannot: a marble landing
            on a marble of its own side (the mover's old hole empties, and one marble of that side goes
            to the reserve, which the boards alone read as "the mover was taken where it stood").
    """
    steps: list[tuple[str, str, str]] = []
    captured: list[tuple[str, str]] = []
    for seat in sorted(set(before.values()) | set(after.values())):
        was = {p for p, s in before.items() if s == seat}
        now = {p for p, s in after.items() if s == seat}
        left = sorted(p for p in was - now if not (_is_reserve(p) and any(_is_reserve(q) for q in now - was)))
        came = sorted(p for p in now - was if not (_is_reserve(p) and any(_is_reserve(q) for q in was - now)))
        moved_on = [p for p in came if not _is_reserve(p)]
        to_reserve = [p for p in came if _is_reserve(p)]
        from_reserve = [p for p in left if _is_reserve(p)]
        from_board = [p for p in left if not _is_reserve(p)]
        # a marble leaving the reserve goes onto the board first; then board-to-board moves pair up in
        # order; a board marble whose hole empties and that lands in the reserve was taken
        for place in from_reserve:
            if moved_on:
                steps.append((seat, place, moved_on.pop(0)))
        for place in from_board:
            if moved_on:
                steps.append((seat, place, moved_on.pop(0)))
            elif to_reserve:
                to_reserve.pop(0)
                captured.append((seat, place))
    if move is not None:
        _own_side_landings(before, move, steps, captured)
    return Change(tuple(steps), tuple(captured))


def _own_side_landings(
    before: Mapping[str, str],
    move: Move,
    steps: list[tuple[str, str, str]],
    captured: list[tuple[str, str]],
) -> None:
    """Read "taken on its source hole" as the move's step onto a marble of the same side (in place)."""
    if move.kind is not MoveKind.STEP:
        return
    for source, destination in move.steps:
        seat = before.get(source)
        if seat is not None and (seat, source) in captured and before.get(destination) == seat:
            captured[captured.index((seat, source))] = (seat, destination)
            steps.append((seat, source, destination))


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
    before: Mapping[str, str],
    moved: Change,
    names: Mapping[str, str],
    topology: BoardTopology | None,
    lang: str,
) -> str:
    """The sentence of a move in ``lang``; ``player`` is already the name to say."""
    fr = lang == "fr"
    card = card_words(move.card, lang, "the") if move.card else ("une carte" if fr else "a card")
    if move.kind is MoveKind.SWAP and move.steps:
        # the owners are read on the board before (two marbles of one seat swapping leave the boards
        # looking unchanged)
        owners = {before[place] for place in move.steps[0] if place in before}
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
        # the move's own steps pair each marble with its destination (the boards alone cannot tell
        # which of two marbles of a split 7 went where)
        steps = [(before.get(a) or a[0], a, b) for a, b in move.steps_in_play_order]
        several = len(steps) > 1
        parts = []
        for seat, a, b in steps:
            owner = shown_name(names.get(seat, seat), lang)
            marble = _marble(owner, lang, own=seat == mover, several=several)
            parts.append(_step_words(a, b, move.card, marble, topology, lang))
        action = spoken_list(parts, "et" if fr else "and") if parts else _path(move)
    text = f"{player} joue {card} : {action}" if fr else f"{player} plays {card}: {action}"
    for seat, _ in moved.captured:
        owner = shown_name(names.get(seat, seat), lang)
        text += (
            f" ; renvoie le pion {of_name(owner)} au camp"
            if fr
            else f"; sends {owner}'s marble back to its reserve"
        )
    return text


def describe(
    player: str,
    move: Move,
    before: Mapping[str, str],
    after: Mapping[str, str],
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
        before: board before the move.
        after: board after it (what moved and what was taken is read from the boards).
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
    moved = change(before, after, move)
    detail = _path(move)
    for _, place in moved.captured:
        detail += f" ×{place}"
    return {
        "fr": _sentence(fr_player, mover, move, before, moved, names, topology, "fr"),
        "en": _sentence(en_player, mover, move, before, moved, names, topology, "en"),
        "detail": detail,
    }


def move_entry(
    n: int,
    seat: str,
    move: Move,
    before: Mapping[str, str],
    after: Mapping[str, str],
    names: Mapping[str, str],
    topology: BoardTopology | None = None,
) -> LogLine:
    """The log line ``n`` of a move, as the table shows it live and a resumed game rebuilds it.

    A line's number is its place in the log, never the save's event number (an undone event keeps its
    number in the save, so those have gaps). The live log, a resumed game, ``tock replay`` and the replay
    page number the same move alike, with one difference: a refused board is a line of the live log but
    no event of the save, so the lines after it are one further on in the live log than in a replay or
    after a restart.

    Its number, seat and notation, the sentence in French and English, the holes it changed
    (``places``) and each moved marble's path (``steps``, ``[from, to]``) for the board's arrows.
    """
    moved = change(before, after, move)
    words = describe(names.get(seat, seat), move, before, after, names, topology, seat=seat)
    return {
        "n": n,
        "seat": seat,
        "move": str(move),
        "fr": words["fr"],
        "en": words["en"],
        "detail": words["detail"],
        "places": list(moved.places),
        "steps": [[source, destination] for _, source, destination in moved.steps],
    }


def log_entry(
    event: StoredEvent,
    before: TableGame,
    after: TableGame,
    names: dict[str, str],
    topology: BoardTopology | None = None,
    *,
    n: int,
) -> LogLine:
    """The log line ``n`` of an event, with its sentence in French and English."""
    if event.kind != "move":
        return action_line(n, event.kind, event.seat, names.get(event.seat, event.seat))
    move = Move.parse(event.text)
    return move_entry(
        n,
        event.seat,
        move,
        before.position.layout,
        after.position.layout,
        names,
        topology,
    )


def action_line(n: int, kind: str, seat: str, player: str) -> LogLine:
    """The log line ``n`` of an action of ``seat`` that moves no marble (an exchange, the end of a
    joker's turn); a default name is said in each sentence's language."""
    fr, en = shown_name(player, "fr"), shown_name(player, "en")
    if kind == "exchange":
        fr, en = f"{fr} donne une carte à son partenaire", f"{en} gives a card to their partner"
    else:
        fr, en = f"{fr} garde sa carte pour plus tard", f"{en} keeps their card for later"
    return {"n": n, "seat": seat, "move": "", "fr": fr, "en": en, "places": []}
