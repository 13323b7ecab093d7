"""Saving every game in SQLite (:mod:`~firmware_py.store.saves`), and rebuilding a saved game from its
events for resuming, undoing and replaying (:mod:`~firmware_py.store.history`)."""
