"""Page text → rows with font statistics, graphics regions, plus hidden-text findings.

One ``page.get_text("dict")`` call per page (no images, no clipping to the media box, so text
placed off the page is seen and can be reported; vector graphics collected in the same pass).
Lines that MuPDF splits at wide justified gaps are merged back into visual rows within their
block. Each :class:`Row` keeps what the structure pass needs: text, bbox, dominant size,
bold/italic/math-font fractions (from flags *and* font names), the styled lead of the row (for
run-in headings), underlining, whether it lies in a figure, page, block.

Coordinates are MuPDF's, i.e. those of the *unrotated* page; :func:`page_size` gives the page
size in the same system, so a rotated page is not mistaken for text placed off the page.
"""

from __future__ import annotations

from bisect import bisect_left
from operator import itemgetter

from scholartools import recache as re
from scholartools.text.scripts import HAN_KANA_CHAR

BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|medi(?!um)|[-,]b$|\.bi?$|-bd|cmbx|cmb\d|cmssbx|"
                       r"[-_]sb$|-hv$|[-_]h$|-hi$", re.I)
# the sans faces Chinese and Japanese set their headings and emphasis in against a Song or Mincho
# body (Gothic, Kaku Gothic, Hei): their bold, whatever the weight in the name ("IPAexGothic",
# "GothicBBB-Medium", "HiraKakuProN-W6", "SimHei", "STHeiti", "FandolHei-Regular", "Microsoft
# YaHei"); no Latin face's name ("Century Gothic", "Franklin Gothic") is among them
CJK_SANS_NAME = re.compile(r"ipa(?:ex|p)?gothic|gothicbbb|kozgo|haranoajigothic|hirakaku|hiraginosans|ms-?p?gothic|"
                           r"yugoth|simhei|stheiti|heiti|fandolhei|yahei|dengxian|notosanscjk|sourcehansans", re.I)
ITALIC_NAME = re.compile(r"italic|oblique|ital|cmti|cmsl|-it$|-i$|\.b?i$|-mi$|-hi$|[a-z]it$|ti$", re.I)
MATH_NAME = re.compile(r"cmmi|cmsy|cmex|msam|msbm|math|symbol|stix(math|size|var|int|non)|cambria ?math|rsfs|esint|lmmath"
                       r"|txsy|txex|pxsy|euler|eufm|eusm|mtsy|mtex|[tp]xmi|ntxsy|rtxm|rtxsy|rtxex|mnsymbol|wasy", re.I)
# (txfonts' and newtx's small capitals: "rtxsc", "ntxsc", what IEEE papers set in newtx name their
# sections in, at the body's size)
SMALLCAPS_NAME = re.compile(r"cmcsc|sfcc\d|eccc\d|smallcaps|[-+]sc$|caps|\b[rn]?txsc", re.I)
_SUBSET = re.compile(r"^[A-Z]{6}\+")
# a re-encoded copy of a font, named by a two-character suffix ("Foo.B+20", "Foo+fb": the same face
# with its symbols or ligatures in a second encoding); its style is the face's
_RECODED = re.compile(r"\+[0-9a-z]{2}$")
_STYLE_WORDS = ("semibold", "demibold", "condensed", "regular", "oblique", "italic", "medium", "black", "heavy",
                "light", "roman", "semicn", "bold", "book", "demi", "medi", "ital", "psmt", "std", "pro", "mt", "ps",
                "lt", "cn", "bd", "it")


# a span holding a ligature alone, which some fonts take from a font of their own (newtx sets an
# italic "ffi" in "rtxi", flagged upright): it continues the run of spans around it, in its style
LIGATURE_SPANS = frozenset(("ff", "fi", "fl", "ffi", "ffl", "ﬀ", "ﬁ", "ﬂ", "ﬃ", "ﬄ", "\ue103", "\ue104", "\ue09d"))


def _family(name: str) -> str:
    """A font's family: the name before its first hyphen, without style words at its end."""
    base = name.split("-")[0].split(",")[0] if ("-" in name or "," in name) else name
    low = base.lower()
    changed = True
    while changed and len(low) > 3:
        changed = False
        for w in _STYLE_WORDS:
            if low.endswith(w) and len(low) > len(w) + 2:
                low = low[: -len(w)]
                changed = True
                break
    return low[:24]


_SPACING_ACCENT = {"ˆ": "\u0302", "˜": "\u0303", "¨": "\u0308", "´": "\u0301", "`": "\u0300",
                   "¸": "\u0327", "˚": "\u030a", "ˇ": "\u030c", "˘": "\u0306", "¯": "\u0304", "˙": "\u0307",
                   "˝": "\u030b"}
_ACCENTS = "ˆ˜¨´`¸˚ˇ˘¯˙˝"
#: the letters each spacing accent can sit on (a vowel by default): the cedilla and the caron on
#: consonants ("Gradua¸c˜ao" → "Graduação", "Dvoˇr´ak" → "Dvořák"), the tilde on n too ("Pe˜na"),
#: the acute on Polish consonants, the dot on e and z
_VOWELS = "aeiouyAEIOUYıȷ"
_CARRIERS = {"¸": "cCsStTgGkKlLnNrR", "ˇ": "cCdDeEnNrRsStTzZgGkKlL", "˜": _VOWELS + "nN",
             "´": _VOWELS + "cCnNsSzZ", "˙": "eEzZcCgGI"}
#: a plain i or j never carries an accent above it: TeX sets accented i and j on the dotless ı, ȷ
_DOTTED = "ijIJ"
_DOTLESS = {"ı": "i", "ȷ": "j"}
# ligatures that some commercial text fonts (an OpenType family's private-use glyphs, and the
# per-glyph fonts a typesetting system cuts from it) map to private-use code points, so the text
# layer reads "pro\ue103le", "so\ue09dware", "\ue062is": read as their letters inside a word
PUA_LIGATURES = {"\ue103": "fi", "\ue104": "fl", "\ue09d": "ft", "\ue062": "Th", "\ue0bb": "Th"}
_PUA_LIGATURE = re.compile("[\ue103\ue104\ue09d](?=[^\\W\\d_])|(?<=[^\\W\\d_])[\ue103\ue104\ue09d]|[\ue062\ue0bb](?=[a-z])")
# a spacing accent or a private-use ligature: one character class, searched by a fast scan (once
# per row: the rows without one cost nothing more)
_ACCENT_CHAR = re.compile("[ˆ˜¨´`¸˚ˇ˘¯˙˝\ue103\ue104\ue09d\ue062\ue0bb]")


