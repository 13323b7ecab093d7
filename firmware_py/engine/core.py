"""The fast core for search and self-play: one game's marbles as flat integer arrays, moves as integers,
make and unmake.

The public API (:class:`~firmware_py.engine.position.Position`, :class:`~firmware_py.engine.moves.Move`,
``legal_moves``, ``explain``, ``Game``) builds an immutable value per position and a ``Move`` with place
ids per move: right for the table, the notation and the explanations, far too slow for a computer seat
that plays out thousands of games per move. This core is what a search walks instead:

- a :class:`~firmware_py.engine.context.Context` resolves the rule switches, the board tables and the
  teams once per game (typed attributes, no string-keyed memo);
- a :class:`State` is mutable: per location the section of the marble on it (``occ``), four locations
  per seat (``marbles``, sorted as in ``Position``), the just-out flags and the seat to play;
- :meth:`State.generate` appends a card's legal moves to a list as integers (see :func:`step_code` and
  :func:`split_code`), in exactly the order ``legal_moves`` lists them; :meth:`State.make` plays one
  and :meth:`State.unmake` takes it back.

Moves become :class:`Move` values only at the API edge (:meth:`State.to_move`). The rules are those of
``routes`` and ``movegen`` (which ``explain`` shares, so that it says *why*), stated again here for speed:
``tests/engine/test_core.py``, every rule test (through ``tests/engine/helpers.py``) and
``tests/engine/test_fastplay.py`` hold this core to them move for move, captures and order included, on
random positions of every rule set, on each rule sheet's sentences and on whole games.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Final

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.cards import Card
from firmware_py.engine.context import (
    ALSO_SWAPS,
    BACK_FOUR,
    BIT_LENGTHS,
    ENTERS,
    FIVE,
    FORWARD,
    GUARD_ANY,
    GUARD_FRESH,
    GUARD_NONE,
    SEVEN,
    SWEEPS,
    TEN_SWAPS,
    VIA_CENTRE,
    Context,
    context_for,
)
from firmware_py.engine.movegen import meeting_groups, settled
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position
from firmware_py.engine.tables import RESERVE

STEP: Final = 0
"""Move kinds in the low 3 bits of a move's integer: one marble's step (or a 7 taken by one marble)."""
ENTER: Final = 1
"""A marble out of its reserve."""
SWAP: Final = 2
"""Two marbles change places."""
SPLIT: Final = 3
"""A 7 split over several marbles."""

Part = tuple[tuple[int, ...], int, int]
"""Parts of a 7 over some marbles: their ``from << 8 | to`` pairs in an order that plays, the key of the
set (:func:`_key`) and the move's integer."""


def step_code(kind: int, frm: int, to: int, section: int, swept: int) -> int:
    """A move of one marble (or a swap) as an integer.

    Bits: kind (3), ``frm + 1`` (8: 0 is the reserve), ``to`` (8), the section of the marble moved (3),
    then ``swept``: bit ``i`` set when the King takes the marble ``i + 1`` cells past ``frm``. The marble
    on ``to`` (a swap's other marble) is found on the board when the move is made.
    """
    return kind | (frm + 1) << 3 | to << 11 | section << 19 | swept << 22


def kind_step(frm: int, to: int, section: int) -> int:
    """:func:`step_code` of a plain step that takes nothing on its way."""
    return (frm + 1) << 3 | to << 11 | section << 19


def split_code(pairs: list[int]) -> int:
    """A 7 split over several marbles: its parts' ``from << 8 | to`` pairs in an order that plays."""
    code = SPLIT | (len(pairs) - 1) << 3
    for k in range(len(pairs)):
        code |= pairs[k] << (5 + 16 * k)
    return code


