"""The Flask pages: the table, the private seat pages, set-up, learn and calibration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Create and configure the companion's Flask application."""
    app = Flask(__name__)
    if test_config:
        app.config.update(test_config)

    @app.get("/")
    def index() -> str:
        return "<!doctype html><title>Tock</title><h1>Tock companion</h1>"

    return app