# ligatures a TeX font without a text map leaves as their slots in the font's encoding, control
# characters: the T1 (Cork) slots 0x1B–0x1F and the OT1 slots 0x0B–0x0F read ff, fi, fl, ffi, ffl
# ("pro\x1cssional", "insu\x1ecient", "\x1crst"). Only in the Type 3 fonts dvips-made PDFs name "F16"
# (an Office font's own slots differ: "Pa\x1dent" is "Patient" there), and inside a word or before
# two lower-case letters (a math font's "\x0c\x0c\x0c" is a bar's pieces)
# (and T1's en dash, 0x15, between digits: a page range "66\x1573"; OT1 keeps a breve there, which
# stands between no digits; and T1's double quotes, 0x10 opening a word and 0x11 closing one:
# "\x10DONA'm MÓN … Valencia.\x11"; OT1's dotless i and j there stand beside their accent)
TEX_LIGATURES = {"\x1b": "ff", "\x1c": "fi", "\x1d": "fl", "\x1e": "ffi", "\x1f": "ffl",
                 "\x0b": "ff", "\x0c": "fi", "\x0d": "fl", "\x0e": "ffi", "\x0f": "ffl", "\x15": "\u2013",
                 "\x10": "\u201c", "\x11": "\u201d"}
_TEX_LIGATURE = re.compile("(?<=[^\\W\\d_])[\x0b-\x0f\x1b-\x1f](?=[^\\W\\d_])"
                           "|(?<![^\\W\\d_])[\x0b-\x0f\x1b-\x1f](?=[a-z]{2})|(?<=[a-z]{2})[\x0b-\x0f\x1b-\x1f](?![^\\W\\d_])"
                           "|(?<=\\d)\x15(?=\\d)"
                           "|(?<![^\\W\\d_])(?<![ˆ˜¨´`¸˚ˇ˘¯˙])\x10(?=[^\\W_])"
                           "|(?<=[^\\sˆ˜¨´`¸˚ˇ˘¯˙])\x11(?![^\\W\\d_])(?![ˆ˜¨´`¸˚ˇ˘¯˙])")
_TYPE3_NAME = re.compile(r"F\d{1,4}$")


def tex_ligatures(text: str, fonts) -> str:
    """``text`` with the ligatures of :data:`TEX_LIGATURES` read as their letters where one of the
    row's ``fonts`` is a Type 3 font named as dvips names them."""
    if any(_TYPE3_NAME.match(f) for f in fonts):
        return _TEX_LIGATURE.sub(lambda m: TEX_LIGATURES[m.group(0)], text)
    return text


# a math font's letters (U+1D400–U+1D7FF, "𝜕𝜌") whose code points lost their plane in the PDF's
# text map and read as Hangul syllables ("휕휌"): in a math font's span, they are the math letters
_TRUNCATED_MATH = re.compile("[\ud400-\ud7ff]")
_PLANE_ONE = {c: c + 0x10000 for c in range(0xD400, 0xD800)}


def fix_accents(text: str) -> str:
    """Recombine TeX-style spacing accents with their letter ("Lemaˆıtre" → "Lemaître"), and read
    private-use ligatures inside a word as their letters (:data:`PUA_LIGATURES`)."""
    if text.isascii():   # of the accents only "`" is ASCII: a test for it instead of the scan
        if "`" not in text:
            return text
    elif not _ACCENT_CHAR.search(text):
        return text
    if not text.isascii() and _PUA_LIGATURE.search(text):
        text = _PUA_LIGATURE.sub(lambda m: PUA_LIGATURES[m.group(0)], text)
    if not any(c in text for c in _ACCENTS):
        return text
    return _recombine(text)


def _recombine(text: str) -> str:
    """Each spacing accent joined to the letter beside it that it belongs to. TeX sets an accent
    before its letter ("M¨obius", "Gradua¸c˜ao"), some producers after it ("Schro¨dinger",
    "Franc¸ois"): between two letters the accent goes to the next one unless that one cannot carry
    it and the previous one can (:data:`_CARRIERS`; a dotted i or j carries none above it, "Ciˆencia"
    → "Ciência"); the previous letter only takes it inside a word. An accent after a space and before
    a letter (not after one) is that letter's ("´ Ecole"); a grave accent only joins a vowel (a TeX
    quote "``Hello''" stays as it is)."""
    import unicodedata

    out: list[str] = []
    n, k = len(text), 0
    taken = -1   # the index of the last letter an accent was joined to
    while k < n:
        c = text[k]
        acc = _SPACING_ACCENT.get(c)
        if acc is None:
            out.append(c)
            k += 1
            continue
        carriers = _CARRIERS.get(c, _VOWELS)
        prev = text[k - 1] if k > taken + 1 and k > 0 and text[k - 1].isalpha() else ""
        nxt, step = "", 1
        if k + 1 < n and text[k + 1].isalpha():
            nxt = text[k + 1]
        elif not prev and k + 2 < n and text[k + 1] == " " and text[k + 2].isalpha() \
                and (k == 0 or not text[k - 1].isalpha()):
            nxt, step = text[k + 2], 2
        prev_ok = prev and prev in carriers and not (prev in _DOTTED and c != "¸") and nxt.islower()
        if nxt and (nxt in carriers or not prev_ok) and (c != "`" or nxt in _VOWELS):
            out.append(unicodedata.normalize("NFC", _DOTLESS.get(nxt, nxt) + acc))
            taken = k + step
            k += step + 1
        elif prev_ok:   # (a grave accent's carriers are the vowels)
            out[-1] = unicodedata.normalize("NFC", _DOTLESS.get(prev, prev) + acc)
            taken = k - 1
            k += 1
        else:
            out.append(c)
            k += 1
    return "".join(out)


