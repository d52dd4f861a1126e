"""The package version, in a module of its own so that any module can name it without importing
the package's public API (``scholartools/__init__.py`` re-exports it)."""

__version__ = "0.1.0"
