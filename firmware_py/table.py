"""The companion at a real table: the one mutable object that ties camera, rules, LEDs, store and web.

A :class:`Table` holds the engine's immutable ``Game`` (or, with physical cards, the ``Position``), the
SQLite store, the LED driver and, once :meth:`Table.attach_camera` is called, the camera loop. Every
change happens under one lock, is written to the store and committed *before* anything shows it (LEDs,
pages), then bumps :attr:`Table.version` and wakes every :class:`Subscription`. Readers get JSON-able
snapshots (:meth:`Table.public_view`, :meth:`Table.seat_view`); the web app builds each client's own
view when an event arrives, so no hand is ever sent to the wrong page.

How a move reaches the game:

* camera: each stable reading is matched against the legal moves of the seat to play
  (:meth:`Table.on_reading`): unchanged, a move (saved, next turn), in progress (LEDs show what is left),
  ambiguous or uncertain (the page asks), illegal (reasons on the page, LEDs show what to put back);
* no camera: marbles are moved on the page's board (:meth:`Table.move_marble`) or a move is picked from
  the list (:meth:`Table.play`);
* computer seats: the table picks the move (:mod:`firmware_py.computer`), shows it, and a person moves
  the marbles (in simulation, or without camera, the move is made by itself after ``computer_delay``).

Errors are :class:`firmware_py.errors.TableError` carrying the HTTP status the web should answer.

The table is written in parts over one state: this module (the game, its views, the actions of the
players, the LEDs), :mod:`firmware_py.board_watch` (the camera and the board seen) and
:mod:`firmware_py.computer_seats`; listeners are :class:`firmware_py.subscription.Subscription`.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from firmware_py import history, teaching
from firmware_py.board_watch import BoardWatch
from firmware_py.computer_seats import ComputerSeats
from firmware_py.config import (
    BOARD_MODELS,
    SEAT_COLOURS,
    CameraSettings,
    Config,
    GameSettings,
    parse_game_settings,
)
from firmware_py.engine import (
    PRESETS,
    Card,
    IllegalMoveError,
    Move,
    NotationError,
    TockError,
    explain,
    legal_moves,
    play,
    teams_of,
)
from firmware_py.engine import describe as describe_rules
from firmware_py.engine.cards import JOKER, RANKS
from firmware_py.errors import ConfigError, TableError, bad_input, wrong_moment
from firmware_py.house_rules import switch_choices, switches_of
from firmware_py.lights import LightFacts, hex_to_rgb
from firmware_py.store import GameStore
from firmware_py.subscription import Subscription
from firmware_py.wording import change, describe, move_entry

__all__ = ["Subscription", "Table", "TableError"]

CONNECTED_SECONDS = 60.0
"""A seat counts as connected while its page asked for its view this recently."""


def demo_config() -> Config:
    """What ``Table()`` plays: the demo game without camera, computer seats moving at once."""
    return Config(camera=CameraSettings(source="none"), computer_delay=0.0)


class Table(BoardWatch, ComputerSeats):
    """The game at the table. Thread-safe: web threads, the camera loop and button callbacks share it.

    ``Table()`` with no arguments is a complete demo table (one person and three computer seats, digital
    cards, no camera, simulated LEDs, an in-memory store): what the web app's tests use.

    Args:
        config: settings (``tock.toml`` and the command line); the demo settings when None.
        store: the save; an in-memory one when None. The latest game in it is resumed.
        strip: the LED strip (``hardware.leds.open_strip``); a simulated one when None.
        clock: monotonic seconds (replaced in tests).
    """

    def __init__(
        self,
        config: Config | None = None,
        *,
        store: GameStore | None = None,
        strip: Any = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config or demo_config()
        self._store = store or GameStore(":memory:")
        self._clock = clock
        self._lock = threading.RLock()
        self._subscriptions = []
        self.version = 0
        self._strip = strip
        self._driver = None
        self._mirror = {}
        self._highlight = []
        self._loop = None
        self._calibration_path = None
        self._parts_for_model = None
        self._camera_mode = self.config.camera.source
        self._camera_status = {"mode": self._camera_mode, "status": "off", "message": ""}
        self._sim_board = None
        self._last_frame = None
        self._last_reading = None
        self._seen = {}
        self._ticker: threading.Thread | None = None
        self._stop = threading.Event()
        self._advancing = False
        self._reset_turn_state()
        latest = self._store.latest_game()
        if latest is None:
            self._start_new(self.config.game)
            return
        try:
            self._resume(latest.id)
        except (ConfigError, KeyError, TockError, ValueError) as error:  # a save this version cannot read
            self._start_new(self.config.game)
            self._notice = {
                "fr": f"Partie {latest.id} enregistrée impossible à reprendre ({error}) : nouvelle partie.",
                "en": f"Saved game {latest.id} could not be resumed ({error}): new game.",
            }

    # -- state -------------------------------------------------------------------------------------

    def _reset_turn_state(self) -> None:
        self._chosen = None
        self._problem = None
        self._question = None
        self._to_do = {}
        self._plan = None
        self._notice = None
        self._await_board = False
        self._proposed = None

    def _load(self, settings: GameSettings, game_id: int, seed: int, tokens: dict[str, str]) -> None:
        self._setup = settings
        self._rules = history.rules_of(settings)
        self._game_id = game_id
        self._seed = seed
        self._tokens = tokens
        self._by_token = {token: seat for seat, token in tokens.items()}
        self._names = {s.seat: s.name for s in settings.seats}
        self._seats = {s.seat: s for s in settings.seats}
        letters = tuple(s.seat for s in settings.seats)
        self._teams = {seat: i for i, team in enumerate(teams_of(self._rules, letters)) for seat in team}
        self._topology = self._rules.topology(len(letters))
        self._log = []
        self._last_move = None
        self._last_stable = None
        self._reset_turn_state()
        self._open_leds()

    def _start_new(self, settings: GameSettings) -> None:
        seed = settings.seed if settings.seed is not None else secrets.randbits(63)
        game = history.start(settings, seed)
        tokens = {s.seat: secrets.token_urlsafe(12) for s in settings.seats}
        game_id = self._store.create_game({"setup": settings.to_dict(), "tokens": tokens}, seed)
        self._load(settings, game_id, seed, tokens)
        self._game = game
        self._advance()

    def _resume(self, game_id: int) -> None:
        stored = self._store.game(game_id)
        settings = history.settings_of(stored)
        self._load(settings, game_id, stored.seed, dict(stored.settings["tokens"]))
        self._game = history.start(settings, stored.seed)
        try:
            for step in history.replay(stored, self._store.events(game_id)):
                self._game = step.game
                self._log.append(step.entry)
                self._last_move = step.entry
        except history.ReplayError as error:
            self._notice = {
                "fr": f"Partie reprise jusqu'à l'erreur : {error}",
                "en": f"Game resumed up to: {error}",
            }
        self._await_board = self._setup.camera and self._camera_mode != "none"
        self._advance()

    @property
    def _position(self) -> Any:
        return history.position_of(self._game)

    @property
    def _digital(self) -> bool:
        return self._setup.cards == "digital"

    @property
    def _uses_camera(self) -> bool:
        return self._setup.camera and self._camera_mode != "none"

    def _to_play(self) -> str | None:
        if self._winner() is not None:
            return None
        return str(self._game.to_play if self._digital else self._position.turn)

    def _phase(self) -> str:
        if self._winner() is not None:
            return "over"
        return str(self._game.phase) if self._digital else "play"

    def _winner(self) -> str | None:
        winner = self._game.winner
        return "".join(winner) if winner else None

    def _hand(self, seat: str) -> list[Card]:
        if not self._digital:
            return []
        return list(self._game.hand(seat))

    def _legal(self, card: Card | None = None) -> tuple[Any, ...]:
        if self._digital:
            return tuple(self._game.legal_moves(card))
        if card is None:
            return ()
        return tuple(legal_moves(self._position, card))

    def _result(self, move: Any) -> dict[str, str]:
        return dict(play(self._position, move).layout)

    def _move_info(self, move: Any) -> dict[str, Any]:
        before = self._position.layout
        after = self._result(move)
        seat = self._to_play() or ""
        what = change(before, after, move)
        words = describe(self._names.get(seat, seat), move, before, after, self._names)
        return {"move": str(move), **words, "from": list(what.sources), "to": list(what.destinations)}

    # -- the LEDs ----------------------------------------------------------------------------------

    def _open_leds(self) -> None:
        from hardware.driver import LedDriver
        from hardware.ledconfig import LedConfig
        from hardware.ledmap import LedMap
        from hardware.ledstrip import SimulatedStrip

        led_map = LedMap.load(self._setup.model)
        if self._driver is not None and self._driver.led_map.model == led_map.model:
            return
        if self._driver is not None:
            self._driver.stop()
            self._driver = None
        strip = self._strip
        if (
            strip is None
            or strip.closed
            or (isinstance(strip, SimulatedStrip) and strip.num_pixels != led_map.count)
        ):
            settings = {k: v for k, v in self.config.leds.items() if k != "backend"}
            settings["count"] = led_map.count
            strip = SimulatedStrip(LedConfig.from_mapping(settings))
            self._strip = strip
        self._driver = LedDriver(strip, led_map)

    def _light_facts(self) -> LightFacts:
        colours = {seat: hex_to_rgb(s.colour) for seat, s in self._seats.items()}
        turn = self._to_play()
        start = (
            self._topology.track_place(self._topology.start_index("ABCDEFGH".index(turn))) if turn else None
        )
        winner = self._winner()
        homes = {seat: tuple(f"{seat}H{n}" for n in range(1, 5)) for seat in self._seats}
        if self._problem is not None:
            return LightFacts(
                colours,
                turn=turn,
                wrong=tuple(self._problem.get("wrong", ())),
                put_back=dict(self._problem.get("put_back", {})),
            )
        sources: tuple[str, ...] = ()
        destinations: tuple[str, ...] = ()
        if self._to_do:
            pass  # a move in progress: only what is left to do is lit
        elif self._plan is not None:
            sources, destinations = tuple(self._plan["from"]), tuple(self._plan["to"])
        elif self._chosen is not None:
            infos = [self._move_info(m) for m in self._chosen[2]]
            sources = tuple(sorted({p for i in infos for p in i["from"]}))
            destinations = tuple(sorted({p for i in infos for p in i["to"]}))
        return LightFacts(
            colours,
            turn=turn,
            turn_start=None if self._to_do else start,
            sources=sources,
            destinations=destinations,
            to_do=dict(self._to_do),
            winners=tuple(winner or ()),
            homes=homes,
        )

    # -- change notification -------------------------------------------------------------------------

    def _changed(self) -> None:
        """Show the new state: LEDs, then every listener. Called under the lock, after saving."""
        self.version += 1
        facts = self._light_facts()
        self._mirror = facts.mirror()
        self._highlight = sorted(facts.destinations)
        if self._driver is not None:
            self._driver.send(facts.source())
        event = {"version": self.version}
        for subscription in list(self._subscriptions):
            subscription._put(event)

    def subscribe(self) -> Subscription:
        """A new listener; it receives ``{"version": n}`` after every change."""
        subscription = Subscription(self)
        with self._lock:
            self._subscriptions.append(subscription)
        return subscription

    def end_streams(self) -> None:
        """The companion is stopping: every page's live stream ends now (the browsers reconnect once it
        is back), instead of at its next heartbeat."""
        with self._lock:
            listening = list(self._subscriptions)
        for subscription in listening:
            subscription.end()

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            if subscription in self._subscriptions:
                self._subscriptions.remove(subscription)

    @property
    def position(self) -> Any:
        """The engine's position the game is at (immutable: safe to read from any thread)."""
        with self._lock:
            return self._position

    # -- views -------------------------------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        """What everyone may see, JSON-able, never any hand.

        Keys: ``game_id``, ``preset``, ``switches``, ``sections`` (4/6/8), ``board`` (the topology),
        ``seats`` [{``seat``, ``name``, ``colour`` "#rrggbb", ``team``, ``computer``, ``cards`` (count),
        ``connected``}], ``layout`` {place: seat}, ``turn``, ``phase``, ``last_move`` {n, seat, move,
        fr, en, places} or None, ``log`` [{n, seat, move, fr, en, places, reasons?}], ``leds``
        {place: "#rrggbb"} (mirror of the strip), ``highlight`` [legal destinations lit], ``problem``
        {fr, en, places, violations} or None, ``question`` {fr, en, places, moves} or None, ``computer``
        {seat, move, fr, en, from, to} or None, ``notice`` {fr, en} or None, ``camera`` {mode, status,
        message}, ``sim_layout`` {place: seat} (the simulated board, with the camera simulated and used)
        or None, ``winner`` (seat letters) or None, ``cards`` ("digital"/"physical"), ``version``.
        """
        with self._lock:
            now = self._clock()
            topology = self._topology
            seats = [
                {
                    "seat": seat,
                    "name": s.name,
                    "colour": s.colour,
                    "team": self._teams.get(seat, 0),
                    "computer": s.computer,
                    "cards": len(self._hand(seat)),
                    "connected": s.computer or now - self._seen.get(seat, -1e9) < CONNECTED_SECONDS,
                }
                for seat, s in self._seats.items()
            ]
            problem = None
            if self._problem is not None:
                problem = {k: self._problem[k] for k in ("fr", "en", "places", "violations")}
            return {
                "game_id": self._game_id,
                "preset": self._setup.preset,
                "switches": switches_of(self._rules),
                "sections": topology.sections,
                "board": {
                    "model": self._setup.model,
                    "sections": topology.sections,
                    "home_entry_after": topology.home_entry_after,
                    "shortcut_cell": topology.shortcut_cell,
                    "centre": topology.centre,
                },
                "cards": self._setup.cards,
                "seats": seats,
                "layout": dict(self._proposed if self._proposed is not None else self._position.layout),
                "turn": self._to_play(),
                "phase": self._phase(),
                "last_move": self._last_move,
                "log": list(self._log),
                "leds": dict(self._mirror),
                "highlight": list(self._highlight),
                "problem": problem,
                "question": self._public_question(),
                "computer": self._plan_view(),
                "notice": self._notice,
                "camera": self._camera_view(),
                # the simulated board as it stands (a wrong move included), which the table page draws
                "sim_layout": dict(self._sim_board) if self._sim_board and self._uses_camera else None,
                "winner": self._winner(),
                "version": self.version,
            }

    def _camera_view(self) -> dict[str, Any]:
        """The camera's status, or, in a game set up without it, that it is not used (it keeps running
        for the calibration page, and its "ok" would make people think the board is being watched)."""
        if self._setup.camera or self._camera_mode == "none":
            return dict(self._camera_status)
        return {
            "mode": self._camera_mode,
            "status": "off",
            "message": {
                "fr": "Pas utilisée dans cette partie : les coups sont entrés sur la page.",
                "en": "Not used in this game: moves are entered on the page.",
            },
        }

    def _public_question(self) -> dict[str, Any] | None:
        """The question for everyone: its candidate moves name cards, so they go to the seat to play only."""
        if self._question is None:
            return None
        return {**self._question, "moves": []}

    def _plan_view(self) -> dict[str, Any] | None:
        if self._plan is None:
            return None
        return {k: self._plan[k] for k in ("seat", "move", "fr", "en", "from", "to")}

    def _seat_of(self, token: str) -> str:
        seat = self._by_token.get(token) if isinstance(token, str) else None
        if seat is None:
            raise TableError(
                "unknown_seat",
                403,
                "Ce lien de place n'est pas valable pour cette partie.",
                "This seat link is not valid for this game.",
            )
        self._seen[seat] = self._clock()
        return seat

    def seat_view(self, token: str) -> dict[str, Any]:
        """:meth:`public_view` plus that seat's private facts.

        Adds ``seat``, ``hand`` [card strings], ``playable`` {card: [{move, fr, en, from, to}]},
        ``can_exchange``, ``must_discard``, ``given`` (the card this seat gave its partner in the
        exchange under way, out of the hand shown until the cards change hands) or None. Once the game
        is over the hand is empty: the cards left in it can no longer be played.

        Raises:
            TableError: 403 for an unknown token.
        """
        with self._lock:
            seat = self._seat_of(token)
            view = self.public_view()
            hand = self._hand(seat) if self._winner() is None else []
            given = self._given(seat)
            if given is not None:  # the engine keeps it in the hand until every partner has given
                hand = list(hand)
                hand.remove(given)
            playable: dict[str, list[dict[str, Any]]] = {}
            must_discard = False
            if seat == self._to_play() and self._phase() == "play":
                for card in dict.fromkeys(hand) if self._digital else self._ranks():
                    moves = self._legal(card)
                    if moves:
                        playable[str(card)] = [self._move_info(m) for m in moves]
                moves_all = self._legal()
                must_discard = bool(moves_all) and all(m.is_discard for m in moves_all)
            view.update(
                seat=seat,
                hand=[str(c) for c in hand],
                playable=playable,
                can_exchange=seat in self._owing_exchange(),
                given=None if given is None else str(given),
                must_discard=must_discard,
                extra_play=bool(self._digital and seat == self._to_play() and self._game.extra_play),
                question=self._question if seat == self._to_play() else view["question"],
            )
            return view

    def _given(self, seat: str) -> Card | None:
        """The card ``seat`` has given face down in the exchange under way, if any."""
        if not self._digital or self._phase() != "exchange":
            return None
        given: Card | None = self._game.given[self._game.seats.index(seat)]
        return given

    def _ranks(self) -> list[Card]:
        """Physical cards: every rank a player may say they played (suits are not told)."""
        ranks = [Card(rank) for rank in RANKS]
        return ranks + [Card(JOKER)] if self._rules.jokers else ranks

    def _owing_exchange(self) -> tuple[str, ...]:
        if not self._digital or self._phase() != "exchange":
            return ()
        game = self._game
        return tuple(
            s for s, g in zip(game.seats, game.given, strict=True) if g is None and game.partner_of(s)
        )

    def board_geometry(self) -> dict[str, Any] | None:
        """The physical board of the game's model (holes in mm, as the camera sees them) for the page to
        draw, from ``hardware/boards/<model>.json``; None when the model has no geometry file."""
        from hardware.boards import BoardFileError, load_board

        with self._lock:
            model = self._setup.model
        try:
            return load_board(model)
        except BoardFileError:
            return None

    def seat_links(self) -> list[dict[str, Any]]:
        """Private seat links [{seat, name, token, path "/seat/<token>"}], for the set-up and table pages."""
        with self._lock:
            return [
                {
                    "seat": seat,
                    "name": self._names[seat],
                    "token": token,
                    "path": f"/seat/{token}",
                    "computer": self._seats[seat].computer,
                }
                for seat, token in self._tokens.items()
            ]

    def setup_options(self) -> dict[str, Any]:
        """What the set-up page offers: presets with every switch, board models, colours, cameras, seats."""
        presets = []
        for name, rules in PRESETS.items():
            words = {lang: _switch_words(rules, lang) for lang in ("fr", "en")}
            presets.append(
                {
                    "name": name,
                    "source": rules.source,
                    "fr": name.upper(),
                    "en": name.upper(),
                    "seat_counts": [n for n in rules.seat_counts if n <= 6],
                    "switches": [
                        {
                            "name": switch,
                            "value": value,
                            "choices": switch_choices(getattr(rules, switch)),
                            "fr": words["fr"][switch],
                            "en": words["en"][switch],
                        }
                        for switch, value in switches_of(rules).items()
                    ],
                }
            )
        with self._lock:
            current = self._setup.to_dict()
        return {
            "presets": presets,
            "models": [{"model": m, "sections": n} for m, n in BOARD_MODELS.items()],
            "colours": dict(SEAT_COLOURS),
            "camera_modes": ["none", "sim", "picamera2", "opencv:0"],
            "camera": self._camera_mode,
            "seat_counts": {"tock4": [2, 3, 4], "tock6": [5, 6]},
            "current": current,
        }

    # -- set-up ------------------------------------------------------------------------------------

    def new_game(self, settings: dict[str, Any]) -> None:
        """Start a new game (saved at once), replacing the current one.

        ``settings`` keys (all optional): ``preset``, ``switches`` {name: value}, ``model`` ("tock4" /
        "tock6"), ``seats`` [{seat, name, colour, computer}] in turn order, ``cards`` ("digital" /
        "physical"), ``camera`` (bool: read the board with the camera, or enter moves on the page),
        ``seed``.

        Raises:
            TableError: 400 naming the field that is wrong.
        """
        if not isinstance(settings, dict):
            raise bad_input(
                "settings", "Réglages attendus (un objet JSON).", "Settings expected (a JSON object)."
            )
        try:
            parsed = parse_game_settings(settings)
        except ConfigError as error:
            raise bad_input(
                error.key, f"Réglage refusé : {error.message_fr}", f"Setting refused: {error.message_en}"
            ) from None
        with self._lock:
            if self._strip is not None and not _is_simulated(self._strip):
                from hardware.ledmap import LedMap

                if LedMap.load(parsed.model).count != self._strip.num_pixels:
                    raise bad_input(
                        "model",
                        f"Les LED de ce plateau sont câblées pour {self._setup.model}.",
                        f"The LEDs under this board are wired for {self._setup.model}.",
                    )
            new_model = self._loop is not None and parsed.model != self._setup.model
            if new_model and self._parts_for_model is None:
                raise bad_input(
                    "model", "Cette caméra ne lit que ce plateau.", "This camera only reads this board."
                )
            try:
                self._start_new(parsed)
            except (TockError, ValueError) as error:
                raise bad_input(
                    "seats", f"Partie impossible : {error}", f"Cannot start this game: {error}"
                ) from None
            if new_model and self._parts_for_model is not None:
                opener, reader, self._calibration_path = self._parts_for_model(parsed.model)
                self._sim_board = None
                self._loop.replace(opener, reader)
            if self._camera_mode == "sim":
                self._set_sim_board(dict(self._position.layout))
            else:
                self._await_board = self._uses_camera
                self._check_board_now()
            self._changed()

    # -- playing -----------------------------------------------------------------------------------

    def _require_turn(self, seat: str) -> None:
        if self._winner() is not None:
            raise wrong_moment("game_over", "La partie est finie.", "The game is over.")
        if self._phase() != "play":
            raise wrong_moment(
                "wrong_phase",
                "Ce n'est pas le moment de jouer (échange de cartes en cours).",
                "Not the moment to play (cards are being exchanged).",
            )
        if seat != self._to_play():
            turn = self._to_play() or ""
            raise wrong_moment(
                "not_your_turn",
                f"Ce n'est pas votre tour : c'est à {self._names.get(turn, turn)}.",
                f"Not your turn: {self._names.get(turn, turn)} plays.",
            )

    def _parse_card(self, seat: str, card: str) -> Card:
        try:
            parsed = Card.parse(card) if isinstance(card, str) else None
        except NotationError as error:  # the engine's detail is English: the French message says its own
            raise bad_input(
                "card",
                f"Carte inconnue : « {card} » (une carte comme 7H, 10S, KD, JOKER, ou une valeur comme 7).",
                f"Unknown card: {error}",
            ) from None
        if parsed is None:
            raise bad_input(
                "card", "Carte attendue (texte comme « 7H »).", "A card expected (text like '7H')."
            )
        if self._digital and parsed not in self._hand(seat):
            raise bad_input(
                "card", f"Vous n'avez pas la carte {parsed}.", f"You do not hold the card {parsed}."
            )
        return parsed

    def _parse_move(self, text: str) -> Any:
        try:
            if not isinstance(text, str):
                raise NotationError("a move is text in the engine's notation")
            return Move.parse(text)
        except NotationError as error:  # the engine's detail is English: the French message says its own
            raise bad_input(
                "move",
                f"Coup illisible : « {text} » (un coup s'écrit CARTE:DÉPART-ARRIVÉE comme 8H:A3-A11, "
                "CARTE:AR-A18 pour sortir, CARTE:A5<>B9 pour échanger, CARTE:discard pour défausser).",
                f"Unreadable move: {error}",
            ) from None

    def choose_card(self, token: str, card: str) -> dict[str, Any]:
        """The seat shows which card it plays: its legal moves; the LEDs light their destinations.

        Returns ``{"card": card, "moves": [{move, fr, en, from, to}]}``.

        Raises:
            TableError: 403 bad token, 400 not a card / not in the hand, 409 not this seat's turn.
        """
        with self._lock:
            seat = self._seat_of(token)
            self._require_turn(seat)
            parsed = self._parse_card(seat, card)
            moves = self._legal(parsed)
            self._chosen = (seat, parsed, moves)
            answer = {"card": str(parsed), "moves": [self._move_info(m) for m in moves]}
            self._changed()
            self._rejudge()
            return answer

    def play(self, token: str, move: str) -> dict[str, Any]:
        """Apply a move given in the engine's notation (no-camera mode, or confirming what the page asks).

        With a camera, the board must then be made to match: the LEDs show where marbles go.
        Returns ``{"move": text, "fr": ..., "en": ..., "version": n}`` once the move is saved.

        Raises:
            TableError: 403 bad token, 400 bad notation, 409 not your turn, 422 illegal (with violations).
        """
        with self._lock:
            seat = self._seat_of(token)
            self._require_turn(seat)
            parsed = self._parse_move(move)
            entry = self._commit(seat, parsed, source="page")
            return {"move": entry["move"], "fr": entry["fr"], "en": entry["en"], "version": self.version}

    def exchange(self, token: str, card: str) -> dict[str, Any]:
        """Give ``card`` to the partner (partner-exchange presets), face down.

        Raises:
            TableError: 403 bad token, 400 not in the hand, 409 no exchange now.
        """
        with self._lock:
            seat = self._seat_of(token)
            if seat not in self._owing_exchange():
                raise wrong_moment(
                    "no_exchange", "Pas d'échange de carte à faire maintenant.", "No card to exchange now."
                )
            parsed = self._parse_card(seat, card)
            self._exchange(seat, parsed)
            self._advance()
            self._changed()
            return {"card": str(parsed), "version": self.version}

    def _exchange(self, seat: str, card: Card) -> None:
        try:
            game = self._game.exchange(seat, card)
        except (TockError, ValueError) as error:
            raise wrong_moment(
                "no_exchange", f"Échange refusé : {error}", f"Exchange refused: {error}"
            ) from None
        n = self._store.append(self._game_id, "exchange", seat, str(card))
        self._game = game
        self._log.append(
            {
                "n": n,
                "seat": seat,
                "move": "",
                "places": [],
                **history.action_words("exchange", self._names[seat]),
            }
        )

    def end_turn(self, token: str) -> dict[str, Any]:
        """After a joker, keep the card drawn for later instead of playing again now.

        Raises:
            TableError: 403 bad token, 409 not after a joker / not your turn.
        """
        with self._lock:
            seat = self._seat_of(token)
            self._require_turn(seat)
            if not (self._digital and self._game.extra_play):
                raise wrong_moment("no_extra_play", "Pas de tour en plus à finir.", "No extra turn to end.")
            self._end_turn(seat)
            self._advance()
            self._changed()
            return {"version": self.version}

    def _end_turn(self, seat: str) -> None:
        self._game = self._game.end_turn(seat)
        n = self._store.append(self._game_id, "end_turn", seat, "end")
        self._log.append(
            {
                "n": n,
                "seat": seat,
                "move": "",
                "places": [],
                **history.action_words("end_turn", self._names[seat]),
            }
        )
        self._reset_turn_state()

    def discard(self, token: str, card: str) -> dict[str, Any]:
        """Discard ``card`` when the rules say so (nothing playable).

        Raises:
            TableError: 403 bad token, 400 not in the hand, 409 not your turn / not allowed to discard.
        """
        with self._lock:
            seat = self._seat_of(token)
            self._require_turn(seat)
            parsed = self._parse_card(seat, card)
            discards = [m for m in self._legal(parsed) if m.is_discard]
            if not discards:
                raise wrong_moment(
                    "cannot_discard",
                    "Vous pouvez jouer une carte : pas de défausse.",
                    "You can play a card: no discarding.",
                )
            entry = self._commit(seat, discards[0], source="page")
            return {"move": entry["move"], "fr": entry["fr"], "en": entry["en"], "version": self.version}

    def undo(self, token: str | None = None) -> dict[str, Any]:
        """Take back the last move of a person, and the computer seats' moves made since.

        The table page and the undo button (``token`` None) take back the last person's move; a seat (its
        token) only its own last move. With a camera, the LEDs then show where the marbles must go back.

        Raises:
            TableError: 409 nothing to undo (or, with a token, the last move is not that seat's).
        """
        with self._lock:
            seat = self._seat_of(token) if token is not None else None
            events = self._store.events(self._game_id)
            # the computer seats' moves made since are taken back too, or they would be made again at once
            people = [i for i, event in enumerate(events) if not self._seats[event.seat].computer]
            if seat is not None and (not people or events[people[-1]].seat != seat):
                raise wrong_moment(
                    "not_your_move", "Le dernier coup n'est pas le vôtre.", "The last move is not yours."
                )
            if not events:
                raise wrong_moment("nothing_to_undo", "Aucun coup à annuler.", "No move to undo.")
            if not people:  # only computer seats have played: they would play the same again at once
                raise wrong_moment(
                    "nothing_to_undo",
                    "Aucun coup d'un joueur à annuler : les ordinateurs rejoueraient le leur.",
                    "No person's move to undo: the computer seats would play theirs again.",
                )
            count = len(events) - people[-1]
            said = {entry["n"]: entry for entry in self._log}  # each event's words, before they go
            undone = [self._store.undo_last(self._game_id) for _ in range(count)]
            self._resume(self._game_id)
            self._await_board = self._uses_camera
            if self._sim_board is not None:
                self._await_board = False
                self._set_sim_board(dict(self._position.layout))
            done = [e for e in reversed(undone) if e is not None]
            texts = ", ".join(e.text if e.kind == "move" else e.kind for e in done)  # exchanges stay secret
            words = {  # the log's sentences ("Ana joue le 7 de cœur : A3 → A10"), secret-free as well
                lang: " ; ".join(said[e.n][lang] if e.n in said else e.kind for e in done)
                for lang in ("fr", "en")
            }
            self._notice = {"fr": f"Annulé : {words['fr']}", "en": f"Undone: {words['en']}"}
            self._check_board_now()
            self._changed()
            return {"undone": texts, **self._notice, "version": self.version}

    def _commit(self, seat: str, move: Any, *, source: str) -> dict[str, Any]:
        """Play ``move`` for ``seat``: checked, saved and committed, then the state moves on (under lock)."""
        before = dict(self._position.layout)
        try:
            game = self._game.play(move) if self._digital else play(self._game, move)
        except IllegalMoveError as error:
            raise TableError(
                "illegal_move",
                422,
                "Coup interdit : " + " ; ".join(v.fr for v in error.violations),
                "Illegal move: " + "; ".join(v.en for v in error.violations),
                {"violations": [v.to_dict() for v in error.violations]},
            ) from None
        except (TockError, ValueError) as error:
            raise bad_input("move", f"Coup refusé : {error}", f"Move refused: {error}") from None
        n = self._store.append(self._game_id, "move", seat, str(move))
        self._game = game
        after = dict(self._position.layout)
        entry = move_entry(n, seat, move, before, after, self._names)
        self._log.append(entry)
        self._last_move = entry
        winner = self._winner()
        if winner is not None:
            self._store.finish(self._game_id, winner)
        self._reset_turn_state()
        if self._uses_camera and source != "camera":
            if self._sim_board is not None:
                self._set_sim_board(after)
            else:
                self._await_board = True
                self._check_board_now()
        self._advance()
        self._changed()
        return entry

    # -- learning ----------------------------------------------------------------------------------

    def explain(self, move: str, *, token: str | None = None) -> dict[str, Any]:
        """ "Why not?": ``{"move", "legal": bool, "reasons": [{code, fr, en, places}]}`` for the seat to play.

        Raises:
            TableError: 400 bad notation, 403 bad token.
        """
        with self._lock:
            seat = self._seat_of(token) if token is not None else None
            parsed = self._parse_move(move)
            position = self._position
            if seat != self._to_play() and position.hands is not None:
                # only the seat to play may learn about its own hand: the others ask about the rules
                position = dataclasses.replace(position, hands=None, cache={})
            reasons = explain(position, parsed)
            return {"move": str(parsed), "legal": not reasons, "reasons": [v.to_dict() for v in reasons]}

    def hints(self, token: str, *, suggest: bool = False) -> list[dict[str, Any]]:
        """Every legal move of that seat's hand: [{card, move, fr, en, from, to, suggested}] (empty when
        not its turn). With ``suggest`` and digital cards, the ``strong`` player's move (searched for
        ``computer_move_time``) is ``suggested`` and has ``why`` {fr, en} (:mod:`firmware_py.teaching`).

        Raises:
            TableError: 403 bad token.
        """
        with self._lock:
            seat = self._seat_of(token)
            if seat != self._to_play() or self._phase() != "play":
                return []
            if self._digital:
                moves = list(self._legal())
            else:
                moves = [m for card in self._ranks() for m in self._legal(card)]
            hints = [{"card": str(m.card), **self._move_info(m), "suggested": False} for m in moves]
            if suggest and self._digital and moves:
                tip = teaching.suggest(
                    self._game,
                    seat,
                    self._names,
                    move_time=self.config.computer_move_time,
                    seed=len(self._log),
                )
                chosen = next(h for h, m in zip(hints, moves, strict=True) if m == tip.move)
                chosen.update(suggested=True, why={"fr": tip.fr, "en": tip.en})
            return hints

    def rules_text(self, lang: str) -> list[dict[str, str]]:
        """The chosen preset in plain words: [{switch, text}] in ``lang`` ("fr" or "en").

        Raises:
            TableError: 400 unknown language.
        """
        if lang not in ("fr", "en"):
            raise bad_input("lang", "Langue « fr » ou « en ».", "Language 'fr' or 'en'.")
        with self._lock:
            rules = self._rules
        return [{"switch": switch, "text": text} for switch, text in _switch_words(rules, lang).items()]

    # -- buttons -----------------------------------------------------------------------------------

    def press(self, button: str) -> dict[str, Any]:
        """A table button: ``confirm`` (make the computer's move, take the first candidate), ``undo``,
        ``next``.

        A button pressed when it means nothing is ignored; the page says why (``notice``).
        """
        with self._lock:
            try:
                if button == "undo":
                    return self.undo()
                if button == "confirm" and self._plan is not None and not self._uses_camera:
                    self._commit_plan()
                    return {"button": button, "version": self.version}
                if button == "confirm" and self._question and len(self._question.get("moves", [])) >= 1:
                    move = self._parse_move(self._question["moves"][0]["move"])
                    self._commit(self._to_play() or "", move, source="camera")
                    return {"button": button, "version": self.version}
                if button == "next" and self._winner() is None and self._phase() == "play":
                    return self._next_hint()
                raise wrong_moment(
                    "button_ignored", "Bouton sans effet maintenant.", "Button has no effect now."
                )
            except TableError as error:
                self._notice = {
                    "fr": f"Bouton {button} ignoré : {error.message_fr}",
                    "en": f"{button} button ignored: {error.message_en}",
                }
                self._changed()
                return {"button": button, "ignored": True, "fr": self._notice["fr"], "en": self._notice["en"]}

    def _next_hint(self) -> dict[str, Any]:
        seat = self._to_play() or ""
        cards = list(dict.fromkeys(self._hand(seat)))
        cards = [c for c in cards if self._legal(c)]
        if not cards:
            raise wrong_moment("no_hint", "Aucun coup à montrer.", "No move to show.")
        current = self._chosen[1] if self._chosen is not None else None
        card = cards[(cards.index(current) + 1) % len(cards)] if current in cards else cards[0]
        self._chosen = (seat, card, self._legal(card))
        self._changed()
        return {"button": "next", "card": str(card), "version": self.version}

    # -- life cycle --------------------------------------------------------------------------------

    def start(self) -> None:
        """Run the background work: computer seats' timing, and the camera loop if attached."""
        if self._ticker is None:
            self._ticker = threading.Thread(target=self._tick_loop, name="tock-table", daemon=True)
            self._ticker.start()
        if self._loop is not None:
            self._loop.start()

    def _tick_loop(self) -> None:
        while not self._stop.wait(0.1):
            try:
                self.tick()
            except Exception as error:  # a computer seat's failure is shown, never fatal to the table
                with self._lock:
                    self._notice = {"fr": f"Erreur : {error}", "en": f"Error: {error}"}

    def close(self) -> None:
        """End the pages' live streams, stop the threads, darken the LEDs, close the camera and the save
        (idempotent)."""
        self.end_streams()
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join(timeout=2)
        if self._loop is not None:
            self._loop.stop()
        if self._driver is not None:
            self._driver.stop()
        self._store.close()

    @property
    def store(self) -> GameStore:
        """The save of this table."""
        return self._store

    @property
    def led_driver(self) -> Any:
        """The LED driver (its strip records frames in simulation)."""
        return self._driver


def _switch_words(rules: Any, lang: str) -> dict[str, str]:
    """Switch name -> "what it decides: its value", in ``lang``, from the engine's ``describe``."""
    names = [f.name for f in dataclasses.fields(rules) if f.name != "name"]
    return {
        name: f"{label} : {value}" if lang == "fr" else f"{label}: {value}"
        for name, (label, value) in zip(names, describe_rules(rules, lang), strict=True)
    }


def _is_simulated(strip: Any) -> bool:
    from hardware.ledstrip import SimulatedStrip

    return isinstance(strip, SimulatedStrip)