def _light(colour: int) -> bool:
    """Is an sRGB colour white or nearly (every channel 0xF0 or more)?"""
    return colour >= 0xF0F0F0 and (colour >> 16) >= 0xF0 and ((colour >> 8) & 0xFF) >= 0xF0 and (colour & 0xFF) >= 0xF0


class Row:
    """One visual text row (a line, possibly merged from same-baseline MuPDF lines)."""

    __slots__ = ("text", "x0", "y0", "x1", "y1", "size", "bold", "italic", "math", "caps_font",
                 "page", "block", "font", "family", "nchars", "maxsize", "bold_prefix", "lead", "lead_style",
                 "drop", "kind", "first_in_block", "col", "underline", "fig", "neighbours", "index", "upper",
                 "lead_size", "lead_family", "gap", "mark", "light")

    def __init__(self, page: int, block: int):
        self.page = page
        self.block = block
        self.drop = False
        self.kind = None
        self.first_in_block = False
        self.col = 0
        self.bold_prefix = ""
        self.lead = ""
        self.lead_style = ""
        self.lead_size = 0.0
        self.lead_family = ""
        self.underline = False
        self.fig = False
        self.neighbours = 0
        self.index = 0
        self.upper = False   # set with the text (in capitals); a row built by hand has none
        self.mark = ""   # a note's mark the row ends with, raised and smaller ("Experiments²")
        self.light = False   # its text in white or nearly (on a coloured fill: a box's title bar)
        self.maxsize = 0.0   # its largest span's size (set with the text; a row built by hand has none)

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def __repr__(self) -> str:  # debugging aid
        return f"Row(p{self.page} b{self.block} {self.x0:.0f},{self.y0:.0f} sz{self.size:.1f} " \
               f"bold{self.bold:.1f} {self.text[:60]!r})"


_FONT_CACHE: dict[str, tuple] = {}


def font_traits(font: str) -> tuple[bool, bool, bool, bool, str]:
    """(bold, italic, math, small caps, family) judged from a font name, cached per name."""
    t = _FONT_CACHE.get(font)
    if t is None:
        name = _RECODED.sub("", _SUBSET.sub("", font))
        t = (bool(BOLD_NAME.search(name) or CJK_SANS_NAME.search(name)), bool(ITALIC_NAME.search(name)),
             bool(MATH_NAME.search(name)),
             bool(SMALLCAPS_NAME.search(name)), _family(name))
        _FONT_CACHE[font] = t
    return t


_NOTE_MARKS = ("*", "∗", "†", "‡", "§", "¶", "**", "∗∗", "††")
_WORD_BEFORE_MARK = re.compile(r"[^\W\d_]{3}$")   # a word's last three letters, the mark right after them


def without_mark(text: str, mark: str) -> str:
    """``text`` without the note's mark (:attr:`Row.mark`) its last row ends with, where the mark
    is digits or a note's symbol right after a word of three letters or more ("Experiments²",
    "Nuclear Power¹"; not "χ²", "Fe²⁺")."""
    # (the mark may stand a space apart: "A Case Study of Web API Evolution ¹", a thesis' chapter
    # title whose note the producer set after a space)
    if mark and text.endswith(mark) and (mark.isdigit() or mark in _NOTE_MARKS) \
            and _WORD_BEFORE_MARK.search(text[:-len(mark)].rstrip()):
        return text[:-len(mark)].rstrip()
    return text


def in_capitals(text: str) -> bool:
    """Is ``text`` set in capitals: no lower-case letter and capitals half its letters at least?
    (``str.isupper`` alone holds for a Chinese or Japanese row that opens with a Latin acronym:
    "RDF で記述された…" has no lower case, its ideographs and kana no case at all.)"""
    return text.isupper() and 2 * sum(map(str.isupper, text)) >= sum(map(str.isalpha, text))


