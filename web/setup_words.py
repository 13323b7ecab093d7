"""The set-up page in a family's words: the six rule sheets by name, each with who plays it, and the
house rules grouped and said as sentences whose words follow the value chosen.

The values' words come from the engine (:func:`firmware_py.engine.describe`): a choice is said the way
``tock presets`` says it. What is added here is what a newcomer needs around them: each sheet's name
and players, the group of each switch, which switches are advanced (folded away on the page), and a
sentence for each yes/no switch in both its forms.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from firmware_py.engine import PRESETS
from firmware_py.engine import describe as describe_rules
from firmware_py.errors import ConfigError
from firmware_py.house_rules import build_rules

Words = tuple[str, str]
"""(French, English)."""

PRESET_WORDS: dict[str, tuple[Words, Words]] = {
    "r1": (
        ("Jeu du Tock, 1re règle", "Jeu du Tock, first rule"),
        (
            "À 4 en deux équipes (ou 6 sur le plateau à 6) : le 7 se partage, le 5 pousse un adversaire.",
            "4 players in two teams (or 6 on the 6-seat board): the 7 splits, the 5 pushes an opponent.",
        ),
    ),
    "r1x": (
        ("1re règle, avec échange de cartes", "First rule, with a card exchange"),
        (
            "La 1re règle, et les partenaires se passent une carte face cachée à chaque donne.",
            "The first rule, and partners pass each other one card face down at each deal.",
        ),
    ),
    "r2": (
        ("Jeu du Tock, 2e règle", "Jeu du Tock, second rule"),
        (
            "De 2 à 8 joueurs, seuls ou en équipes, avec le centre du plateau comme raccourci.",
            "2 to 8 players, alone or in teams, with the board's centre as a shortcut.",
        ),
    ),
    "toc": (
        ("Règle du Toc (pioche et jokers)", "Toc rule (draw pile and jokers)"),
        (
            "À 2, ou à 4 en deux contre deux : on joue une carte, on en pioche une ; jokers compris.",
            "2 players, or 4 as two against two: play a card, draw a card; jokers included.",
        ),
    ),
    "qc": (
        ("Plateau québécois en bois (Ciel et Repos)", "Québec wooden board (Heaven and Break)"),
        (
            "De 2 à 6 joueurs sur le plateau du commerce : raccourci en case 8 et Ciel au centre.",
            "2 to 6 players on the shop-bought board: shortcut on cell 8 and Heaven in the centre.",
        ),
    ),
    "canop": (
        ("Édition Canopé (école)", "Canopé edition (school)"),
        (
            "À 4 en deux contre deux, avec le tableau des pouvoirs des cartes : une règle pour apprendre.",
            "4 players, two against two, with the card-power table: a rule to learn with.",
        ),
    ),
}
"""Preset -> (its name, who plays it and how), in French and English."""

GROUPS: tuple[tuple[str, Words, tuple[str, ...]], ...] = (
    (
        "players",
        ("Joueurs et équipes", "Players and teams"),
        ("teams", "partner_exchange", "play_for_partner"),
    ),
    ("cards", ("Les cartes", "The cards"), ("jokers", "joker_replays", "nothing_playable")),
    (
        "powers",
        ("Ce que font les cartes", "What the cards do"),
        (
            "king_sweep",
            "jack",
            "jack_swaps_own",
            "ten_swaps",
            "seven",
            "seven_captures",
            "five",
            "four_backwards",
        ),
    ),
    ("start", ("La case de départ", "The start cell"), ("start_blocking", "start_immunity")),
    ("shortcuts", ("Raccourcis et centre", "Shortcuts and centre"), ("shortcut", "centre_cards")),
    ("home", ("La maison", "The home"), ("overshoot", "home_back_out")),
)
"""The groups of house rules a family reads, with their everyday switches (in this order)."""

ADVANCED: Words = ("Règles avancées", "Advanced rules")
"""Every switch of no group above is advanced: folded away under this title."""

SENTENCES: dict[str, tuple[Words, Words]] = {
    "joker_replays": (
        ("Un joker fait piocher une carte et rejouer.", "A joker draws a card and plays again."),
        ("Un joker ne fait pas rejouer.", "A joker does not give another turn."),
    ),
    "dealer_rotates": (
        ("Le donneur change à chaque paquet.", "The dealer changes with each pack."),
        ("Le même joueur donne toujours.", "The same player always deals."),
    ),
    "partner_exchange": (
        (
            "Les partenaires se passent une carte face cachée à chaque donne.",
            "Partners pass each other one card face down at each deal.",
        ),
        ("Pas d'échange de cartes entre partenaires.", "Partners do not exchange cards."),
    ),
    "play_for_partner": (
        (
            "Quand vos pions sont tous rentrés, vous jouez pour votre partenaire.",
            "Once all your marbles are home, you play for your partner.",
        ),
        (
            "Une fois rentré, on ne joue pas pour son partenaire.",
            "Once home, you do not play for your partner.",
        ),
    ),
    "jack_swaps_own": (
        ("Le valet peut échanger deux de vos propres pions.", "The Jack may swap two of your own marbles."),
        (
            "Le valet échange un de vos pions avec celui d'un autre.",
            "The Jack swaps one of your marbles with another's.",
        ),
    ),
    "jack_left_skips": (
        (
            "Après un valet, le joueur de gauche jette une carte et passe son tour.",
            "After a Jack, the player on the left discards a card and misses a turn.",
        ),
        ("Le valet ne fait passer le tour de personne.", "A Jack makes nobody miss a turn."),
    ),
    "ten_swaps": (
        ("Le 10 peut échanger un pion avec un adversaire.", "The 10 may swap a marble with an opponent's."),
        ("Le 10 avance de 10, sans échange.", "The 10 moves forward 10, no swapping."),
    ),
    "five_without_marble_out": (
        (
            "Sans pion en jeu, on joue quand même son 5 sur un autre pion.",
            "With no marble in play, you still play your 5 on another marble.",
        ),
        ("Sans pion en jeu, le 5 ne se joue pas.", "With no marble in play, the 5 cannot be played."),
    ),
    "five_passes_start": (
        (
            "Le 5 peut faire dépasser à un pion sa case de départ.",
            "The 5 may carry a marble past its start cell.",
        ),
        ("Le 5 ne fait pas dépasser sa case de départ.", "The 5 never carries a marble past its start cell."),
    ),
    "four_backwards": (
        ("Le 4 fait reculer de 4 cases.", "The 4 moves back 4 cells."),
        ("Le 4 avance comme les autres cartes.", "The 4 moves forward like the other cards."),
    ),
    "back_from_start": (
        (
            "Un pion sur sa case de départ peut reculer de 4 (son tour est alors presque fait).",
            "A marble on its start cell may move back 4 (its lap is then nearly done).",
        ),
        ("On ne recule pas depuis sa case de départ.", "No backing up from the start cell."),
    ),
    "back_past_own_start": (
        ("Un pion peut reculer par-dessus sa case de départ.", "A marble may back up over its start cell."),
        ("On ne recule pas par-dessus sa case de départ.", "No backing up over one's start cell."),
    ),
    "centre_holds_several": (
        ("Plusieurs pions peuvent attendre au centre.", "Several marbles may wait in the centre."),
        ("Un seul pion à la fois au centre.", "One marble at a time in the centre."),
    ),
    "home_back_out": (
        ("Un 4 peut faire ressortir un pion de la maison.", "A 4 may take a marble back out of its home."),
        ("Un pion rentré à la maison n'en ressort plus.", "A marble in its home stays there."),
    ),
}
"""Yes/no switch -> (sentence when on, sentence when off), each in French and English."""


CHOICES: dict[str, tuple[int, ...]] = {
    "jokers": (0, 2),
    "shortcut_cell": (7, 8),
    "home_entry_after": (16, 17),
}
"""Number switches a board or a pack allows only a few values of: offered as a list of those values in
words (a pack has 0 or 2 jokers; the shortcut is cell 7 or 8; the home lane starts after cell 16 or
17), never as a free number field."""

HIDDEN = frozenset({"seat_counts"})
"""Switches the page sets elsewhere: the number of players is chosen at the top of the form."""

SHOWN_WHEN: dict[str, tuple[str, str]] = {"centre_cards": ("shortcut", "centre")}
"""A switch that means something only when another has a value: the centre's cards, with a centre."""


