"""LaTeX source → paper record: title, abstract, sections, display equations with context.

``\\input``/``\\include`` are followed within the main file's folder (never outside it). Display
equations (``equation``, ``align``, ``gather``, ``multline``, ``eqnarray`` with or without ``*``,
``\\[ … \\]``, ``$$ … $$``) keep their LaTeX, ``\\label`` and about 400 characters of the
surrounding prose: the input of ``st-eqsynth``.
"""

from __future__ import annotations

import os
import re

from scholartools.records import RecordError

MATH_ENVS = r"equation|align|gather|multline|eqnarray|flalign|displaymath|math"
DISPLAY = re.compile(r"\\begin\{(?P<env>(?:" + MATH_ENVS + r")\*?)\}(?P<body>.*?)\\end\{(?P=env)\}"
                     r"|\\\[(?P<body2>.*?)\\\]|\$\$(?P<body3>.*?)\$\$", re.S)
SECTION = re.compile(r"\\(?P<cmd>part|chapter|section|subsection|subsubsection|paragraph)\*?\s*"
                     r"(?:\[[^\]]*\])?\s*\{", re.S)
LEVEL = {"part": 0, "chapter": 0, "section": 1, "subsection": 2, "subsubsection": 3, "paragraph": 4}
INCLUDE = re.compile(r"\\(?:input|include|subfile)\s*\{([^}]+)\}")


def _strip_comments(text: str) -> str:
    return re.sub(r"(?<!\\)%.*", "", text)