def _row_from_spans(spans: list[dict], page: int, block: int) -> Row | None:
    # the hot loop of the extraction (once per span of the document). Spans come in runs of one
    # font, flags and size (most rows are one run): a span that continues the run only adds its
    # characters and box; the run's counts, styles and size and font tallies are booked when the
    # next run starts. The same results as the per-span form (tests/test_parse_rows_speed.py):
    # sums of the same integers, and each tally key inserted in order of first appearance.
    parts: list[str] = []
    append = parts.append
    n = nb = ni = nm = ncaps = 0
    size_chars: dict[float, int] = {}
    font_chars: dict[str, int] = {}
    x0 = y0 = 1e9
    x1 = y1 = -1e9
    prev_x1 = None
    widest = 0.0
    quad = None   # where the first gap of an em or so after a full stop opens, in parts
    runs: list[tuple] = []   # (index of its first span, end of its last span in parts, style) per run
    cache = _FONT_CACHE
    font = flags = ssize = None   # a span's font is a str, its flags an int, its size a float
    run = nspan = 0
    size = 0.0
    bold = italic = fm = fc = False
    style: tuple = ()
    # page_rows passes only spans with text that is not all white space: every span counts
    for s in spans:
        t = s["text"]
        if t == "ð" or t == "Þ":
            # a math font's brackets, which some typesetters' fonts map to eth and thorn: alone in
            # a span of their own ("u", "m", "ð", "t", "Þ" for u_m(t)); a word holding them does not
            # change font around them
            t = "(" if t == "ð" else ")"
        bx0, by0, bx1, by1 = s["bbox"]
        sz = s["size"]
        if by1 - by0 > 1.8 * sz:
            # a font whose ascent is outsized (a math font's "™" in a title line): the span's box
            # reaches one em above its baseline, so the row keeps its place among the lines above
            by0 = max(by0, s["origin"][1] - sz)
        elif by1 < s["origin"][1] - 0.5 * sz:
            # a box wholly above its own baseline (a symbol font's "°" whose metrics put it two
            # lines up: "26°N" read above the title line it ends): one em over the baseline
            by0, by1 = s["origin"][1] - sz, s["origin"][1]
        f = s["font"]
        fl = s["flags"]
        if (f != font or fl != flags or sz != ssize) and (font is None or t not in LIGATURE_SPANS):
            if font is not None:   # book the run that ends here
                n += run
                size_chars[size] = size_chars.get(size, 0) + run
                font_chars[font] = font_chars.get(font, 0) + run
                if bold:
                    nb += run
                if italic:
                    ni += run
                if fm:
                    nm += run
                if fc:
                    ncaps += run
                runs.append((start, len(parts), style))
            traits = cache.get(f) or font_traits(f)
            fb, fi, fm, fc, family = traits
            bold = fb or (fl & 16) != 0   # a bool either way, without bool()'s call
            italic = fi or (fl & 2) != 0
            if sz != ssize:
                size = round(sz * 2) / 2
            style = (bold, italic, family, size, fm)
            font, flags, ssize = f, fl, sz
            start = nspan
            run = 0
        if fm and not t.isascii() and _TRUNCATED_MATH.search(t):
            t = t.translate(_PLANE_ONE)
        nspan += 1
        if prev_x1 is not None:
            g = (bx0 - prev_x1) / (1.0 if 1.0 > sz else sz)
            if g > widest:
                widest = g
            if (g > 0.15 or "spaced" in s) and parts[-1][-1] != " " and t[0] != " ":
                if g > 0.8 and quad is None and parts[-1][-1] == ".":
                    quad = len(parts)   # a quad after a full stop: a run-in head's end (see _set_lead)
                append(" ")
        append(t)
        prev_x1 = bx1
        run += len(t.strip())
        if bx0 < x0:
            x0 = bx0
        if by0 < y0:
            y0 = by0
        if bx1 > x1:
            x1 = bx1
        if by1 > y1:
            y1 = by1
    if font is None:
        return None
    n += run
    if runs:   # the tallies decide the row's size and font only where there are several runs
        size_chars[size] = size_chars.get(size, 0) + run
        font_chars[font] = font_chars.get(font, 0) + run
    if bold:
        nb += run
    if italic:
        ni += run
    if fm:
        nm += run
    if fc:
        ncaps += run
    if not n:
        return None
    r = Row(page, block)
    r.text = fix_accents("".join(parts).strip())
    if r.text[1:2] == " " and _LETTER_SPACED.match(r.text):
        r.text = _close_spacing(parts)
    if not r.text.isprintable():
        r.text = tex_ligatures(r.text, font_chars if runs else (font,))
    r.x0, r.y0, r.x1, r.y1 = x0, y0, x1, y1
    if not runs:   # one run (most rows): its size and font
        r.size = r.maxsize = size
        r.font = font
        r.family = family
    else:
        if len(size_chars) == 1:   # max would return the one key
            r.size = r.maxsize = next(iter(size_chars))
        else:
            r.size = max(size_chars, key=size_chars.get)   # the first of the most frequent, as max over items
            r.maxsize = max(size_chars)
        r.font = font if len(font_chars) == 1 else max(font_chars, key=font_chars.get)
        r.family = cache[r.font][4]
    r.nchars = n
    # (the first and last spans' colour: a title bar's text is white from end to end)
    r.light = _light(spans[0].get("color", 0)) and _light(spans[-1].get("color", 0))
    r.bold = nb / n
    r.italic = ni / n
    r.math = nm / n
    r.caps_font = ncaps / n > 0.5
    r.upper = r.caps_font or (n >= 3 and (in_capitals(r.text) or capitals_with_names(r.text)))
    r.gap = widest
    if nspan > 1 and spans[-1]["flags"] & 1 and spans[-1]["size"] < 0.85 * r.size:
        t = spans[-1]["text"].strip()
        if 0 < len(t) <= 3 and r.text.endswith(t) and len(r.text) > len(t) + 2:
            r.mark = t
    if not runs:   # one run: one style throughout, a bold row's lead is all of it (no lead unless maths)
        if bold and not fm:
            r.bold_prefix = r.text
    else:
        runs.append((start, len(parts), style))
        _set_lead(r, runs, parts, quad)
        if not r.lead.isprintable():
            r.lead = tex_ligatures(r.lead, font_chars)
        if not r.upper and ni and 2 * ni < n <= 120:
            r.upper = _upright_upper(runs, parts)
    return r


def capitals_with_names(text: str) -> bool:
    """Is ``text`` a row in capitals that keeps a name's own lower case ("6. THE EMERGING SAMPLE OF
    YOUNG SNe Ia", "… IN mRNA DECAY")? Four words of two capitals or more, and at most two words with a
    lower-case letter, each opening in a capital, or holding one or a digit ("SNe", "Ia", "iPTF",
    "mRNA", "16abc")."""
    caps = named = 0
    for word in text.split():
        if not any(ch.isalpha() for ch in word):
            continue
        if not any(ch.islower() for ch in word):
            caps += sum(ch.isalpha() for ch in word) >= 2
        elif any(ch.isupper() or ch.isdigit() for ch in word):
            named += 1
        else:
            return False
    return caps >= 4 and 0 < named <= 2


# a row set letter-spaced in capitals ("S P E C T R A L  D E N S I T Y", classicthesis' headings):
# six letters or more, each standing alone (a kerned pair, "TA", or a hyphen may join a few)
_LETTER_SPACED = re.compile(r"^(?:[\dA-ZÀ-ÖØ-Þ.+]{1,3}(?:[-–][\dA-ZÀ-ÖØ-Þ.+]{0,3})? ){5,}"
                            r"[\dA-ZÀ-ÖØ-Þ.+]{1,3}(?:[-–][\dA-ZÀ-ÖØ-Þ.+]{0,3})?$")


def _close_spacing(parts: list[str]) -> str:
    """A letter-spaced row's text with its words closed up: the spaces inside a span are the
    spacing, a gap between spans (where :func:`_row_from_spans` put a space) is a word's end."""
    return fix_accents("".join(p if p == " " else p.replace(" ", "") for p in parts).strip())


