"""The table's state, read by its composed parts under :attr:`TableState.lock`.

:class:`firmware_py.table.core.Table` is composed of parts that each own one concern and read this one
state object:

- the table itself (:mod:`firmware_py.table.core`): the game, its turns and saves, the views per role,
  the LEDs;
- :class:`firmware_py.table.board_watch.BoardWatch`: the camera and the board seen, judged by the engine;
- :class:`firmware_py.table.computer_seats.ComputerSeats`: the computer seats.

The turn in progress is one immutable :class:`~firmware_py.table.turn.Turn`. A part never changes the
game nor the turn: it answers with an :class:`~firmware_py.table.turn.Outcome` (the next turn and its
effects) that the table applies in one place, so every move is checked, saved and shown there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from firmware_py.config import Config, GameSettings, SeatSettings
from firmware_py.engine import BoardTopology, Card, Move, Position, RuleSet, move_effect, play
from firmware_py.engine.cards import JOKER, RANKS
from firmware_py.engine.view import known_position
from firmware_py.games import TableGame
from firmware_py.store.saves import GameStore
from firmware_py.table.answers import LogLine
from firmware_py.table.ports import BoardCamera, CameraParts, Lights
from firmware_py.table.turn import MoveInfo, Turn
from firmware_py.table.views import CameraFacts
from firmware_py.table.wording import describe

if TYPE_CHECKING:
    from firmware_py.table.ports import Frame, Reading


class TableState:
    """Everything the table knows, shared by its parts (see the module docstring).

    Args:
        config: the settings.
        store: the save.
        lights: the LEDs under the holes (built by the wiring root).
        clock: monotonic seconds.
    """

    # the game (set by ``Table._load``)
    setup: GameSettings
    rules: RuleSet
    game: TableGame
    game_id: int
    seed: int
    tokens: dict[str, str]
    by_token: dict[str, str]
    names: dict[str, str]
    seats: dict[str, SeatSettings]
    teams: dict[str, int]
    topology: BoardTopology
    log: list[LogLine]
    last_move: LogLine | None
    last_stable: Reading | None
    board_seen: tuple[Reading, dict[str, str]] | None
    """The last stable reading that showed the game's board, with that board: the next still board is
    held against it, hole by hole (see :meth:`vision.reader.BoardReading.since`)."""

    def __init__(self, config: Config, store: GameStore, lights: Lights, clock: Callable[[], float]) -> None:
        self.config = config
        self.store = store
        self.clock = clock
        self.lock = threading.RLock()
        self.version = 0
        self.turn = Turn()
        """The turn in progress (replaced, never changed: see :mod:`firmware_py.table.turn`)."""
        self.searching: TableGame | None = None
        """The game a strong computer seat's move is being searched on, aside from the lock (or None)."""
        # LEDs
        self.lights = lights
        self.mirror: dict[str, str] = {}
        self.highlight: list[str] = []
        # camera
        self.loop: BoardCamera | None = None
        self.calibration_path: Path | None = None
        self.parts_for_model: CameraParts | None = None
        self.camera_mode = config.camera.source
        self.camera_status: CameraFacts = {"mode": self.camera_mode, "status": "off", "message": ""}
        self.sim_board: dict[str, str] | None = None
        self.last_frame: Frame | None = None
        self.empty_frame: Frame | None = None
        """The empty board's picture from the calibration's first step, until its colours are learnt."""
        self.last_reading: Reading | None = None
        self.seen: dict[str, float] = {}
        """When each seat link (its token) last asked for its view or kept its live stream open: by link,
        not by seat letter, so that a new game's links or renewed ones start unseen."""
        self.connected: frozenset[str] = frozenset()
        """The seats the views say are connected, as of :attr:`version` (see
        :func:`~firmware_py.table.role_views.connected_seats`)."""
        self._known_of: TableGame | None = None
        self._known_moves: dict[Move, tuple[dict[str, str], MoveInfo]] = {}

    @property
    def position(self) -> Position:
        """The engine's position the game is at."""
        return self.game.position

    def known_to(self, seat: str | None) -> Position:
        """The position as ``seat`` may know it while its words go to others (the engine's privacy
        filter, :func:`~firmware_py.engine.view.known_position`): the seat to play judges with its own
        hand, anyone else (None: a spectator) with the rules alone."""
        return known_position(self.position, seat)

    @property
    def digital(self) -> bool:
        """Whether the companion deals the cards (else real cards are named on the page)."""
        return self.setup.cards == "digital"

    @property
    def uses_camera(self) -> bool:
        """Whether this game reads the board with the camera (else moves are entered on the page)."""
        return self.setup.camera and self.camera_mode != "none"

    def to_play(self) -> str | None:
        """The seat to play, None once the game is over."""
        return None if self.winner() is not None else self.game.to_play

    def phase(self) -> str:
        """``play``, ``exchange`` or ``over``."""
        return "over" if self.winner() is not None else str(self.game.phase)

    def winner(self) -> str | None:
        """The winning seats' letters, None while the game goes on."""
        winner = self.game.winner
        return "".join(winner) if winner else None

    def hand(self, seat: str) -> list[Card]:
        """The cards ``seat`` holds (none with real cards)."""
        return list(self.game.hand(seat))

    def legal(self, card: Card | None = None) -> tuple[Move, ...]:
        """The legal moves of the seat to play (of ``card``, or of the whole hand)."""
        return self.game.legal_moves(card)

    def _known(self, move: Move) -> tuple[dict[str, str], MoveInfo]:
        """The board after ``move`` and its words, worked out once per game and move: a card tapped, the
        seat's page rebuilt and the LEDs all ask for the same moves."""
        if self._known_of is not self.game:
            self._known_of, self._known_moves = self.game, {}
        known = self._known_moves.get(move)
        if known is None:
            after = dict(play(self.position, move).layout)
            seat = self.to_play() or ""
            what = move_effect(self.position, move)
            words = describe(self.names.get(seat, seat), move, what, self.names, self.topology, seat=seat)
            info: MoveInfo = {
                "move": str(move),
                "fr": words["fr"],
                "en": words["en"],
                "detail": words["detail"],
                "from": list(what.sources),
                "to": list(what.destinations),
            }
            known = self._known_moves[move] = (after, info)
        return known

    def result(self, move: Move) -> dict[str, str]:
        """The board after ``move``."""
        return dict(self._known(move)[0])

    def move_info(self, move: Move) -> MoveInfo:
        """``move`` for the pages: its notation, its sentence (fr, en), the places it leaves and reaches."""
        info = self._known(move)[1]
        return {**info, "from": list(info["from"]), "to": list(info["to"])}

    def ranks(self) -> list[Card]:
        """Physical cards: every rank a player may say they played (suits are not told)."""
        ranks = [Card(rank) for rank in RANKS]
        return ranks + [Card(JOKER)] if self.rules.jokers else ranks

    def owing_exchange(self) -> tuple[str, ...]:
        """The seats that still have to give a card to their partner."""
        if self.phase() != "exchange":
            return ()
        return self.game.pending_exchanges
