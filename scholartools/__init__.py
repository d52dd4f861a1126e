"""scholartools: unix-style commands for computational work on scholarly text.

Every command is a thin CLI over a library function that takes and yields records
(JSON objects); see DESIGN.md for the record conventions.
"""

__version__ = "0.1.0"
