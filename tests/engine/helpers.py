"""Small helpers for the rule tests: positions from notation, destinations, reason codes.

Every helper that lists or plays moves also holds the fast core (``firmware_py.engine.fast``) to the
public engine on the same position, so that each rule test, named after its sheet's sentence, checks
the core too.
"""

from __future__ import annotations

from typing import Any

from firmware_py.engine import Card, Move, Position, explain, find_preset, legal_moves, play
from firmware_py.engine.cards import RANKS
from firmware_py.engine.context import rank_code
from firmware_py.engine.fast import State
from firmware_py.engine.movegen import card_moves


def pos(text: str, **switches: Any) -> Position:
    """A position from notation; ``switches`` change the rules of its preset."""
    position = Position.from_notation(text)
    if switches:
        rules = position.rules.with_switches(**switches)
        position = Position(
            rules, position.seats, position.marbles, position.fresh, position.turn_index, position.hands
        )
    return position


def core_moves(position: Position, card: Card) -> list[Move]:
    """The moves the fast core lists for ``card``, as public moves (captures included)."""
    state = State.of(position)
    codes: list[int] = []
    state.generate(rank_code(card.rank), codes)
    return [state.to_move(code, card) for code in codes]


def check_core(position: Position, card: Card | None = None) -> None:
    """Assert that the core lists what ``legal_moves`` lists for ``card`` (every rank when None), in
    the same order with the same captures, and that making each move gives the position ``play`` gives."""
    ranks = [card.rank] if card is not None else [*RANKS, "JOKER"]
    for rank in ranks:
        chosen = card if card is not None else Card(rank)
        public = card_moves(position, chosen)
        core = core_moves(position, chosen)
        assert [(str(m), m.captures) for m in core] == [(str(m), m.captures) for m in public], position
        state = State.of(position)
        codes: list[int] = []
        state.generate(rank_code(rank), codes)
        for code, move in zip(codes, public, strict=True):
            state.make(code)
            after = play(position, move)
            assert (tuple(state.marbles), state.fresh) == (after.marbles, after.fresh), move
            state.unmake()


def listed(position: Position, card: str | None = None) -> tuple[Move, ...]:
    """``legal_moves`` (of one card, or the whole hand), the core checked to list the same."""
    chosen = None if card is None else Card.parse(card)
    check_core(position, chosen)
    return legal_moves(position, chosen)


def dests(position: Position, card: str, frm: str) -> set[str]:
    """Where ``card`` can take the marble on ``frm`` (single-marble moves)."""
    return {
        m.steps[0][1]
        for m in listed(position, card)
        if len(m.steps) == 1 and m.steps[0][0] == frm and m.kind.value == "step"
    }


def kinds(position: Position, card: str | None = None) -> set[str]:
    """The kinds of the legal moves."""
    return {m.kind.value for m in listed(position, card)}


def notations(position: Position, card: str | None = None) -> set[str]:
    """The legal moves, written without their captures."""
    return {str(m).split("x")[0] for m in listed(position, card)}


def codes(position: Position, move: str) -> set[str]:
    """The rule codes ``explain`` gives for a move (empty when legal)."""
    return {v.code for v in explain(position, Move.parse(move))}


def after(position: Position, move: str) -> Position:
    """The position after a legal move (the core checked to list the same moves of its card)."""
    parsed = Move.parse(move)
    if parsed.card is not None:
        check_core(position, parsed.card)
    return play(position, parsed)


def preset(name: str) -> Any:
    return find_preset(name)