def _braced(text: str, start: int) -> tuple[str, int]:
    """Content of the brace group opening at ``text[start] == '{'`` and the index after it."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch == "\\":
            continue
        if ch == "{" and (i == 0 or text[i - 1] != "\\"):
            depth += 1
        elif ch == "}" and text[i - 1] != "\\":
            depth -= 1
            if depth == 0:
                return text[start + 1:i], i + 1
    return text[start + 1:], len(text)


def _expand(path: str, root: str, seen: set, depth: int = 0) -> str:
    real = os.path.realpath(path)
    if real in seen or depth > 20:
        return ""
    seen.add(real)
    with open(path, encoding="utf-8", errors="replace") as fh:
        text = _strip_comments(fh.read())

    def sub(m):
        name = m.group(1).strip()
        cand = os.path.normpath(os.path.join(root, name))
        if not cand.endswith(".tex") and not os.path.exists(cand):
            cand += ".tex"
        # only files inside the main file's folder
        if not os.path.realpath(cand).startswith(os.path.realpath(root) + os.sep) or not os.path.isfile(cand):
            return ""
        return _expand(cand, root, seen, depth + 1)

    return INCLUDE.sub(sub, text)


def latex_to_text(s: str) -> str:
    """Readable text of a LaTeX fragment (commands dropped, arguments of text commands kept)."""
    s = re.sub(r"\\(?:cite[pt]?|citep|citet|citealp|ref|eqref|autoref|cref|Cref|label|url)\*?(?:\[[^\]]*\])*\{([^}]*)\}",
               lambda m: "[" + m.group(1) + "]" if "cite" in m.group(0) else ("" if "label" in m.group(0) else m.group(1)), s)
    s = re.sub(r"\\(?:textbf|textit|emph|texttt|textsc|underline|mbox|text|textrm|textsf|footnote|hbox)\{", "{", s)
    s = re.sub(r"\\[a-zA-Z@]+\*?(?:\[[^\]]*\])?", " ", s)
    s = s.replace("~", " ").replace("\\\\", " ").replace("``", "\"").replace("''", "\"")
    s = re.sub(r"[{}]", "", s)
    s = re.sub(r"\\(.)", r"\1", s)
    return " ".join(s.split())


def parse_latex(path: str) -> dict:
    root = os.path.dirname(os.path.abspath(path))
    try:
        text = _expand(path, root, set())
    except OSError as exc:
        raise RecordError("unreadable_file", f"{path}: {exc}", source=path) from None
    m = re.search(r"\\begin\{document\}", text)
    preamble, body = (text[:m.start()], text[m.end():]) if m else ("", text)
    body = re.split(r"\\end\{document\}", body)[0]
    title = None
    tm = re.search(r"\\title\s*(?:\[[^\]]*\])?\s*\{", preamble + body)
    if tm:
        raw, _ = _braced(preamble + body, tm.end() - 1)
        title = latex_to_text(raw.replace("\\\\", " ")) or None
    authors = []
    am = re.search(r"\\author\s*(?:\[[^\]]*\])?\s*\{", preamble + body)
    if am:
        raw, _ = _braced(preamble + body, am.end() - 1)
        # \thanks{…} removed with its braces; names sit before the first line break of each block
        while "\\thanks" in raw:
            k = raw.index("\\thanks")
            j = raw.find("{", k)
            if j < 0:
                break
            _, e = _braced(raw, j)
            raw = raw[:k] + raw[e:]
        for block in re.split(r"\\And|\\AND|\\and(?![a-z])", raw):
            line = re.split(r"\\\\", block)[0]
            for piece in re.split(r",|\\&|\band\b", line):
                name = latex_to_text(piece)
                if name and 1 <= len(name.split()) <= 5 and not re.search(r"@|universit|institut|department", name, re.I):
                    authors.append({"name": name})
    abstract = None
    ab = re.search(r"\\begin\{abstract\}(.*?)\\end\{abstract\}", body, re.S)
    if ab:
        abstract = latex_to_text(ab.group(1))
        body = body[:ab.start()] + body[ab.end():]
    # references: bibliography items when inline
    references = []
    for item in re.findall(r"\\bibitem(?:\[[^\]]*\])?\{[^}]*\}(.*?)(?=\\bibitem|\\end\{thebibliography\}|$)", body, re.S):
        raw = latex_to_text(item)
        if raw:
            from scholartools.parsing.references import parse_reference
            references.append(parse_reference(raw))
    body = re.sub(r"\\begin\{thebibliography\}.*?\\end\{thebibliography\}", "", body, flags=re.S)

    # split into sections at sectioning commands
    marks = []
    for sm in SECTION.finditer(body):
        heading, end = _braced(body, sm.end() - 1)
        marks.append((sm.start(), end, sm.group("cmd"), latex_to_text(heading)))
    chunks = []
    if marks and body[:marks[0][0]].strip():
        chunks.append((None, 1, body[:marks[0][0]]))
    elif not marks:
        chunks.append((None, 1, body))
    appendix_at = body.find("\\appendix")
    in_appendix_from = appendix_at if appendix_at >= 0 else None
    for k, (start, end, cmd, heading) in enumerate(marks):
        stop = marks[k + 1][0] if k + 1 < len(marks) else len(body)
        level = LEVEL[cmd]
        if in_appendix_from is not None and start > in_appendix_from and level == 1 and \
                not heading.lower().startswith("appendix"):
            heading_out = heading
            chunks.append((heading_out, level, body[end:stop], True))
        else:
            chunks.append((heading, level, body[end:stop]))
    sections = []
    equations = []
    for ch in chunks:
        heading, level, content = ch[0], ch[1], ch[2]
        appendix = len(ch) > 3
        paragraphs = []
        pieces = []
        last = 0
        for em in DISPLAY.finditer(content):
            pieces.append(("text", content[last:em.start()]))
            pieces.append(("eq", em))
            last = em.end()
        pieces.append(("text", content[last:]))
        texts = [latex_to_text(p[1]) if p[0] == "text" else None for p in pieces]
        for idx, (kind, val) in enumerate(pieces):
            if kind == "text":
                for para in re.split(r"\n\s*\n", val):
                    t = latex_to_text(re.sub(r"\\begin\{(figure|table)\*?\}.*?\\end\{\1\*?\}", "", para, flags=re.S))
                    if t:
                        paragraphs.append(t)
                continue
            em = val
            latex = (em.group("body") or em.group("body2") or em.group("body3") or "").strip()
            labels = re.findall(r"\\label\{([^}]*)\}", latex)
            latex_clean = re.sub(r"\\label\{[^}]*\}", "", latex).strip()
            before = texts[idx - 1] if idx > 0 else ""
            after = texts[idx + 1] if idx + 1 < len(texts) else ""
            equations.append({"latex": latex_clean, "text": latex_clean, "label": labels[0] if labels else None,
                              "env": em.group("env") or ("\\[" if em.group("body2") is not None else "$$"),
                              "context_before": (before or "")[-400:], "context_after": (after or "")[:400],
                              "section": heading})
        sec = {"heading": heading, "level": level, "paragraphs": paragraphs}
        if appendix:
            sec["type"] = "appendix"
        sections.append(sec)
    sections = [s for s in sections if s["heading"] or s["paragraphs"]]
    from scholartools.text.sections import section_type
    for s in sections:
        s["number"] = None
        if s.get("type") == "appendix":
            kind = section_type(s["heading"] or "")
            s["type"] = kind if kind in ("limitations", "ethics", "acknowledgments", "references") else "appendix"
    return {"title": title, "authors": authors, "abstract": abstract, "sections": sections,
            "equations": equations, "references": references, "source": {"pages": None}}
