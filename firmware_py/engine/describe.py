"""Rules and moves in words, in French and English, for ``tock presets``, the page and the log."""

from __future__ import annotations

import dataclasses
from enum import Enum

from firmware_py.engine.cards import card_words
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position
from firmware_py.engine.rules import (
    Dealing,
    FiveMode,
    JackMode,
    KingSweep,
    NothingPlayable,
    Overshoot,
    RuleSet,
    SevenCaptures,
    SevenMode,
    Shortcut,
    StartCell,
    TeamMode,
)
from firmware_py.engine.violations import spoken_list

LANGS = ("fr", "en")

_LABELS: dict[str, tuple[str, str]] = {
    "source": ("règle suivie", "rule sheet"),
    "seat_counts": ("nombre de joueurs", "seat counts"),
    "teams": ("équipes", "teams"),
    "jokers": ("jokers", "jokers"),
    "joker_replays": ("le joker fait repiocher et rejouer", "a joker draws a card and plays again"),
    "dealing": ("distribution", "dealing"),
    "dealer_rotates": ("le donneur change à chaque paquet", "the dealer changes with each pack"),
    "partner_exchange": ("échange d'une carte entre partenaires", "partners exchange one card"),
    "nothing_playable": ("rien à jouer", "nothing playable"),
    "play_for_partner": ("jouer pour son partenaire une fois rentré", "play for your partner once home"),
    "king_sweep": ("le roi mange sur son passage", "the King takes what it passes"),
    "jack": ("valet", "Jack"),
    "jack_swaps_own": ("le valet échange deux de ses pions", "the Jack may swap two of your marbles"),
    "jack_left_skips": (
        "après un valet, le joueur de gauche jette une carte et passe",
        "after a Jack, the left player discards and skips",
    ),
    "ten_swaps": ("le 10 échange avec un adversaire", "the 10 swaps with an opponent"),
    "seven": ("sept", "seven"),
    "seven_captures": ("une part du 7 qui tombe sur un pion", "a part of the 7 ending on a marble"),
    "five": ("cinq", "five"),
    "five_without_marble_out": (
        "sans pion en jeu, on joue quand même le 5",
        "with no marble in play, the 5 is still played",
    ),
    "five_passes_start": ("le 5 fait franchir sa case de départ", "the 5 may carry a marble past its start"),
    "four_backwards": ("le 4 recule", "the 4 moves back"),
    "back_from_start": (
        "reculer depuis sa case de départ (le tour est fait)",
        "back up from the start cell (lap done)",
    ),
    "back_past_own_start": ("reculer par-dessus sa case de départ", "back up over one's start cell"),
    "start_blocking": (
        "un pion sur sa case de départ bloque le passage",
        "a marble on its start cell blocks",
    ),
    "start_immunity": (
        "un pion sur sa case de départ ne peut être pris",
        "a marble on its start cell cannot be taken",
    ),
    "jack_spares_start": (
        "le valet d'un autre n'échange pas un pion sur sa case de départ",
        "another player's Jack does not swap a marble on its start cell",
    ),
    "five_spares_start": (
        "le 5 d'un autre ne déplace pas un pion sur sa case de départ",
        "another player's 5 does not move a marble on its start cell",
    ),
    "shortcut": ("raccourcis", "shortcuts"),
    "shortcut_cell": ("case raccourci", "shortcut cell"),
    "centre_cards": ("cartes du centre", "centre cards"),
    "centre_holds_several": ("plusieurs pions au centre", "several marbles in the centre"),
    "home_entry_after": ("entrée de la maison après la case", "home entered after cell"),
    "overshoot": ("dépasser sa maison", "overshooting the home"),
    "home_back_out": ("le 4 fait ressortir de la maison", "a 4 takes a marble back out of its home"),
}

