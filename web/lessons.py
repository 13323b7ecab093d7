# ruff: noqa: E501  (each sentence kept whole on one line, French beside English, to be read and corrected as text)
"""The Learn page's lessons for the rules at the table: each card's power in a sentence with an example
drawn on a small board, then the start cell, the shortcuts and the centre, and how to win.

The sentences follow the rules' switches (a Jack that swaps or moves 11, a 7 that splits, a 5 that
pushes an opponent...). Each example is a real move: the engine's legal moves of that card from a small
position, so the picture can never show what the rules forbid. Its words come from the log's
:func:`firmware_py.table.wording.describe`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from firmware_py.engine import (
    Card,
    FiveMode,
    JackMode,
    KingSweep,
    Move,
    MoveKind,
    Position,
    RuleSet,
    SevenMode,
    Shortcut,
    StartCell,
    legal_moves,
    move_effect,
    play,
)
from firmware_py.engine.cards import card_words
from firmware_py.table.wording import describe

Words = tuple[str, str]

EXAMPLE_NAMES = {"A": "Ana", "B": "Bruno", "C": "Chloé", "D": "David"}
"""The names the examples speak of (A is the reader)."""


def _power(rank: str, rules: RuleSet) -> Words:
    """What ``rank`` does under ``rules``, in one sentence."""
    if rank == "A":
        return (
            "L'as sort un pion du camp sur sa case de départ, ou avance de 1.",
            "The Ace brings a marble out of the reserve onto its start cell, or moves 1.",
        )
    if rank == "K":
        sweep = {
            KingSweep.NONE: ("", ""),
            KingSweep.OTHERS: (
                ", et renvoie au camp les pions des autres qu'il dépasse",
                ", sending the others' marbles it passes back to their reserve",
            ),
            KingSweep.ALL: (
                ", et renvoie au camp tous les pions qu'il dépasse, les vôtres compris",
                ", sending every marble it passes back to its reserve, yours included",
            ),
        }[rules.king_sweep]
        return (
            f"Le roi sort un pion, ou avance de 13{sweep[0]}.",
            f"The King brings a marble out, or moves 13{sweep[1]}.",
        )
    if rank == "Q":
        return ("La dame avance de 12.", "The Queen moves 12.")
    if rank == "J":
        return {
            JackMode.SWAP: (
                "Le valet échange un de vos pions avec un autre pion du parcours.",
                "The Jack swaps one of your marbles with another marble on the track.",
            ),
            JackMode.SWAP_OR_ELEVEN: (
                "Le valet échange un de vos pions avec un autre, ou avance de 11.",
                "The Jack swaps one of your marbles with another, or moves 11.",
            ),
            JackMode.ELEVEN: ("Le valet avance de 11.", "The Jack moves 11."),
        }[rules.jack]
    if rank == "10":
        if rules.ten_swaps:
            return (
                "Le 10 avance de 10, ou échange un de vos pions avec celui d'un adversaire.",
                "The 10 moves 10, or swaps one of your marbles with an opponent's.",
            )
        return ("Le 10 avance de 10.", "The 10 moves 10.")
    if rank == "7":
        return {
            SevenMode.PLUS_SEVEN: ("Le 7 avance un pion de 7.", "The 7 moves one marble 7."),
            SevenMode.SPLIT_ANY: (
                "Le 7 avance de 7, partagé comme vous voulez entre vos pions (4 + 3, 2 + 2 + 3…).",
                "The 7 moves 7, split as you like between your marbles (4 + 3, 2 + 2 + 3…).",
            ),
            SevenMode.SPLIT_TWO: (
                "Le 7 avance de 7, partagé entre deux de vos pions au plus.",
                "The 7 moves 7, split between two of your marbles at most.",
            ),
        }[rules.seven]
    if rank == "5":
        return {
            FiveMode.PLUS_FIVE: ("Le 5 avance de 5.", "The 5 moves 5."),
            FiveMode.OPPONENT: (
                "Le 5 fait avancer de 5 le pion d'un adversaire, celui que vous voulez.",
                "The 5 moves an opponent's marble 5, whichever you choose.",
            ),
            FiveMode.ANY_OTHER: (
                "Le 5 fait avancer de 5 le pion d'un autre joueur, partenaire compris.",
                "The 5 moves another player's marble 5, your partner's included.",
            ),
        }[rules.five]
    if rank == "4":
        if rules.four_backwards:
            return ("Le 4 fait reculer un pion de 4 cases.", "The 4 moves a marble back 4 cells.")
        return ("Le 4 avance de 4.", "The 4 moves 4.")
    if rank == "JOKER":
        again = (
            (" ; on pioche ensuite une carte et on rejoue", "; then you draw a card and play again")
            if rules.joker_replays
            else ("", "")
        )
        return (
            f"Le joker sort un pion, ou avance de 18{again[0]}.",
            f"The joker brings a marble out, or moves 18{again[1]}.",
        )
    return (f"Le {rank} avance de {rank}.", f"The {rank} moves {rank}.")


# card -> (where the marbles stand, which of the legal moves to show)
Scene = tuple[str, Callable[[Move], bool]]

_SCENES: dict[str, Scene] = {
    "A": ("A: B: C: D:", lambda m: m.kind is MoveKind.ENTER),
    "K": ("A:A3 B:A9 C: D:", lambda m: m.kind is MoveKind.STEP),
    "Q": ("A:A3 B: C: D:", lambda m: True),
    "J": ("A:A3 B:B4 C: D:", lambda m: m.kind is MoveKind.SWAP),
    "10": ("A:A3 B:B4 C: D:", lambda m: True),
    "9": ("A:A3 B: C: D:", lambda m: True),
    "8": ("A:A3 B:A11 C: D:", lambda m: bool(m.captures)),
    "7": ("A:A3,A10 B: C: D:", lambda m: set(m.steps) == {("A3", "A7"), ("A10", "A13")}),
    "6": ("A:A3 B: C: D:", lambda m: True),
    "5": ("A:A3 B:B4 C: D:", lambda m: m.steps[0][0] == "B4"),
    "4": ("A:A9 B: C: D:", lambda m: True),
    "3": ("A:A4 B: C: D:", lambda m: True),
    "2": ("A:A5 B: C: D:", lambda m: True),
    "JOKER": ("A: B: C: D:", lambda m: m.kind is MoveKind.ENTER),
}
"""Each card's example: where the marbles stand (A to play) and which legal move to draw."""