def _sentence(label: str, value: str, lang: str) -> str:
    """A switch said as a sentence from the engine's label and value words: "Le 7 : se partage…"."""
    return (
        f"{label[:1].upper()}{label[1:]} : {value}."
        if lang == "fr"
        else f"{label[:1].upper()}{label[1:]}: {value}."
    )


def _choice_words(preset: str, switch: str, choice: Any) -> dict[str, str] | None:
    """The sentence of ``switch`` set to ``choice`` in the preset, from the engine's words (None when
    the engine refuses that value for this preset)."""
    try:
        rules = build_rules(preset, {switch: choice})
    except ConfigError:
        return None
    words: dict[str, str] = {}
    for k, lang in enumerate(("fr", "en")):
        on_off = SENTENCES.get(switch)
        if on_off is not None and isinstance(choice, bool):
            words[lang] = on_off[0 if choice else 1][k]
            continue
        rows = dict(zip(_switch_names(rules), describe_rules(rules, lang), strict=True))
        label, value = rows[switch]
        words[lang] = _sentence(label, value, lang)
    return words


def _switch_names(rules: Any) -> list[str]:
    """The switches in the order the engine's ``describe`` says them."""
    return [f.name for f in dataclasses.fields(rules) if f.name != "name"]


def preset_title(preset: str, lang: str) -> str:
    """A rule sheet's name in ``lang`` ("Jeu du Tock, first rule"), its id for one of no known name."""
    words = PRESET_WORDS.get(preset)
    return words[0][0 if lang == "fr" else 1] if words else preset


