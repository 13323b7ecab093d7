"""Moves as structured values, with a compact text form that round-trips.

=================  ==============================  =============================================
kind               text                            meaning
=================  ==============================  =============================================
``step``           ``8H:A3-A11``                   one marble from A3 to A11 (the card's count,
                                                   a shortcut jump, the centre: the places say)
``step`` (split)   ``7H:A3-A7,B2-B5``              a 7 split over several marbles
``enter``          ``KS:AR-A18``                   a marble of A's reserve onto its start cell
``swap``           ``JH:A5<>B9``                   the marbles on A5 and B9 change places
``discard``        ``3H:discard``                  the card is thrown away (nothing playable)
``lay_down``       ``laydown``                     the whole hand is laid down until next deal
=================  ==============================  =============================================

Captures may follow as ``xB5xC9`` (``KS:A3-A16xB5xC9``); they are information, not identity: two moves
that differ only in the captures written are equal. A card may be a rank alone (``7:A3-A10``) when
the suit is not known (physical play).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from firmware_py.engine.cards import Card
from firmware_py.engine.errors import NotationError


class MoveKind(Enum):
    """What a move does."""

    STEP = "step"
    """Marbles move along the track, into or inside the home, or through a shortcut."""
    ENTER = "enter"
    """A marble leaves its reserve onto its start cell."""
    SWAP = "swap"
    """Two marbles change places (Jack, QC advanced 10)."""
    DISCARD = "discard"
    """A card is thrown away because nothing can be played."""
    LAY_DOWN = "lay_down"
    """The whole hand is laid down until the next deal (R2, QC)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move: the card, what it does, and the marbles it takes.

    ``steps`` holds ``(from, to)`` place pairs: for ``enter`` ``("AR", "A18")`` (``AR`` is "a marble of
    A's reserve", whichever hole it sits in); for ``swap`` the two places; empty for discards. The steps
    of a split 7 and the places of a swap are kept sorted, so that one move has one value whatever
    order it is written in.

    >>> str(Move.parse("7h:b2-b5,a3-a7"))
    '7H:A3-A7,B2-B5'
    """

    card: Card | None
    kind: MoveKind
    steps: tuple[tuple[str, str], ...] = ()
    captures: tuple[str, ...] = field(default=(), compare=False)
    """Places of the marbles this move takes (sent back to their reserve)."""
    delta: Any = field(default=None, compare=False, repr=False)
    """Engine-internal effect of a generated move (locations); None for a parsed move."""

    def __post_init__(self) -> None:
        if self.kind is MoveKind.STEP and len(self.steps) > 1:
            ordered = tuple(sorted(self.steps))
            if ordered != self.steps:
                object.__setattr__(self, "steps", ordered)
        elif self.kind is MoveKind.SWAP and self.steps and self.steps[0][0] > self.steps[0][1]:
            object.__setattr__(self, "steps", (self.steps[0][::-1],))
        if self.card is None and self.kind is not MoveKind.LAY_DOWN:
            raise NotationError(f"a {self.kind.value} move needs a card")

    @classmethod
    def discard(cls, card: Card) -> Move:
        """Throwing ``card`` away because nothing can be played."""
        return cls(card, MoveKind.DISCARD)

    @classmethod
    def lay_down(cls) -> Move:
        """Laying the whole hand down until the next deal (R2, QC)."""
        return cls(None, MoveKind.LAY_DOWN)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move written as :func:`str` writes it (case and spaces ignored).

        Raises:
            NotationError: the text is not a move (the message says which part is wrong).
        """
        raw = "".join(text.split()).upper()
        if raw in ("LAYDOWN", "LAY_DOWN", "LAY-DOWN"):
            return cls(None, MoveKind.LAY_DOWN)
        card_text, colon, body = raw.partition(":")
        if not colon or not body:
            raise NotationError(
                f"{text!r} is not a move: expected CARD:FROM-TO (8H:A3-A11), CARD:AR-A18, "
                "CARD:A5<>B9, CARD:discard or laydown"
            )
        card = Card.parse(card_text)
        body, *captured = body.split("X")
        captures = tuple(c for c in captured if c)
        for place in captures:
            _check_place(place, text)
        if body == "DISCARD":
            return cls(card, MoveKind.DISCARD, (), captures)
        if "<>" in body:
            a, _, b = body.partition("<>")
            _check_place(a, text)
            _check_place(b, text)
            return cls(card, MoveKind.SWAP, ((a, b),), captures)
        steps = []
        for part in body.split(","):
            frm, dash, to = part.partition("-")
            if not dash:
                raise NotationError(f"{text!r}: {part!r} is not a step FROM-TO such as A3-A11")
            if re.fullmatch(r"[A-H]R\d?", frm):
                if len(body.split(",")) > 1:
                    raise NotationError(f"{text!r}: a marble leaving its reserve is a move of its own")
                _check_place(to, text)
                return cls(card, MoveKind.ENTER, ((frm[:2], to),), captures)
            _check_place(frm, text)
            _check_place(to, text)
            steps.append((frm, to))
        return cls(card, MoveKind.STEP, tuple(steps), captures)

    def __str__(self) -> str:
        if self.kind is MoveKind.LAY_DOWN:
            return "laydown"
        card = str(self.card)
        if self.kind is MoveKind.DISCARD:
            body = "discard"
        elif self.kind is MoveKind.SWAP:
            body = f"{self.steps[0][0]}<>{self.steps[0][1]}"
        else:
            body = ",".join(f"{a}-{b}" for a, b in self.steps)
        return f"{card}:{body}" + "".join(f"x{c}" for c in self.captures)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def steps_in_play_order(self) -> tuple[tuple[str, str], ...]:
        """The steps in an order a person can play them one after the other.

        ``steps`` are sorted for identity, so a split 7 may list ``D11-DH1`` before ``DH1-DH2``; said
        in that order it sounds as if one marble moved twice. Here a part that leaves a hole comes
        before the part that arrives in it.

        >>> Move.parse("7:D11-DH1,DH1-DH3").steps_in_play_order
        (('DH1', 'DH3'), ('D11', 'DH1'))
        """
        pending = list(self.steps)
        ordered: list[tuple[str, str]] = []
        while pending:
            origins = {origin for origin, _ in pending}
            ready = next((step for step in pending if step[1] not in origins), pending[0])
            pending.remove(ready)
            ordered.append(ready)
        return tuple(ordered)

    @property
    def is_discard(self) -> bool:
        """Whether this move throws cards away (a discard or laying the hand down)."""
        return self.kind in (MoveKind.DISCARD, MoveKind.LAY_DOWN)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``notation`` round-trips through :meth:`parse`)."""
        return {
            "notation": str(self),
            "card": None if self.card is None else str(self.card),
            "kind": self.kind.value,
            "steps": [list(s) for s in self.steps],
            "captures": list(self.captures),
        }


_set_field = object.__setattr__


def generated_move(
    card: Card, kind: MoveKind, steps: tuple[tuple[str, str], ...], captures: tuple[str, ...], delta: Any
) -> Move:
    """Engine-internal: a move the generator built, its steps already in :class:`Move`'s order (a split's
    steps sorted, a swap's places sorted). Skips ``__init__``'s checks, which cost more than the rest of
    listing a simple move; the speed tests compare these moves with the ones ``__init__`` builds."""
    move: Move = Move.__new__(Move)
    _set_field(move, "card", card)
    _set_field(move, "kind", kind)
    _set_field(move, "steps", steps)
    _set_field(move, "captures", captures)
    _set_field(move, "delta", delta)
    return move


_PLACE_RE = re.compile(r"^(?:[A-H](?:H[1-4]|R[1-4]|1[0-8]|[1-9])|CIEL)$")


def _check_place(place: str, text: str) -> None:
    if not _PLACE_RE.match(place):
        raise NotationError(
            f"{text!r}: {place!r} is not a place id (track A1..H18, home AH1..AH4, reserve AR1..AR4, CIEL)"
        )
