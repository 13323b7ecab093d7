"""Learning at the table: "why not?" for any move, every legal move of a seat's hand with, in the guided
game, the strong computer player's suggestion, and the rules in words.

Both only read the game: they are a part of their own so that the table keeps to turns and saves. The
suggestion's search takes CPU seconds, so it runs outside the table's lock on the (immutable) game, once
per seat and position however many phones ask (:class:`~firmware_py.table.suggestions.Suggestions`).
"""

from __future__ import annotations

from firmware_py import refusals
from firmware_py.engine import explain
from firmware_py.games import dealt
from firmware_py.table import teaching
from firmware_py.table.answers import Explanation, Hint, hint
from firmware_py.table.requests import read_move
from firmware_py.table.role_views import switch_words
from firmware_py.table.state import TableState
from firmware_py.table.suggestions import Suggestions
from firmware_py.table.turn import reason_of


class Learning:
    """The "why not?" answers, the hints and the rules' words of one table's game."""

    def __init__(self, state: TableState) -> None:
        self._s = state
        self._suggestions: Suggestions[teaching.Suggestion] = Suggestions()

    def explain(self, seat: str | None, move: str) -> Explanation:
        """``{"move", "legal", "reasons"}`` for ``move`` by the seat to play, asked by ``seat`` (None: a
        spectator). Only the seat to play learns about its own hand; the others ask about the rules.

        Raises:
            BadInput: bad notation.
        """
        parsed = read_move(move)
        reasons = explain(self._s.known_to(seat), parsed)
        return {"move": str(parsed), "legal": not reasons, "reasons": [reason_of(v) for v in reasons]}

    def hints(self, seat: str, *, suggest: bool) -> list[Hint]:
        """Every legal move of ``seat``'s hand (empty when not its turn), the suggested one marked with its
        ``why`` when ``suggest`` and the cards are dealt. Call without holding the table's lock."""
        with self._s.lock:
            if seat != self._s.to_play() or self._s.phase() != "play":
                return []
            if self._s.digital:
                moves = list(self._s.legal())
            else:
                moves = [m for card in self._s.ranks() for m in self._s.legal(card)]
            hints = [hint(str(m.card), self._s.move_info(m)) for m in moves]
            if not (suggest and self._s.digital and moves):
                return hints
            game, names, seed = dealt(self._s.game), dict(self._s.names), len(self._s.log)
            move_time = self._s.config.computer_move_time
        tip = self._suggestions.get(
            seat, game, lambda: teaching.suggest(game, seat, names, move_time=move_time, seed=seed)
        )
        chosen = next(h for h, m in zip(hints, moves, strict=True) if m == tip.move)
        chosen["suggested"], chosen["why"] = True, {"fr": tip.fr, "en": tip.en}
        return hints

    def rules_text(self, lang: str) -> list[dict[str, str]]:
        """The game's rule set in plain words, one ``{switch, text}`` per switch, in ``lang``.

        Raises:
            BadInput: a language other than "fr" or "en".
        """
        if lang not in ("fr", "en"):
            raise refusals.unknown_language()
        with self._s.lock:
            rules = self._s.rules
        return [{"switch": switch, "text": text} for switch, text in switch_words(rules, lang).items()]
