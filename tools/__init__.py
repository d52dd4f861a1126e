"""Training and evaluation tooling: run as python -m tools.NAME from a checkout; not part of the installed package."""
