"""``st-generate --task limitations``: BAGELS stage C (§5) — limitations generated from a paper
that never shows the model its own limitations.

One sample of one paper (:func:`one`):

1. **Input** (§5.2): the sections named by ``--sections`` (canonical types or headings; default
   abstract, introduction, conclusion, the paper's appendix's top three), ``all``, or
   ``importance`` — the ``--top-k`` sections closest in embedding cosine to the limitation query.
   Sections are formatted ``Name: text`` as the BAGELS code does.
2. **The guard** (§5.1, :mod:`scholartools.generate.guard`): every text that goes into any
   prompt of this task — sections, chunks, retrieved corpus chunks, the chunk lists handed to the
   aggregation — passes through :func:`guarded_ask`, which removes every sentence of the paper's
   explicit limitations sections, implicit limitation spans and reviews.
3. **Vanilla** (§5.3): one call with the ``gen_limitations`` prompt, a numbered list asked for.
   **Chunk and aggregate**: when that prompt would exceed ``--max-input-tokens``, the input is
   split at section, then paragraph boundaries (:func:`scholartools.llm.tokens.split_sections`)
   into chunks whose prompts fit, one call per chunk, then one ``gen_limitations_aggregate`` call
   that merges and de-duplicates the chunk lists.
4. **RAG** (§5.5, ``--rag CORPUS``): the paper's related corpus papers
   (:mod:`scholartools.generate.rag`), hybrid retrieval of ``--retrieve-k`` chunks (BM25 + dense,
   ``--fusion rrf|score``), LLM re-ranking on 1-10 in batches of ``--rerank-batch`` (asked at
   temperature 0 and as sample 0, so shared by all samples) keeping chunks scored at least
   ``--min-score``, then one ``gen_limitations_rag`` call with the article and the kept chunks.
   ``--no-rerank`` keeps the top ``--keep-k`` fused chunks instead (the paper's Table 6 baseline).

Writes ``generated`` (list of strings, :mod:`scholartools.generate.lists`), ``raw`` (the reply
the list came from), ``rag`` (with ``--rag``: relations, retrieved chunks with their scores and
re-rank scores, the kept chunk ids) and ``generation.limitations`` (input sections, tokens,
mode, chunks, what the guard removed).
"""
from __future__ import annotations

from scholartools.generate import asking, paper as P, reply_values, sampling
from scholartools.generate.guard import TargetGuard
from scholartools.generate.lists import segment
from scholartools.records import RecordError

TEMPLATE = "gen_limitations"
AGGREGATE_TEMPLATE = "gen_limitations_aggregate"
RAG_TEMPLATE = "gen_limitations_rag"
RERANK_TEMPLATE = "gen_rag_rerank"
TEMPLATES = (TEMPLATE, AGGREGATE_TEMPLATE, RAG_TEMPLATE, RERANK_TEMPLATE)

#: the query of ``--sections importance`` (BAGELS ranks sections by cosine to a limitations text;
#: the paper's own limitations are the target, so a fixed description of limitations stands in)
IMPORTANCE_QUERY = ("Limitations of this work: its shortcomings, weaknesses, untested assumptions, "
                    "restricted data and scope, and threats to the validity and generalisation of the results.")
#: section types never offered as input (the guard would empty them anyway, or they are not prose)
_NEVER = ("limitations", "references", "acknowledgments")
#: tokens kept free in a chunk's prompt for the part label ("part 2 of 5 of: …")
_LABEL_ROOM = 48


def guarded_ask(ctx, k: int, guard: TargetGuard, template: str, **kw):
    """The one door of every limitations prompt: each text field is cleaned by ``guard`` first."""
    fields = {name: v for name, v in kw.items() if name not in ("parse", "dry", "params")}
    rest = {name: v for name, v in kw.items() if name in ("parse", "dry", "params")}
    return asking.ask(ctx, k, template, **rest, **guard.clean_fields(fields))


# ---------------------------------------------------------------------- input

def _candidates(rec: dict, secs: list[dict], fields: dict) -> list[tuple[str, str, dict]]:
    """(name, text, section) of every section that may be input, abstract first (not yet cleaned)."""
    from scholartools.limitations.rules import explicit_sections

    explicit = set(explicit_sections(secs))
    out = []
    abstract = P.abstract(rec, fields)
    if abstract.strip() and not any(s.get("type") == "abstract" for s in secs):
        out.append(("Abstract", abstract, {"type": "abstract", "heading": "Abstract"}))
    for i, sec in enumerate(secs):
        if i in explicit or sec.get("type") in _NEVER or not sec["text"].strip():
            continue
        out.append((P.label(sec), sec["text"], sec))
    return out