class State:
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
        self.blk = 0
        """During generation: bit ``s`` set when section ``s``'s marble on its start cell blocks passage."""
        self.imm = 0
        """During generation: bit ``s`` set when that marble cannot be taken."""
        self.undo: list[int] = []
        """What :meth:`unmake` restores: per write ``(index, old value)``, then the count and old flags."""
        self.recording = True
        """Whether :meth:`make` keeps what :meth:`unmake` needs (self-play, which never unmakes, does not)."""
        self.captured: list[int] = []
        """Locations of the marbles the last move made took, in the order the move took them."""
        self.captured_sections: list[int] = []
        """The sections of those marbles."""
        self.stamp = 0
        """Changed by every move made or unmade: what :meth:`_prepare` worked out is then out of date."""
        self.prepared = -1
        self.winner_stamp = -1
        self.winning = -1
        self.won = False
        self.played_mask = 0
        self.entries: list[int] = []
        self.mine_loc: list[int] = [0] * 4 * ctx.count
        """The first ``mine`` entries: the locations of the marbles the seat to play moves (of its
        sections, in turn order), and their sections (``mine_sec``); written in place, never emptied."""
        self.mine_sec: list[int] = [0] * 4 * ctx.count
        self.mine = 0

    @classmethod
    def of(cls, position: Position) -> State:
        """The core state of a public position (its rules, seats, marbles, flags and seat to play)."""
        ctx = context_for(position.rules, position.seats)
        return cls(ctx, list(position.marbles), position.fresh, position.turn_index)

    def copy(self) -> State:
        """A state of the same marbles to play on, leaving this one as it is."""
        other = State(self.ctx, list(self.marbles), self.fresh, self.turn)
        other.recording = self.recording
        return other

    def to_position(self, hands: tuple[tuple[Card, ...], ...] | None = None) -> Position:
        """The public position of this state (with ``hands`` when known)."""
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

    # ---- generation ------------------------------------------------------------------------------

    def generate(self, rank: int, out: list[int]) -> None:
        """Append every legal move of a card of ``rank`` (a rank code) to ``out``, in the order
        ``legal_moves`` lists them; nothing once the game is won."""
        if self.prepared != self.stamp << 4 | self.turn:
            self._prepare()
        if self.won:
            return
        plan = self.ctx.plans[rank]
        mine_loc = self.mine_loc
        mine_sec = self.mine_sec
        if plan & ENTERS:
            out.extend(self.entries)
        if plan & VIA_CENTRE:
            for k in range(self.mine):
                self._centre(mine_sec[k], mine_loc[k], out)
        does = plan >> 5 & 7
        if does == FORWARD:
            n = plan >> 8
            sweep = bool(plan & SWEEPS)
            for k in range(self.mine):
                self._forward(mine_sec[k], mine_loc[k], n, False, sweep, False, out)
            if plan & ALSO_SWAPS:
                self._swaps(False, out)
        elif does == BACK_FOUR:
            for k in range(self.mine):
                self._backward(mine_sec[k], mine_loc[k], out)
        elif does == FIVE:
            if self.ctx.five_without_marble_out or self.has_marble_in_play():
                self._five(out)
        elif does == SEVEN:
            self._seven(out)
        else:
            self._swaps(False, out)
        if plan & TEN_SWAPS:
            self._swaps(True, out)

    def _prepare(self) -> None:
        """What every card's moves start from, worked out once per board and seat to play: whether the
        game is won, the start-cell guards, the sections played, the entries and the marbles to move."""
        self.prepared = self.stamp << 4 | self.turn
        self.won = self.winner() >= 0
        self._guards()
        ctx = self.ctx
        marbles = self.marbles
        played = self.played_sections()
        entries = self.entries
        mine_loc = self.mine_loc
        mine_sec = self.mine_sec
        if entries:
            entries.clear()
        mine = 0
        played_mask = 0
        for section in played:
            played_mask |= 1 << section
            base = 4 * ctx.seat_of[section]
            if marbles[base] == RESERVE:
                start = ctx.start[section]
                if not (self.occ[start] >= 0 and self._immune(start)):
                    entries.append(step_code(ENTER, RESERVE, start, section, 0))
            for j in range(base, base + 4):
                loc = marbles[j]
                if loc != RESERVE:
                    mine_loc[mine] = loc
                    mine_sec[mine] = section
                    mine += 1
        self.mine = mine
        self.played_mask = played_mask

    def _guards(self) -> None:
        """Which marbles on their own start cell block passage, and which cannot be taken, now."""
        ctx = self.ctx
        occ = self.occ
        blk = 0
        imm = 0
        if ctx.blocking == GUARD_ANY or ctx.immunity == GUARD_ANY:
            for section in ctx.sections:
                if occ[ctx.start[section]] != section:
                    continue
                fresh = self.fresh >> section & 1
                if ctx.blocking == GUARD_ANY or (ctx.blocking == GUARD_FRESH and fresh):
                    blk |= 1 << section
                if ctx.immunity == GUARD_ANY or (ctx.immunity == GUARD_FRESH and fresh):
                    imm |= 1 << section
        else:  # only marbles just out are guarded: the sections of the flags set
            left = self.fresh
            while left:
                bit = left & -left
                left ^= bit
                section = BIT_LENGTHS[bit] - 1
                if occ[ctx.start[section]] == section:
                    if ctx.blocking == GUARD_FRESH:
                        blk |= bit
                    if ctx.immunity == GUARD_FRESH:
                        imm |= bit
        self.blk = blk
        self.imm = imm

    def _blocking(self, loc: int) -> bool:
        owner = self.ctx.start_owner[loc]
        return owner >= 0 and bool(self.blk >> owner & 1)

    def _immune(self, loc: int) -> bool:
        owner = self.ctx.start_owner[loc]
        return owner >= 0 and bool(self.imm >> owner & 1)

    def _spared(self, loc: int, which: int) -> bool:
        """Whether the marble on ``loc`` stands on its own start cell and ``which`` protects it."""
        if which == GUARD_NONE:
            return False
        owner = self.ctx.start_owner[loc]
        return owner >= 0 and self.occ[loc] == owner and (which == GUARD_ANY or bool(self.fresh >> owner & 1))

    def _forward(
        self, owner: int, frm: int, n: int, five: bool, sweep: bool, part: bool, out: list[int]
    ) -> None:
        """Routes of the marble of section ``owner`` on ``frm`` moving ``n`` forward (``routes.forward``)."""
        ctx = self.ctx
        track = ctx.track
        if frm >= track:
            if frm != ctx.centre:
                self._home_forward(owner, frm, n, out)
            return
        entry = ctx.entry[owner]
        start = ctx.start[owner]
        may_pass_start = ctx.round_again or (five and ctx.five_pass)
        blk = self.blk
        if not sweep and not blk:  # nothing on the way can stop or be taken: arithmetic, not a walk
            home_at = (entry - frm) % track + 1
            start_at = (start - frm) % track
            stopped = not may_pass_start and 0 < start_at <= n
            if stopped and start_at < home_at:
                return
            home_ok = home_at <= n and self._home_branch(owner, frm, n - home_at + 1, 0, out)
            if not stopped and not (home_ok and not five):
                to = (frm + n) % track
                if ctx.jump and ctx.is_shortcut[to]:
                    self._land(owner, frm, to, 0, part, 1, out)
                elif self.occ[to] < 0 or not (self._immune(to) or (part and ctx.seven_never)):
                    out.append(kind_step(frm, to, owner))
            return
        occ = self.occ
        start_owner = ctx.start_owner
        imm = self.imm
        swept = 0
        home_ok = False
        p = frm
        for i in range(1, n + 1):
            if p == entry:
                home_ok = self._home_branch(owner, frm, n - i + 1, swept, out) and not five
            q = p + 1
            if q == track:
                q = 0
            if q == start and not may_pass_start:
                return
            o = occ[q]
            if o >= 0 and i < n:
                guard = start_owner[q]
                if guard >= 0 and blk >> guard & 1:
                    return
                if sweep and (ctx.sweep_all or o != owner) and not (guard >= 0 and imm >> guard & 1):
                    swept |= 1 << (i - 1)
            p = q
        if home_ok:
            return
        self._land(owner, frm, p, swept, part, 1, out)

    def _home_forward(self, owner: int, frm: int, n: int, out: list[int]) -> None:
        to = frm + n
        if to >= self.ctx.home[owner] + 4:
            return
        occ = self.occ
        for q in range(frm + 1, to + 1):
            if occ[q] >= 0:
                return
        out.append(step_code(STEP, frm, to, owner, 0))

    def _home_branch(self, owner: int, frm: int, r: int, swept: int, out: list[int]) -> bool:
        """The route into the home lane with ``r`` steps to go; whether it is legal."""
        if r > 4:
            return False
        base = self.ctx.home[owner]
        occ = self.occ
        for q in range(base, base + r):
            if occ[q] >= 0:
                return False
        out.append(step_code(STEP, frm, base + r - 1, owner, swept))
        return True

    def _land(
        self, owner: int, frm: int, p: int, swept: int, part: bool, direction: int, out: list[int]
    ) -> None:
        """Finish a track route on ``p``: land there (taking the marble), and offer the shortcut jump."""
        ctx = self.ctx
        land_ok = True
        if self.occ[p] >= 0 and (self._immune(p) or (part and ctx.seven_never)):
            land_ok = False
        if ctx.jump and ctx.is_shortcut[p]:
            target = self._jump(owner, p, direction, part)
            if ctx.jump_forced and target >= 0:
                land_ok = False
            if land_ok:
                out.append(step_code(STEP, frm, p, owner, swept))
            if target >= 0:
                out.append(step_code(STEP, frm, target, owner, swept))
            return
        if land_ok:
            out.append(step_code(STEP, frm, p, owner, swept))

    def _jump(self, owner: int, p: int, direction: int, part: bool) -> int:
        """Where the jump from shortcut cell ``p`` to the next one lands, or -1 when it may not: it
        passes the 17 cells between them (``routes.jump``), which is checked by distances here."""
        ctx = self.ctx
        track = ctx.track
        if direction > 0:
            if not ctx.jump_forced and 0 < (ctx.entry[owner] - p) % track <= 17:
                return -1
        elif not ctx.back_pass and 0 < (p - ctx.start[owner]) % track <= 17:
            return -1
        occ = self.occ
        blk = self.blk
        if blk:
            for section in ctx.sections:
                if blk >> section & 1:
                    guard = ctx.start[section]
                    if occ[guard] >= 0 and 0 < ((guard - p) * direction) % track <= 17:
                        return -1
        q = (p + 18 * direction) % track
        if occ[q] >= 0 and (self._immune(q) or (part and ctx.seven_never)):
            return -1
        return q

    def _backward(self, owner: int, frm: int, out: list[int]) -> None:
        """The routes of the marble of section ``owner`` on ``frm`` moving 4 back (``routes.backward``)."""
        ctx = self.ctx
        track = ctx.track
        occ = self.occ
        n = 4
        p = frm
        if frm >= track:
            if frm == ctx.centre or not ctx.home_back_out:
                return
            base = ctx.home[owner]
            while n and p > base:
                p -= 1
                n -= 1
                if occ[p] >= 0:
                    return
            if not n:
                out.append(step_code(STEP, frm, p, owner, 0))
                return
            p = ctx.entry[owner]
            n -= 1
            if n == 0:
                self._land(owner, frm, p, 0, False, -1, out)
                return
        start = ctx.start[owner]
        if p == start and not ctx.back_from_start:
            return
        for i in range(1, n + 1):
            q = p - 1 if p else track - 1
            if q == start and not ctx.back_pass:
                return
            if i < n and occ[q] >= 0 and self._blocking(q):
                return
            p = q
        self._land(owner, frm, p, 0, False, -1, out)

    def _centre(self, owner: int, frm: int, out: list[int]) -> None:
        """Into the centre from a shortcut cell, or out of it onto any shortcut cell."""
        ctx = self.ctx
        if frm == ctx.centre:
            for s in ctx.shortcuts:
                if self.occ[s] >= 0 and self._immune(s):
                    continue
                out.append(step_code(STEP, frm, s, owner, 0))
        elif frm < ctx.track and ctx.is_shortcut[frm]:
            out.append(step_code(STEP, frm, ctx.centre, owner, 0))

    def _five(self, out: list[int]) -> None:
        """Another player's marble forward 5 (R1: an opponent's; CANOP: anyone else's)."""
        ctx = self.ctx
        mover = ctx.sections[self.turn]
        team = ctx.team_mask[self.turn]
        marbles = self.marbles
        for i, section in enumerate(ctx.sections):
            if section == mover or (not ctx.five_others and team >> section & 1):
                continue
            for j in range(4 * i, 4 * i + 4):
                loc = marbles[j]
                if 0 <= loc < ctx.track and not self._spared(loc, ctx.five_spares):
                    self._forward(section, loc, 5, True, False, False, out)

    def _swaps(self, opponents_only: bool, out: list[int]) -> None:
        """Jack (or QC's advanced 10): a marble the mover plays on the track changes place with another."""
        ctx = self.ctx
        occ = self.occ
        track = ctx.track
        played_mask = self.played_mask
        mine = self.mine_loc
        team = ctx.team_mask[self.turn]
        taken = sorted([loc for loc in self.marbles if 0 <= loc < track])  # the track cells with a marble
        for a in sorted([mine[k] for k in range(self.mine) if mine[k] < track]):
            sa = occ[a]
            for b in taken:
                sb = occ[b]
                if b == a:
                    continue
                if played_mask >> sb & 1:
                    if opponents_only or not ctx.jack_swaps_own or b < a:
                        continue
                elif self._spared(b, ctx.jack_spares) or (opponents_only and team >> sb & 1):
                    continue
                out.append(step_code(SWAP, a, b, sa, 0))

    # ---- the split 7 --------------------------------------------------------------------------------

    def _seven(self, out: list[int]) -> None:
        """A 7 split over the mover's marbles, as ``movegen._seven`` finds them and in its order.

        The same search as ``movegen``'s, on integers: a set of parts is keyed by its sorted
        ``from << 8 | to`` pairs packed into one integer, a marble's footprint is a bit mask of locations,
        and the shares of the 7 are given out group after group, skipping a share as soon as its group
        cannot take it (``movegen`` lists every share, then drops those that give nothing)."""
        ctx = self.ctx
        occ = self.occ
        mine_loc = self.mine_loc
        mine_sec = self.mine_sec
        locs: list[int] = []
        secs: list[int] = []
        for k in range(self.mine):
            loc = mine_loc[k]
            s = mine_sec[k]
            if loc < ctx.track or (loc != ctx.centre and not settled(occ, loc, ctx.home[s] + 4)):
                locs.append(loc)
                secs.append(s)
        count = len(locs)
        if count <= 1:
            for k in range(count):
                routes: list[int] = []
                self._forward(secs[k], locs[k], 7, False, False, True, routes)
                seen: dict[int, int] = {}
                for code in routes:
                    seen[code >> 11 & 255] = code
                out.extend(seen.values())
            return
        search = _SevenSearch(self, locs, secs)
        for k in range(1, min(ctx.seven_most, count) + 1):
            for combo in combinations(range(count), k):
                search.share(meeting_groups(combo, search.meets), 0, 7, [])
        self.blk, self.imm = search.blk, search.imm
        out.extend(search.found.values())

    def _part_routes(self, section: int, loc: int, d: int) -> list[int]:
        """Where a part of ``d`` steps of the marble on ``loc`` may land (it takes what is there)."""
        routes: list[int] = []
        self._forward(section, loc, d, False, False, True, routes)
        for i in range(len(routes)):
            routes[i] = routes[i] >> 11 & 255
        return routes

    def _push_part(self, loc: int, to: int, section: int, taken: int) -> int:
        """Play one part on the board while the split is searched (``taken``: the section of the marble
        on ``to``, or -1); returns the guards that :meth:`_pop_part` restores."""
        occ = self.occ
        start_owner = self.ctx.start_owner
        saved = self.blk << 8 | self.imm
        guard = start_owner[loc]
        if guard >= 0:
            self.blk &= ~(1 << guard)
            self.imm &= ~(1 << guard)
        guard = start_owner[to]
        if taken >= 0 and guard >= 0:
            self.blk &= ~(1 << guard)
            self.imm &= ~(1 << guard)
        occ[loc] = -1
        occ[to] = section
        return saved

    def _pop_part(self, loc: int, to: int, section: int, taken: int, saved: int) -> None:
        self.blk = saved >> 8
        self.imm = saved & 255
        self.occ[to] = taken
        self.occ[loc] = section

    def _footprint(self, loc: int, section: int) -> tuple[int, int]:
        """What a part of a 7 of the marble on ``loc`` may read, and may change, as bit masks of
        locations (``movegen._footprint``)."""
        ctx = self.ctx
        track = ctx.track
        home = ctx.home[section]
        if loc >= track:
            lane = 0
            for q in range(loc + 1, home + 4):
                lane |= 1 << q
            return lane, lane | 1 << loc
        changes = 0
        entry_reached = ctx.entry[section] == loc
        for i in range(1, 8):
            c = (loc + i) % track
            changes |= 1 << c
            entry_reached = entry_reached or c == ctx.entry[section]
        if entry_reached:
            for q in range(home, home + 4):
                changes |= 1 << q
        reads = changes
        if ctx.jump:
            for i in range(1, 8):
                c = (loc + i) % track
                if ctx.is_shortcut[c]:
                    target = (c + 18) % track
                    changes |= 1 << target
                    reads |= 1 << target
                    for x in ctx.start:
                        if 0 < (x - c) % track < 18:
                            reads |= 1 << x
        return reads, changes | 1 << loc

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

    def to_move(self, code: int, card: Card) -> Move:
        """The public :class:`Move` of a move this state generated (with the marbles it takes)."""
        ctx = self.ctx
        ids = ctx.tables.place_ids
        recording = self.recording
        self.recording = True
        self.make(code)
        captures = tuple(ids[c] for c in self.captured)
        self.unmake()
        self.recording = recording
        kind = code & 7
        if kind == SPLIT:
            pairs = []
            for k in range((code >> 3 & 3) + 1):
                part = code >> (5 + 16 * k) & 0xFFFF
                pairs.append((ids[part >> 8], ids[part & 255]))
            return Move(card, MoveKind.STEP, tuple(sorted(pairs)), captures)
        frm = (code >> 3 & 255) - 1
        to = ids[code >> 11 & 255]
        if kind == ENTER:
            return Move(card, MoveKind.ENTER, ((f"{SECTION_LETTERS[code >> 19 & 7]}R", to),), captures)
        return Move(card, MoveKind.SWAP if kind == SWAP else MoveKind.STEP, ((ids[frm], to),), captures)


