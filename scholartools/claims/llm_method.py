"""The LLM methods of st-claims (task generators driven by :mod:`scholartools.llm.stages`).

* ``extract`` — CLAIMCHECK's extraction, chunk by chunk: the paper's searchable text (abstract and
  body, as the offline method reads it) is cut by the layer's section splitter
  (:func:`scholartools.llm.tokens.split_sections`, ``chunk_tokens`` per chunk) and each chunk is
  asked for its claims with the title and abstract as context (``claims_extract``). Every claim
  goes through the shared verbatim checker (:func:`scholartools.text.verbatim.check`) against its
  chunk: a claim that is not one contiguous verbatim span of the chunk is dropped and counted
  (``provenance.verbatim_dropped``); a kept claim is located in its section text, and its ``text``
  is that exact span (whitespace as in the paper).
* ``weaknesses`` — one call per review (``claims_weaknesses``); passages checked verbatim against
  the review in the same way.
* ``associate`` — one call per weakness (``claims_associate``): title, abstract, the paper text cut
  to ``paper_tokens``, the numbered claims, the review cut to ``review_tokens``, the weakness and —
  only with ``confidence_field`` — its groundedness confidence. The reply names at most 3 claim ids
  (``"Claim3"`` or ``"Claim 3: …"``); an id not in the list, or more than 3 targets, is a malformed
  reply (one repair re-ask, then unscored: ``targets`` null with the raw reply, never an empty
  list, which would mean "ungrounded"). A custom target is kept only when it is verbatim in the
  paper text.
"""
from __future__ import annotations

import re

from scholartools.claims import fields as R
from scholartools.records import RecordError

EXTRACT_TEMPLATE = "claims_extract"
WEAKNESS_TEMPLATE = "claims_weaknesses"
ASSOCIATE_TEMPLATE = "claims_associate"
_ID = re.compile(r"^\s*claim\s*(\d+)\b", re.I)


# ----------------------------------------------------------------------------------- parsers

def parse_string_list(key: str):
    """A parser of ``{key: [strings]}`` replies (a bare JSON list is accepted too)."""
    from scholartools.llm import replies

    def parse(text: str) -> list[str]:
        try:
            value = replies.parse_json(text)
        except replies.ReplyParseError:
            raise replies.ReplyParseError(f'expected a JSON object {{"{key}": ["...", ...]}}') from None
        if isinstance(value, dict):
            low = {k.lower(): v for k, v in value.items()}
            if key not in low:
                raise replies.ReplyParseError(f'expected a JSON object with the key "{key}" (a list of strings)')
            value = low[key]
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise replies.ReplyParseError(f'expected "{key}" to be a list of strings')
        return [x for x in value if x.strip()]

    return parse


def association_parser(ids: list[str], max_targets: int = 3):
    """A parser of association replies: ``{"targets": [...], "reasoning", "custom_target"}`` with
    every target one of ``ids`` (written ``Claim3`` or ``Claim 3: text``) and at most
    ``max_targets`` in all, the custom target included."""
    from scholartools.llm import replies

    known = {i.lower().replace(" ", ""): i for i in ids}

    def parse(text: str) -> dict:
        value = replies.parse_json(text, expect="object")
        low = {k.lower().replace(" ", "_"): v for k, v in value.items()}
        raw = low.get("targets", low.get("target_claims", low.get("target_claims_extracted")))
        if raw is None:
            raise replies.ReplyParseError('expected a JSON object with "targets" (a list of claim ids such as '
                                          '"Claim3"), "reasoning" and "custom_target"')
        if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
            raise replies.ReplyParseError('expected "targets" to be a list of claim ids such as "Claim3"')
        targets = []
        for t in raw:
            m = _ID.match(t)
            key = f"claim{m.group(1)}" if m else t.strip().lower()
            if key not in known:
                raise replies.ReplyParseError(f'"{t[:40]}" is not one of the numbered claims (Claim1 to Claim{len(ids)})')
            if known[key] not in targets:
                targets.append(known[key])
        custom = low.get("custom_target") or ""
        if not isinstance(custom, str):
            raise replies.ReplyParseError('expected "custom_target" to be a string (empty when there is none)')
        if len(targets) + bool(custom.strip()) > max_targets:
            raise replies.ReplyParseError(f"expected at most {max_targets} targets in all, custom target included")
        reasoning = low.get("reasoning")
        return {"targets": targets, "custom_target": custom.strip(),
                "reasoning": reasoning if isinstance(reasoning, str) else None}

    return parse