def _upright_upper(runs: list, parts: list[str]) -> bool:
    """Are a row's upright runs set in capitals (three letters or more) while its italic runs are
    not: a heading in capitals that names a mission or a species in italics ("2. THE *Kepler*–GAIA
    DATA")? Runs in a math font count as italic. ``runs`` as :func:`_set_lead` takes them."""
    upright = []
    k = 0
    for _first, end, style in runs:
        if not style[1] and not style[4]:
            upright.append("".join(parts[k:end]))
        k = end
    text = "".join(upright)
    return text.isupper() and sum(map(str.isalpha, text)) >= 3


_RUNIN_NUMBER = re.compile(r"^\s*(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|\d{1,2}\)|[IVX]{1,5}\.|[A-H]\.)\s*$")
# a numbered lead's own closing period inside a styled prefix that runs on into the text's first
# word in the same style ("*3.1. Rosmarinus Genus. Rosmarinus* in the …": a species name opening
# the text): a word of three letters or more, no abbreviation, then a capital
_LEAD_CLOSE = re.compile(r"^\d{1,2}(?:\.\d{1,2}){0,3}\.? [^.]*?(?<=[^\W\d_]{3})"
                         r"(?<!\b(?:[Ff]ig|[Ee]qs|[Rr]ef|[Ee]tc|[Vv]ol|[Nn]os))\. (?=[A-Z])")


# quotation marks, brackets and the like: no word, no stop (a lead's closing period set in the
# text's face ends the lead: "*Analysis of Constituents*. *O. gratissimum* oil was …"), no
# operator (a display formula's bold symbols around "=" and "+" are no lead: "**Y** = **HX** + **N**")
_MARKS_ONLY = re.compile(r"[\s\"'“”‘’„«»‹›()\[\]{}/&*†‡-]*")
# a math font's letters set within a word (a blackboard-bold or calligraphic letter)
_MATH_LETTERS = re.compile(r"[A-Za-z]{1,2}")
#: a hyphen that joins a math letter to the word it opens ("*G*-sets", "*k*-means")
_HYPHEN_WORD = re.compile(r"-[^\W\d_]")
# a section's number alone, before a numbered title's first word ("3.3")
_SECTION_NUMBER = re.compile(r"\d{1,2}(?:\.\d{1,2}){0,3}\.?")
# a lead's own closing stop or dash: at the end of the text so far, or opening the next run
_CLOSED = re.compile(r"[.:—–]\s*$")
_OPENS_CLOSED = re.compile(r"\s*[.:—–]")


#: the most characters a piece of a formula inside a run-in title holds (a subscript, a variable, a symbol)
_FORMULA_PIECE = 3


def _formula_piece(text: str, smaller: bool) -> bool:
    """A piece of a formula: :data:`_FORMULA_PIECE` characters or fewer, a letter at most unless set
    smaller (a sub- or superscript); a word in the text's face between a title's italic names
    ("*Azardicta indica* and *Annona squamosa*. Healing …") is none."""
    return len(text) <= _FORMULA_PIECE and (smaller or sum(map(str.isalpha, text)) <= 1)


def _through_formula(runs: list, parts: list[str], i: int, first: tuple) -> int:
    """Where a run-in title with a formula in it ends: the lead's style stopped at run ``i``, and
    from there groups of runs in other styles or sizes, each short (sub- and superscripts, a
    variable, a sign: :func:`_formula_piece`), alternate with runs in the lead's style up to a run
    in the text's face, the title closing on its stop before it ("4.3. Synthesis of [NBu₄]₂[Pt₆₋ₓ
    Niₓ(CO)₁₂] (*x* = 1.25). A solution …", the title in one coded face, its subscripts smaller, its
    variable italic and its minus in a symbol font); 0 where the runs do not read so. A math
    letter standing between two words ("**Sets** ℕ **and more.**") is a formula's, no piece; the
    groups are the same whether ``runs`` holds runs of spans or single spans."""
    nruns = len(runs)

    def own(k):
        st = runs[k][2]
        return st[0] == first[0] and st[1] == first[1] and st[2] == first[2] and not st[4]

    k, pieces = i, 0
    while k < nruns:
        if own(k):
            k += 1
            continue
        g = k
        while g < nruns and not own(g):
            g += 1
        if g == nruns:
            break
        raw = "".join(parts[runs[k - 1][1]:runs[g - 1][1]])
        before, after = "".join(parts[:runs[k - 1][1]])[-1:], parts[runs[g - 1][1]][:1]
        apart = (raw[:1].isspace() or before.isspace()) and (raw[-1:].isspace() or after.isspace())
        if not _formula_piece(raw.strip(), all(runs[q][2][3] < 0.85 * first[3] for q in range(k, g))) \
                or apart and any(runs[q][2][4] for q in range(k, g)):
            break
        pieces += 1
        k = g
    # (the title's own style closes it: a colon in the text's face after a bold label, "**Id**: 87_1",
    # is no formula's piece)
    if not pieces or k == nruns or not own(k - 1) or not _CLOSED.search("".join(parts[:runs[k - 1][1]])):
        return 0
    return k


