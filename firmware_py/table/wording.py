"""Moves in words for the log and the phones, in French and English, from the boards before and after.

The sentence is built from what changed on the board (which marbles left which holes and where they
went, which were sent back to their reserve), so it says exactly what the players see, whatever the card
did: a split 7, a Jack's swap, a King's sweep.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from firmware_py.engine import Move, MoveKind, PlaceKind, parse_place
from firmware_py.engine.cards import card_words


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


def _path(move: Move, lang: str) -> str:
    """The marbles' paths, a split 7 part by part in an order they can be played."""
    if move.kind is MoveKind.SWAP:
        a, b = move.steps[0]
        return f"{a} ↔ {b}"
    reserve = "réserve" if lang == "fr" else "reserve"
    return ", ".join(
        f"{reserve if a.endswith('R') and len(a) == 2 else a} → {b}" for a, b in move.steps_in_play_order
    )


def describe(
    player: str,
    move: Move,
    before: Mapping[str, str],
    after: Mapping[str, str],
    names: Mapping[str, str],
) -> dict[str, str]:
    """``{"fr": ..., "en": ...}``: who played what, which marbles moved, which were taken.

    Args:
        player: name of the player.
        move: the engine's move (its card and steps).
        before: board before the move.
        after: board after it (what was taken is read from the boards).
        names: seat letter -> player name (to say whose marble was taken).
    """
    if move.kind is MoveKind.LAY_DOWN:
        return {"fr": f"{player} pose sa main", "en": f"{player} lays the hand down"}
    fr_card = card_words(move.card, "fr", "the") if move.card else "une carte"
    en_card = card_words(move.card, "en", "the") if move.card else "a card"
    if move.is_discard:
        return {"fr": f"{player} défausse {fr_card}", "en": f"{player} discards {en_card}"}
    fr = f"{player} joue {fr_card} : {_path(move, 'fr')}"
    en = f"{player} plays {en_card}: {_path(move, 'en')}"
    for seat, place in change(before, after, move).captured:
        owner = names.get(seat, seat)
        fr += f" ; prend la bille de {owner} en {place}"
        en += f"; takes {owner}'s marble on {place}"
    return {"fr": fr, "en": en}


def move_entry(
    n: int,
    seat: str,
    move: Move,
    before: Mapping[str, str],
    after: Mapping[str, str],
    names: Mapping[str, str],
) -> dict[str, Any]:
    """The log line of a move, as the table shows it live and a resumed game rebuilds it.

    Its number, seat and notation, the sentence in French and English, the holes it changed
    (``places``) and each moved marble's path (``steps``, ``[from, to]``) for the board's arrows.
    """
    moved = change(before, after, move)
    return {
        "n": n,
        "seat": seat,
        "move": str(move),
        **describe(names.get(seat, seat), move, before, after, names),
        "places": list(moved.places),
        "steps": [[source, destination] for _, source, destination in moved.steps],
    }