def _example(rules: RuleSet, rank: str) -> dict[str, Any] | None:
    """A legal move of ``rank`` from its scene, with the boards before and after and its words; None
    when these rules give that scene no fitting move (the sentence then stands alone)."""
    marbles, wanted = _SCENES[rank]
    base = Position.initial(rules, 4).to_notation().split()[0]
    position = Position.from_notation(f"{base} {marbles} A")
    card = Card(rank) if rank == "JOKER" else Card(rank, "H")
    moves = [m for m in legal_moves(position, card) if not m.is_discard]
    chosen = next((m for m in moves if wanted(m)), moves[0] if moves else None)
    if chosen is None:
        return None
    before = dict(position.layout)
    after = dict(play(position, chosen).layout)
    words = describe("Ana", chosen, move_effect(position, chosen), EXAMPLE_NAMES, rules.topology(4), seat="A")
    return {
        "move": str(chosen),
        "before": before,
        "after": after,
        "fr": words["fr"],
        "en": words["en"],
        "steps": [list(step) for step in chosen.steps_in_play_order],
        "captures": list(chosen.captures),
    }


def card_lessons(rules: RuleSet) -> list[dict[str, Any]]:
    """Each card of the pack: ``{rank, fr, en (its name), power {fr, en}, example}`` (see :func:`_example`)."""
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"] + (
        ["JOKER"] if rules.jokers else []
    )
    lessons = []
    for rank in ranks:
        power = _power(rank, rules)
        card = Card(rank)
        lessons.append(
            {
                "rank": rank,
                "fr": card_words(card, "fr", "the").capitalize() if rank != "JOKER" else "Le joker",
                "en": card_words(card, "en", "the").capitalize() if rank != "JOKER" else "The joker",
                "power": {"fr": power[0], "en": power[1]},
                "example": _example(rules, rank),
            }
        )
    return lessons


