"""Small helpers for the rule tests: positions from notation, destinations, reason codes."""

from __future__ import annotations

from typing import Any

from firmware_py.engine import Card, Move, Position, explain, find_preset, legal_moves, play


def pos(text: str, **switches: Any) -> Position:
    """A position from notation; ``switches`` change the rules of its preset."""
    position = Position.from_notation(text)
    if switches:
        rules = position.rules.with_switches(**switches)
        position = Position(
            rules, position.seats, position.marbles, position.fresh, position.turn_index, position.hands
        )
    return position


def dests(position: Position, card: str, frm: str) -> set[str]:
    """Where ``card`` can take the marble on ``frm`` (single-marble moves)."""
    return {
        m.steps[0][1]
        for m in legal_moves(position, Card.parse(card))
        if len(m.steps) == 1 and m.steps[0][0] == frm and m.kind.value == "step"
    }


def kinds(position: Position, card: str | None = None) -> set[str]:
    """The kinds of the legal moves."""
    return {m.kind.value for m in legal_moves(position, None if card is None else Card.parse(card))}


def notations(position: Position, card: str | None = None) -> set[str]:
    """The legal moves, written without their captures."""
    return {str(m).split("x")[0] for m in legal_moves(position, None if card is None else Card.parse(card))}


def codes(position: Position, move: str) -> set[str]:
    """The rule codes ``explain`` gives for a move (empty when legal)."""
    return {v.code for v in explain(position, Move.parse(move))}


def after(position: Position, move: str) -> Position:
    """The position after a legal move."""
    return play(position, Move.parse(move))


def preset(name: str) -> Any:
    return find_preset(name)
