"""The computer players, apart from the table: each reads only what its seat may know and answers an action.

:mod:`~firmware_py.players.lookahead` is the one-move look-ahead (the ``medium`` level and the others'
heuristic); :mod:`~firmware_py.players.levels` holds the levels (``easy``, ``medium``, ``strong``) and
the search. They use the engine alone: the table (:mod:`firmware_py.table.computer_seats`), the arena and
the teaching hints ask them for a move.
"""
