"""Lines of PDF text joined into running text (shared by the front matter and the body)."""
from __future__ import annotations


def join_lines(lines: list[str]) -> str:
    """Join text lines, undoing end-of-line hyphenation before a lower-case continuation."""
    out = ""
    for t in lines:
        t = t.strip()
        if not t:
            continue
        if not out:
            out = t
        elif out[-1] in "-\u2011" and len(out) > 1 and out[-2].isalpha() and t[:1].islower():
            out = out[:-1] + t
        elif out.endswith("\u00ad"):
            out = out[:-1] + t
        elif len(out) == 1 and out.isupper() and t[:1].islower():
            out = out + t   # a drop cap: "A" + "cinetobacter spp. are …"
        elif _wide(out[-1]) and _wide(t[0]):
            out = out + t   # Chinese and Japanese break lines between words without a space
        else:
            out = out + " " + t
    return out


def _wide(ch: str) -> bool:
    """A character of the scripts written without spaces between words: CJK ideographs, kana,
    their punctuation and full-width forms (not Hangul, which spaces its words)."""
    return "\u3000" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\uff00" <= ch <= "\uffef"
