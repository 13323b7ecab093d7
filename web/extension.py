"""The table the app is handed, stored on the app (never on a module global)."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, current_app

from firmware_py import refusals
from firmware_py.table.protocol import TableService

EXTENSION_KEY = "tock"


def init_app(app: Flask, table: TableService) -> None:
    """Keep ``table`` in ``app.extensions["tock"]``. Called by the application factory."""
    app.extensions[EXTENSION_KEY] = table


TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""What a seat token looks like (URL-safe base64); anything else is refused before the table sees it."""


def check_seat_token(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """Refuse (403) a seat address whose token cannot be a token, e.g. text with odd characters.

    Registered as a URL value preprocessor of every blueprint with ``<token>`` addresses.

    Raises:
        UnknownSeat: the table's own answer to an unknown token.
    """
    token = (values or {}).get("token")
    if token is not None and not TOKEN_SHAPE.fullmatch(token):
        raise refusals.unknown_seat()


def get_table() -> TableService:
    """The table of the current app (inside a request or an app context)."""
    table: TableService = current_app.extensions[EXTENSION_KEY]
    return table
