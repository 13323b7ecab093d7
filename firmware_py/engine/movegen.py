"""The public move list, and applying a move.

The moves are listed by the fast core (:mod:`firmware_py.engine.fast`), the one statement of how
marbles move, and turned into :class:`~firmware_py.engine.moves.Move` values carrying their effect
(``delta``), so that ``play`` applies a listed move without walking the board again. Results are
memoised in the (immutable) position: asking twice, or playing a move just listed, costs a dictionary
look-up. Why a move is *not* legal is said by :mod:`firmware_py.engine.legality`, on its own.
"""

from __future__ import annotations

from firmware_py.engine.cards import JOKER, RANKS, Card
from firmware_py.engine.context import TurnInfo, rank_code
from firmware_py.engine.fast import Delta, State
from firmware_py.engine.memo import MoveLister
from firmware_py.engine.moves import Move, MoveKind, generated_move
from firmware_py.engine.position import Position
from firmware_py.engine.rules import NothingPlayable
from firmware_py.engine.tables import RESERVE


def turn_info(position: Position) -> TurnInfo:
    """The mover and the sections whose marbles they play (memoised in the position; the game's context
    keeps one per seat to play, which changes only when the mover's last marble gets home)."""
    cache = position.cache
    info = cache.turn
    if info is None:
        i = position.turn_index
        tables = position.tables
        marbles = position.marbles
        # sorted locations (the reserve, -1, first): all home when the lowest and the highest are home
        all_home = marbles[4 * i] >= tables.track and marbles[4 * i + 3] < tables.centre
        info = cache.turn = position.context.turn_info(i, all_home)
    return info


def core_state(position: Position) -> MoveLister:
    """The fast core's state of ``position`` (memoised in the position): what its moves are listed on."""
    lister = position.cache.lister
    if lister is None:
        lister = position.cache.lister = State(
            position.context, list(position.marbles), position.fresh, position.turn_index
        )
    return lister


def move_codes(position: Position, rank: str) -> list[int]:
    """Every legal move of a card of ``rank`` as the fast core's integers, in deterministic order."""
    codes = position.cache.codes.get(rank)
    if codes is None:
        codes = position.cache.codes[rank] = []
        if position.winner is None:
            core_state(position).generate(rank_code(rank), codes)
    return codes


def card_moves(position: Position, card: Card) -> tuple[Move, ...]:
    """The legal moves of one card (no discards), as public values carrying their effect."""
    key = (card.rank, card.suit)  # the card's value, hashed in C (Card's hash is Python)
    cached = position.cache.moves.get(key)
    if cached is not None:
        return cached
    codes = move_codes(position, card.rank)
    moves: tuple[Move, ...] = ()
    if codes:
        to_move = core_state(position).to_move
        moves = tuple([to_move(code, card) for code in codes])
    position.cache.moves[key] = moves
    return moves


def hand_cards(position: Position, card: Card | None) -> tuple[Card, ...]:
    """The cards to consider: ``card`` alone, the mover's hand, or every rank when hands are unknown."""
    if card is not None:
        return (card,)
    if position.hands is not None:
        return distinct_cards(position.hands[position.turn_index])
    ranks = RANKS + ((JOKER,) if position.rules.jokers else ())
    return tuple(Card(rank) for rank in ranks)


