"""The split 7: every set of parts adding up to 7 over the mover's marbles, each part a legal move when
the parts are played one after the other in some order (one move per set of parts).

Marbles whose parts may *meet* (one reads a place the other changes: ``Generator._footprint``) form
groups; a group is played out part after part in every order, for each share of the 7 it may get,
once. Separate groups are independent, so their results simply combine. A set of parts is keyed by its
sorted ``from << 8 | to`` pairs packed into one integer, a marble's footprint is a bit mask of
locations, and the shares of the 7 are given out group after group, skipping a share as soon as its
group cannot take it.
"""

from __future__ import annotations

from itertools import combinations, product

from firmware_py.engine.fast.codes import STEP, Part, parts_key, split_code, step_code
from firmware_py.engine.fast.generation import Generator


def seven_moves(state: Generator, out: list[int]) -> None:
    """Append every move of a 7 (one marble or split) of the seat to play to ``out``."""
    ctx = state.ctx
    occ = state.occ
    mine_loc = state.mine_loc
    mine_sec = state.mine_sec
    locs: list[int] = []
    secs: list[int] = []
    for k in range(state.mine):
        loc = mine_loc[k]
        s = mine_sec[k]
        if loc < ctx.track or (loc != ctx.centre and not settled(occ, loc, ctx.home[s] + 4)):
            locs.append(loc)
            secs.append(s)
    count = len(locs)
    if count <= 1:
        for k in range(count):
            routes: list[int] = []
            state._forward(secs[k], locs[k], 7, False, False, True, routes)
            seen: dict[int, int] = {}
            for code in routes:
                seen[code >> 11 & 255] = code
            out.extend(seen.values())
        return
    search = SevenSearch(state, locs, secs)
    for k in range(1, min(ctx.seven_most, count) + 1):
        for combo in combinations(range(count), k):
            search.share(meeting_groups(combo, search.meets), 0, 7, [])
    state.blk, state.imm = search.blk, search.imm
    out.extend(search.found.values())


def settled(occ: list[int], loc: int, lane_end: int) -> bool:
    """Whether the marble on home cell ``loc`` can never move again: every cell ahead of it, up to the
    end of its lane (``lane_end`` excluded), is taken, so none of those marbles can move either and no
    cell ahead will ever be freed.

    Such a marble has no part in any 7, so the split leaves it out before combining marbles.
    """
    return all(occ[q] >= 0 for q in range(loc + 1, lane_end))


def meeting_groups(combo: tuple[int, ...], meets: list[list[bool]]) -> list[tuple[int, ...]]:
    """The marbles of ``combo`` in groups whose parts may meet (connected components)."""
    groups: list[tuple[int, ...]] = []
    left = list(combo)
    while left:
        group = [left.pop(0)]
        for i in group:
            joined = [j for j in left if meets[i][j]]
            group += joined
            left = [j for j in left if j not in joined]
        groups.append(tuple(sorted(group)))
    return groups


class SevenSearch:
    """One split 7 being listed: the marbles that may take part, what each part may reach, which
    marbles' parts may meet, and the sets of parts found so far (by key, in the order found)."""

    def __init__(self, state: Generator, locs: list[int], secs: list[int]) -> None:
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
        key = parts_key(pairs)
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
                found[parts_key(pairs)] = split_code(pairs)
            chosen.pop()
            return
        for t in range(len(group), left - (len(groups) - index - 1) + 1):
            parts = self.parts(group, t)
            if parts:
                chosen.append(parts)
                self.share(groups, index + 1, left - t, chosen)
                chosen.pop()
