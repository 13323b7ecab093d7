"""The one place where the game and the turn change: every move, exchange, undo and part's outcome.

:class:`GameKeeper` is the table's writer. The parts (:class:`~firmware_py.table.board_watch.BoardWatch`,
:class:`~firmware_py.table.computer_seats.ComputerSeats`) answer events with an
:class:`~firmware_py.table.turn.Outcome`; :meth:`GameKeeper.apply` takes its turn and carries out its
effects in order: a move is checked by the engine, saved and committed *before* anything shows it (LEDs,
pages), then the computer seats act (:meth:`GameKeeper.settle`) and every page is told
(:meth:`GameKeeper.changed`). :class:`firmware_py.table.core.Table` holds the lock around every call.
"""

from __future__ import annotations

import logging
import secrets
import threading
from dataclasses import replace

from firmware_py import refusals
from firmware_py.config import GameSettings
from firmware_py.engine import Card, IllegalMoveError, Move, TockError, teams_of
from firmware_py.engine.events import Action
from firmware_py.errors import TableError
from firmware_py.store import history
from firmware_py.store.saves import new_seat_key
from firmware_py.table.answers import LogLine, Pressed, Undone
from firmware_py.table.board_watch import BoardWatch
from firmware_py.table.computer_seats import ComputerSeats
from firmware_py.table.leds import TableLeds
from firmware_py.table.requests import read_move
from firmware_py.table.role_views import connected_seats
from firmware_py.table.state import TableState
from firmware_py.table.subscription import Listeners
from firmware_py.table.turn import (
    AwaitingBoard,
    BoardAgrees,
    CardChosen,
    EndTurn,
    Exchange,
    LogRefusal,
    Notify,
    Outcome,
    Play,
    SearchAside,
    SetSimBoard,
    Show,
    Turn,
    Words,
)
from firmware_py.table.wording import action_line, log_entry, move_entry

LOG = logging.getLogger(__name__)