def distinct_cards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand's different cards in hand order (two packs deal twin cards), told apart by
    ``(rank, suit)``, their equality, so that hashing stays in C instead of the dataclass methods."""
    return tuple({(card.rank, card.suit): card for card in hand}.values())


def card_in_hand(position: Position, card: Card) -> Card | None:
    """The hand's card matching ``card`` (a suitless card matches any suit), or None; never a joker
    when the rules have none (the camera or a position without hands can still name one)."""
    if card.rank == JOKER and not position.rules.jokers:
        return None
    if position.hands is None:
        return card
    hand = position.hands[position.turn_index]
    if card in hand:
        return card
    if card.suit is None:
        return next((c for c in hand if c.rank == card.rank), None)
    return None


def nothing_playable(position: Position, cards: tuple[Card, ...] | None = None) -> bool:
    """Whether no card (of the hand, or of ``cards`` when hands are unknown) has a legal move."""
    if cards is None or position.hands is not None:
        cards = hand_cards(position, None)
    return not any(move_codes(position, rank) for rank in {c.rank for c in cards})


def has_marble_in_play(position: Position) -> bool:
    """Whether a marble the mover plays is on the track or in the centre (R2's "pion en jeu")."""
    info = turn_info(position)
    home = position.tables.track
    centre = position.tables.centre
    for section in info.played:
        i = info.index_of[section]
        if any(0 <= x < home or x == centre for x in position.marbles[4 * i : 4 * i + 4]):
            return True
    return False


def fallback_kind(position: Position) -> MoveKind:
    """Whether a seat with nothing playable discards a card or lays its hand down."""
    mode = position.rules.nothing_playable
    if mode is NothingPlayable.LAY_DOWN:
        return MoveKind.LAY_DOWN
    if mode is NothingPlayable.LAY_DOWN_IF_NONE_OUT and not has_marble_in_play(position):
        return MoveKind.LAY_DOWN
    return MoveKind.DISCARD


def legal_moves(position: Position, card: Card | None = None) -> tuple[Move, ...]:
    """Every distinct legal move of the seat to play, in a deterministic order.

    Args:
        position: the position.
        card: one card (a suitless card stands for any card of that rank); None for every card of the
            mover's hand (every rank when hands are not known).

    Returns:
        The moves of each card in hand order; when nothing in the hand can be played, the discards
        (or the one "lay the hand down") the rules prescribe instead. With hands unknown and a card
        given, that card alone decides whether it is "nothing playable" (and laying the whole hand
        down, which needs the hand, is never offered).
    """
    key = None if card is None else (card.rank, card.suit)
    cached = position.cache.legal.get(key)
    if cached is not None:
        return cached
    result: tuple[Move, ...] = ()
    if position.winner is None and (position.hands is None or position.hands[position.turn_index]):
        chosen = card if card is None else card_in_hand(position, card)
        if card is None or chosen is not None:
            cards = hand_cards(position, chosen)
            moves: list[Move] = []
            for c in cards:
                moves += card_moves(position, c)
            if not moves and nothing_playable(position, cards):
                if fallback_kind(position) is MoveKind.DISCARD:
                    moves += [generated_move(c, MoveKind.DISCARD, (), (), None) for c in cards]
                elif position.hands is not None:  # laying down is judged on the whole hand
                    moves.append(Move(None, MoveKind.LAY_DOWN))
            result = tuple(moves)
    position.cache.legal[key] = result
    return result


# ---- applying ---------------------------------------------------------------------------------------


def apply_delta(position: Position, move: Move, delta: Delta | None) -> Position:
    """The position after a move whose effect is ``delta`` (None for discards), without checking it."""
    marbles, fresh = moved(position, delta)
    hands = position.hands
    if hands is not None:
        hands = _without_card(hands, position.turn_index, move)
    return position_after(
        position, delta, marbles, fresh, (position.turn_index + 1) % len(position.seats), hands
    )


def position_after(
    position: Position,
    delta: Delta | None,
    marbles: tuple[int, ...],
    fresh: int,
    turn_index: int,
    hands: tuple[tuple[Card, ...], ...] | None,
) -> Position:
    """Engine-internal: the position of the same game after a move whose effect is ``delta``, with the
    marbles and flags :func:`moved` gives, and the seat to play and the hands the caller decided (the
    Game, which moves the cards itself). Its occupancy is carried over from ``position``."""
    after = position.successor(marbles, fresh, turn_index, hands)
    _carry_occupancy(position, after, delta)
    cache = position.cache
    if cache.winner_known and cache.winner is None:
        # nobody had won, and only a marble arriving in a home can change that (a capture sends one back)
        tables = position.tables
        if delta is None or all(not tables.track <= to < tables.centre for _, to, _ in delta[0]):
            after.cache.winner_known = True
    return after


def moved(position: Position, delta: Delta | None) -> tuple[tuple[int, ...], int]:
    """The marbles (sorted per seat) and the just-out flags after a move whose effect is ``delta``
    (None: a discard, nothing moves), without checking it."""
    if delta is None:
        return position.marbles, position.fresh
    marbles = list(position.marbles)
    fresh = position.fresh
    if len(delta[0]) == 1 and not delta[1]:  # one marble, nothing taken
        ((frm, to, section),) = delta[0]
        base = 4 * turn_info(position).index_of[section]
        block = marbles[base : base + 4]
        block[block.index(frm)] = to
        block.sort()
        marbles[base : base + 4] = block
        if frm == position.tables.start[section]:
            fresh &= ~(1 << section)
        if delta[2] >= 0:
            fresh |= 1 << delta[2]
    else:
        steps, caps, entered = delta
        tables = position.tables
        start = tables.start
        index_of = turn_info(position).index_of
        occ = position.occupancy()
        touched = set()
        for loc in caps:
            section = occ[loc]
            i = index_of[section]
            j = marbles.index(loc, 4 * i, 4 * i + 4)
            marbles[j] = RESERVE
            touched.add(i)
            if loc == start[section]:
                fresh &= ~(1 << section)
        targets = []
        for frm, to, section in steps:
            i = index_of[section]
            targets.append((marbles.index(frm, 4 * i, 4 * i + 4), to, section, frm))
            touched.add(i)
        for j, to, section, frm in targets:
            marbles[j] = to
            if frm == start[section]:
                fresh &= ~(1 << section)
        if entered >= 0:
            fresh |= 1 << entered
        for i in touched:
            marbles[4 * i : 4 * i + 4] = sorted(marbles[4 * i : 4 * i + 4])
    return tuple(marbles), fresh


def _carry_occupancy(before: Position, after: Position, delta: Delta | None) -> None:
    """Give ``after`` its occupancy from ``before``'s, changed where the move changed the board (a copy
    and a few writes instead of a walk over every marble). Not with several marbles in the centre,
    whose one entry names only one of them."""
    occ = before.cache.occ
    if occ is None or before.rules.centre_holds_several:
        return
    if delta is None:
        after.cache.occ = occ
        return
    moved, caps, _ = delta
    occ = occ.copy()
    for loc in caps:
        occ[loc] = -1
    for frm, _, _ in moved:
        if frm != RESERVE:
            occ[frm] = -1
    for _, to, section in moved:
        occ[to] = section
    after.cache.occ = occ


def _without_card(
    hands: tuple[tuple[Card, ...], ...], index: int, move: Move
) -> tuple[tuple[Card, ...], ...]:
    hand = list(hands[index])
    if move.kind is MoveKind.LAY_DOWN:
        hand = []
    elif move.card is not None:
        card = move.card
        match = card if card in hand else next((c for c in hand if c.rank == card.rank), None)
        if match is not None:
            hand.remove(match)
    return (*hands[:index], tuple(hand), *hands[index + 1 :])
