"""Every module of the package compiles without a warning.

An invalid escape sequence in a docstring or pattern ("\\d" in a plain string) is a
DeprecationWarning today and a SyntaxWarning on newer Pythons, printed to every user's stderr
at first import; pytest's own run hides it behind its summary.
"""
import pathlib
import warnings

import pytest

import scholartools

PACKAGE = pathlib.Path(scholartools.__file__).parent
SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_the_package_has_sources():
    assert len(SOURCES) > 50


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_compiles_without_warnings(path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compile(path.read_text(encoding="utf-8"), str(path), "exec")


def test_an_invalid_escape_is_caught():
    with warnings.catch_warnings(), pytest.raises((DeprecationWarning, SyntaxWarning, SyntaxError)):
        warnings.simplefilter("error")
        compile('x = "\\d"\n', "probe", "exec")
