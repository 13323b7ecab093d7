"""Every refusal becomes a clear 4xx answer with the reason: JSON for the API, a short page otherwise.

The table raises kinds of :class:`firmware_py.errors.TableError`, each answered with the status of
:data:`STATUS`; Flask's own
errors (unknown address, wrong method, a body too large, bad JSON) are answered the same way, so a
script on a phone always gets ``{"error": code, "fr", "en", "message"}`` and never a traceback. An
unexpected error is a 500 with the same shape; it is logged with the address's pattern
(``/seat/<token>``), never the address itself, which may hold a key.
"""

from __future__ import annotations

import logging
import re
import traceback
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from firmware_py.engine.errors import TockError
from firmware_py.errors import (
    BadInput,
    CannotDo,
    IllegalMove,
    NotAllowed,
    NotFound,
    TableError,
    WrongMoment,
    rules_words,
)
from firmware_py.store.history import ReplayError
from web.i18n import current_language

JSON_PREFIXES = ("/api/", "/events")

STATUS: dict[type[TableError], int] = {
    BadInput: 400,
    NotAllowed: 403,
    NotFound: 404,
    WrongMoment: 409,
    CannotDo: 409,
    IllegalMove: 422,
}
"""The HTTP status that answers each kind of refusal (a kind's subclasses answer as it does)."""

HTTP_MESSAGES: dict[int, tuple[str, str]] = {
    400: ("Requête invalide.", "Bad request."),
    403: ("Accès refusé.", "Forbidden."),
    404: ("Cette adresse n'existe pas.", "This address does not exist."),
    405: ("Méthode non permise pour cette adresse.", "Method not allowed for this address."),
    413: ("Requête trop grosse.", "Request too large."),
    415: ("Envoyez du JSON (Content-Type: application/json).", "Send JSON (Content-Type: application/json)."),
}


def init_app(app: Flask) -> None:
    """Register the error handlers. Called by the application factory."""
    app.register_error_handler(TableError, handle_table_error)
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(Exception, handle_unexpected_error)


logger = logging.getLogger("tock.web")


def wants_json() -> bool:
    """Whether the request is for the JSON API or a live stream (else it is a page)."""
    return request.path.startswith(JSON_PREFIXES)


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def error_response(status: int, body: dict[str, Any]) -> tuple[Response | str, int]:
    """Answer ``body`` (with ``error``, ``fr`` and ``en``) as JSON or as a small page."""
    body = {**body, "message": body["fr"] if current_language() == "fr" else body["en"]}
    if wants_json():
        return jsonify(body), status
    return render_template("error.html", status=status, message=body["message"]), status


def handle_table_error(error: TableError) -> tuple[Response | str, int]:
    """A refusal of the table: its status, code, both sentences and details (e.g. violations)."""
    status = next((STATUS[kind] for kind in type(error).__mro__ if kind in STATUS), 400)
    return error_response(status, error.to_dict())


def handle_http_error(error: HTTPException) -> tuple[Response | str, int]:
    """Flask's own errors (404, 405, 413, 415, bad JSON...) answered like the table's."""
    status = error.code or 400
    french, english = HTTP_MESSAGES.get(status, (error.name, error.name))
    if error.description and status in (400, 415) and error.description != type(error).description:
        english = error.description
    return error_response(status, {"error": _snake(error.name), "fr": french, "en": english})


def handle_unexpected_error(error: Exception) -> tuple[Response | str, int]:
    """A bug: logged with its traceback and the route's pattern (no key), answered as a plain 500."""
    if isinstance(error, HTTPException):  # raised through a handler: answered as it is
        return handle_http_error(error)
    rule = request.url_rule.rule if request.url_rule is not None else "(no route)"
    log_failure(f"unexpected error on {request.method} {rule}", error)
    return error_response(
        500,
        {
            "error": "internal_error",
            "fr": "Erreur interne : réessayez ; si elle revient, redémarrez le compagnon.",
            "en": "Internal error: try again; if it comes back, restart the companion.",
        },
    )


def log_failure(what: str, error: BaseException) -> None:
    """Log a failure with its traceback; an engine error's own text (it writes out every hand) is
    replaced by the rules it names (see :func:`firmware_py.errors.rules_words`)."""
    if isinstance(error, ReplayError):
        shown = error.en
    elif isinstance(error, TockError):
        shown = rules_words(error)[1]
    else:
        logger.error("%s", what, exc_info=error)
        return
    where = "".join(traceback.format_tb(error.__traceback__))
    logger.error("%s\nTraceback (most recent call last):\n%s%s: %s", what, where, type(error).__name__, shown)