def group_of(switch: str) -> str:
    """The group a switch is shown in; ``advanced`` for every switch of no everyday group."""
    return next((key for key, _, names in GROUPS if switch in names), "advanced")


def setup_words(options: dict[str, Any]) -> dict[str, Any]:
    """The set-up page's options (``Table.setup_options``) with a family's words added: each preset's
    ``title`` and ``who`` {fr, en}; each switch's ``group`` and, for a switch with choices, the
    ``sentences`` of each choice {value: {fr, en}} (a free number or list is said live on the page
    from its ``label``); and the groups' titles, in order."""
    for preset in options.get("presets", []):
        name = preset["name"]
        title, who = PRESET_WORDS.get(name, ((name, name), ("", "")))
        preset["title"] = {"fr": title[0], "en": title[1]}
        preset["who"] = {"fr": who[0], "en": who[1]}
        if name not in PRESETS:
            continue
        labels = {
            lang: dict(zip(_switch_names(PRESETS[name]), describe_rules(PRESETS[name], lang), strict=True))
            for lang in ("fr", "en")
        }
        preset["switches"] = [s for s in preset.get("switches", []) if s["name"] not in HIDDEN]
        for switch in preset["switches"]:
            key = switch["name"]
            if key not in labels["fr"]:
                continue
            if key in CHOICES:
                switch["choices"] = list(CHOICES[key])
            if key in SHOWN_WHEN:
                other, value = SHOWN_WHEN[key]
                switch["shown_when"] = {"switch": other, "value": value}
            switch["group"] = group_of(key)
            switch["label"] = {lang: labels[lang][key][0] for lang in ("fr", "en")}
            choices = switch.get("choices") or []
            sentences = {str(choice).lower(): _choice_words(name, key, choice) for choice in choices}
            switch["sentences"] = {value: words for value, words in sentences.items() if words}
    options["groups"] = [{"key": key, "fr": title[0], "en": title[1]} for key, title, _ in GROUPS] + [
        {"key": "advanced", "fr": ADVANCED[0], "en": ADVANCED[1], "folded": True}
    ]
    return options
