"""BAGELS limitations: where a paper states them (:mod:`.rules`) and how they are extracted."""