def select_sections(rec: dict, secs: list[dict], opts, guard: TargetGuard) -> list[tuple[str, str]]:
    """The ``(name, text)`` input parts chosen by ``--sections`` (document order), cleaned by ``guard``."""
    cands = _candidates(rec, secs, opts.fields)
    choice = opts.sections
    if choice == "all":
        chosen = cands
    elif choice == "importance":
        from scholartools.retrieval import DenseIndex

        if not cands:
            return []
        # ranked on what the model may see: the cleaned texts
        sims = DenseIndex([f"{n}: {guard.clean(t, count=False)}" for n, t, _ in cands]).scores(opts.importance_query)
        top = sorted(range(len(cands)), key=lambda i: (-float(sims[i]), i))[:opts.top_k]
        chosen = [cands[i] for i in sorted(top)]
    else:
        wanted = [w.strip() for w in choice.split(",") if w.strip()]
        chosen = [c for c in cands if any(P.matches(c[2], w) for w in wanted)]
    parts = [(n, guard.clean(t)) for n, t, _ in chosen]
    return [(n, t) for n, t in parts if t.strip()]


# ---------------------------------------------------------------------- one sample

def _parse(opts):
    def parse(text):
        return segment(text, opts.segmenter)
    return parse


def one(rec: dict, ctx, k: int):
    """One sample of one paper (see the module docstring); returns the fields written."""
    from scholartools.llm.tokens import count_message_tokens

    opts = ctx.options
    secs = P.sections(rec, opts.fields)
    reviews = P.read(rec, "reviews", opts.fields, kind=(list, str))
    guard = TargetGuard.for_paper({"sections": secs, "reviews": reviews or []})
    parts = select_sections(rec, secs, opts, guard)
    if not parts:
        raise RecordError("missing_field", f"none of the sections '{opts.sections}' is in the record "
                          "(or all of them are limitation text)", field=opts.fields.get("sections", "sections"))
    content = P.render(parts)
    names = ", ".join(n for n, _ in parts)
    info = {"mode": "vanilla", "input_sections": [n for n, _ in parts]}
    out: dict = {}
    if opts.corpus is not None:
        res, out["rag"] = yield from _rag(rec, ctx, k, guard, content, names)
        info["mode"] = "rag"
    else:
        info["input_tokens"] = count_message_tokens(ctx.template(TEMPLATE).render(content=content, section_names=names),
                                                    ctx.model)
        if info["input_tokens"] <= opts.max_input_tokens:
            res = yield guarded_ask(ctx, k, guard, TEMPLATE, content=content, section_names=names,
                                    parse=_parse(opts), dry=asking.dry_list)
        else:
            res = yield from _chunked(ctx, k, guard, parts, names, info)
    generated = reply_values.value_or_unscored(res, "limitations")
    info["guard"] = {"target_sentences": len(guard.sentences), "removed": guard.removed}
    if opts.segmenter == "bagels-lines" and not res.dry_run:
        from scholartools.generate.lists import bagels_lines

        info["segments"] = bagels_lines(res.text)
    out.update({"generated": generated if reply_values.answered(res) else None, "raw": res.text,
                "generation.limitations": info})
    return out


def _chunked(ctx, k: int, guard: TargetGuard, parts: list[tuple[str, str]], names: str, info: dict):
    """Chunk and aggregate (§5.3): one call per chunk whose prompt fits the budget, then one
    aggregation call over the chunk lists; returns the Result the list is read from."""
    from scholartools.llm.tokens import count_message_tokens, split_sections

    opts, model = ctx.options, ctx.model
    tpl = ctx.template(TEMPLATE)
    parse = _parse(opts)
    overhead = count_message_tokens(tpl.render(content="", section_names=names), model)
    budget = opts.max_input_tokens - overhead - _LABEL_ROOM
    if budget < 64:
        raise RecordError("bad_value", f"--max-input-tokens {opts.max_input_tokens} leaves no room for the paper "
                          "text in the prompt", field="max_input_tokens")
    chunks = split_sections([{"heading": f"{n}:", "text": t} for n, t in parts], budget, "tokens", model)
    if len(chunks) == 1:   # it fits once split off its template: one call, nothing to aggregate
        return (yield guarded_ask(ctx, k, guard, TEMPLATE, content=chunks[0], section_names=names, parse=parse,
                                  dry=asking.dry_list))
    labels = [f"part {i + 1} of {len(chunks)} of: {names}" for i in range(len(chunks))]
    answers = yield [guarded_ask(ctx, k, guard, TEMPLATE, content=c, section_names=lab, parse=parse,
                                 dry=asking.dry_list) for c, lab in zip(chunks, labels)]
    lists, chunk_info = [], []
    for i, (c, a) in enumerate(zip(chunks, answers)):
        items = reply_values.value_or_unscored(a, f"chunk {i + 1}") or []
        lists.append(f"Part {i + 1}:\n" + "\n".join(f"{j + 1}. {it}" for j, it in enumerate(items)))
        chunk_info.append({"tokens": count_message_tokens(tpl.render(content=c, section_names=labels[i]), model),
                           "generated": items if reply_values.answered(a) else None, "raw": a.text})
    info.update(mode="chunked", chunks=chunk_info)
    return (yield guarded_ask(ctx, k, guard, AGGREGATE_TEMPLATE, lists="\n\n".join(lists),
                              n_parts=str(len(chunks)), parse=parse, dry=asking.dry_list))


