"""Lines of PDF text joined into running text (shared by the front matter and the body)."""
from __future__ import annotations

import re

from scholartools.text.scripts import CJK_PUNCTUATION, HAN_KANA


def join_lines(lines: list[str]) -> str:
    """Join text lines, undoing end-of-line hyphenation before a lower-case continuation (not
    before a word with a hyphen of its own, :func:`hyphened_word_opens`, unless the lines print
    the joined word whole elsewhere: "audi-" / "tory-visual" beside "auditory")."""
    out = ""
    for t in lines:
        t = t.strip()
        if not t:
            continue
        if not out:
            out = t
        elif out[-1] in "-\u2011" and len(out) > 1 and out[-2].isalpha() and t[:1].islower():
            out = out + t if hyphened_word_opens(t) and not _printed_whole(out, t, lines) else out[:-1] + t
        elif out.endswith("\u00ad"):
            out = out[:-1] + t
        elif len(out) == 1 and out.isupper() and t[:1].islower():
            out = out + t   # a drop cap: "A" + "cinetobacter spp. are …"
        elif _WIDE.match(out[-1]) and _WIDE.match(t[0]):
            out = out + t   # Chinese and Japanese break lines between words without a space
        else:
            out = out + " " + t
    return out


def hyphened_word_opens(line: str) -> bool:
    """Does the line open with a word holding a hyphen ("on-nanostem hybrids")? Then a hyphen
    ending the line above is the compound's own ("microflower-" / "on-nanostem"): TeX breaks a
    word with a hyphen only there, and typesetters rarely break such compounds elsewhere."""
    return _HYPHENED_WORD.match(line) is not None


_HYPHENED_WORD = re.compile(r"[^\W\d_]+[-\u2011][^\W_]")
#: a line's last word piece before its line-end hyphen, and a line's first word piece (shared with
#: the headings' own check that a heading's line broke a word: headings.split_word)
HYPHEN_END = re.compile(r"([^\W\d_]+)[-\u2011]$")
WORD_START = re.compile(r"[^\W\d_]+")


def _printed_whole(out: str, t: str, lines: list[str]) -> bool:
    """Is the word that "…audi-" / "tory-visual …" would make by undoing the line's hyphen
    ("auditory") printed whole in ``lines``? Then the line broke that word, not at the compound's
    own hyphen (a typesetter's break inside a hyphened compound)."""
    a, b = HYPHEN_END.search(out), WORD_START.match(t)
    if a is None or b is None:
        return False
    word = (a.group(1) + b.group(0)).lower()
    return re.search(rf"(?<![^\W\d_]){re.escape(word)}(?![^\W\d_])", " ".join(lines).lower()) is not None


# a character of Chinese and Japanese text, ideograph, kana or punctuation (not Hangul, which
# spaces its words)
_WIDE = re.compile(f"[{HAN_KANA}{CJK_PUNCTUATION}]")
