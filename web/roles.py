"""Who is asking: the table (its key, kept in a cookie once paired), a seat (its key in the address) or
a spectator (no key); and where a state change comes from (its ``Origin``).

The table pairs by opening ``/pair/<table key>`` (the link and QR code ``tock serve`` prints in its
terminal): the key goes into an ``HttpOnly`` cookie and the browser is sent on to ``/table``, so the key
never shows in a page, and no script can read it. Every state change (any method but GET, HEAD and
OPTIONS) from a browser must come from one of the companion's own addresses (``TOCK_ORIGINS``, built by
``tock serve`` from the configured and detected addresses, never from the request's ``Host``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

from flask import Flask, current_app, request

from firmware_py import refusals
from web.extension import get_table

TABLE_COOKIE = "tock_table"
COOKIE_SECONDS = 400 * 24 * 3600
"""The table stays paired for as long as browsers keep a cookie (400 days), until a new key is made."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LOOPBACK_ORIGIN = re.compile(r"http://(?:127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?")
"""This machine's own origins: accepted on the companion's port only (``TOCK_PORT``); a page served by
another program of this machine, on another port, is another site."""

P = ParamSpec("P")
R = TypeVar("R")


def init_app(app: Flask) -> None:
    """Check the origin of every state change, and give templates ``is_table``. Called by the factory."""
    app.before_request(check_origin)
    app.context_processor(lambda: {"is_table": is_table()})


def is_table() -> bool:
    """Whether the request comes from the paired table (its cookie holds the table's key)."""
    key = request.cookies.get(TABLE_COOKIE)
    return key is not None and get_table().is_table_key(key)


def table_only(view: Callable[P, R]) -> Callable[P, R]:
    """Refuse (403) the request unless it comes from the paired table."""

    @wraps(view)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        if not is_table():
            raise refusals.table_only()
        return view(*args, **kwargs)

    return guarded


def allowed_origin(origin: str) -> bool:
    """Whether ``origin`` is one of the companion's own addresses (``TOCK_ORIGINS``) or this machine on
    the companion's port."""
    origins: tuple[str, ...] = tuple(current_app.config.get("TOCK_ORIGINS", ()))
    if origin in origins:
        return True
    loopback = LOOPBACK_ORIGIN.fullmatch(origin)
    return loopback is not None and int(loopback.group(1) or 80) == int(current_app.config["TOCK_PORT"])


def check_origin() -> None:
    """Refuse (403) a state change sent by a page of another site (or a rebound address).

    A browser names the page's origin on every POST; a request without ``Origin`` does not come from a
    page (a command-line client), and still needs its key like any other.
    """
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    cross_site = request.headers.get("Sec-Fetch-Site") == "cross-site"
    if cross_site or (origin is not None and not allowed_origin(origin)):
        raise refusals.foreign_origin()
