"""The marbles of one game as flat integer arrays, mutable: make a move, unmake it, read who won.

:class:`Marbles` is the part of the fast core that changes the board; what a card may do is worked out
above it (:mod:`~firmware_py.engine.fast.generation`, :mod:`~firmware_py.engine.fast.state`). It is also
the edge to the public engine: :meth:`Marbles.effect` says what a move does (a :data:`Delta`, which
``play`` applies) and :meth:`Marbles.to_move` turns a move into a :class:`~firmware_py.engine.moves.Move`.
"""

from __future__ import annotations

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.cards import Card
from firmware_py.engine.context import Context
from firmware_py.engine.fast.codes import ENTER, SPLIT, SWAP
from firmware_py.engine.moves import Move, MoveKind, generated_move
from firmware_py.engine.position import Position
from firmware_py.engine.tables import RESERVE

Delta = tuple[tuple[tuple[int, int, int], ...], tuple[int, ...], int]
"""A move's effect: ``((from, to, section), ...)``, captured locations, section entering (or -1)."""


class Marbles:
    """The marbles of one game, mutable: what a search makes and unmakes moves on.

    ``occ[loc]`` is the section of the marble on a location or -1 (with several marbles in the centre,
    one of them); ``marbles`` holds four locations per seat in seat order, each four sorted (the
    reserve, -1, first); ``fresh`` has bit ``s`` set while section ``s``'s marble just out has not moved.
    """

    def __init__(self, ctx: Context, marbles: list[int], fresh: int, turn: int) -> None:
        self.ctx = ctx
        self.marbles = marbles
        self.fresh = fresh
        self.turn = turn
        self.occ: list[int] = [-1] * ctx.size
        for i, section in enumerate(ctx.sections):
            for loc in marbles[4 * i : 4 * i + 4]:
                if loc != RESERVE:
                    self.occ[loc] = section
        self.undo: list[int] = []
        """What :meth:`unmake` restores: per write ``(index, old value)``, then the count and old flags."""
        self.recording = True
        """Whether :meth:`make` keeps what :meth:`unmake` needs (self-play, which never unmakes, does not)."""
        self.captured: list[int] = []
        """Locations of the marbles the last move made took, in the order the move took them."""
        self.captured_sections: list[int] = []
        """The sections of those marbles."""
        self.stamp = 0
        """Changed by every move made or unmade: what was worked out for the board before is then out
        of date."""
        self.winner_stamp = -1
        self.winning = -1

    def to_position(self, hands: tuple[tuple[Card, ...], ...] | None = None) -> Position:
        """The public position of these marbles (with ``hands`` when known)."""
        ctx = self.ctx
        return Position(ctx.rules, ctx.seats, tuple(self.marbles), self.fresh, self.turn, hands)

    # ---- reading ---------------------------------------------------------------------------------

    def winner(self) -> int:
        """Index in ``ctx.teams`` of the team with every marble home, or -1."""
        if self.winner_stamp == self.stamp:
            return self.winning
        self.winner_stamp = self.stamp
        self.winning = self._winner()
        return self.winning

    def _winner(self) -> int:
        ctx = self.ctx
        marbles = self.marbles
        track = ctx.track
        centre = ctx.centre
        for index, team in enumerate(ctx.teams):
            done = True
            for i in team:
                if not (marbles[4 * i] >= track and marbles[4 * i + 3] < centre):
                    done = False
                    break
            if done:
                return index
        return -1

    def played_sections(self) -> list[int]:
        """The sections whose marbles the seat to play moves: its own, or its partners' once all home."""
        ctx = self.ctx
        t = self.turn
        marbles = self.marbles
        if marbles[4 * t] >= ctx.track and marbles[4 * t + 3] < ctx.centre:
            return ctx.partners[t] if ctx.play_for_partner else ctx.nobody
        return ctx.own[t]

    def has_marble_in_play(self) -> bool:
        """Whether a marble the seat to play moves is on the track or in the centre (R2's "pion en jeu")."""
        ctx = self.ctx
        for section in self.played_sections():
            i = ctx.seat_of[section]
            for loc in self.marbles[4 * i : 4 * i + 4]:
                if 0 <= loc < ctx.track or loc == ctx.centre:
                    return True
        return False

    # ---- make and unmake --------------------------------------------------------------------------

    def make(self, code: int) -> None:
        """Play a move this state generated (the seat to play is left to the caller)."""
        if self.captured:  # (a call to clear() costs more than the test)
            self.captured.clear()
            self.captured_sections.clear()
        # Nobody has won, and only a marble arriving in a home can change that (a capture never does).
        still = self.winner_stamp == self.stamp and self.winning < 0
        self.stamp += 1
        undo = self.undo
        mark = len(undo)
        fresh = self.fresh
        kind = code & 7
        ctx = self.ctx
        if kind == SPLIT:
            for k in range((code >> 3 & 3) + 1):
                part = code >> (5 + 16 * k) & 0xFFFF
                frm = part >> 8
                to = part & 255
                section = self.occ[frm]
                if self.occ[to] >= 0:
                    self._capture(to)
                self._move(frm, to, section)
                still = still and not ctx.track <= to < ctx.centre
        elif kind == SWAP:
            self._swap((code >> 3 & 255) - 1, code >> 11 & 255)
        else:
            frm = (code >> 3 & 255) - 1
            to = code >> 11 & 255
            section = code >> 19 & 7
            swept = code >> 22
            if swept:
                track = ctx.track
                for i in range(12):
                    if swept >> i & 1:
                        self._capture((frm + i + 1) % track)
            if self.occ[to] >= 0 and not (to == ctx.centre and ctx.centre_several):
                self._capture(to)
            self._move(frm, to, section)
            still = still and not ctx.track <= to < ctx.centre
            if kind == ENTER:
                self.fresh |= 1 << section
        if still:
            self.winner_stamp = self.stamp
        if self.recording:
            undo.append((len(undo) - mark) // 2)
            undo.append(fresh)

    def unmake(self) -> None:
        """Take back the last move :meth:`make` made (while ``recording``)."""
        undo = self.undo
        self.stamp += 1
        self.fresh = undo.pop()
        writes = undo.pop()
        marbles = self.marbles
        occ = self.occ
        for _ in range(writes):
            old = undo.pop()
            index = undo.pop()
            if index >= 0:
                marbles[index] = old
            else:
                occ[-index - 1] = old

    def _write_marble(self, index: int, loc: int) -> None:
        if self.recording:
            self.undo.append(index)
            self.undo.append(self.marbles[index])
        self.marbles[index] = loc

    def _write_occ(self, loc: int, section: int) -> None:
        if self.recording:
            self.undo.append(-loc - 1)
            self.undo.append(self.occ[loc])
        self.occ[loc] = section

    def _capture(self, loc: int) -> None:
        """Send the marble on ``loc`` back to its reserve."""
        section = self.occ[loc]
        self.captured.append(loc)
        self.captured_sections.append(section)
        self._relocate(self.ctx.seat_of[section], loc, RESERVE)
        self._write_occ(loc, -1)
        if loc == self.ctx.start[section]:
            self.fresh &= ~(1 << section)

    def _move(self, frm: int, to: int, section: int) -> None:
        ctx = self.ctx
        self._relocate(ctx.seat_of[section], frm, to)
        if frm != RESERVE:
            self._write_occ(frm, -1)
            if frm == ctx.centre and ctx.centre_several:
                self._write_occ(frm, self._centre_owner())
        self._write_occ(to, section)
        if frm == ctx.start[section]:
            self.fresh &= ~(1 << section)

    def _swap(self, a: int, b: int) -> None:
        occ = self.occ
        sa = occ[a]
        sb = occ[b]
        ia = self._index_of(self.ctx.seat_of[sa], a)
        ib = self._index_of(self.ctx.seat_of[sb], b)
        self._write_marble(ia, b)
        self._write_marble(ib, a)
        self._sort_block(ia // 4)
        if ib // 4 != ia // 4:
            self._sort_block(ib // 4)
        self._write_occ(a, sb)
        self._write_occ(b, sa)
        start = self.ctx.start
        if a == start[sa]:
            self.fresh &= ~(1 << sa)
        if b == start[sb]:
            self.fresh &= ~(1 << sb)

    def _index_of(self, seat: int, loc: int) -> int:
        marbles = self.marbles
        for j in range(4 * seat, 4 * seat + 4):
            if marbles[j] == loc:
                return j
        raise ValueError(f"no marble of seat {seat} on {loc}")

    def _relocate(self, seat: int, frm: int, to: int) -> None:
        """Move one of ``seat``'s marbles from ``frm`` to ``to``, keeping its four locations sorted."""
        j = self._index_of(seat, frm)
        if self.recording:
            self._write_marble(j, to)
            self._sort_block(seat)
            return
        marbles = self.marbles  # nothing to record: slide the neighbours over, then put it in its place
        base = 4 * seat
        while j > base and marbles[j - 1] > to:
            marbles[j] = marbles[j - 1]
            j -= 1
        while j < base + 3 and marbles[j + 1] < to:
            marbles[j] = marbles[j + 1]
            j += 1
        marbles[j] = to

    def _sort_block(self, seat: int) -> None:
        marbles = self.marbles
        base = 4 * seat
        for j in range(base + 1, base + 4):
            k = j
            while k > base and marbles[k - 1] > marbles[k]:
                low = marbles[k]
                self._write_marble(k, marbles[k - 1])
                self._write_marble(k - 1, low)
                k -= 1

    def _centre_owner(self) -> int:
        """The section of a marble still in the centre (several may wait there), or -1."""
        ctx = self.ctx
        for i, section in enumerate(ctx.sections):
            if ctx.centre in self.marbles[4 * i : 4 * i + 4]:
                return section
        return -1

    def takes_other(self, code: int, team: int) -> bool:
        """Whether the move ``code`` takes a marble of a section outside the bit mask ``team``."""
        kind = code & 7
        if kind == SWAP:
            return False
        occ = self.occ
        if kind == SPLIT:
            recording = self.recording
            self.recording = True
            self.make(code)
            taken = any(not team >> section & 1 for section in self.captured_sections)
            self.unmake()
            self.recording = recording
            return taken
        ctx = self.ctx
        frm = (code >> 3 & 255) - 1
        to = code >> 11 & 255
        swept = code >> 22
        if swept:
            for i in range(12):
                if swept >> i & 1 and not team >> occ[(frm + i + 1) % ctx.track] & 1:
                    return True
        landing = occ[to]
        return landing >= 0 and not team >> landing & 1 and not (to == ctx.centre and ctx.centre_several)

    # ---- the API edge --------------------------------------------------------------------------------

    def effect(self, code: int) -> Delta:
        """What the move ``code`` does, as a :data:`Delta`: ``((from, to, section), ...)``
        in an order that plays, the locations of the marbles it takes in the order it takes them, and
        the section a marble enters for (or -1). Worked out from the code and the board, except for a
        split 7, whose parts are made and unmade to see what each takes."""
        ctx = self.ctx
        kind = code & 7
        occ = self.occ
        if kind == SPLIT:
            recording = self.recording
            self.recording = True
            steps = []
            for k in range((code >> 3 & 3) + 1):
                part = code >> (5 + 16 * k) & 0xFFFF
                steps.append((part >> 8, part & 255, occ[part >> 8]))
            self.make(code)
            captured = tuple(self.captured)
            self.unmake()
            self.recording = recording
            return tuple(steps), captured, -1
        frm = (code >> 3 & 255) - 1
        to = code >> 11 & 255
        section = code >> 19 & 7
        if kind == SWAP:
            return ((frm, to, section), (to, frm, occ[to])), (), -1
        swept = code >> 22
        caps: list[int] = []
        if swept:
            for i in range(12):
                if swept >> i & 1:
                    caps.append((frm + i + 1) % ctx.track)
        if occ[to] >= 0 and not (to == ctx.centre and ctx.centre_several):
            caps.append(to)
        return ((frm, to, section),), tuple(caps), section if kind == ENTER else -1

    def to_move(self, code: int, card: Card) -> Move:
        """The public :class:`Move` of a move this state generated (with the marbles it takes)."""
        ids = self.ctx.tables.place_ids
        steps, caps, entered = self.effect(code)
        captures = tuple([ids[c] for c in caps]) if caps else ()
        kind = code & 7
        public: tuple[tuple[str, str], ...]
        if kind == ENTER:
            public = ((f"{SECTION_LETTERS[entered]}R", ids[steps[0][1]]),)
            return generated_move(card, MoveKind.ENTER, public, captures, (steps, caps, entered))
        if kind == SWAP:
            a, c = ids[steps[0][0]], ids[steps[0][1]]
            public = ((a, c),) if a < c else ((c, a),)
            return generated_move(card, MoveKind.SWAP, public, captures, (steps, caps, entered))
        if kind == SPLIT:
            public = tuple(sorted([(ids[frm], ids[to]) for frm, to, _ in steps]))
        else:
            public = ((ids[steps[0][0]], ids[steps[0][1]]),)
        return generated_move(card, MoveKind.STEP, public, captures, (steps, caps, entered))
