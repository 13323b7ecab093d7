"""The table the app is handed, stored on the app (never on a module global)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Flask, current_app

if TYPE_CHECKING:
    from firmware_py.table import Table

EXTENSION_KEY = "tock"


def init_app(app: Flask, table: Table) -> None:
    """Keep ``table`` in ``app.extensions["tock"]``. Called by the application factory."""
    app.extensions[EXTENSION_KEY] = table


def get_table() -> Table:
    """The table of the current app (inside a request or an app context)."""
    table: Table = current_app.extensions[EXTENSION_KEY]
    return table
