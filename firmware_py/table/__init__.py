"""The game at a real table: turns, the board seen by the camera, computer seats, LEDs, words.

:class:`firmware_py.table.core.Table` ties the parts together; each module here is one part of it, or
something a part needs (the log's words, the LED facts, the listeners of a page).
"""
