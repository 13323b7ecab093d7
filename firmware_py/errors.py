"""Errors of the companion, named by what went wrong; none of them knows about HTTP.

Every refusal of the table (a wrong seat link, a card played out of turn, a button pressed at the wrong
time, an illegal move) is a :class:`TableError` of one kind below, carrying a short code, a sentence in
French and in English, and details (for an illegal move, the engine's violations) so that the page can
show *where* the problem is. The sentences themselves are written once, in :mod:`firmware_py.refusals`;
the web maps each kind to its HTTP status (:mod:`web.errors`).
"""

from __future__ import annotations

from typing import Any

from firmware_py.engine.errors import NotationError, RulesError
from firmware_py.engine.violations import IllegalMoveError, InvalidPositionError


class TableError(Exception):
    """A request the table refuses, with what the player should be told.

    Args:
        code: short snake_case reason, stable for programs (``"not_your_turn"``, ``"illegal_move"``...).
        message_fr: the sentence shown to French-speaking players.
        message_en: the same in English.
        details: JSON-able facts, e.g. ``{"violations": [violation.to_dict(), ...]}`` or ``{"field": ...}``.
    """

    def __init__(
        self,
        code: str,
        message_fr: str,
        message_en: str,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message_en)
        self.code = code
        self.message_fr = message_fr
        self.message_en = message_en
        self.details: dict[str, Any] = dict(details or {})

    def to_dict(self) -> dict[str, Any]:
        """JSON body for the web: code, both messages and the details."""
        return {"error": self.code, "fr": self.message_fr, "en": self.message_en, **self.details}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message_en!r})"


class BadInput(TableError):
    """The request itself is wrong: a field missing, unreadable or naming nothing that exists."""

    def __init__(self, field: str, message_fr: str, message_en: str) -> None:
        super().__init__("bad_input", message_fr, message_en, {"field": field})


class NotAllowed(TableError):
    """The request's key or origin does not allow it (the table's key missing, a page of another site)."""


class UnknownSeat(NotAllowed):
    """A seat link that is not one of this game's."""


class NotFound(TableError):
    """The thing asked for does not exist here (a game not in the save, a camera in a game without one)."""


class WrongMoment(TableError):
    """The request is fine but not now: the game is over, cards are being exchanged, a button has no use."""


class NotYourTurn(WrongMoment):
    """A seat acts while another seat is to play."""


class CannotDo(TableError):
    """The table tried and could not: a calibration that found no board, a save it cannot read."""


class IllegalMove(TableError):
    """The move breaks the rules: the details hold the engine's violations, each with its places."""


def rules_words(error: Exception) -> tuple[str, str]:
    """What everyone may be told of an engine's refusal, in French and in English.

    The engine's own text (``str(error)``) ends with the position, every hand written out
    (``A=6D,AC,5H,...``): it is for the person at the Pi (``tock replay``), never for a page, a stream, a
    log line or a public notice. Shown instead: the rules the move breaks, the text that could not be
    read (what someone typed), the rule switch at fault, or else a sentence that names no card.
    """
    if isinstance(error, IllegalMoveError | InvalidPositionError):
        return " ; ".join(v.fr for v in error.violations), "; ".join(v.en for v in error.violations)
    if isinstance(error, RulesError):
        return error.fr, str(error)
    if isinstance(error, NotationError):
        return str(error), str(error)
    return "les règles ne le permettent pas ici", "the rules do not allow it here"


class ConfigError(Exception):
    """A bad setting in ``tock.toml``, on the command line or on the set-up page, naming the key.

    The exception's text is one English line (what the command line prints); :attr:`message_fr` is the
    same line in French for the set-up page. The key stays as written in both: it is what the user typed.

    Args:
        key: the dotted key, e.g. ``camera.mode`` or ``table.seats[2].colour``.
        expected: what the key must hold, in English words.
        got: the value found (shown with ``repr``), if any.
        expected_fr: what the key must hold, in French words.
        source: the file the value came from, if any.
        message: the whole English line when another layer already worded it (e.g. the LED settings'
            checks); ``message_fr`` is then its French line (by default the key and ``expected_fr``).
        message_fr: the whole French line, with ``message``.
    """

    def __init__(
        self,
        key: str,
        expected: str,
        got: object = None,
        *,
        expected_fr: str,
        source: str | None = None,
        message: str | None = None,
        message_fr: str | None = None,
    ) -> None:
        found = f", got {got!r}" if got is not None else ""
        found_fr = f" (reçu {got!r})" if got is not None else ""
        line = message or f"{key}: expected {expected}{found}"
        line_fr = message_fr or f"{key} : il faut {expected_fr}{found_fr}"
        super().__init__(f"{source}: {line}" if source else line)
        self.key = key
        self.expected = expected
        self.expected_fr = expected_fr
        self.message_fr = f"{source} : {line_fr}" if source else line_fr

    @property
    def message_en(self) -> str:
        """The English line (the exception's text)."""
        return str(self.args[0])

    def in_file(self, source: str) -> ConfigError:
        """The same error, its lines prefixed with the file it came from."""
        return ConfigError(
            self.key,
            self.expected,
            expected_fr=self.expected_fr,
            message=f"{source}: {self.message_en}",
            message_fr=f"{source} : {self.message_fr}",
        )
