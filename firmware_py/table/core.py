"""The companion at a real table: the one mutable object that ties camera, rules, LEDs, store and web.

A :class:`Table` holds the engine's immutable ``Game`` (or, with physical cards, the ``Position``), the
SQLite store, the LEDs (a lights port the wiring root builds) and, once :meth:`Table.attach_camera` is
called, the camera loop. Every change happens under one lock, is written to the store and committed
*before* anything shows it (LEDs, pages), then bumps :attr:`Table.version` and wakes every
:class:`Subscription`. Readers get JSON-able snapshots (:meth:`Table.public_view`,
:meth:`Table.seat_view`); the web app builds each client's own view when an event arrives, so no hand
is ever sent to the wrong page.

How a move reaches the game:

* camera: each stable reading is matched against the legal moves of the seat to play
  (:meth:`Table.on_reading`): unchanged, a move (saved, next turn), in progress (LEDs show what is left),
  ambiguous or uncertain (the page asks), illegal (reasons on the page, LEDs show what to put back);
* no camera: marbles are moved on the page's board (:meth:`Table.move_marble`) or a move is picked from
  the list (:meth:`Table.play`);
* computer seats: the table picks the move (:mod:`firmware_py.players`), shows it, and a person moves
  the marbles (in simulation, or without camera, the move is made by itself after ``computer_delay``).

Refusals are the kinds of :class:`firmware_py.errors.TableError`, worded in :mod:`firmware_py.refusals`.

The table is composed of parts, each owning one concern over one shared
:class:`~firmware_py.table.state.TableState`: this module (the game, its turns and saves, the keys, the
players' actions), :class:`~firmware_py.table.board_watch.BoardWatch` (the camera and the board seen),
:class:`~firmware_py.table.camera_setup.CameraSetup` (the camera's calibration and picture),
:class:`~firmware_py.table.computer_seats.ComputerSeats`, :class:`~firmware_py.table.leds.TableLeds` and
:class:`~firmware_py.table.role_views.RoleViews` (what each role sees). The turn in progress is one
immutable :class:`~firmware_py.table.turn.Turn`; the parts never hold the table: they answer each event
with an :class:`~firmware_py.table.turn.Outcome` (the next turn and typed effects: play, exchange, log a
refusal, show...) that :meth:`Table._apply` carries out, in one place, under the lock. The web layer sees
the table through :class:`~firmware_py.table.protocol.TableService`. Listeners are
:class:`~firmware_py.table.subscription.Subscription`.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from firmware_py import refusals
from firmware_py.config import (
    CameraSettings,
    Config,
    parse_game_settings,
)
from firmware_py.engine import (
    Card,
    Position,
    TockError,
)
from firmware_py.errors import ConfigError, TableError, rules_words
from firmware_py.store.saves import GameStore
from firmware_py.table.answers import (
    Calibrated,
    CardMoves,
    Explanation,
    Given,
    Hint,
    MarbleMoved,
    Played,
    Pressed,
    Undone,
    Version,
)
from firmware_py.table.board_watch import BoardWatch
from firmware_py.table.camera_setup import CALIBRATED, CameraSetup
from firmware_py.table.computer_seats import ComputerSeats
from firmware_py.table.keeper import GameKeeper
from firmware_py.table.learning import Learning
from firmware_py.table.leds import TableLeds
from firmware_py.table.ports import BoardCamera, CameraParts, Lights
from firmware_py.table.replay import Replay, replay_frames
from firmware_py.table.requests import read_card, read_move
from firmware_py.table.role_views import RoleViews, setup_options
from firmware_py.table.state import TableState
from firmware_py.table.subscription import Listeners, Subscription
from firmware_py.table.summary import SavedGame, Summary, game_summary, saved_games
from firmware_py.table.turn import (
    CardChosen,
    Notify,
    Outcome,
    Show,
)
from firmware_py.table.views import PublicView, SeatLink, SeatView
from hardware.board_leds import BoardLeds

if TYPE_CHECKING:
    from firmware_py.table.ports import Frame, Reading
    from hardware.driver import LedDriver

__all__ = ["Subscription", "Table", "TableError"]

LOG = logging.getLogger(__name__)


def demo_config() -> Config:
    """What ``Table()`` plays: the demo game without camera, computer seats moving at once."""
    return Config(camera=CameraSettings(source="none"), computer_delay=0.0)


class Table:
    """The game at the table. Thread-safe: web threads, the camera loop and button callbacks share it.

    ``Table()`` with no arguments is a complete demo table (one person and three computer seats, digital
    cards, no camera, simulated LEDs, an in-memory store): what the web app's tests use.

    Args:
        config: settings (``tock.toml`` and the command line); the demo settings when None.
        store: the save; an in-memory one when None. The latest game in it is resumed.
        lights: the LEDs under the holes, built by the wiring root (:mod:`firmware_py.app.companion`);
            a simulated strip when None.
        clock: monotonic seconds (replaced in tests).
    """

    def __init__(
        self,
        config: Config | None = None,
        *,
        store: GameStore | None = None,
        lights: Lights | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        config = config or demo_config()
        store = store or GameStore(":memory:")
        self._s = TableState(config, store, lights or BoardLeds(None, config.leds), clock)
        self._board = BoardWatch(self._s)
        self._camera_setup = CameraSetup(self._s)
        self._computers = ComputerSeats(self._s)
        self._leds = TableLeds(self._s)
        self._views = RoleViews(self._s)
        self._listeners = Listeners()
        self._keeper = GameKeeper(self._s, self._board, self._computers, self._leds, self._listeners)
        self._table_key = store.table_key()
        self._learning = Learning(self._s)
        self._ticker: threading.Thread | None = None
        self._stop = threading.Event()
        latest = self._s.store.latest_game()
        if latest is None:
            self._keeper.start_new(self._s.config.game)
            return
        try:
            self._keeper.resume(latest.id)
        except (ConfigError, KeyError, TockError, ValueError) as error:  # a save this version cannot read
            self._keeper.start_new(self._s.config.game)
            fr, en = rules_words(error) if isinstance(error, TockError) else (str(error), str(error))
            self._s.turn = replace(
                self._s.turn,
                notice={
                    "fr": f"Partie {latest.id} enregistrée impossible à reprendre ({fr}) : nouvelle partie.",
                    "en": f"Saved game {latest.id} could not be resumed ({en}): new game.",
                },
            )

    # -- change notification -------------------------------------------------------------------------

    def subscribe(self) -> Subscription:
        """A new listener; it receives ``{"version": n}`` after every change (see :class:`Listeners`)."""
        return self._listeners.subscribe()

    def end_streams(self) -> None:
        """The companion is stopping: every page's live stream ends now (the browsers reconnect once it
        is back), and so does every stream opened from now on."""
        self._listeners.end()

    # -- keys --------------------------------------------------------------------------------------

    def is_table_key(self, key: str) -> bool:
        """Whether ``key`` is the table's key (compared in constant time), as the save holds it now:
        after ``tock key --new`` the old key stops working at its next request, whoever holds which key
        (one read of an indexed row). A new key also brings the seat links ``tock key --new`` renewed
        (whoever held the old key could have copied them)."""
        if not isinstance(key, str):
            return False
        with self._s.lock:
            stored = self._s.store.table_key()
            if stored != self._table_key:
                self._table_key = stored
                self._use_seat_keys(dict(self._s.store.game(self._s.game_id).settings["tokens"]))
            return secrets.compare_digest(key.encode(), stored.encode())

    def renew_seat_links(self) -> list[SeatLink]:
        """New seat links for every seat (the old ones stop working: their pages say so); for the table,
        when someone who should not have them may have seen them. Returns the new links."""
        with self._s.lock:
            self._use_seat_keys(self._s.store.renew_seat_keys(self._s.game_id))
            return self._views.seat_links()

    def _use_seat_keys(self, tokens: dict[str, str]) -> None:
        """Take the seats' keys as saved: pages with an old link are told at once that it is gone."""
        self._s.tokens = tokens
        self._s.by_token = {token: seat for seat, token in tokens.items()}
        self._keeper.changed()

    def table_key(self, *, new: bool = False) -> str:
        """The table's key, for pairing the device at the board (``tock serve`` prints its link); a new
        one when ``new`` (the old one stops working at once)."""
        with self._s.lock:
            if new:
                self._table_key = self._s.store.table_key(new=True)
            return self._table_key

    @property
    def position(self) -> Position:
        """The engine's position the game is at (immutable: safe to read from any thread)."""
        with self._s.lock:
            return self._s.position

    @property
    def version(self) -> int:
        """Bumped after every change."""
        return self._s.version

    @property
    def config(self) -> Config:
        """The table's settings."""
        return self._s.config

    # -- the parts' events ---------------------------------------------------------------------------

    def tick(self) -> None:
        """Make a computer seat's move once its delay is over (see :meth:`ComputerSeats.tick`); show a
        seat whose page has gone as not connected (see :meth:`GameKeeper.show_presence`)."""
        with self._s.lock:
            self._keeper.apply(self._computers.tick())
            self._keeper.show_presence()

    def move_marble(self, from_place: str, to_place: str) -> MarbleMoved:
        """Move a marble on the page's board (see :meth:`BoardWatch.move_marble`); returns the board the
        page then shows (``layout``) and the ``version``."""
        with self._s.lock:
            self._keeper.apply(self._board.move_marble(from_place, to_place))
            sim_board = self._s.sim_board if self._s.uses_camera else None
            proposed = self._s.turn.proposed
            board = sim_board if sim_board is not None else proposed if proposed is not None else None
            return {"layout": dict(board or self._s.position.layout), "version": self._s.version}

    def attach_camera(
        self,
        loop: BoardCamera,
        mode: str,
        *,
        calibration_path: Path | None = None,
        parts_for_model: CameraParts | None = None,
    ) -> None:
        """Use ``loop`` as the camera (see :meth:`BoardWatch.attach_camera`)."""
        with self._s.lock:
            self._keeper.apply(
                self._board.attach_camera(
                    loop, mode, calibration_path=calibration_path, parts_for_model=parts_for_model
                )
            )

    @property
    def sim_board(self) -> dict[str, str] | None:
        """The marbles on the simulated board, None without it (read without the lock)."""
        return self._board.sim_board

    def on_frame(self, frame: Frame, reading: Reading) -> None:
        """Every frame the camera loop reads."""
        status = self._board.on_frame(frame, reading)
        if status is not None:
            self.on_camera_status(*status)

    def on_camera_status(self, status: str, message: str) -> None:
        """The camera loop's status."""
        with self._s.lock:
            self._keeper.apply(self._board.on_camera_status(status, message))

    def on_reading(self, reading: Reading) -> None:
        """A stable reading of the board."""
        with self._s.lock:
            self._keeper.apply(self._board.on_reading(reading))

    def camera_jpeg(self, *, overlay: bool) -> bytes | None:
        """The latest camera picture as JPEG, None without a camera."""
        return self._camera_setup.camera_jpeg(overlay=overlay)

    def calibrate(self, what: str) -> Calibrated:
        """Calibrate the camera (see :meth:`CameraSetup.calibrate`)."""
        answer = self._camera_setup.calibrate(what)
        if what == "colours":
            with self._s.lock:
                self._keeper.apply(Outcome(None, (Notify(CALIBRATED), Show())))
        return answer

    # -- views -------------------------------------------------------------------------------------

    def public_view(self) -> PublicView:
        """What everyone may see, JSON-able, never any hand nor key (see :meth:`RoleViews.public`)."""
        with self._s.lock:
            return self._views.public()

    def seat_view(self, token: str) -> SeatView:
        """:meth:`public_view` plus that seat's hand and what it may play (see :meth:`RoleViews.seat`).

        Raises:
            UnknownSeat: for an unknown token.
        """
        with self._s.lock:
            return self._views.seat(self._seat_of(token))

    def seat_links(self) -> list[SeatLink]:
        """Private seat links [{seat, name, token, path "/seat/<token>", computer}]: for the table only."""
        with self._s.lock:
            return self._views.seat_links()

    def setup_options(self) -> dict[str, Any]:
        """What the set-up page offers: presets with every switch, board models, colours, cameras, seats."""
        with self._s.lock:
            return setup_options(self._s)

    def keep_seat(self, token: str) -> None:
        """The seat's page is still open (its live stream's heartbeat): the seat stays connected.

        Raises:
            UnknownSeat: for a link no longer valid (the page is told it is gone).
        """
        with self._s.lock:
            self._seat_of(token)

    def _seat_of(self, token: str) -> str:
        """The seat of ``token``, whose page is then connected (the pages are told if it was not)."""
        seat = self._s.by_token.get(token) if isinstance(token, str) else None
        if seat is None:
            raise refusals.unknown_seat()
        self._s.seen[token] = self._s.clock()
        self._keeper.show_presence()
        return seat

    def board_geometry(self) -> dict[str, Any] | None:
        """The physical board of the game's model (holes in mm, as the camera sees them) for the page to
        draw, from ``hardware/boards/<model>.json``; None when the model has no geometry file."""
        from hardware.boards import BoardFileError, load_board

        with self._s.lock:
            model = self._s.setup.model
        try:
            return load_board(model)
        except BoardFileError:
            return None

    # -- set-up ------------------------------------------------------------------------------------

    def new_game(self, settings: object) -> None:
        """Start a new game (saved at once), replacing the current one.

        ``settings`` keys (all optional): ``preset``, ``switches`` {name: value}, ``model`` ("tock4" /
        "tock6"), ``seats`` [{seat, name, colour, computer}] in turn order, ``cards`` ("digital" /
        "physical"), ``camera`` (bool: read the board with the camera, or enter moves on the page),
        ``seed``.

        Raises:
            BadInput: naming the field that is wrong.
        """
        if not isinstance(settings, dict):
            raise refusals.settings_expected()
        try:
            parsed = parse_game_settings(settings)
        except ConfigError as error:
            raise refusals.setting_refused(error.key, error.message_fr, error.message_en) from None
        with self._s.lock:
            if not self._s.lights.fits(parsed.model):
                raise refusals.leds_wired_for(self._s.setup.model)
            new_model = self._s.loop is not None and parsed.model != self._s.setup.model
            if new_model and self._s.parts_for_model is None:
                raise refusals.camera_reads_one_board()
            try:
                self._keeper.start_new(parsed)
            except (TockError, ValueError) as error:
                raise refusals.cannot_start(error) from None
            if new_model and self._s.parts_for_model is not None and self._s.loop is not None:
                opener, reader, self._s.calibration_path = self._s.parts_for_model(parsed.model)
                self._s.sim_board = None
                self._s.loop.replace(opener, reader)
            self._keeper.show_new_game()

    def rematch(self) -> None:
        """The same seats, names, colours and rules again on a new deal (the seed drawn anew); every
        phone keeps its seat link, so nobody scans a code again."""
        with self._s.lock:
            self._keeper.start_new(dataclasses.replace(self._s.setup, seed=None), dict(self._s.tokens))
            self._keeper.show_new_game()

    # -- playing -----------------------------------------------------------------------------------

    def _require_turn(self, seat: str) -> None:
        if self._s.winner() is not None:
            raise refusals.game_over()
        if self._s.phase() != "play":
            raise refusals.exchanging()
        if seat != self._s.to_play():
            turn = self._s.to_play() or ""
            raise refusals.not_your_turn(self._s.names.get(turn, turn))

    def _parse_card(self, seat: str, card: str) -> Card:
        return read_card(card, tuple(self._s.hand(seat)) if self._s.digital else None)

    def choose_card(self, token: str, card: str) -> CardMoves:
        """The seat shows which card it plays: its legal moves; the LEDs light their destinations.

        Returns ``{"card": card, "moves": [{move, fr, en, from, to}]}``.

        Raises:
            UnknownSeat: bad token, BadInput: not a card / not in the hand, WrongMoment: not this seat's turn.
        """
        with self._s.lock:
            seat = self._seat_of(token)
            self._require_turn(seat)
            parsed = self._parse_card(seat, card)
            moves = self._s.legal(parsed)
            self._s.turn = replace(self._s.turn, intent=CardChosen(seat, parsed, moves))
            answer: CardMoves = {"card": str(parsed), "moves": [self._s.move_info(m) for m in moves]}
            self._keeper.changed()
            self._keeper.apply(self._board.rejudge())
            return answer

    def play(self, token: str, move: str) -> Played:
        """Apply a move given in the engine's notation (no-camera mode, or confirming what the page asks).

        With a camera, the board must then be made to match: the LEDs show where marbles go.
        Returns ``{"move": text, "fr": ..., "en": ..., "version": n}`` once the move is saved.

        Raises:
            UnknownSeat: bad token. BadInput: bad notation. WrongMoment: not your turn.
            IllegalMove: illegal (with violations).
        """
        with self._s.lock:
            seat = self._seat_of(token)
            self._require_turn(seat)
            parsed = read_move(move)
            entry = self._keeper.play(seat, parsed, source="page")
            return {"move": entry["move"], "fr": entry["fr"], "en": entry["en"], "version": self._s.version}

    def exchange(self, token: str, card: str) -> Given:
        """Give ``card`` to the partner (partner-exchange presets), face down.

        Raises:
            UnknownSeat: bad token, BadInput: not in the hand, WrongMoment: no exchange now.
        """
        with self._s.lock:
            seat = self._seat_of(token)
            if seat not in self._s.owing_exchange():
                raise refusals.no_exchange()
            parsed = self._parse_card(seat, card)
            self._keeper.exchange(seat, parsed)
            self._keeper.settle()
            self._keeper.changed()
            return {"card": str(parsed), "version": self._s.version}

    def end_turn(self, token: str) -> Version:
        """After a joker, keep the card drawn for later instead of playing again now.

        Raises:
            UnknownSeat: bad token, WrongMoment: not after a joker / not your turn.
        """
        with self._s.lock:
            seat = self._seat_of(token)
            self._require_turn(seat)
            if not self._s.game.extra_play:
                raise refusals.no_extra_play()
            self._keeper.end_turn(seat)
            self._keeper.settle()
            self._keeper.changed()
            return {"version": self._s.version}

    def discard(self, token: str, card: str) -> Played:
        """Discard ``card`` when the rules say so (nothing playable).

        Raises:
            UnknownSeat: bad token. BadInput: not in the hand.
            WrongMoment: not your turn / not allowed to discard.
        """
        with self._s.lock:
            seat = self._seat_of(token)
            self._require_turn(seat)
            parsed = self._parse_card(seat, card)
            discards = [m for m in self._s.legal(parsed) if m.is_discard]
            if not discards:
                raise refusals.cannot_discard()
            entry = self._keeper.play(seat, discards[0], source="page")
            return {"move": entry["move"], "fr": entry["fr"], "en": entry["en"], "version": self._s.version}

    def undo(self, token: str | None = None) -> Undone:
        """Take back the last move of a person, and the computer seats' moves made since.

        The table page and the undo button (``token`` None) take back the last person's move; a seat (its
        token) only its own last move. With a camera, the LEDs then show where the marbles must go back.

        Raises:
            WrongMoment: nothing to undo (or, with a token, the last move is not that seat's).
        """
        with self._s.lock:
            return self._keeper.take_back(self._seat_of(token) if token is not None else None)

    # -- learning ----------------------------------------------------------------------------------

    def explain(self, move: str, *, token: str | None = None) -> Explanation:
        """ "Why not?": ``{"move", "legal": bool, "reasons": [{code, fr, en, places}]}`` for the seat to play
        (:class:`~firmware_py.table.learning.Learning`).

        Raises:
            BadInput: bad notation, UnknownSeat: bad token.
        """
        with self._s.lock:
            return self._learning.explain(self._seat_of(token) if token is not None else None, move)

    def hints(self, token: str, *, suggest: bool = False) -> list[Hint]:
        """Every legal move of that seat's hand: [{card, move, fr, en, from, to, suggested}] (empty when
        not its turn); with ``suggest`` and digital cards, the strong player's move is ``suggested`` and has
        ``why`` {fr, en} (:class:`~firmware_py.table.learning.Learning`).

        Raises:
            UnknownSeat: bad token.
        """
        with self._s.lock:
            seat = self._seat_of(token)
        return self._learning.hints(seat, suggest=suggest)

    def rules_text(self, lang: str) -> list[dict[str, str]]:
        """The chosen preset in plain words: [{switch, text}] in ``lang`` ("fr" or "en").

        Raises:
            BadInput: unknown language.
        """
        return self._learning.rules_text(lang)

    # -- buttons -----------------------------------------------------------------------------------

    def press(self, button: str) -> Pressed:
        """A table button: ``confirm`` (make the computer's move, take the first candidate), ``undo``,
        ``next``.

        A button pressed when it means nothing is ignored; the page says why (``notice``).
        """
        with self._s.lock:
            return self._keeper.press(button)

    # -- life cycle --------------------------------------------------------------------------------

    def start(self) -> None:
        """Run the background work: computer seats' timing, and the camera loop if attached."""
        if self._ticker is None:
            self._ticker = threading.Thread(target=self._tick_loop, name="tock-table", daemon=True)
            self._ticker.start()
        if self._s.loop is not None:
            self._s.loop.start()

    def _tick_loop(self) -> None:
        while not self._stop.wait(0.1):
            try:
                self.tick()
            except Exception as error:  # a computer seat's failure is shown, never fatal to the table
                # the engine's own text would show every hand to everyone: only its rules are named
                fr, en = rules_words(error) if isinstance(error, TockError) else (type(error).__name__,) * 2
                with self._s.lock:
                    self._s.turn = replace(
                        self._s.turn, notice={"fr": f"Erreur : {fr}", "en": f"Error: {en}"}
                    )

    def close(self) -> None:
        """End the pages' live streams, stop the threads, darken the LEDs, close the camera and the save
        (idempotent)."""
        self.end_streams()
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(timeout=2)
        if self._s.loop is not None:
            self._s.loop.stop()
        self._leds.stop()
        self._s.store.close()

    def saved_summary(self, game_id: int) -> Summary:
        """The figures of a saved game (:func:`firmware_py.table.summary.game_summary`)."""
        return game_summary(self._s.store, game_id)

    def saved_replay(self, game_id: int) -> Replay:
        """Every board of a saved game (:func:`firmware_py.table.replay.replay_frames`)."""
        return replay_frames(self._s.store, game_id)

    def saved_games(self, latest: int) -> list[SavedGame]:
        """The latest saved games (:func:`firmware_py.table.summary.saved_games`)."""
        return saved_games(self._s.store, latest)

    @property
    def store(self) -> GameStore:
        """The save of this table."""
        return self._s.store

    @property
    def led_driver(self) -> LedDriver | None:
        """The LED driver (its strip records frames in simulation)."""
        return self._s.lights.driver