def _set_lead(r: Row, runs: list, parts: list[str], quad: int | None = None) -> None:
    """The row's styled lead: leading spans in a style (bold, italic or another font) that the
    rest of the row does not share ("**Training.** We train …"); ``bold_prefix`` keeps the bold part.
    ``runs`` holds, per run of spans in one font, flags and size, the index of its first span,
    where its last span ends in ``parts`` and its style ``(bold, italic, family, size, math)``.

    ``quad`` (an index into ``parts``) is where a gap of 0.8 em or more opens after a full stop:
    a run-in head's closing space (LaTeX's ``\\paragraph`` sets a quad after its title). A lead
    that goes on past it in its own style ends there: "**Contributions.**␣␣**(1) A negative
    result.** Structured …" is the head "Contributions." over a bold sentence of the text. Not
    after a number ("**4.1.1.**␣␣**BQR round down …**", "**Step 2.**␣␣**Fitting.**"), nor after
    a colon, which a loose justified line spaces as widely ("**The intraday retest:**␣␣**the
    gate can pass.**", one head)."""
    # a section number set in the body's upright type before a bold or italic run-in title
    # ("1.1. **Why this matters.** Before we …"): the lead starts after it and keeps it
    j = 0
    st0 = runs[0][2]
    st1 = runs[1][2]
    if runs[1][0] == 1 and not st0[0] and not st0[1] and (st1[0] or st1[1]) \
            and _RUNIN_NUMBER.match("".join(parts[:runs[0][1]])):
        j = 1
    first = runs[j][2]
    f0, f1, f2 = first[0], first[1], first[2]
    i = j
    nruns = len(runs)
    while i < nruns:   # the runs in the first span's bold, italic and family (a bold one's in either slant), no math
        st = runs[i][2]
        if i > j and st == runs[i - 1][2] and not st[4]:
            i += 1   # (two fonts of one style: one run for the lead)
            continue
        if not st[4] and (st[2] == f2 and st[1] == f1 and st[0] == f0
                          or f0 and st[0] and not _CLOSED.search("".join(parts[:runs[i - 1][1]]))
                          and not _OPENS_CLOSED.match(parts[runs[i - 1][1]])):
            # (a bold lead goes on in bold of either slant and any face: "***In situ* TEM
            # analysis.** We …", its italic in a face of its own where the font names are coded;
            # not past its closing stop or dash: "***Abstract*—** **To verify …**")
            i += 1
            continue
        # a quotation mark or bracket in another face, the lead's own style going on after it
        # ("**Simulation under “recognition” assumptions** The …")
        k = i + 1
        while k < nruns and runs[k][2] == st:
            k += 1
        nx = runs[k][2] if k < nruns else None
        if nx is not None and not st[4] and not nx[4] and (nx[2] == f2 and nx[1] == f1 and nx[0] == f0 or f0 and nx[0]) \
                and _MARKS_ONLY.fullmatch("".join(parts[runs[i - 1][1] if i else 0:runs[k - 1][1]])):
            i = k
            continue
        # a letter or two of a math font inside the lead's word, the lead's style going on after
        # them ("**Seq**ℕ**.** At this stage …": a blackboard-bold letter of a category's name), or
        # opening a hyphenated word of a bold lead ("**5.1. Transitive** *G***-sets.** A representation …";
        # in a sentence set in another face, "*to get the* w*-width format*", the formula's), or
        # standing as the first word of a numbered title ("**3.3** *e* **is a normal edge** For e =
        # (u, v) …"; between two words, "**Sets** ℕ **and more.**", it is a formula's)
        if st[4] and i > j and nx is not None and not nx[4] and nx[2] == f2 and nx[1] == f1 and nx[0] == f0:
            math, before, after = ("".join(parts[runs[i - 1][1]:runs[k - 1][1]]), parts[runs[i - 1][1] - 1][-1:],
                                   parts[runs[k - 1][1]][:2])
            if _MATH_LETTERS.fullmatch(math) and before.isalpha() \
                    or f0 and _MATH_LETTERS.fullmatch(math.strip()) and _HYPHEN_WORD.match(after) \
                    or _MATH_LETTERS.fullmatch(math.strip()) and (math[:1].isspace() or before.isspace()) \
                    and (math[-1:].isspace() or after[:1].isspace()) \
                    and _SECTION_NUMBER.fullmatch("".join(parts[:runs[i - 1][1]]).strip()):
                i = k
                continue
        if i > j:
            k = _through_formula(runs, parts, i, first)
            if k:
                i = k
        break
    if i == nruns:   # one style throughout: no lead
        if f0:
            r.bold_prefix = r.text
        return
    lead = " ".join("".join(parts[:runs[i - 1][1]]).split()) if i else ""
    if f0:
        r.bold_prefix = lead
    if not lead:
        return
    rest = runs[i][2]
    if i + 1 < nruns and "".join(parts[runs[i - 1][1]:runs[i][1]]).strip() in ("—", "–"):
        # the dash of Physical Review's run-in heads in a bold face of its own, then the text
        # ("***Introduction.*** **—**The O(n²) circuit depth …"): the text's style is what follows it
        rest = runs[i + 1][2]
    if rest[4]:
        return  # a math span follows: an inline formula, not a heading
    # the lead's closing period set in the text's face ("**Regrowth test**. After …") closes the
    # lead as it would in the lead's own (not a colon so set: list items' labels take one too)
    if lead:
        k = runs[i - 1][1]
        after = parts[k]
        if after[:1] == "." and (after[1:2].isspace() or after == "." and k + 1 < len(parts)
                                 and parts[k + 1][:1].isspace()):
            lead += "."
        elif lead[-1] not in ".:":
            m = _LEAD_CLOSE.match(lead)
            if m is not None:
                lead = lead[:m.end() - 1]
    if f0 and not rest[0]:
        kind = "b"
    elif f1 and not rest[1] and (not rest[0] or lead[-1] == ":"):
        # (an italic lead closed by a colon before a bold one: IEEE's run-in subsubsection, "*2) Two
        # Rounds of MapReduce Jobs:* **Without preprocessing.** …"; not a journal's name before its
        # year in bold, "*Z. Anorg. Allg. Chem.* **2005**", a chemist's reference)
        kind = "i"
    elif f2 != rest[2] and not f1 and not any(runs[k][2][2] == f2 and not runs[k][2][4] for k in range(i + 1, nruns)) \
            and not _script_switch(lead, parts[runs[i - 1][1]:]):
        # (another face only where the row does not return to it: a CJK text face around a
        # number or a Latin word set in a Latin font, "本稿では，… 2 つの概念", is the row's own;
        # so is a Latin word opening a Chinese or Japanese row, "Babascript では、…")
        kind = "f"
    else:
        return
    if quad is not None and quad < runs[i - 1][1]:
        head = " ".join("".join(parts[:quad]).split())
        if any(ch.isalpha() for ch in head) and not _RUNIN_NUMBER.match(head) and not head[-2:-1].isdigit():
            lead = head
    r.lead = fix_accents(lead)
    r.lead_style = kind
    r.lead_size = first[3]
    r.lead_family = f2


