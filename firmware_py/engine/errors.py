"""The engine's exceptions.

Each one is also a :class:`ValueError`, so that callers that only know "bad value" still catch it, and
each message names what is wrong (the web page and the ``tock`` command show it as is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from firmware_py.engine.violations import Violation


class TockError(Exception):
    """Base class of every error the engine raises on purpose."""


class NotationError(TockError, ValueError):
    """Text that is not valid notation: a position, a move, a card, a place or a preset name."""


class RulesError(TockError, ValueError):
    """Switches that make no rule set: a value out of range (a pack with 3 jokers) or an unknown name.

    Attributes:
        fr: the same in French, for the set-up page.
    """

    def __init__(self, message: str, fr: str) -> None:
        super().__init__(message)
        self.fr = fr


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
