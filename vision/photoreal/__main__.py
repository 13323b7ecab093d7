"""``python -m vision.photoreal``: the same as ``tock vision photoreal``."""

from vision.cli import photoreal_command

photoreal_command(prog_name="python -m vision.photoreal")
