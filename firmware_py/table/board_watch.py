"""The table watching the board: the camera's stable readings, the page's board, and what they mean.

A part of :class:`firmware_py.table.core.Table` over its shared state: a board seen (by the camera, or
moved on the page without camera) is judged by the engine's ``match`` against the legal moves of the
seat to play, and the verdict becomes the next :class:`~firmware_py.table.turn.Turn` and its effects
(an :class:`~firmware_py.table.turn.Outcome`, applied by the table): a move is played and saved, a move
in progress is guided by the LEDs, an ambiguous or uncertain board is asked about on the page, an
illegal board is shown with the engine's reasons and the holes to put right, and logged. After an
undo, a move chosen on a phone, or a restart, a real board (and the simulated one after an undo) must
first come back to the game's board (:class:`~firmware_py.table.turn.AwaitingBoard`): until then a
board seen is shown to put right, never judged as a move, so a reading older than the undo logs nothing.
Holes the camera did not read for sure are weighed by the engine's ``match_seen`` (see
:meth:`BoardWatch._judge_unsure`). The camera's calibration and picture are
:class:`~firmware_py.table.camera_setup.CameraSetup`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from firmware_py import refusals
from firmware_py.engine import Card, Move, MoveKind, Rule, board_difference, match, move_effect
from firmware_py.engine.matching import Match, match_seen, seen_unchanged
from firmware_py.engine.violations import violation
from firmware_py.table.ports import BoardCamera, Camera, CameraParts, SimulatedBoard
from firmware_py.table.state import TableState
from firmware_py.table.turn import (
    Asking,
    AwaitingBoard,
    BoardAgrees,
    BoardWrong,
    LogRefusal,
    MoveInProgress,
    Notify,
    Outcome,
    Play,
    Problem,
    Question,
    Reason,
    SetSimBoard,
    Show,
    Turn,
    Words,
    reason_of,
)
from firmware_py.table.wording import holes_said, swap_asked

if TYPE_CHECKING:
    from firmware_py.table.ports import Frame, Reading


def _render(camera: Camera, board: Mapping[str, str]) -> None:
    """Have the synthetic camera render ``board`` (a real camera sees the real one)."""
    if isinstance(camera, SimulatedBoard):
        camera.set_layout(dict(board))


def _which_card(places: Iterable[str]) -> Question:
    """Physical cards: the board changed, and the card played is not known yet."""
    return {
        "fr": "Quelle carte a été jouée ?",
        "en": "Which card was played?",
        "places": sorted(places),
        "moves": [],
    }


def _not_sure(reading: Reading) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The places of ``reading`` holding a marble of unsure colour, and those whose occupancy was not
    read for sure."""
    unsure = reading.unsure_colour
    return unsure, tuple(place for place in reading.uncertain if place not in unsure)


def _asking(turn: Turn, question: Question) -> Turn:
    """``turn`` with ``question`` asked (while the board is awaited, it stays awaited)."""
    if isinstance(turn.board, AwaitingBoard):
        return replace(turn, board=AwaitingBoard(turn.board.problem, question))
    return replace(turn, board=Asking(question))


def _check_too(unread: tuple[str, ...]) -> tuple[str, str]:
    """The sentence (French, English) a refusal ends with when some holes were not read: where they are,
    as the board shows them, for the players to check them too (empty when every hole was read)."""
    if not unread:
        return "", ""
    it_fr, it_en = ("le", "it") if len(unread) == 1 else ("les", "them")
    return (
        f" Vérifiez aussi ce qui est {holes_said(unread, 'fr')} : la caméra n'a pas pu {it_fr} lire.",
        f" Also check what is {holes_said(unread, 'en')}: the camera could not read {it_en}.",
    )


def _board_back(turn: Turn) -> Turn:
    """``turn`` once the board is the game's again (a question still open stays asked)."""
    question = turn.question
    return replace(turn, board=BoardAgrees() if question is None else Asking(question))


