"""Errors of the companion at the table, shaped for the web page and the command line.

Every refusal of the table (a wrong seat token, a card played out of turn, a button pressed at the wrong
time, an illegal move) is a :class:`TableError` carrying a short code, the HTTP status the web app should
answer, a sentence in French and in English, and details (for an illegal move, the engine's violations)
so that the page can show *where* the problem is.
"""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A request the table refuses, with what the player should be told.

    Args:
        code: short snake_case reason, stable for programs (``"not_your_turn"``, ``"illegal_move"``...).
        status: the HTTP status a web app answers with: 400 bad input, 403 wrong or missing seat token,
            404 unknown thing, 409 not your turn / wrong phase / button at the wrong time, 422 illegal move.
        message_fr: the sentence shown to French-speaking players.
        message_en: the same in English.
        details: JSON-able facts, e.g. ``{"violations": [violation.to_dict(), ...]}`` or ``{"field": ...}``.
    """

    def __init__(
        self,
        code: str,
        status: int,
        message_fr: str,
        message_en: str,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message_en)
        self.code = code
        self.status = status
        self.message_fr = message_fr
        self.message_en = message_en
        self.details: dict[str, Any] = dict(details or {})

    def to_dict(self) -> dict[str, Any]:
        """JSON body for the web: code, both messages and the details."""
        return {"error": self.code, "fr": self.message_fr, "en": self.message_en, **self.details}

    def __repr__(self) -> str:
        return f"TableError({self.code!r}, {self.status}, {self.message_en!r})"


def bad_input(field: str, message_fr: str, message_en: str) -> TableError:
    """A 400 naming the field of the request that is wrong."""
    return TableError("bad_input", 400, message_fr, message_en, {"field": field})


def wrong_moment(code: str, message_fr: str, message_en: str) -> TableError:
    """A 409: not your turn, wrong phase of the game, a button pressed at the wrong time."""
    return TableError(code, 409, message_fr, message_en)


class ConfigError(Exception):
    """A bad setting in ``tock.toml`` (or on the command line); the message is one line naming the key.

    Args:
        key: the dotted key, e.g. ``camera.mode`` or ``table.seats[2].colour``.
        expected: what the key must hold, in words.
        got: the value found (shown with ``repr``), if any.
        source: the file the value came from, if any.
        message: the whole line when another layer already worded it (e.g. the LED settings' checks).
    """

    def __init__(
        self,
        key: str,
        expected: str,
        got: object = None,
        *,
        source: str | None = None,
        message: str | None = None,
    ) -> None:
        where = f"{source}: " if source else ""
        found = f", got {got!r}" if got is not None else ""
        super().__init__(where + (message or f"{key}: expected {expected}{found}"))
        self.key = key
        self.expected = expected

    def in_file(self, source: str) -> ConfigError:
        """The same error, its line prefixed with the file it came from."""
        return ConfigError(self.key, self.expected, message=f"{source}: {self.args[0]}")