# ----------------------------------------------------------------------------------- helpers

def contiguous(span: str, source: str) -> tuple[int, int] | None:
    """Offsets of ``span`` in ``source`` when the shared checker finds it verbatim as one
    contiguous piece (a claim or a weakness is one passage), else None."""
    from scholartools.text.verbatim import check

    r = check(span, source)
    if r.verbatim and len(r.pieces) == 1 and r.pieces[0].found:
        return r.pieces[0].start, r.pieces[0].end
    return None


def _locate(span: str, parts) -> tuple | None:
    """The (name, index, text, start, end) of the first searchable part holding ``span``."""
    from scholartools.text.verbatim import find

    for name, idx, _, text in parts:
        loc = find(span, text)
        if loc is not None:
            return name, idx, text, loc[0], loc[1]
    return None


def _title(rec: dict) -> str:
    t = rec.get("title")
    return t if isinstance(t, str) else ""


def _abstract(rec: dict, parts) -> str:
    a = rec.get("abstract")
    if isinstance(a, str) and a.strip():
        return a
    for name, _, kind, text in parts:   # no abstract field: the unheaded first section, if any
        if kind == "abstract":
            return text
    return ""


# ----------------------------------------------------------------------------------- extract

def llm_extract(rec: dict, ctx):
    """Claims of one paper record (a task generator)."""
    from scholartools.claims.extract import number_claims, paper_texts
    from scholartools.llm.tokens import split_sections

    opts: R.ClaimsOptions = ctx.options
    R.require_paper(rec)
    parts = paper_texts(rec)
    if not parts:
        return R.with_claims(rec, [])
    sections = [{"heading": "Abstract" if name == "abstract" else (name or ""), "text": text}
                for name, _, _, text in parts]
    chunks = split_sections(sections, opts.chunk_tokens, model=ctx.model)
    abstract = _abstract(rec, parts)
    answers = yield [ctx.ask(EXTRACT_TEMPLATE, title=_title(rec), abstract=abstract, chunk=chunk,
                             parse=parse_string_list("claims"), dry_value=[]) for chunk in chunks]
    found, proposed, dropped, unlocated, failed = [], 0, 0, 0, []
    for i, (chunk, res) in enumerate(zip(chunks, answers)):
        if res.value is None:
            failed.append(i)
            continue
        for claim in res.value:
            proposed += 1
            if contiguous(claim, chunk) is None:
                dropped += 1
                continue
            where = _locate(claim, parts)
            if where is None:   # verbatim in the chunk but across a heading or two sections
                unlocated += 1
                continue
            name, idx, text, a, b = where
            found.append({"text": text[a:b], "section": name, "section_index": idx, "start": a, "end": b})
    if failed and len(failed) == len(chunks) and not ctx.dry_run:
        raise RecordError("unparsable_reply", f"no chunk's claim-extraction reply could be read ({len(chunks)} chunks)",
                          raw=answers[0].text)
    out = R.with_claims(rec, number_claims(found))
    if failed and not ctx.dry_run:
        out["claims_incomplete"] = {"unparsable_chunks": failed, "chunks": len(chunks)}
    out["_provenance"] = {"chunks": len(chunks), "claims_proposed": proposed, "verbatim_dropped": dropped,
                          "unlocated_dropped": unlocated, "unparsable_chunks": len(failed)}
    return out


# ----------------------------------------------------------------------------------- weaknesses

def llm_weaknesses(rec: dict, ctx):
    """Weakness passages of one record's review(s) (a task generator)."""
    opts: R.ClaimsOptions = ctx.options
    reviews = R.review_texts(rec, opts.review_field)
    many = isinstance(reviews, list)
    texts = reviews if many else [reviews]
    answers = yield [ctx.ask(WEAKNESS_TEMPLATE, review=t, parse=parse_string_list("weaknesses"), dry_value=[])
                     for t in texts]
    per_review, proposed, dropped, failed = [], 0, 0, []
    for i, (text, res) in enumerate(zip(texts, answers)):
        spans = []
        if res.value is None:
            failed.append(i)
        else:
            for passage in res.value:
                proposed += 1
                loc = contiguous(passage, text)
                if loc is None:
                    dropped += 1
                    continue
                spans.append({"text": text[loc[0]:loc[1]], "start": loc[0], "end": loc[1]})
        spans.sort(key=lambda s: s["start"])
        per_review.append(spans)
    if failed and len(failed) == len(texts) and not ctx.dry_run:
        raise RecordError("unparsable_reply", "the weakness reply could not be read", raw=answers[0].text,
                          field=opts.review_field)
    out = R.with_weaknesses(rec, per_review, many)
    if failed and not ctx.dry_run:
        out["weaknesses_incomplete"] = {"unparsable_reviews": failed}
    out["_provenance"] = {"weaknesses_proposed": proposed, "verbatim_dropped": dropped,
                          "unparsable_reviews": len(failed)}
    return out


