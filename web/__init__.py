"""The Flask pages: the table, the private seat pages, set-up, learn and calibration.

``create_app`` is a flaskr-shaped application factory. The game is not global: the one
:class:`firmware_py.table.core.Table` of the process is handed in (``tock serve`` builds it with the LEDs and
the camera) and kept in ``app.extensions["tock"]``; views reach it through :func:`web.extension.get_table`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from firmware_py.table.protocol import TableService

DEFAULTS: dict[str, Any] = {
    "TOCK_STREAM_SECONDS": 600.0,
    "TOCK_HEARTBEAT_SECONDS": 10.0,
    "TOCK_STREAM_SLOTS": 5,
    "TOCK_RETRY_MS": 3000,
    "TOCK_RENEW_MS": 500,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "TOCK_PUBLIC_URL": "http://127.0.0.1:8000",
    "TOCK_ORIGINS": (),
    "TOCK_PORT": 8000,
}
"""Live-update limits (see :mod:`web.events`), the largest request body accepted (64 KiB), the address
the seat links and QR codes are built on (``tock serve`` sets the one phones reach), the origins
accepted for state changes besides this machine's own, and the port this machine's own pages have (see
:mod:`web.roles`)."""


def create_app(test_config: Mapping[str, Any] | None = None, *, table: TableService | None = None) -> Flask:
    """Create and configure the companion's Flask application.

    Args:
        test_config: settings that replace the defaults (tests pass ``{"TESTING": True}`` and shorter
            stream limits).
        table: the game at the table. Without one, a demo ``Table()`` is built (one person and three
            computer seats, digital cards, no camera), so that the page can be tried on a laptop.

    Returns:
        The application, with the pages, the JSON API and the live-update streams registered.
    """
    from web import api, compression, endgame, errors, events, extension, i18n, pages, roles, security

    app = Flask(__name__)
    app.config.from_mapping(DEFAULTS)
    if test_config:
        app.config.update(test_config)
    if table is None:
        from firmware_py.table.core import Table

        table = Table()
    extension.init_app(app, table)
    i18n.init_app(app)
    security.init_app(app)
    roles.init_app(app)
    errors.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(endgame.bp)
    events.init_app(app)
    compression.init_app(app)
    return app
