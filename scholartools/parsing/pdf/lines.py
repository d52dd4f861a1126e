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
        else:
            out = out + " " + t
    return out