# ---------------------------------------------------------------------- RAG

def _rag(rec: dict, ctx, k: int, guard: TargetGuard, content: str, names: str):
    """Retrieval, re-ranking and the generation call; returns ``(result, rag record)``."""
    from scholartools.generate.rag import parse_rerank
    from scholartools.llm.tokens import count_message_tokens, count_tokens, truncate_tokens

    opts = ctx.options
    corpus = opts.corpus
    relations = corpus.relations(rec, opts.relations, opts.similar_k, opts.fields, opts.random_k, opts.random_seed)
    allowed = corpus.allowed_chunks(relations)
    hits = corpus.search(content, list(allowed), k=opts.retrieve_k, fusion=opts.fusion)
    retrieved = []
    texts = {}
    for h in hits:
        ch = corpus.chunks[h.index]
        text = guard.clean(ch.text)
        if not text.strip():   # a chunk made only of this paper's limitation text
            continue
        texts[ch.id] = text
        retrieved.append({"chunk": ch.id, "paper": ch.paper, "relation": allowed[h.index],
                          "score": round(float(h.score), 6), "ranks": dict(h.ranks),
                          "scores": {n: round(float(v), 6) for n, v in h.scores.items()}, "rerank": None})
    if opts.rerank and retrieved:
        batches = [retrieved[i:i + opts.rerank_batch] for i in range(0, len(retrieved), opts.rerank_batch)]
        asks = []
        for b, batch in enumerate(batches):
            first = b * opts.rerank_batch + 1
            listing = "\n\n".join(f"Chunk {first + j}: {texts[r['chunk']]}" for j, r in enumerate(batch))
            dry = {first + j: 10 for j in range(len(batch))}   # dry run: every chunk kept (upper bound on tokens)
            # sample 0 and temperature 0 whatever k is: every sample shares one re-ranking
            asks.append(guarded_ask(ctx, 0, guard, RERANK_TEMPLATE, content=content, chunks=listing,
                                    parse=parse_rerank, dry=dry, params={"temperature": 0}))
        answers = yield asks
        for b, a in enumerate(answers):
            scores = reply_values.value_or_unscored(a, "re-ranking") or {}
            for j, r in enumerate(batches[b]):
                r["rerank"] = scores.get(b * opts.rerank_batch + j + 1)
        kept = [r for r in retrieved if r["rerank"] is not None and r["rerank"] >= opts.min_score]
    else:
        kept = retrieved[:opts.keep_k]
    # the generation prompt: the article, then the kept chunks by relation, within the budget
    headings = {"cited-in": "Papers this article cites", "cited-by": "Papers that cite this article",
                "similar": "Papers similar to this article", "random": "Other papers"}

    def context_of(chosen):
        blocks = []
        for rel in opts.relations:
            mine = [texts[r["chunk"]] for r in chosen if r["relation"] == rel]
            if mine:
                blocks.append(f"{headings[rel]}:\n" + "\n\n".join(f"- {t}" for t in mine))
        return "\n\n".join(blocks) if blocks else "(no related excerpts were retrieved)"

    chosen = sorted(kept, key=lambda r: -(r["rerank"] or 0))
    article = content
    tpl = ctx.template(RAG_TEMPLATE)

    def size(art, ch):
        return count_message_tokens(tpl.render(content=art, context=context_of(ch), section_names=names), ctx.model)

    dropped = []
    while chosen and size(article, chosen) > opts.max_input_tokens:
        dropped.append(chosen.pop()["chunk"])
    truncated = False
    over = size(article, chosen) - opts.max_input_tokens
    if over > 0:
        article = truncate_tokens(article, max(0, count_tokens(article, ctx.model) - over - 8), ctx.model)
        truncated = True
    res = yield guarded_ask(ctx, k, guard, RAG_TEMPLATE, content=article, context=context_of(chosen),
                            section_names=names, parse=_parse(opts), dry=asking.dry_list)
    rag = {"relations": relations, "retrieved": retrieved, "kept": [r["chunk"] for r in kept],
           "fusion": opts.fusion, "min_score": opts.min_score if opts.rerank else None}
    if dropped:
        rag["dropped_for_budget"] = dropped
    if truncated:
        rag["article_truncated"] = True
    return res, rag


llm_record = sampling.sampled(one)