# ----------------------------------------------------------------------------------- associate

def _paper_text(rec: dict, budget: int, model: str | None) -> str:
    from scholartools.claims.extract import paper_texts
    from scholartools.llm.tokens import truncate_tokens

    if budget <= 0:
        return "(not given)"
    body = "\n\n".join((f"{name}\n{text}" if name and name != "abstract" else text)
                       for name, _, kind, text in paper_texts(rec) if kind != "abstract")
    return truncate_tokens(body, budget, model) if body else "(not given)"


def _review_for(rec: dict, w: dict, field: str, budget: int, model: str | None) -> str:
    from scholartools.llm.tokens import truncate_tokens
    from scholartools.records import get_path

    value = get_path(rec, field, None)
    if isinstance(value, list):
        i = w.get("review_index", 0)
        value = value[i] if isinstance(i, int) and 0 <= i < len(value) else None
        if isinstance(value, dict):
            value = value.get("text")
    if not isinstance(value, str) or not value.strip():
        return "(not given)"
    return truncate_tokens(value, budget, model)


def llm_associate(rec: dict, ctx):
    """Target claims of every weakness of one record (a task generator); returns the fan-out
    children (each carrying its own call for provenance) or the record with targets inside."""
    from scholartools.claims.extract import paper_texts

    opts: R.ClaimsOptions = ctx.options
    claims = R.read_claims(rec)
    weaknesses = R.read_weaknesses(rec)
    if not weaknesses:
        return R.association_output(rec, claims, weaknesses, [], opts.fan_out)
    parts = paper_texts(rec)
    claim_list = "\n".join(f"{c['id']}: {c['text']}" for c in claims) or "(none)"
    paper = _paper_text(rec, opts.paper_tokens, ctx.model)
    parse = association_parser([c["id"] for c in claims], opts.associate.max_targets)
    asks = []
    for w in weaknesses:
        conf = ""
        if opts.confidence_field and w.get(opts.confidence_field) is not None:
            conf = (f"\nThe reviewer's passage was rated {w[opts.confidence_field]} on a 1-5 groundedness scale "
                    "(5: it quotes or clearly paraphrases a specific claim; 1: it rests on the reviewer's own "
                    "inferences, a target claim is unlikely).")
        asks.append(ctx.ask(ASSOCIATE_TEMPLATE, title=_title(rec), abstract=_abstract(rec, parts), paper=paper,
                            claims=claim_list, review=_review_for(rec, w, opts.review_field, opts.review_tokens,
                                                                  ctx.model),
                            weakness=w["text"], confidence=conf, parse=parse))
    answers = yield asks
    paper_source = "\n\n".join(text for _, _, _, text in parts)
    results = []
    for w, res in zip(weaknesses, answers):
        v = res.value
        if v is None:   # unparsable after the repair re-ask: unscored, not "no target"
            results.append({"targets": None, "target_scores": None, "_calls": [res],
                            "association": {"method": "llm", "grounded": None, "raw": res.text,
                                            "unscored_reason": (res.unscored or {}).get("unscored_reason",
                                                                                          "dry_run" if res.dry_run else "parse_failure")}})
            continue
        custom, custom_dropped = "", False
        if v["custom_target"]:
            loc = contiguous(v["custom_target"], paper_source)
            if loc is None:
                custom_dropped = True
            else:
                custom = paper_source[loc[0]:loc[1]]
        assoc = {"method": "llm", "grounded": bool(v["targets"] or custom), "reasoning": v["reasoning"]}
        if custom_dropped:
            assoc["custom_target_dropped"] = "not verbatim in the paper"
        results.append({"targets": v["targets"], "target_scores": [None] * len(v["targets"]),
                        "custom_target": custom or None, "association": assoc, "_calls": [res]})
    return R.association_output(rec, claims, weaknesses, results, opts.fan_out)
