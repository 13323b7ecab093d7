"""Security headers on every answer, and no caching of anything private.

Nothing is ever loaded from another site (``Content-Security-Policy`` allows this server only, scripts
and styles included), pages cannot be framed, and no page (a seat page holds a token and a hand, the table
and set-up pages hold the seat links) is ever cached or leaks its address as a referrer.
"""

from __future__ import annotations

from flask import Flask, Response, request

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "img-src 'self' data:",
        "style-src 'self'",
        "script-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

STATIC_PREFIX = "/static/"
"""Only the static files (styles, scripts) may be cached: every page may hold a seat link or a hand."""


def init_app(app: Flask) -> None:
    """Add the headers to every response. Called by the application factory."""
    app.after_request(add_security_headers)


def add_security_headers(response: Response) -> Response:
    """Set the security headers; everything but the static files also gets ``Cache-Control: no-store``."""
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers["X-Content-Type-Options"] = "nosniff"
    headers["X-Frame-Options"] = "DENY"
    headers["Referrer-Policy"] = "no-referrer"
    headers["Cross-Origin-Opener-Policy"] = "same-origin"
    headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
    if not request.path.startswith(STATIC_PREFIX):
        headers["Cache-Control"] = "no-store"
    return response
