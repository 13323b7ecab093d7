"""The engine's exceptions for bad input: notation that is not notation, switches that make no rules.

The refusals that carry the rules they break (an illegal move, an impossible position) stand beside
:class:`~firmware_py.engine.violations.Violation` in :mod:`firmware_py.engine.violations`. Each one is
also a :class:`ValueError`, so that callers that only know "bad value" still catch it, and each message
names what is wrong (the web page and the ``tock`` command show it as is).
"""

from __future__ import annotations


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