class BoardWatch:
    """The board side of the table: a part of :class:`firmware_py.table.core.Table` reading its
    ``state``. It answers each board seen with an :class:`~firmware_py.table.turn.Outcome` (the next
    turn and the effects), which the table applies; it keeps only the camera's own facts (its status,
    the last picture and reading, the simulated board)."""

    def __init__(self, state: TableState) -> None:
        self._s = state

    # -- the board ---------------------------------------------------------------------------------

    def move_marble(self, from_place: str, to_place: str) -> Outcome | None:
        """Move one marble on the simulated board (sim camera) or, without camera, on the expected board.

        With the simulated camera the board is rendered, read by vision and checked like a real move;
        without camera the resulting board is matched against the legal moves at once. A marble landing
        on another sends that one to a free place of its reserve (what a player does by hand).

        Raises:
            BadInput: unknown place / no marble there, WrongMoment: with a real camera (move the real marble)
            or when the game is over, IllegalMove: when (without camera) the board can be no legal move
            (the outcome's refusal, once the board is shown again).
        """
        for field, place in (("from", from_place), ("to", to_place)):
            if not isinstance(place, str) or not self._s.topology.has_place(place):
                raise refusals.unknown_hole(field, place)
        # a game set up without camera is played on the page even when the companion simulates one
        sim_board = self._s.sim_board if self._s.uses_camera else None
        if self._s.uses_camera and sim_board is None:
            raise refusals.real_board()
        if self._s.winner() is not None:
            raise refusals.game_over()
        proposed = self._s.turn.proposed
        board = dict(
            sim_board
            if sim_board is not None
            else proposed
            if proposed is not None
            else self._s.position.layout
        )
        seat = board.get(from_place)
        if seat is None:
            raise refusals.no_marble(from_place)
        if from_place == to_place:
            return None
        del board[from_place]
        taken = board.get(to_place)
        board[to_place] = seat
        if taken is not None:
            free = [p for p in self._s.topology.reserve_of(taken) if p not in board]
            board[free[0]] = taken
        if sim_board is not None:
            return Outcome(None, (SetSimBoard(board), Show()))
        return self._judge_proposed(board)

    def _judge_proposed(self, board: dict[str, str]) -> Outcome:
        """No camera: the board moved on the page is matched like a camera reading."""
        result = self._match(board)
        if result is None:
            raise refusals.choose_card_first()
        turn = self._s.turn
        if result.kind == "illegal":
            violations = self._reasons(result, board)
            left = BoardAgrees() if isinstance(turn.board, MoveInProgress) else turn.board
            return Outcome(
                replace(turn, proposed=None, board=left), (Show(),), refusals.illegal_move(violations)
            )
        return self._apply_match(result, board, replace(turn, proposed=board))

    def _card(self) -> Card | None:
        """The card the seat to play has named, if any."""
        chosen = self._s.turn.chosen
        return chosen.card if chosen is not None and chosen.seat == self._s.to_play() else None

    def _match(self, layout: dict[str, str]) -> Match | None:
        """The engine's verdict on a board (for the chosen card, else for the whole hand); None when,
        with physical cards, the card played is not known yet."""
        card = self._card()
        if not self._s.digital and card is None:
            return None
        return match(self._s.position, layout, card)

    def _apply_match(self, result: Match, layout: dict[str, str], turn: Turn) -> Outcome:
        """The engine's verdict about a board, as the next turn and what to do."""
        seat = self._s.to_play() or ""
        # a question or a refusal is answered by this board; a move in progress goes on until it is done
        turn = turn if isinstance(turn.board, MoveInProgress) else replace(turn, board=BoardAgrees())
        if result.kind == "unchanged":
            return Outcome(replace(turn, board=BoardAgrees(), proposed=None), (Show(),))
        if result.kind == "move" or (result.kind == "ambiguous" and self._same_result(result.moves)):
            return Outcome(replace(turn, proposed=None), (Play(seat, result.moves[0], "camera"),))
        if result.kind == "ambiguous":
            plan = turn.plan
            if plan is not None and plan.move in result.moves:
                return Outcome(replace(turn, proposed=None), (Play(plan.seat, plan.move, "computer"),))
            question: Question = {
                "fr": "Plusieurs coups donnent ce plateau : lequel a été joué ?",
                "en": "Several moves give this board: which one was played?",
                "places": sorted({p for m in result.moves for p in move_effect(self._s.position, m).places}),
                "moves": [self._s.move_info(m) for m in result.moves],
            }
            return Outcome(replace(turn, board=Asking(question)), (Show(),))
        if result.kind == "in_progress":
            return Outcome(replace(turn, board=MoveInProgress(dict(result.to_do))), (Show(),))
        return self._illegal(result, layout, turn)

    def _same_result(self, moves: tuple[Move, ...]) -> bool:
        """Several candidates that are the same move with equal cards (two 5s of different suits)."""
        ranks = {m.card.rank if m.card else None for m in moves}
        return len(ranks) == 1 and all(self._s.result(m) == self._s.result(moves[0]) for m in moves)

    def _reasons(self, result: Match, layout: dict[str, str]) -> list[Reason]:
        """The engine's reasons against a board (shown to everyone), first saying so when only other seats'
        marbles moved.

        The engine's reasons would name a card: one of the hand it tried, or the card the player chose on
        the phone, which stays secret until it is played. They are the reasons of the rules alone (the
        board judged without the hands), or, when the rules alone allow the board, that no card of the
        hand (or the card chosen) makes it, without naming one. A physical card named at the table is
        no secret (it is played face up): the reasons are those of that card, never of another one.
        """
        difference = board_difference(self._s.position, layout)
        reasons = [reason_of(v) for v in result.violations]
        chosen = self._s.turn.chosen is not None
        if chosen or self._s.position.hands is not None:
            named = None if self._s.digital else self._card()
            rules_only = match(self._s.known_to(None), layout, named)
            reasons = [reason_of(v) for v in rules_only.violations]
            if rules_only.kind != "illegal":
                reasons = [
                    {
                        "code": "no_card_for_it",
                        "fr": "La carte choisie ne permet pas ce coup."
                        if chosen
                        else "Aucune carte de la main ne permet ce coup.",
                        "en": "The card chosen does not make this move."
                        if chosen
                        else "No card in the hand makes this move.",
                        "marble": None,
                        "places": list(difference.places),
                    }
                ]
        movers = {layout[p] for p in difference.wrong if p in layout} | set(difference.put_back.values())
        turn = self._s.to_play()
        if movers and turn not in movers:
            other = sorted(movers)[0]
            name = self._s.names.get(other, other)
            out_of_turn = violation(Rule.NOT_YOUR_TURN, places=difference.places, seat=name)
            reasons.insert(0, reason_of(out_of_turn))
        return reasons

    def _illegal(
        self, result: Match, layout: dict[str, str], turn: Turn, unread: tuple[str, ...] = ()
    ) -> Outcome:
        """An illegal board: shown with its reasons and the holes to put right, and logged. ``unread``:
        holes the camera did not read, taken as they were (``layout`` holds them so): the words say where
        they are and the problem lists them (the LEDs flash them), as the holes to put right assume them
        unchanged."""
        violations = self._reasons(result, layout)
        difference = board_difference(self._s.position, layout)
        # each reason is a sentence with its own full stop; the message ends with one stop, not two
        reasons_fr = " ; ".join(v["fr"].rstrip(".") for v in violations)
        reasons_en = "; ".join(v["en"].rstrip(".") for v in violations)
        reasons_fr = reasons_fr or "ce plateau ne vient d'aucun coup permis"
        reasons_en = reasons_en or "no legal move gives this board"
        unread_fr, unread_en = _check_too(unread)
        problem: Problem = {
            "fr": f"Coup interdit : {reasons_fr}. Remettez les billes comme indiqué.{unread_fr}",
            "en": f"Illegal move: {reasons_en}. Put the marbles back as shown.{unread_en}",
            "places": list(difference.places),
            "violations": violations,
            "wrong": list(difference.wrong),
            "put_back": dict(difference.put_back),
            "unread": sorted(unread),
        }
        seat = self._s.to_play() or ""
        return Outcome(replace(turn, board=BoardWrong(problem)), (LogRefusal(problem, seat), Show()))

    def _board_differs(self, layout: dict[str, str]) -> Problem:
        difference = board_difference(self._s.position, layout)
        return {
            "fr": "Le plateau ne correspond pas à la partie : placez les billes comme indiqué.",
            "en": "The board does not match the game: place the marbles as shown.",
            "places": list(difference.places),
            "violations": [],
            "wrong": list(difference.wrong),
            "put_back": dict(difference.put_back),
            "unread": [],  # a board awaited comes back only once every hole is read
        }

    def check_board_now(self, turn: Turn) -> Turn:
        """``turn`` once the last reading is judged, when the board is awaited (after an undo, a move
        entered on a page, a restart)."""
        reading = self._s.last_reading
        if turn.awaiting and reading is not None and reading.status == "ok":
            return self._judge_awaited(dict(reading.layout), turn)
        return turn

    def _judge_awaited(self, layout: dict[str, str], turn: Turn) -> Turn:
        if board_difference(self._s.position, layout).unchanged:
            return _board_back(turn)
        question = turn.question
        return replace(turn, board=AwaitingBoard(self._board_differs(layout), question))

    # -- the camera --------------------------------------------------------------------------------

    def attach_camera(
        self,
        loop: BoardCamera,
        mode: str,
        *,
        calibration_path: Path | None = None,
        parts_for_model: CameraParts | None = None,
    ) -> Outcome:
        """Use ``loop`` (a :class:`firmware_py.app.camera_loop.CameraLoop`) as the camera.

        Args:
            loop: the camera loop (not started: :meth:`start` starts it).
            mode: the camera source as shown on the page (``sim``, ``picamera2``...).
            calibration_path: where calibration (:class:`~firmware_py.table.camera_setup.CameraSetup`)
                saves the calibration for the next start.
            parts_for_model: for a new game on another board model: (camera opener, reader, calibration
                path) of that model.
        """
        self._s.loop = loop
        self._s.calibration_path = calibration_path
        self._s.parts_for_model = parts_for_model
        self._s.camera_mode = mode
        self._s.camera_status = {"mode": mode, "status": "starting", "message": ""}
        if mode == "sim":
            self.set_sim_board(self._s.position.layout)
        turn = self._s.turn
        if self._s.uses_camera and mode != "sim":
            turn = turn if turn.awaiting else replace(turn, board=AwaitingBoard(turn.problem, turn.question))
        elif turn.awaiting:
            turn = _board_back(turn)
        return Outcome(turn, (Show(),))

    def set_sim_board(self, board: Mapping[str, str]) -> None:
        """Put the simulated board's marbles as ``board`` (and the synthetic camera's with them)."""
        self._s.sim_board = dict(board)
        if self._s.loop is not None:
            self._s.loop.use_camera(lambda camera: _render(camera, board))

    @property
    def sim_board(self) -> dict[str, str] | None:
        """The marbles on the simulated board (what the synthetic camera renders), None without it.

        Read without the table's lock (the camera thread asks while holding the camera): the board is
        never changed in place, only replaced, so the reference read is always a whole board.
        """
        board = self._s.sim_board
        return None if board is None else dict(board)

    def on_frame(self, frame: Frame, reading: Reading) -> tuple[str, str] | None:
        """Every frame read (for the calibration page's picture); cheap, no state change. Returns the
        camera's new status (and its message) when the frame changes it."""
        self._s.last_frame = frame
        self._s.last_reading = reading
        status = reading.status
        if status != "ok" and self._s.camera_status.get("status") != status:
            return status, reading.message
        if status == "ok" and self._s.camera_status.get("status") not in ("ok",):
            return "ok", ""
        return None

    def on_camera_status(self, status: str, message: str) -> Outcome | None:
        """The camera loop reports: ``ok``, ``lost``, ``bad_frame``, ``occluded``, ``no_board``..."""
        if self._s.camera_status.get("status") == status and self._s.camera_status.get("message") == message:
            return None
        self._s.camera_status = {"mode": self._s.camera_mode, "status": status, "message": message}
        if status == "lost":
            lost: Words = {"fr": "Caméra perdue : on la rouvre.", "en": f"Camera lost: {message}"}
            return Outcome(None, (Notify(lost), Show()))
        return Outcome(None, (Show(),))

    def on_reading(self, reading: Reading) -> Outcome | None:
        """A stable reading from vision: compare it with the expected board (see the module doc)."""
        self._s.last_reading = reading
        self._s.last_stable = reading
        return self._judge_reading(reading)

    def remember_game_board(self) -> None:
        """Keep the last stable reading as the board the next still board is held against, when the game
        now agrees with it (a move played from it, or the board as it was): every hole it read for sure
        holds what the game has there."""
        reading = self._s.last_stable
        if reading is None or not isinstance(self._s.turn.board, BoardAgrees) or reading.status != "ok":
            return
        board = self._s.position.layout
        # every hole as the game has it, reserves too (not the engine's seen_unchanged, for which a
        # reserve's marbles are alike): a hole read as before later must hold what the game says it held
        doubtful = set(reading.uncertain)
        shows = all(board.get(p) == seat for p, seat in reading.layout.items()) and all(
            p in reading.layout or p in doubtful for p in board
        )
        if shows:
            self._s.board_seen = (reading, dict(board))

    def _since_board_seen(self, reading: Reading) -> Reading:
        """``reading`` held against the last stable board that showed the game's board, when the game has
        not moved since (see :meth:`vision.reader.BoardReading.since`)."""
        seen = self._s.board_seen
        if seen is None or seen[1] != self._s.position.layout:
            return reading
        return reading.since(*seen)

    def rejudge(self) -> Outcome | None:
        """Judge the last stable board again: a card has just been named, the board may now mean a move.

        (The stabiliser reports a still board once; the players should not have to touch it again.)
        """
        reading = self._s.last_stable
        if reading is None or board_difference(self._s.position, reading.layout).unchanged:
            return None
        # A still board that may be the game's own (some holes not read for sure) is not asked about the
        # moment a card is named: only once hands have been over it again.
        unsure, unread = _not_sure(reading)
        if reading.uncertain and seen_unchanged(self._s.position, dict(reading.layout), unsure, unread):
            return None
        return self._judge_reading(reading)

    def _judge_reading(self, reading: Reading) -> Outcome | None:
        if not self._s.uses_camera or reading.status != "ok":
            return None
        reading = self._since_board_seen(reading)
        layout = dict(reading.layout)
        turn = self._s.turn
        if reading.uncertain:
            judged = self._judge_unsure(layout, *_not_sure(reading), turn, reading)
            if judged is not None:
                return judged
            question: Question = {
                "fr": "Lecture incertaine de certains trous : vérifiez ces billes.",
                "en": "Some holes could not be read for sure: check these marbles.",
                "places": sorted(reading.uncertain),
                "moves": [],
            }
            return Outcome(_asking(turn, question), (Show(),))
        if turn.awaiting:
            return Outcome(self._judge_awaited(layout, turn), (Show(),))
        if self._s.winner() is not None:
            return None
        result = self._match(layout)
        if result is None:
            if board_difference(self._s.position, layout).unchanged:
                return None
            return Outcome(
                _asking(turn, _which_card(board_difference(self._s.position, layout).places)), (Show(),)
            )
        return self._apply_match(result, layout, turn)

    def _judge_unsure(
        self,
        layout: dict[str, str],
        unsure: tuple[str, ...],
        unread: tuple[str, ...],
        turn: Turn,
        reading: Reading,
    ) -> Outcome | None:
        """A board with holes not read for sure: marbles whose colour is unsure (the game tells whose
        they are) and holes whose occupancy was not read (no evidence either way). The engine's
        ``match_seen`` settles it against the legal moves where nothing unread can hide another board,
        weighing the ``reading``'s graded colours of the unsure marbles where several boards fit (and
        which of them were touched since the board before, between moves), and refuses a
        wrong move seen where the camera reads with the rule's reasons (the holes not read taken as they
        were, and named; the marbles of unsure colour given the seats the game tells, when it tells them
        without doubt); where two explanations remain (a Jack's swap changes no hole's occupancy, and
        the colours do not clearly favour one), the seat to play is asked. None when the game cannot
        tell (the caller then asks to check the marbles).

        The board awaited after an undo or a restart comes back only when every hole's occupancy was
        read: a marble still in a hand would not show in a hole not read."""
        position = self._s.position
        if turn.awaiting:
            if unread or not seen_unchanged(position, layout, unsure):
                return None
            return Outcome(_board_back(turn), (Show(),))
        if self._s.winner() is not None:
            return None
        card = self._card()
        if not self._s.digital and card is None:
            if seen_unchanged(position, layout, unsure, unread):
                return Outcome()
            return Outcome(_asking(turn, _which_card((*unsure, *unread))), (Show(),))
        colours, touched = reading.colour_evidence, reading.touched
        result = match_seen(position, layout, unsure, card, unread=unread, colours=colours, touched=touched)
        if result.kind == "unsure":
            return None
        if result.kind == "illegal":
            return self._illegal(result, dict(result.board), turn, unread)
        if result.kind != "ambiguous" or not result.unchanged_too:
            return self._apply_match(result, layout, turn)
        swap = result.moves[0] if len(result.moves) == 1 else None
        question: Question
        if swap is not None and swap.kind is MoveKind.SWAP:
            a, b = swap.steps[0]
            question = {
                "fr": swap_asked(a, b, "fr"),
                "en": swap_asked(a, b, "en"),
                "places": sorted((a, b)),
                "moves": [self._s.move_info(swap)],
            }
        else:
            question = {
                "fr": "Les couleurs ne se lisent pas sûrement : quel coup a été joué, s'il y en a un ?",
                "en": "The colours cannot be read for sure: which move was played, if any?",
                "places": sorted(unsure),
                "moves": [self._s.move_info(m) for m in result.moves],
            }
        return Outcome(replace(turn, board=Asking(question)), (Show(),))