def _script_switch(lead: str, after: list[str]) -> bool:
    """A lead in Latin letters before Chinese or Japanese text, or a Chinese or Japanese lead that
    closes on no stop or colon before Latin text ("人への命令構文の第一引数には、Babascript
    Client"): the font changes with the script, not for emphasis."""
    rest = "".join(after).lstrip()
    if not rest:
        return False
    if HAN_KANA_CHAR.search(lead) is None:
        return HAN_KANA_CHAR.match(rest) is not None
    return rest[0].isascii() and rest[0].isalnum() and lead[-1] not in "．。：:.)）"


def page_size(page) -> tuple[float, float]:
    """Width and height of ``page`` in the coordinates of its text (the unrotated page)."""
    rect = page.rect
    if page.rotation % 180:
        return rect.height, rect.width
    return rect.width, rect.height


_CELL = 12.0


def _graphics(blocks: list[dict], pw: float, ph: float) -> tuple[set, list, list]:
    """(figure cells, thin horizontal rules, all vector boxes) from MuPDF's vector blocks.

    Figure cells are the cells of a 12-pt grid over the page that two or more vector paths
    (curves, small rectangles, markers) touch: the drawn part of a figure. Large filled
    rectangles (panels, shaded boxes, page frames) and thin rules do not count; rules are kept
    apart to find underlined text.
    """
    rules = []
    allv = []
    hits: dict[tuple[int, int], int] = {}
    page_area = pw * ph
    for b in blocks:
        if b.get("type") != 3:
            continue
        x0, y0, x1, y1 = b["bbox"]
        w, h = x1 - x0, y1 - y0
        allv.append((x0, y0, x1, y1, b.get("color", 0), b.get("stroked", False), b.get("alpha", 255)))
        if h <= 1.6 and w >= 8:
            rules.append((x0, y0, x1, y1))
            continue
        if w <= 1.6 and h >= 8 or w * h > 0.35 * page_area or b.get("isrect") and w * h > 2500:
            continue
        cx0, cx1 = int(x0 // _CELL), int(x1 // _CELL)
        cy0, cy1 = int(y0 // _CELL), int(y1 // _CELL)
        if (cx1 - cx0 + 1) * (cy1 - cy0 + 1) > 300:
            continue
        for cx in range(cx0, cx1 + 1):
            for cy in range(cy0, cy1 + 1):
                hits[(cx, cy)] = hits.get((cx, cy), 0) + 1
    cells = {k for k, v in hits.items() if v >= 2}
    return cells, rules, allv


def _mark_rows(rows: list[Row], cells: set, rules: list) -> None:
    """``fig`` for rows lying in figure cells, ``underline`` for rows with a rule just below.

    The cells are looked up by grid row (the figure cells of a row's band and of the bands above
    and below it, as sets of grid columns) and the rules by their top edge (sorted, the window
    below a row found by bisection), instead of testing every cell the row spans and every rule
    of the page: the same answers (tests/test_parse_rows_speed.py)."""
    if cells:
        by_band: dict[int, set] = {}
        for cx, cy in cells:
            band = by_band.get(cy)
            if band is None:
                by_band[cy] = {cx}
            else:
                band.add(cx)
        empty: set = set()
        for r in rows:
            cy = int(((r.y0 + r.y1) / 2) // _CELL)
            a, b = int(r.x0 // _CELL), int(r.x1 // _CELL)
            # a cell counts when it is a figure cell or lies between two (above and below)
            mark = by_band.get(cy, empty) | (by_band.get(cy - 1, empty) & by_band.get(cy + 1, empty))
            inside = 0
            for cx in mark:
                if a <= cx <= b:
                    inside += 1
            r.fig = inside >= 0.6 * len(range(a, b + 1))
    if rules:
        rules = sorted(rules, key=itemgetter(1))
        tops = [q[1] for q in rules]
        n = len(rules)
        for r in rows:
            k = bisect_left(tops, r.y1 - 1.5)
            hi = r.y1 + 0.35 * r.size
            while k < n and tops[k] <= hi:
                rx0, _ry0, rx1, _ry1 = rules[k]
                if rx0 <= r.x0 + 3 and rx1 >= r.x1 - 3 and rx1 - rx0 < 2.5 * (r.x1 - r.x0) + 20:
                    r.underline = True
                    break
                k += 1


def _margin_number(spans: list[dict], beside: list[dict], gap: float) -> bool:
    """Are ``spans``, ``gap`` points from the line ``beside`` them, a bare number set at most 0.7
    times its size, more than 8 pt away (a note's mark stands close), or 0.8 times and three of
    its ems away (ACL's review copies number lines in 8-pt type beside 11-pt text; an
    affiliation's number in 6-pt type stands 11 pt before its 8-pt line): a review copy's line
    number in the margin, which MuPDF may give the text's block (a submission template's "… the
    cost we 36"), kept a row of its own for :func:`layout.drop_running_text`?"""
    if len(spans) != 1 or gap <= 8.0 or not spans[0]["text"].strip().isdecimal():
        return False
    size = beside[-1]["size"]
    return spans[0]["size"] < 0.7 * size or spans[0]["size"] < 0.8 * size and gap > 3 * size


def _math_font(span: dict) -> bool:
    return font_traits(span["font"])[2]


def _word_blocks(blocks: list[dict]) -> list[dict]:
    """MuPDF's blocks with runs of one-line blocks that continue one another on a row, a word's
    space apart, made one block: some producers write each word as a text object of its own, and
    MuPDF then makes each word a block ("This", "work", "introduces", … for every line of an
    abstract's later paragraphs), which the reading order would read as columns of words. Blocks
    of several lines, a block a column's gutter away and pieces of a formula (a math font's glyphs,
    which the text layer places apart on purpose) are left as they are; a block that took
    others keeps the first one's place (the index of a block in the list returned names its rows'
    block; where nothing is joined, the list is MuPDF's)."""
    out: list[dict] = []
    last = None   # the line a one-line block may continue: the last line of the last text block,
    at = -1       # which is out[at] (vector graphics' blocks between do not part them)
    for b in blocks:
        lines = b.get("lines")
        if b.get("type", 0) != 0 or not lines:
            out.append(b)
            continue
        if len(lines) == 1 and last is not None and lines[0]["spans"]:
            ln = lines[0]
            x0, y0, _, y1 = ln["bbox"]
            _, ly0, lx1, ly1 = last["bbox"]
            if -1.0 <= x0 - lx1 <= 0.6 * ln["spans"][0]["size"] and ln["dir"][0] > 0.9 \
                    and min(y1, ly1) - max(y0, ly0) > 0.5 * min(y1 - y0, ly1 - ly0) \
                    and not _math_font(last["spans"][-1]) and not any(map(_math_font, ln["spans"])):
                out[at] = dict(out[at], lines=out[at]["lines"] + [ln])   # MuPDF's dict stays as it is
                last = ln
                continue
        out.append(b)
        at = len(out) - 1
        last = lines[-1] if lines[-1]["spans"] else None
    return out


def page_rows(d: dict, page: int, size: tuple[float, float]) -> tuple[list[Row], list[dict], list]:
    """Rows of one page's text dict, in MuPDF block order, spans needing a hidden-text check,
    and the page's vector boxes ``(x0, y0, x1, y1, colour, stroked, alpha)``.

    Text written vertically (arXiv side stamps) and text outside the page are not rows; spans
    outside the page or otherwise suspicious are returned for :mod:`hidden` to judge.
    ``size`` is the page size in text coordinates (:func:`page_size`).
    """
    rows: list[Row] = []
    suspects: list[dict] = []
    pw, ph = size
    right, bottom = pw - 0.5, ph - 0.5
    blocks = d["blocks"]
    for bi, b in enumerate(_word_blocks(blocks)):
        if b.get("type", 0) != 0:
            continue
        cur_spans: list[dict] = []
        cy0 = cx1 = cy1 = 0.0
        first = True
        block_rows: list[Row] = []
        for line in b["lines"]:
            spans = line["spans"]
            visible: list[dict] = []
            dx, dy = line["dir"]
            rotated = abs(dy) > 0.1 or dx < 0
            space = None   # the middle of a span of white space right before this one in the line
            for s in spans:
                t = s["text"]
                if not t or t.isspace():   # not t.strip(), without a copy
                    if t:
                        space = 0.5 * (s["bbox"][0] + s["bbox"][2])
                    continue
                if space is not None:
                    # the word after a space of its own keeps it where it starts past the space's
                    # middle: the glyph before may reach over the space (a ligature's box,
                    # "Hausdorff" + " " + "Metric" read "HausdorffMetric"); a producer's dummy space
                    # that the next glyph overlaps is none ("(5-R-1" + " " + "H" at the space's start)
                    if visible and s["bbox"][0] >= space:
                        s["spaced"] = True   # (read by _row_from_spans)
                    space = None
                bx0, by0, bx1, by1 = s["bbox"]
                col = s["color"]
                # one test for the common span (on the page, dark, not tiny, drawn); the exact
                # reasons below only for the others
                if 0.5 < bx1 and 0.5 < by1 and bx0 < right and by0 < bottom and (col < 0xF0F0F0 or rotated) \
                        and (s["size"] >= 2.0 or (by1 - by0) >= 2.5):
                    try:   # alpha and char_flags: pymupdf >= 1.25 gives both (no method calls then)
                        drawn = s["alpha"] != 0 and s["char_flags"] & 48
                    except KeyError:
                        drawn = s.get("alpha", 255) != 0 and s.get("char_flags", 16) & 48
                    if drawn:
                        visible.append(s)
                        continue
                off = bx1 <= 0.5 or by1 <= 0.5 or bx0 >= right or by0 >= bottom
                white = not rotated and _light(col)
                # the font size alone misleads for Type 3 / scaled fonts: the glyph box must be small too
                tiny = s["size"] < 2.0 and (by1 - by0) < 2.5
                invisible = s.get("alpha", 255) == 0 or (s.get("char_flags", 16) & 48) == 0
                if off or white or tiny or invisible:
                    suspects.append({"page": page, "text": t, "bbox": [bx0, by0, bx1, by1], "size": s["size"],
                                     "color": col, "off": off, "white": white, "tiny": tiny,
                                     "invisible": invisible})
                    if off or tiny:
                        continue
                visible.append(s)
            if not visible:
                continue
            if rotated:
                continue  # rotated stamps, vertical margin text
            lx0, ly0, lx1, ly1 = line["bbox"]
            if cur_spans:
                # same visual row: vertical overlap of at least half the smaller height (the row's
                # box cy0..cy1, cx1 kept in names; conditionals pick what min()/max() would)
                ov = (ly1 if ly1 < cy1 else cy1) - (ly0 if ly0 > cy0 else cy0)
                hl, hc = ly1 - ly0, cy1 - cy0
                if ov > 0.5 * (hl if hl < hc else hc) and lx0 >= cx1 - 1 \
                        and not (_margin_number(visible, cur_spans, lx0 - cx1)
                                 or _margin_number(cur_spans, visible, lx0 - cx1)):
                    cur_spans.extend(visible)
                    if ly0 < cy0:
                        cy0 = ly0
                    if lx1 > cx1:
                        cx1 = lx1
                    if ly1 > cy1:
                        cy1 = ly1
                    continue
                r = _row_from_spans(cur_spans, page, bi)
                if r:
                    r.first_in_block = first
                    first = False
                    block_rows.append(r)
            cur_spans = visible   # a new list per line: extending it later changes no other line
            cy0, cx1, cy1 = ly0, lx1, ly1
        if cur_spans:
            r = _row_from_spans(cur_spans, page, bi)
            if r:
                r.first_in_block = first
                block_rows.append(r)
        rows.extend(block_rows)
    figs, rules, vectors = _graphics(blocks, pw, ph)
    if figs or rules:
        _mark_rows(rows, figs, rules)
    return rows, suspects, vectors