def board_lessons(rules: RuleSet) -> list[dict[str, str]]:
    """The start, the start cell, the shortcuts and the centre, the home and how to win, in words."""
    lessons: list[Words] = [
        (
            "Chacun a 4 pions dans son camp. Un as ou un roi les sort, un par un, sur la case de départ devant le camp.",
            "Everyone has 4 marbles in their reserve. An Ace or a King brings them out, one at a time, onto the start cell in front of it.",
        ),
        (
            "On fait un tour complet du plateau dans le sens du jeu, puis on rentre dans sa maison (4 trous) au compte exact."
            if rules.overshoot.value == "exact"
            else "On fait un tour complet du plateau dans le sens du jeu, puis on rentre dans sa maison (4 trous).",
            "Marbles go once round the board in the direction of play, then into their home (4 holes)"
            + (" by the exact count." if rules.overshoot.value == "exact" else "."),
        ),
        (
            "Un pion qui s'arrête sur un autre le renvoie dans son camp.",
            "A marble that stops on another sends it back to its reserve.",
        ),
    ]
    start = {
        StartCell.NONE: ("", ""),
        StartCell.FRESH: (
            "Un pion qui vient de sortir protège sa case de départ : on ne le prend pas et on ne le dépasse pas, tant qu'il n'a pas bougé.",
            "A marble just out guards its start cell: it cannot be taken or passed until it moves.",
        ),
        StartCell.ANY: (
            "Un pion posé sur sa case de départ la bloque : on ne le prend pas et personne ne passe.",
            "A marble standing on its start cell blocks it: it cannot be taken and nobody passes.",
        ),
    }[rules.start_blocking]
    if start[0]:
        lessons.append(start)
    shortcut = {
        Shortcut.NONE: ("", ""),
        Shortcut.JUMP_OPTIONAL: (
            f"Raccourci : un pion qui s'arrête sur une case {rules.shortcut_cell} peut sauter aussitôt à la case {rules.shortcut_cell} suivante.",
            f"Shortcut: a marble that stops on a cell {rules.shortcut_cell} may jump on at once to the next cell {rules.shortcut_cell}.",
        ),
        Shortcut.JUMP_FORCED: (
            f"Raccourci : un pion qui s'arrête sur une case {rules.shortcut_cell} saute aussitôt à la suivante.",
            f"Shortcut: a marble that stops on a cell {rules.shortcut_cell} jumps at once to the next one.",
        ),
        Shortcut.CENTRE: (
            "Centre : un pion posé sur un raccourci va au centre avec une des cartes du centre, et en ressort de même sur le raccourci de son choix ("
            + ", ".join(sorted(rules.centre_cards))
            + ").",
            "Centre: a marble standing on a shortcut goes to the centre with one of the centre cards, and comes out the same way onto the shortcut of its choice ("
            + ", ".join(sorted(rules.centre_cards))
            + ").",
        ),
    }[rules.shortcut]
    if shortcut[0]:
        lessons.append(shortcut)
    teams = rules.teams.value != "solo"
    lessons.append(
        (
            "Pour gagner : rentrer ses 4 pions à la maison"
            + (
                ", puis aider son partenaire : l'équipe gagne quand tous ses pions sont rentrés."
                if teams
                else ", avant les autres."
            ),
            "To win: bring your 4 marbles home"
            + (
                ", then help your partner: the team wins when all its marbles are home."
                if teams
                else ", before the others."
            ),
        )
    )
    return [{"fr": fr, "en": en} for fr, en in lessons]
