"""Find a hand's cards in an answer of the web app, wherever a page or a script could read them.

A card leaks when it appears as a card would be sent: an element of a list (a hand), a key of an object
(``playable``), the value of a ``card`` field, or a ``data-card`` attribute of a page. Words that happen
to spell a card (the preset ``"QC"``, a move ``"8S:discard"`` of the log) are not cards of a hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

_JSON_SCRIPT = re.compile(r'<script type="application/json"[^>]*>(.*?)</script>', re.S)
_SSE_DATA = re.compile(r"^data: (.*)$", re.M)


def _documents(body: str) -> Iterator[Any]:
    """The JSON documents of an answer: itself, a page's embedded JSON, or a stream's events."""
    stripped = body.lstrip()
    if stripped.startswith(("{", "[")):
        yield json.loads(body)
        return
    for match in _JSON_SCRIPT.finditer(body):
        yield json.loads(match.group(1))
    for match in _SSE_DATA.finditer(body):
        yield json.loads(match.group(1))


def _places(value: Any, path: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every string sent as a card could be."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key} (key)", key
            if key == "card" and isinstance(item, str):
                yield f"{path}.{key}", item
            yield from _places(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str):
                yield f"{path}[{index}]", item
            yield from _places(item, f"{path}[{index}]")


def card_leaks(body: str, cards: list[str]) -> list[str]:
    """Where any of ``cards`` appears in ``body`` as a card (empty when the answer holds none)."""
    wanted = set(cards)
    found = [f"data-card={card}" for card in re.findall(r'data-card="([^"]+)"', body) if card in wanted]
    for document in _documents(body):
        found += [f"{where}={text}" for where, text in _places(document, "$") if text in wanted]
    return found