class _SevenSearch:
    """One split 7 being listed: the marbles that may take part, what each part may reach, which
    marbles' parts may meet, and the sets of parts found so far (by key, in the order found)."""

    def __init__(self, state: State, locs: list[int], secs: list[int]) -> None:
        self.state = state
        self.locs = locs
        self.secs = secs
        self.blk = state.blk
        self.imm = state.imm
        count = len(locs)
        reads: list[int] = []
        changes: list[int] = []
        for m in range(count):
            r, c = state._footprint(locs[m], secs[m])
            reads.append(r)
            changes.append(c)
        self.meets = [
            [i != j and bool(reads[i] & changes[j] or reads[j] & changes[i]) for j in range(count)]
            for i in range(count)
        ]
        self.cache: dict[int, list[Part]] = {}
        self.single: list[list[Part] | None] = [None] * (8 * count)
        """Per marble and share 1..7, its parts alone (the commonest question, asked without a key)."""
        self.first: list[list[int] | None] = [None] * (8 * count)
        """Per marble and distance 1..7, where it lands on the board as it was (see :meth:`dests`)."""
        self.found: dict[int, int] = {}

    def parts(self, group: tuple[int, ...], total: int) -> list[Part]:
        """Every set of parts adding up to ``total`` over the marbles of ``group`` (each moves)."""
        if len(group) == 1:
            m = group[0]
            alone = self.single[8 * m + total]
            if alone is None:
                loc = self.locs[m]
                alone = self.single[8 * m + total] = []
                for to in self.dests(m, total):
                    pair = loc << 8 | to
                    alone.append(((pair,), pair, step_code(STEP, loc, to, self.secs[m], 0)))
            return alone
        key = total
        for m in group:
            key = key << 4 | (m + 1)
        parts = self.cache.get(key)
        if parts is None:
            found: dict[int, Part] = {}
            movers = list(group)
            self.orders(movers, total, [-1] * len(movers), [], [], found, set())
            parts = self.cache[key] = list(found.values())
        return parts

    def dests(self, m: int, d: int) -> list[int]:
        """Where a part of ``d`` steps of marble ``m`` may land on the board as it was (found once)."""
        found = self.first[8 * m + d]
        if found is None:
            found = self.first[8 * m + d] = self.state._part_routes(self.secs[m], self.locs[m], d)
        return found

    def orders(
        self,
        movers: list[int],
        remaining: int,
        tos: list[int],
        order: list[int],
        caps: list[int],
        found: dict[int, Part],
        seen: set[int],
    ) -> None:
        """Play the parts over ``movers`` one after the other in every order (``movegen._seven_parts``):
        ``tos[k]`` is where mover ``k`` went (-1: not yet), ``order`` the movers in the order played,
        ``caps`` where the parts so far took a marble."""
        state = remaining
        unmoved = 0
        last = -1
        for k in range(len(tos)):
            state = state << 9 | (tos[k] + 1)
            if tos[k] < 0:
                unmoved += 1
                last = k
        if state in seen:
            return
        seen.add(state)
        locs = self.locs
        if not unmoved:
            if remaining == 0:
                self.record([locs[movers[k]] << 8 | tos[k] for k in order], found)
            return
        board = self.state
        occ = board.occ
        secs = self.secs
        if unmoved == 1:
            m = movers[last]
            loc = locs[m]
            if occ[loc] != secs[m] or loc in caps or remaining < 1:
                return
            for to in board._part_routes(secs[m], loc, remaining):
                if to not in tos:
                    pairs = [locs[movers[j]] << 8 | tos[j] for j in order]
                    pairs.append(loc << 8 | to)
                    self.record(pairs, found)
            return
        most = remaining - unmoved + 1
        for k in range(len(tos)):
            if tos[k] >= 0:
                continue
            m = movers[k]
            loc = locs[m]
            section = secs[m]
            if occ[loc] != section or loc in caps:
                return
            for d in range(1, most + 1):
                for to in self.dests(m, d) if not order else board._part_routes(section, loc, d):
                    if to in tos:
                        continue
                    taken = occ[to]
                    saved = board._push_part(loc, to, section, taken)
                    tos[k] = to
                    order.append(k)
                    if taken >= 0:
                        caps.append(to)
                    self.orders(movers, remaining - d, tos, order, caps, found, seen)
                    if taken >= 0:
                        caps.pop()
                    order.pop()
                    tos[k] = -1
                    board._pop_part(loc, to, section, taken, saved)

    def record(self, pairs: list[int], found: dict[int, Part]) -> None:
        """Keep a set of parts (in the order they played) unless the same set was found before."""
        key = _key(pairs)
        if key not in found:
            found[key] = (tuple(pairs), key, split_code(pairs))

    def share(self, groups: list[tuple[int, ...]], index: int, left: int, chosen: list[list[Part]]) -> None:
        """Give the groups from ``index`` on every share of ``left`` (each at least its marbles' count),
        in the order of ``movegen._COMPOSITIONS``, and record every combination of their parts."""
        group = groups[index]
        if index == len(groups) - 1:
            if left < len(group):
                return
            last = self.parts(group, left)
            if not last:
                return
            found = self.found
            if not chosen:
                for part in last:
                    found[part[1]] = part[2]
                return
            chosen.append(last)
            for combination in product(*chosen):
                pairs = [pair for part in combination for pair in part[0]]
                found[_key(pairs)] = split_code(pairs)
            chosen.pop()
            return
        for t in range(len(group), left - (len(groups) - index - 1) + 1):
            parts = self.parts(group, t)
            if parts:
                chosen.append(parts)
                self.share(groups, index + 1, left - t, chosen)
                chosen.pop()


def _key(pairs: list[int]) -> int:
    """One integer for a set of parts: their ``from << 8 | to`` pairs, sorted, packed 16 bits apart."""
    key = 0
    for pair in sorted(pairs):
        key = key << 16 | pair
    return key
