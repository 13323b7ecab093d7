"""The companion at a real table: the one mutable object that ties camera, rules, LEDs, store and web.

A :class:`Table` holds the engine's immutable ``Game`` (or, with physical cards, the position), the
SQLite store, the LED output and the camera loop. Every change happens under one lock, is written to the
store and committed *before* anything shows it (LEDs, pages), then bumps :attr:`Table.version` and wakes
every :class:`Subscription`. Readers get JSON-able snapshots (:meth:`Table.public_view`,
:meth:`Table.seat_view`); the web app builds each client's own view when an event arrives, so no hand is
ever sent to the wrong page.

Errors are :class:`firmware_py.errors.TableError` carrying the HTTP status the web should answer.
"""

from __future__ import annotations

import queue
import threading
from typing import Any

from firmware_py.errors import TableError

__all__ = ["Subscription", "Table", "TableError"]


class Subscription:
    """One listener's queue of change events (``{"version": n}``), for a server-sent-event stream.

    Only the latest event matters to a listener that rebuilds its view, so the queue keeps at most a few
    events and drops the oldest when a slow client falls behind.
    """

    def __init__(self, table: Table, *, maxsize: int = 4) -> None:
        self._table = table
        self._events: queue.Queue[dict[str, Any]] = queue.Queue(maxsize=maxsize)
        self.closed = False

    def _put(self, event: dict[str, Any]) -> None:
        while True:
            try:
                self._events.put_nowait(event)
                return
            except queue.Full:
                try:
                    self._events.get_nowait()
                except queue.Empty:
                    pass

    def get(self, timeout: float) -> dict[str, Any] | None:
        """Wait up to ``timeout`` seconds for the next event; None if nothing happened (send a heartbeat)."""
        if self.closed:
            return None
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """Stop listening (idempotent)."""
        if not self.closed:
            self.closed = True
            self._table._unsubscribe(self)


