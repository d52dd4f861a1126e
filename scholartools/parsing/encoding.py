"""The character encoding of a text source: UTF-8, or an encoding papers were written in before it.

Old LaTeX sources are often not UTF-8: Japanese papers in Shift_JIS (cp932) or EUC-JP, Chinese in
GBK (gb18030), Korean in EUC-KR, and European ones in Latin-1 or Windows-1252, which the source
may declare with ``\\usepackage[latin1]{inputenc}``. Read as UTF-8 they lose every accent and
every ideograph; :func:`decode` finds the encoding that reads them as written.

An East Asian encoding is taken only when its reading is East Asian text: Japanese has its
syllabaries (hiragana) between the ideographs, Chinese and Korean their own scripts; a reading
that yields half-width katakana or stray symbols is a wrong guess (GBK read as Shift_JIS, say).
"""

from __future__ import annotations

import re

#: inputenc's option names → Python codecs
INPUTENC = {"latin1": "latin-1", "latin9": "iso8859_15", "latin2": "iso8859_2", "latin5": "iso8859_9",
            "ansinew": "cp1252", "cp1252": "cp1252", "cp1250": "cp1250", "cp1251": "cp1251",
            "koi8-r": "koi8_r", "applemac": "mac_roman", "cp850": "cp850", "cp437": "cp437"}
_INPUTENC = re.compile(rb"\\usepackage\s*\[([^\]]*)\]\s*\{inputenc\}")


#: each East Asian codec's own script (code point range) and the least share of the text's
#: non-ASCII characters it must make: Japanese writes its syllabaries between the ideographs, Korean
#: almost only Hangul, Chinese the ideographs alone
_SCRIPT = {"cp932": (0x3040, 0x30FF, 0.1), "euc_jp": (0x3040, 0x30FF, 0.1), "euc_kr": (0xAC00, 0xD7A3, 0.8),
           "gb18030": (0x4E00, 0x9FFF, 0.5), "big5": (0x4E00, 0x9FFF, 0.5)}


def _reads_as(text: str, codec: str) -> bool:
    """Whether ``text``, read with the East Asian ``codec``, is text in that codec's script: its
    own script's share (:data:`_SCRIPT`) at least, and with the ideographs and the full-width
    punctuation nine tenths of the non-ASCII characters; no control characters."""
    wide = [ord(ch) for ch in text if ord(ch) > 0x7F]
    if not wide or sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\n\r\f\v") > 0.01 * len(text):
        return False
    lo, hi, least = _SCRIPT[codec]
    script = sum(1 for c in wide if lo <= c <= hi)
    east_asian = sum(1 for c in wide if lo <= c <= hi or 0x4E00 <= c <= 0x9FFF
                     or 0x3000 <= c <= 0x303F or 0xFF01 <= c <= 0xFF5E)
    return script >= least * len(wide) and east_asian >= 0.9 * len(wide)


#: the East Asian encodings tried in turn (Japanese first: a Shift_JIS or EUC-JP source also reads as
#: GBK, as ideographs, but only Japanese read as Japanese has its syllabaries)
EAST_ASIAN = tuple(_SCRIPT)


def _strict(raw: bytes, codec: str, partial: bool) -> str | None:
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as e:
        # the first bytes of a file may end inside a character
        if partial and e.start >= len(raw) - 3:
            try:
                return raw[:e.start].decode(codec)
            except UnicodeDecodeError:
                return None
        return None


#: Cyrillic words in a one-byte encoding: runs of three bytes or more of its letters' range
_CYRILLIC_RUN = re.compile(rb"[\xc0-\xff]{3,}")


def _cyrillic(raw: bytes) -> str | None:
    """KOI8-R or Windows-1251 for a Russian (or other Cyrillic) text in one of them that declares no
    encoding (``\\usepackage{cyr}``), or None. Its words are all letters of the upper half (bytes
    0xC0-0xFF in both, runs of three or more making most of its non-ASCII bytes, where a Latin
    text's accented letters stand one at a time inside ASCII words); KOI8-R puts the lower-case
    letters at 0xC0-0xDF, Windows-1251 the capitals, and text is mostly in lower case."""
    high = sum(1 for b in raw if b > 0x7F)
    if high < 20 or sum(len(m) for m in _CYRILLIC_RUN.findall(raw)) < 0.6 * high:
        return None
    lower_koi = sum(1 for b in raw if 0xC0 <= b <= 0xDF)
    return "koi8_r" if lower_koi > high - lower_koi else "cp1251"


def _legacy(raw: bytes, partial: bool) -> str | None:
    """The declared (inputenc), East Asian or Cyrillic codec that reads ``raw`` as written, or None."""
    m = _INPUTENC.search(raw)
    if m:
        for option in m.group(1).decode("ascii", "replace").split(","):
            codec = INPUTENC.get(option.strip().lower())
            if codec and _strict(raw, codec, partial) is not None:
                return codec
    for codec in EAST_ASIAN:
        text = _strict(raw, codec, partial)
        if text is not None and _reads_as(text, codec):
            return codec
    return _cyrillic(raw)


def guess(raw: bytes, partial: bool = False) -> str | None:
    """The codec ``raw`` is written in when it is no UTF-8 but a declared or East Asian encoding's
    text; None when it is UTF-8 or none is found. ``partial``: ``raw`` is a file's first bytes."""
    return None if _strict(raw, "utf-8", partial) is not None else _legacy(raw, partial)


def decode(raw: bytes) -> tuple[str, str]:
    """(text, codec) of a text source: UTF-8 when it is UTF-8; else its declared or East Asian
    encoding (:func:`guess`); else Windows-1252, whose few undefined bytes become U+FFFD."""
    try:
        return raw.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        codec = _legacy(raw, False) or "cp1252"
    return raw.decode(codec, errors="replace"), codec
