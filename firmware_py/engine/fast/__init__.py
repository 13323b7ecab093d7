"""The fast core: one game's marbles as mutable integer arrays, moves as integers, make and unmake, and
a whole table (cards, deals, turns) around them, for self-play and a computer seat's search.

The public engine lists its moves here too (``legal_moves`` is built on :class:`State`), so the rules
of movement are written once. These are the names the rest of the project uses; the modules behind
them are the core's own.
"""

from firmware_py.engine.compiled import usable_folder

_compiled = usable_folder()
if _compiled is not None:  # the same modules compiled with mypyc, found before the sources
    __path__.insert(0, str(_compiled / "fast"))

from firmware_py.engine.fast.codes import ENTER, SPLIT, STEP, SWAP
from firmware_py.engine.fast.marbles import Delta
from firmware_py.engine.fast.play import FastReport, fast_random_game, random_exchange, random_play
from firmware_py.engine.fast.playout import greedy_action
from firmware_py.engine.fast.state import State
from firmware_py.engine.fast.table import (
    Bits,
    CoreTable,
    below,
    distinct,
    new_table,
    setup_for,
    shuffle,
    table_of,
    table_with,
)

__all__ = [
    "ENTER",
    "SPLIT",
    "STEP",
    "SWAP",
    "Bits",
    "CoreTable",
    "Delta",
    "FastReport",
    "State",
    "below",
    "distinct",
    "fast_random_game",
    "greedy_action",
    "new_table",
    "random_exchange",
    "random_play",
    "setup_for",
    "shuffle",
    "table_of",
    "table_with",
]
