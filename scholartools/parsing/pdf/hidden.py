"""Text a reader cannot see: the way instructions to LLM reviewers are planted in submissions.

A span is reported (``{"kind": "hidden_text", "reason", "page", "bbox", "text"}``) when it is

* ``off_page``: outside the page's visible area;
* ``tiny``: font size under 2 pt;
* ``white``: white or near-white fill, unless an image or a filled dark shape lies under it
  (white labels on coloured boxes and figure overlays are legitimate);
* ``invisible``: render mode 3 or zero opacity, unless an image lies under it (the OCR text layer of
  a scanned page is invisible by design);
* ``clipped``: drawn but cut away by a clipping path (found by comparing a clipped and an
  unclipped extraction of the page, done only when the page's clipped text is shorter).

Consecutive spans of one reason on one page are merged into one warning.
"""

from __future__ import annotations

from scholartools import recache as re


def _intersects(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _covered(box, rects) -> bool:
    return any(_intersects(box, r) for r in rects)


def _luminance(rgb) -> float:
    r, g, b = rgb[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def judge(page, suspects: list[dict], vectors: list) -> list[dict]:
    """Warnings for the suspect spans of one open ``page`` (from :func:`extract.page_rows`).

    ``vectors`` are the page's vector boxes ``(x0, y0, x1, y1, colour, stroked, alpha)`` collected
    by the same text extraction (no second pass over the page's drawings).
    """
    if not suspects:
        return []
    images = None
    dark_fills = None
    found: list[dict] = []
    for s in suspects:
        if sum(ch.isalnum() for ch in s["text"]) < 1:
            continue
        if s["off"]:
            reason = "off_page"
        elif s["tiny"]:
            # figure labels can be set very small; text drawn among a figure's paths is not hidden
            if dark_fills is None:
                dark_fills = _dark_fills(vectors)
            if _covered(s["bbox"], dark_fills):
                continue
            reason = "tiny"
        else:  # invisible or white: page_rows reports nothing else
            if images is None:
                images = [tuple(info["bbox"]) for info in page.get_image_info()]
            if _covered(s["bbox"], images):
                continue
            if s["invisible"]:
                reason = "invisible"
            else:
                if dark_fills is None:
                    dark_fills = _dark_fills(vectors)
                b = s["bbox"]
                near = (b[0] - 20, b[1] - 20, b[2] + 20, b[3] + 20)
                if _covered(near, dark_fills):
                    continue
                reason = "white"
        bbox = [round(v, 1) for v in s["bbox"]]
        prev = found[-1] if found else None
        if prev and prev["reason"] == reason and prev["page"] == s["page"] + 1:
            prev["text"] = (prev["text"] + " " + s["text"].strip()).strip()
            pb = prev["bbox"]
            prev["bbox"] = [min(pb[0], bbox[0]), min(pb[1], bbox[1]), max(pb[2], bbox[2]), max(pb[3], bbox[3])]
            continue
        found.append({"kind": "hidden_text", "reason": reason, "page": s["page"] + 1, "bbox": bbox,
                      "text": s["text"].strip()})
    return [f for f in found if sum(ch.isalpha() for ch in f["text"]) >= 2]


def in_graphics(box, vectors: list) -> bool:
    """Does ``box`` overlap any drawn (not near-white) vector graphics of the page?"""
    return _covered(box, _dark_fills(vectors))


def _trigrams(text: str) -> list[str]:
    words = re.findall(r"[^\W_]+", text.lower())
    return [" ".join(words[i:i + 3]) for i in range(len(words) - 2)]


def words_of(text: str) -> str:
    """``text``'s words in lower case, one space between them (what :func:`repeats` compares)."""
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def repeats(text: str, vis: str, need: int = 1) -> bool:
    """Do at least half of ``text``'s word trigrams occur (``need`` times) in ``vis`` (a text's
    :func:`words_of`)?"""
    tg = _trigrams(text)
    return bool(tg) and sum(1 for t in tg if vis.count(t) >= need) >= 0.5 * len(tg)


def drop_artefacts(warnings: list[dict], visible_text: str) -> list[dict]:
    """Leave out hidden text that is a layout artefact rather than a message: text repeating what
    a reader does see (a typesetter's overflow left under a clipping path or outside the page: at
    least half of its word trigrams occur in ``visible_text``, the document's text with clipping
    applied), and a hidden line repeated on three or more pages with only its numbers changed
    (a draft's running header left outside the page box)."""
    vis = words_of(visible_text)
    pages: dict[str, set] = {}
    for w in warnings:
        if w.get("kind") == "hidden_text":
            pages.setdefault(re.sub(r"\d+", "#", " ".join(w["text"].split())), set()).add(w.get("page"))
    out = []
    for w in warnings:
        row = w.pop("_row", None)
        if w.get("kind") == "hidden_text":
            need = 1 if w.get("reason") in ("clipped", "off_page") else 2
            if repeats(row or w["text"], vis, need):
                continue
            if len(pages.get(re.sub(r"\d+", "#", " ".join(w["text"].split())), ())) >= 3:
                continue
        out.append(w)
    return out


def _dark_fills(vectors: list) -> list[tuple]:
    """Boxes of vector graphics under or beside which white text is legitimate: a figure, whose
    white labels sit on coloured areas or are drawn in ways we cannot judge cheaply. Near-white
    fills without a stroke do not count."""
    out = []
    for x0, y0, x1, y1, colour, stroked, _alpha in vectors:
        rgb = ((colour >> 16) & 0xFF) / 255, ((colour >> 8) & 0xFF) / 255, (colour & 0xFF) / 255
        if not stroked and _luminance(rgb) >= 0.95:
            continue
        out.append((x0, y0, x1, y1))
    return out