class GameKeeper:
    """Changes the table's ``state`` (under the table's lock): loads and starts games, applies the
    parts' outcomes, plays, exchanges, ends turns, and shows every change."""

    def __init__(
        self,
        state: TableState,
        board: BoardWatch,
        computers: ComputerSeats,
        leds: TableLeds,
        listeners: Listeners,
    ) -> None:
        self._s = state
        self._board = board
        self._computers = computers
        self._leds = leds
        self._listeners = listeners
        self._settling = False

    def load(self, settings: GameSettings, game_id: int, seed: int, tokens: dict[str, str]) -> None:
        """Take game ``game_id``'s settings, seats and keys; an empty log and a new turn."""
        self._s.setup = settings
        self._s.rules = history.rules_of(settings)
        self._s.game_id = game_id
        self._s.seed = seed
        self._s.tokens = tokens
        self._s.by_token = {token: seat for seat, token in tokens.items()}
        # a rematch keeps its links, and the phones on them; another game's links are forgotten
        self._s.seen = {token: at for token, at in self._s.seen.items() if token in self._s.by_token}
        self._s.names = {s.seat: s.name for s in settings.seats}
        self._s.seats = {s.seat: s for s in settings.seats}
        letters = tuple(s.seat for s in settings.seats)
        self._s.teams = {seat: i for i, team in enumerate(teams_of(self._s.rules, letters)) for seat in team}
        self._s.topology = self._s.rules.topology(len(letters))
        self._s.log = []
        self._s.last_move = None
        self._s.last_stable = None
        self._s.board_seen = None
        self._s.turn = Turn()
        self._leds.open()

    def start_new(self, settings: GameSettings, tokens: dict[str, str] | None = None) -> None:
        """Start and save a new game (new seat keys unless ``tokens``); the computer seats act."""
        seed = settings.seed if settings.seed is not None else secrets.randbits(63)
        game = history.start(settings, seed)
        if tokens is None:
            tokens = {s.seat: new_seat_key() for s in settings.seats}
        game_id = self._s.store.create_game({"setup": settings.to_dict(), "tokens": tokens}, seed)
        self.load(settings, game_id, seed, tokens)
        self._s.game = game
        self.settle()

    def resume(self, game_id: int) -> None:
        """Rebuild saved game ``game_id`` event by event, its log with it; with a camera the board on
        the table is then awaited. A save the engine cannot read further stops there, said in a notice."""
        stored = self._s.store.game(game_id)
        settings = history.settings_of(stored)
        self.load(settings, game_id, stored.seed, dict(stored.settings["tokens"]))
        self._s.game = history.start(settings, stored.seed)
        try:
            for step in history.replay(stored, self._s.store.events(game_id)):
                self._s.game = step.game
                entry = log_entry(
                    step.event, step.before.position, self._s.names, self._s.topology, n=len(self._s.log) + 1
                )
                self._s.log.append(entry)
                self._s.last_move = entry
        except history.ReplayError as error:  # its words name the event, never a hand
            notice: Words = {
                "fr": f"Partie reprise jusqu'au coup {error.n} : {error.fr}",
                "en": f"Game resumed up to event {error.n}: {error.en}",
            }
            self._s.turn = replace(self._s.turn, notice=notice)
        if self._s.uses_camera:  # the board on the table must first be seen to be the game's
            self._s.turn = replace(self._s.turn, board=AwaitingBoard())
        self.settle()

    def apply(self, outcome: Outcome | None) -> None:
        """Take the turn a part answered with and do its effects, in order (under the lock); then refuse
        the person with the outcome's refusal, if any."""
        if outcome is None:
            return
        if outcome.turn is not None:
            self._s.turn = outcome.turn
        for effect in outcome.effects:
            if isinstance(effect, Play):
                self.play(effect.seat, effect.move, source=effect.source)
            elif isinstance(effect, Exchange):
                self.exchange(effect.seat, effect.card)
            elif isinstance(effect, EndTurn):
                self.end_turn(effect.seat)
            elif isinstance(effect, SetSimBoard):
                self._board.set_sim_board(effect.board)
            elif isinstance(effect, LogRefusal):
                self._log_refusal(effect)
            elif isinstance(effect, Notify):
                self._s.turn = replace(self._s.turn, notice=effect.words)
            elif isinstance(effect, SearchAside):
                self._search_aside(effect)
            else:
                self.changed()
        self._board.remember_game_board()
        if outcome.refusal is not None:
            raise outcome.refusal

    def settle(self) -> None:
        """Let the computer seats act until they wait (a delay, a board to watch, a search aside, a
        person's turn). A move they make settles again inside: the outer call goes on looping, so a game
        of computer seats without delay runs as a loop, not as a recursion."""
        if self._settling:
            return
        self._settling = True
        try:
            for _ in range(100_000):
                outcome = self._computers.step()
                if outcome is None:
                    return
                self.apply(outcome)
        finally:
            self._settling = False

    def _search_aside(self, search: SearchAside) -> None:
        """Search a strong computer seat's move outside the lock; its plan is shown when the search ends,
        unless the game has moved on meanwhile (a move, an undo, a new game)."""
        self._s.searching = search.game

        def run() -> None:
            move: Action | None
            try:
                move = self._computers.choose(search.seat, search.game, search.seed)
            except Exception:  # a failed search must not leave the seat stuck: it plays the heuristic's move
                LOG.exception("the search of computer seat %s failed; it plays the medium move", search.seat)
                move = None
            with self._s.lock:
                if self._s.searching is not search.game:
                    return
                self._s.searching = None
                self.apply(self._computers.landed(search.seat, search.game, move))

        threading.Thread(target=run, name=f"tock-search-{search.seat}", daemon=True).start()

    def _log_refusal(self, refusal: LogRefusal) -> None:
        """An illegal board in the log, a line as a move is; the same board judged again (a card chosen
        meanwhile) stays one line, with the latest words."""
        problem = refusal.problem
        entry: LogLine = {
            "n": len(self._s.log) + 1,
            "seat": refusal.seat,
            "move": "",
            "places": problem["places"],
            "fr": problem["fr"],
            "en": problem["en"],
            "reasons": problem["violations"],
            "unread": problem["unread"],
        }
        last = self._s.log[-1] if self._s.log else None
        if last is not None and "reasons" in last and last["places"] == entry["places"]:
            self._s.log[-1] = {**entry, "n": last["n"]}
        else:
            self._s.log.append(entry)

    def changed(self) -> None:
        """Show the new state: LEDs, then every listener. Called under the lock, after saving."""
        self._s.connected = connected_seats(self._s)
        self._s.version += 1
        self._leds.show()
        self._listeners.tell({"version": self._s.version})

    def show_presence(self) -> None:
        """Tell the pages when a seat's page has come or has been gone long enough (see
        :func:`connected_seats`), and only then: the Players panel follows the phones without a push
        every time a page asks for its view."""
        if connected_seats(self._s) != self._s.connected:
            self.changed()

    def exchange(self, seat: str, card: Card) -> None:
        """``seat`` gives ``card`` to its partner: checked, saved, logged (never saying which card)."""
        try:
            game = self._s.game.exchange(seat, card)
        except (TockError, ValueError) as error:
            raise refusals.no_exchange(error) from None
        self._s.store.append(self._s.game_id, "exchange", seat, str(card))
        self._s.game = game
        self._s.log.append(action_line(len(self._s.log) + 1, "exchange", seat, self._s.names[seat]))

    def end_turn(self, seat: str) -> None:
        """After a joker, ``seat`` keeps its card for later: saved, logged, a new turn."""
        self._s.game = self._s.game.end_turn(seat)
        self._s.store.append(self._s.game_id, "end_turn", seat, "end")
        self._s.log.append(action_line(len(self._s.log) + 1, "end_turn", seat, self._s.names[seat]))
        self._s.turn = Turn()

    def play(self, seat: str, move: Move, *, source: str) -> LogLine:
        """Play ``move`` for ``seat``: checked, saved and committed, then the state moves on (under lock)."""
        before = self._s.position
        try:
            game = self._s.game.play(move)
        except IllegalMoveError as error:
            raise refusals.illegal_move([v.to_dict() for v in error.violations]) from None
        except (TockError, ValueError) as error:
            raise refusals.move_refused(error) from None
        self._s.store.append(self._s.game_id, "move", seat, str(move))
        n = len(self._s.log) + 1
        self._s.game = game
        after = dict(self._s.position.layout)
        entry = move_entry(n, seat, move, before, self._s.names, self._s.topology)
        self._s.log.append(entry)
        self._s.last_move = entry
        winner = self._s.winner()
        if winner is not None:
            self._s.store.finish(self._s.game_id, winner)
        self._s.turn = Turn()
        if self._s.uses_camera and source != "camera":
            if self._s.sim_board is not None:
                self._board.set_sim_board(after)
            else:  # a move not read on the board: the marbles must now be put as it says
                self._s.turn = self._board.check_board_now(Turn(board=AwaitingBoard()))
        self.settle()
        self.changed()
        return entry

    def take_back(self, seat: str | None) -> Undone:
        """Take back the last move of a person (of ``seat`` when given), and the computer seats' moves
        made since (see :meth:`firmware_py.table.core.Table.undo`)."""
        if self._s.winner() is not None:
            raise refusals.game_over("undo")
        events = self._s.store.events(self._s.game_id)
        # the computer seats' moves made since are taken back too, or they would be made again at once
        people = [i for i, event in enumerate(events) if not self._s.seats[event.seat].computer]
        if seat is not None and (not people or events[people[-1]].seat != seat):
            raise refusals.not_your_move()
        if not events:
            raise refusals.nothing_to_undo()
        if not people:  # only computer seats have played: they would play the same again at once
            raise refusals.nothing_to_undo(only_computers=True)
        count = len(events) - people[-1]
        # each event's words, before they go: the log's lines that are events (a refused board is none),
        # one per event unless the save could only be resumed part of the way
        lines = [entry for entry in self._s.log if "reasons" not in entry]
        said = dict(zip((e.n for e in events), lines, strict=True)) if len(lines) == len(events) else {}
        undone = self._s.store.undo_last(self._s.game_id, count)  # one transaction: all or none
        self.resume(self._s.game_id)  # with a camera, the board is awaited (see :mod:`.turn`)
        if self._s.sim_board is not None and self._s.uses_camera:
            self._board.set_sim_board(self._s.position.layout)
        else:
            self._s.turn = self._board.check_board_now(self._s.turn)
        done = list(reversed(undone))
        texts = ", ".join(e.text if e.kind == "move" else e.kind for e in done)  # exchanges stay secret
        words = {  # the log's sentences ("Ana joue le 7 de cœur : A3 → A10"), secret-free as well
            lang: " ; ".join(said[e.n][lang] if e.n in said else e.kind for e in done)
            for lang in ("fr", "en")
        }
        notice: Words = {"fr": f"Annulé : {words['fr']}", "en": f"Undone: {words['en']}"}
        self._s.turn = replace(self._s.turn, notice=notice)
        self.changed()
        return {"undone": texts, **notice, "version": self._s.version}

    def show_new_game(self) -> None:
        """The board of a game just started: the simulated board set to it, or the camera asked."""
        if self._s.camera_mode == "sim":
            self._board.set_sim_board(self._s.position.layout)
            if self._s.turn.awaiting:
                self._s.turn = replace(self._s.turn, board=BoardAgrees())
        elif self._s.uses_camera:
            self._s.turn = self._board.check_board_now(replace(self._s.turn, board=AwaitingBoard()))
        elif self._s.turn.awaiting:
            self._s.turn = replace(self._s.turn, board=BoardAgrees())
        self.changed()

    def press(self, button: str) -> Pressed:
        """A table button (see :meth:`firmware_py.table.core.Table.press`); ignored, with the reason on
        the pages, when it means nothing now."""
        try:
            if button == "undo":
                undone = self.take_back(None)
                return {
                    "undone": undone["undone"],
                    "fr": undone["fr"],
                    "en": undone["en"],
                    "version": undone["version"],
                }
            plan, question = self._s.turn.plan, self._s.turn.question
            if button == "confirm" and plan is not None and not self._s.uses_camera:
                self.play(plan.seat, plan.move, source="computer")
                return {"button": button, "version": self._s.version}
            if button == "confirm" and question is not None and question["moves"]:
                move = read_move(question["moves"][0]["move"])
                self.play(self._s.to_play() or "", move, source="camera")
                return {"button": button, "version": self._s.version}
            if button == "next" and self._s.winner() is None and self._s.phase() == "play":
                return self._next_hint()
            raise refusals.button_ignored()
        except TableError as error:
            notice: Words = {
                "fr": f"Bouton {button} ignoré : {error.message_fr}",
                "en": f"{button} button ignored: {error.message_en}",
            }
            self.apply(Outcome(None, (Notify(notice), Show())))
            return {"button": button, "ignored": True, "fr": notice["fr"], "en": notice["en"]}

    def _next_hint(self) -> Pressed:
        """The next button: the next playable card of the hand is named (lit on the board)."""
        seat = self._s.to_play() or ""
        cards = list(dict.fromkeys(self._s.hand(seat)))
        cards = [c for c in cards if self._s.legal(c)]
        if not cards:
            raise refusals.no_hint()
        chosen = self._s.turn.chosen
        current = chosen.card if chosen is not None else None
        card = cards[(cards.index(current) + 1) % len(cards)] if current in cards else cards[0]
        self._s.turn = replace(self._s.turn, intent=CardChosen(seat, card, self._s.legal(card)))
        self.changed()
        return {"button": "next", "card": str(card), "version": self._s.version}