class Table:
    """The game at the table. Thread-safe: web threads, the camera loop and button callbacks share it.

    ``Table()`` with no arguments is a complete demo table (one person and three computer seats, digital
    cards, no camera, simulated LEDs, an in-memory store): what the web app's tests use.
    """

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._subscriptions: list[Subscription] = []
        self.version = 0

    # -- views -------------------------------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        """What everyone may see, JSON-able, never any hand.

        Keys: ``game_id``, ``preset``, ``switches``, ``sections`` (4/6/8), ``seats`` [{``seat``, ``name``,
        ``colour`` "#rrggbb", ``team``, ``computer``, ``cards`` (count), ``connected``}], ``layout``
        {place: seat}, ``turn``, ``phase``, ``last_move`` {text, fr, en, places} or None, ``log``
        [{n, seat, move, fr, en, reasons?}], ``leds`` {place: "#rrggbb"} (mirror of the strip),
        ``highlight`` [places lit as legal destinations], ``problem`` {fr, en, places} or None, ``camera``
        {mode, status, message}, ``winner`` (seat letters) or None, ``version``.
        """
        raise NotImplementedError

    def seat_view(self, token: str) -> dict[str, Any]:
        """:meth:`public_view` plus that seat's private facts.

        Adds ``seat``, ``hand`` [card strings], ``playable`` {card: [{move, fr, en, from, to: [places]}]},
        ``can_exchange``, ``must_discard``.

        Raises:
            TableError: 403 for an unknown token.
        """
        raise NotImplementedError

    def seat_links(self) -> list[dict[str, Any]]:
        """Private seat links [{seat, name, token, path "/seat/<token>"}], for the set-up and table pages."""
        raise NotImplementedError

    def setup_options(self) -> dict[str, Any]:
        """What the set-up page offers: presets with every switch, board models, colours, cameras, seats."""
        raise NotImplementedError

    # -- set-up ------------------------------------------------------------------------------------

    def new_game(self, settings: dict[str, Any]) -> None:
        """Start a new game (saved at once), replacing the current one.

        ``settings`` keys (all optional): ``preset``, ``switches`` {name: value}, ``model`` ("tock4" /
        "tock6"), ``seats`` [{seat, name, colour, team, computer}], ``cards`` ("digital" / "physical"),
        ``camera`` (bool: read the board with the camera, or enter moves on the page), ``seed``.

        Raises:
            TableError: 400 naming the field that is wrong.
        """
        raise NotImplementedError

    # -- playing -----------------------------------------------------------------------------------

    def choose_card(self, token: str, card: str) -> dict[str, Any]:
        """The seat shows which card it plays: its legal moves; the LEDs light their destinations.

        Returns ``{"card": card, "moves": [{move, fr, en, from, to}]}``.

        Raises:
            TableError: 403 bad token, 400 not a card / not in the hand, 409 not this seat's turn.
        """
        raise NotImplementedError

    def play(self, token: str, move: str) -> dict[str, Any]:
        """Apply a move given in the engine's notation (no-camera mode, or confirming an ambiguous board).

        Returns ``{"move": text, "fr": ..., "en": ..., "version": n}`` once the move is saved.

        Raises:
            TableError: 403 bad token, 400 bad notation, 409 not your turn, 422 illegal (with violations).
        """
        raise NotImplementedError

    def exchange(self, token: str, card: str) -> dict[str, Any]:
        """Give ``card`` to the partner (partner-exchange presets), face down.

        Raises:
            TableError: 403 bad token, 400 not in the hand, 409 no exchange now.
        """
        raise NotImplementedError

    def discard(self, token: str, card: str) -> dict[str, Any]:
        """Discard ``card`` when the rules say so (nothing playable).

        Raises:
            TableError: 403 bad token, 400 not in the hand, 409 not your turn / not allowed to discard.
        """
        raise NotImplementedError

    def undo(self, token: str | None = None) -> dict[str, Any]:
        """Take back the last move (the table page or the undo button: ``token`` None; a seat: its own move).

        Raises:
            TableError: 409 nothing to undo (or, with a token, the last move is not that seat's).
        """
        raise NotImplementedError

    def move_marble(self, from_place: str, to_place: str) -> dict[str, Any]:
        """Move one marble on the simulated board (sim camera) or, without camera, on the expected board.

        With the simulated camera the board is rendered, read by vision and checked like a real move;
        without camera the resulting board is matched against the legal moves at once.

        Raises:
            TableError: 400 unknown place / no marble there, 409 with a real camera (move the real marble).
        """
        raise NotImplementedError

    # -- learning ----------------------------------------------------------------------------------

    def explain(self, move: str, *, token: str | None = None) -> dict[str, Any]:
        """ "Why not?": ``{"move", "legal": bool, "reasons": [{code, fr, en, places}]}`` for the seat to play.

        Raises:
            TableError: 400 bad notation, 403 bad token.
        """
        raise NotImplementedError

    def hints(self, token: str) -> list[dict[str, Any]]:
        """Every legal move of that seat's hand: [{card, move, fr, en, from, to}].

        Raises:
            TableError: 403 bad token.
        """
        raise NotImplementedError

    def rules_text(self, lang: str) -> list[dict[str, str]]:
        """The chosen preset in plain words: [{switch, text}] in ``lang`` ("fr" or "en").

        Raises:
            TableError: 400 unknown language.
        """
        raise NotImplementedError

    # -- camera ------------------------------------------------------------------------------------

    def camera_jpeg(self, *, overlay: bool) -> bytes | None:
        """The latest camera frame as JPEG (with the reading drawn over it), None without a camera."""
        raise NotImplementedError

    def calibrate(self, what: str) -> dict[str, Any]:
        """Calibrate the camera: ``"markers"`` (board position) or ``"colours"`` (marbles in their reserves).

        Raises:
            TableError: 400 unknown ``what``, 409 no camera / board not seen.
        """
        raise NotImplementedError

    # -- live updates ------------------------------------------------------------------------------

    def subscribe(self) -> Subscription:
        """A new listener; it receives ``{"version": n}`` after every change."""
        subscription = Subscription(self)
        with self._lock:
            self._subscriptions.append(subscription)
        return subscription

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            if subscription in self._subscriptions:
                self._subscriptions.remove(subscription)