_VALUES: dict[Enum, tuple[str, str]] = {
    TeamMode.SOLO: ("chacun pour soi", "every seat for itself"),
    TeamMode.TWO_TEAMS: ("deux équipes, sièges alternés", "two teams of alternating seats"),
    TeamMode.PAIRS: ("équipes de deux face à face", "teams of two facing each other"),
    Dealing.FIVE_THEN_FOURS: ("5 puis 4 jusqu'au bout du paquet", "5, then 4s until the pack is used"),
    Dealing.R2_TABLE: ("selon le nombre de joueurs (règle 2)", "by seat count (rule 2 table)"),
    Dealing.QC_TABLE: ("selon le nombre de joueurs (plateau QC)", "by seat count (QC table)"),
    Dealing.DRAW_PILE: ("main de 5 et pioche", "hand of 5 and a draw pile"),
    NothingPlayable.DISCARD_ONE: ("jeter une carte", "discard one card"),
    NothingPlayable.LAY_DOWN: (
        "poser sa main jusqu'à la donne suivante",
        "lay the hand down until the next deal",
    ),
    NothingPlayable.LAY_DOWN_IF_NONE_OUT: (
        "aucun pion en jeu : poser sa main ; bloqué : jeter une carte",
        "no marble out: lay the hand down; blocked: discard one card",
    ),
    KingSweep.NONE: ("non", "no"),
    KingSweep.OTHERS: ("les pions des autres", "other players' marbles"),
    KingSweep.ALL: ("tous, les siens compris", "all, your own included"),
    JackMode.SWAP: ("échange", "swap"),
    JackMode.SWAP_OR_ELEVEN: ("échange ou avance de 11", "swap or forward 11"),
    JackMode.ELEVEN: ("avance de 11", "forward 11"),
    SevenMode.PLUS_SEVEN: ("avance un pion de 7", "one marble forward 7"),
    SevenMode.SPLIT_ANY: ("se partage entre tous ses pions", "split over any of your marbles"),
    SevenMode.SPLIT_TWO: ("se partage entre deux pions", "split over two marbles at most"),
    SevenCaptures.ON_LANDING: ("le mange", "takes it"),
    SevenCaptures.NEVER: ("interdit", "not allowed"),
    FiveMode.PLUS_FIVE: ("avance un de ses pions de 5", "one of your marbles forward 5"),
    FiveMode.OPPONENT: ("avance un pion adverse de 5", "an opponent's marble forward 5"),
    FiveMode.ANY_OTHER: ("avance le pion d'un autre joueur de 5", "another player's marble forward 5"),
    StartCell.NONE: ("non", "no"),
    StartCell.FRESH: ("s'il vient de sortir", "when just out"),
    StartCell.ANY: ("toujours", "always"),
    Shortcut.NONE: ("aucun", "none"),
    Shortcut.JUMP_OPTIONAL: ("on peut sauter à la case suivante", "may jump to the next one"),
    Shortcut.JUMP_FORCED: ("téléporte à la case suivante", "teleports to the next one"),
    Shortcut.CENTRE: ("centre (Ciel) avec les cartes du centre", "centre (Ciel) with the centre cards"),
    Overshoot.EXACT: ("interdit : compte exact", "not allowed: exact count"),
    Overshoot.ROUND_AGAIN: ("on refait un tour", "go round again"),
}


def describe(rules: RuleSet, lang: str = "en") -> list[tuple[str, str]]:
    """Every switch of ``rules`` with its value in words, in ``fr`` or ``en``.

    Raises:
        ValueError: ``lang`` is neither ``fr`` nor ``en``.
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use 'fr' or 'en'")
    k = LANGS.index(lang)
    yes_no = ("oui", "non") if lang == "fr" else ("yes", "no")
    rows = []
    no_centre = rules.shortcut is not Shortcut.CENTRE
    for f in dataclasses.fields(rules):
        if f.name == "name":
            continue
        value = getattr(rules, f.name)
        if no_centre and f.name in ("centre_cards", "centre_holds_several"):
            text = "sans objet (pas de centre)" if lang == "fr" else "n/a (no centre)"
        elif isinstance(value, Enum):
            text = _VALUES[value][k]
        elif isinstance(value, bool):
            text = yes_no[0] if value else yes_no[1]
        elif isinstance(value, frozenset):
            text = ", ".join(sorted(value, key=lambda r: "A23456789TJQK".find(r[0]) if r != "10" else 9))
        elif isinstance(value, tuple):
            text = ", ".join(map(str, value))
        else:
            text = str(value)
        rows.append((_LABELS[f.name][k], text))
    return rows


def describe_move(position: Position, move: Move, lang: str = "en") -> str:
    """A move in words for the log and the phones, in the position it is played from.

    For example ``A: 7 of hearts, A3 → A6 and B1 → B5, takes the blue marble (B) on B5``, or in French
    ``A : 7 de cœur, A3 → A6 et B1 → B5, prend le pion bleu (B) en B5``.

    Raises:
        ValueError: ``lang`` is neither ``fr`` nor ``en``.
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use 'fr' or 'en'")
    fr = lang == "fr"
    seat = position.turn
    card = card_words(move.card, lang) if move.card is not None else ""
    if move.kind is MoveKind.LAY_DOWN:
        return f"{seat} : pose sa main" if fr else f"{seat}: lays the hand down"
    if move.kind is MoveKind.DISCARD:
        return f"{seat} : jette {card}" if fr else f"{seat}: discards {card}"
    if move.kind is MoveKind.ENTER:
        text = f"sort un pion en {move.steps[0][1]}" if fr else f"brings a marble out onto {move.steps[0][1]}"
    elif move.kind is MoveKind.SWAP:
        a, b = move.steps[0]
        text = f"échange {a} et {b}" if fr else f"swaps {a} and {b}"
    else:
        text = spoken_list([f"{a} → {b}" for a, b in move.steps_in_play_order], "et" if fr else "and")
    if move.captures:
        layout = position.layout
        taken = ", ".join(_marble_words(layout.get(place), place, lang) for place in move.captures)
        text += f", prend {taken}" if fr else f", takes {taken}"
    return f"{seat} : {card}, {text}" if fr else f"{seat}: {card}, {text}"


_COLOURS = {
    "A": ("rouge", "red"),
    "B": ("bleu", "blue"),
    "C": ("vert", "green"),
    "D": ("jaune", "yellow"),
    "E": ("violet", "purple"),
    "F": ("orange", "orange"),
    "G": ("blanc", "white"),
    "H": ("noir", "black"),
}
"""Default marble colour of each seat (the board's convention), as an adjective for "pion"/"marble"
(the sheets' word, as in every reason text)."""


def _marble_words(seat: str | None, place: str, lang: str) -> str:
    if seat is None:
        return place
    colour = _COLOURS[seat][LANGS.index(lang)]
    return (
        f"le pion {colour} ({seat}) en {place}"
        if lang == "fr"
        else f"the {colour} marble ({seat}) on {place}"
    )
