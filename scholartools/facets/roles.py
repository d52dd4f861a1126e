"""Sentence-role classifier: label each sentence of an abstract background / method / result /
conclusion / other, using the sentence, its position and its neighbours.

The linear model is a multinomial logistic regression over features of the sentence and of its
two neighbours (scaled down), chosen not to tie it to one field's words:

- field-independent cues (:func:`generic_features`: aim, gap, method and finding phrases,
  conclusion cues, person, tense, modals, numbers, statistics, citations, length),
- MiniLM embeddings centered on the abstract's mean (``embedding_kind`` ``centered`` in the model
  metadata: the topic drops out), when ``embeddings`` is set,
- TF-IDF word 1–2-grams of the lowercased sentence (digits folded to ``0``); in the shipped model
  only those frequent in both training corpora,
- relative position in the abstract (bins, first, last),

and, in the shipped model, three BiGRU members that read the whole abstract in order
(:mod:`scholartools.facets.sequence`), whose probabilities are averaged with the linear model's;
then Viterbi decoding with a learned label-transition matrix, so that sequence context counts
(a sentence after a result sentence is likely a result or a conclusion). Structured abstracts
("BACKGROUND: … METHODS: …", or "background . … methods ." in tokenised text) are labelled from
their headings, which override the classifier; conclusions are also found by cue phrases in the
last two sentences (:func:`conclusion_tail`), except in sentences that report evidence. On
request (st-facets asks for it on the reference side, an abstract), an abstract's first statement
of purpose, and what the classifier called a method before it, is background, as the FM
definitions read it (:func:`purpose_background`).

The model file also holds a linear **cue model** (the linear model's features without the
embeddings), which labels the sentences alone when the embedding model is not installed
(:func:`active_model`; st-facets names the model that ran in its provenance, ``role_model``). Its
share of the average is 0 in the decomposition FM rates: averaged in, it lifted sentence roles on
fields held out but lowered FM r on PubMed (docs/st-facets.md, session 11). Sentence roles
reported for their own sake (st-facets on a text without a candidate) average it in at
``roles_share`` (:meth:`RoleModel.for_roles`, ``active_model(use="roles")``; session 12).

Sentence roles reported for their own sake come from a model of their own, in the model
directory's ``sentence-roles/`` (:data:`ROLES_SUBDIR`, :attr:`RoleModel.roles_model`): the shipped
one is FM's recipe on FM's corpora with linear models (the model and its cue model) that read no
position, as an abstract's second sentence is background in nearly all training text and the
physical sciences and medicine report findings there (docs/st-facets.md, session 22; ``python -m
tools.train_roles --roles-only``). Trained with RAAMove's engineering abstracts added (labelled in
the acceptance check's scheme) such a model did no better on the half it was not trained on
(session 16). FM's decomposition never reads it.

The shipped model (``model/roles.npz`` + ``model/roles.json``) holds only numpy arrays and a JSON
vocabulary — no pickle. It is built by ``python -m tools.train_roles``; see
``model/roles.json`` (``trained_on``, ``licence``) for its data and figures.
"""
from __future__ import annotations

import copy
import json
import math
import os
import re
from functools import lru_cache
from pathlib import Path

import numpy as np

from scholartools.vocabulary import ABSTRACT_HEADING_OVERRIDE, ABSTRACT_HEADING_WORDS, FACETS, ROLE_LABELS  # noqa: F401
from scholartools.vocabulary import abstract_heading as heading

LABELS = list(ROLE_LABELS)
MODEL_DIR = Path(__file__).with_name("model")
#: keys of ``roles.json``'s ``cue_model`` that say how the cue model is used, not what it is: its
#: share of the average for FM's decomposition, whether only on abstracts, its share for sentence
#: roles reported for their own sake (:meth:`RoleModel.for_roles`)
#: decoding rules applied only to sentence roles reported for their own sake (RoleModel.roles_rules)
ROLES_RULES = ("procedure_method", "closing_conclusion", "framed_purpose", "setup_method")
CUE_USE_KEYS = ("share", "abstracts_only", "roles_share", *(f"roles_{rule}" for rule in ROLES_RULES))
#: how a model's name (provenance, ``role_model``) says that its cue model is averaged in
AVERAGED_NAME = ", averaged with a linear cue model"
#: the subdirectory of a model directory that holds the model of sentence roles reported for their
#: own sake, when they have one of their own (:attr:`RoleModel.roles_model`; the shipped one: FM's
#: recipe with linear models that read no position, docs/st-facets.md, session 22). FM's
#: decomposition never reads it: its rater was fitted on the main model's posteriors
ROLES_SUBDIR = "sentence-roles"

_TOKEN = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*|%|[<>=]")
_DIGITS = re.compile(r"\d+")
N_POS = 7  # position features, see position_features
TAIL = 2  # conclusion cues count in the last TAIL sentences (weak labels and the tail rule)

# --- structured-abstract headings -----------------------------------------------------------

# the shape of a structured-abstract heading whatever its words: one to four words and a colon
# ("Comments :", "Methodology/Principal Findings:")
_OTHER_HEADING = re.compile(r"^\s*+[A-Za-z][A-Za-z/&'-]*+(?:[ ]++[A-Za-z/&'-]++){0,3}[ ]?+:(?:\s|$)")




_CUE_PHRASES = re.compile(
    r"\b(we conclude|in conclusion|to conclude|conclusions?\b|overall\b|in summary|to summari[sz]e|"
    r"taken together|altogether|(these|our|the) (results|findings|experiments|observations|analyses|"
    r"data) (suggest|indicate|imply|highlight|point|support|confirm|open|pave|provide)|"
    r"suggest(s|ing)? that|implications?|future (work|research|studies|directions)|further "
    r"(work|research|studies)|we (believe|hope|argue|expect|envision)|may (help|be useful|serve|"
    r"benefit|enable|facilitate|lead)|could (help|be used|serve|benefit|enable|facilitate)|"
    r"pave[sd]? the way|open(s)? (up )?(new|the)|promising|insights? into|shed(s)? light|"
    r"useful (tool|for)|potential (of|to|for)|demonstrat\w+ the (potential|feasibility|"
    r"usefulness|effectiveness|importance|value)|should be (considered|used|performed|taken|kept)|"
    r"(are|is) (needed|required|warranted)|this (report|case|study|work|paper|article|review) "
    r"(highlights|shows|demonstrates|suggests|illustrates|identifies|indicates|emphasi[sz]es|"
    r"underlines|confirms|provides)|(is|are|was|were) (a )?(safe|effective|feasible|useful|"
    r"valuable|important|associated)|clinicians? should|recommend)", re.I)
# conclusion / implication markers beyond fixed phrases: a concluding connective opening the
# sentence, the work or its results as the subject of a claim verb or a modal, hedged claims of use
# or effect ("may help", "could lead to", "should be considered"), statements of significance
# ("plays a key role", "important implications"), calls for further work, and recommendations.
_CUE_PATTERNS = re.compile(
    r"^\W*(therefore|thus|hence|consequently|accordingly|collectively|in short|in brief|in sum)\b"
    r"(?!,? (in this (paper|work|study),? )?we (\w+ )?(propose|present|introduce|develop|design|construct|"
    r"devise|build|use|apply|employ|adopt|train|conduct|perform|investigate|study|explore|examine|extend|"
    r"formulate|define|collect|create|annotate)\b)|"
    r"\b(our|these|the present|this) (results?|findings?|study|data|work|analysis|observations?|"
    r"approach|method|model|tool|server|system) (\w+ )?(shows?|demonstrates?|suggests?|indicates?|"
    r"implies?|highlights?|provides?|offers?|supports?|contributes?|underscores?|emphasi[sz]es?|adds?|"
    r"reveals?|confirms?|will|may|could|can|should|might|would)\b|"
    r"\b(may|might|could|would|should|will|can) (also |further |potentially |therefore |thus )?"
    r"(be (useful|used|applied|considered|helpful|beneficial|important|valuable|a)|help|lead|contribute|"
    r"improve|provide|serve|enable|allow|facilitate|reduce|increase|represent|play|offer|become|open|"
    r"benefit|aid|guide|inform|prove)\b|"
    r"\b(important|crucial|essential|key|critical|central|major|significant) (role|tool|step|"
    r"implications?|insights?)\b|"
    r"\b(underscores?|emphasi[sz]es?|highlights?) the\b|\bcontribut\w+ to (the|a|our|better)\b|"
    r"\b(further|more|additional|larger|future|prospective) (research|studies|work|trials?|"
    r"investigations?|evaluation)\b|"
    r"\b(valuable|promising|useful) (tool|approach|resource|option|alternative|strategy|target)\b", re.I)


# A sentence that reports evidence is a result wherever it stands, whatever else it says: its
# subject is an experiment or evaluation that shows something ("Experiments on three datasets
# demonstrate the effectiveness of our method"), or it compares with others ("outperforms",
# "improvements over", "state-of-the-art", "by large margins"). Computer-science abstracts end on
# such sentences; a conclusion states what the findings mean. And a note that code or data are
# released is no conclusion, though it may hope to "spur future work".
_RELEASE_PATTERN = (
    r"\bwe (will )?(also )?(publicly )?(release|open-source)\b|"
    r"\b(we|our (code|data|datasets?|models?|annotations|implementation|resources?|tool(kit)?)) "
    r"(will )?(publicly |also )?(release|make|made|is|are|be) (\w+ )?(publicly )?(available|released|open)|"
    r"\b(code|data|dataset|models?|software|implementation|resources?) (is|are|will be|has been|have been) "
    r"(publicly |freely |made )*(available|released)|https?://|github\.com")
#: a note that code or data are released (other, in the FM guideline: no finding, no conclusion)
_RELEASE = re.compile(_RELEASE_PATTERN, re.I)
_EVIDENCE = re.compile(
    r"\b(experiments?|experimental (results?|evaluations?|studies|analys[ie]s)|empirical (results?|studies|"
    r"evaluations?|analys[ie]s)|evaluations?|ablations?( stud(y|ies))?|benchmarks?|extensive (experiments|"
    r"evaluations?|studies))\b[^.;]{0,80}?\b(show|shows|showed|shown|demonstrates?|demonstrated|reveals?|"
    r"revealed|indicates?|confirms?|confirmed|verif(y|ies|ied)|prove[sd]?)\b|"
    r"\boutperform\w*|\bimprovements? (over|upon|against)\b|\bby (a )?(large|wide|significant|clear) "
    r"margins?\b|\bstate[- ]of[- ]the[- ]art\b|" + _RELEASE_PATTERN, re.I)


class _Cue:
    """Conclusion cue: a fixed phrase (``_CUE_PHRASES``) or a pattern (``_CUE_PATTERNS``), in a
    sentence that does not report evidence or release code (``_EVIDENCE``)."""

    def search(self, sentence: str):
        found = _CUE_PHRASES.search(sentence) or _CUE_PATTERNS.search(sentence)
        return found if found and not _EVIDENCE.search(sentence) else None


CONCLUSION_CUE = _Cue()


def conclusion_tail(sentences: list[str], labels: list, relabel: tuple = ("result", "method", "background")) -> list:
    """Relabel cue-bearing sentences among the last two as conclusion, when their label is one of
    ``relabel`` (the corpora's weak conclusion labels relabel gold results only).

    CSAbstruct, the classifier's human-labelled training corpus, has no conclusion class (only
    the written corpus has one), so conclusions are also recognised by cue phrases in the
    abstract's tail (and what follows a conclusion stays one, unless it reports evidence: a
    result after a false alarm must not become a conclusion too).
    """
    out = list(labels)
    n = len(out)
    for i in range(max(1, n - TAIL), n):
        if out[i] in relabel and CONCLUSION_CUE.search(sentences[i]):
            out[i] = "conclusion"
    for i in range(n - 1):
        if out[i] == "conclusion" and out[i + 1] in relabel and not _EVIDENCE.search(sentences[i + 1]):
            out[i + 1] = "conclusion"
    return out


# A statement of the work's purpose ("In this paper, we propose X", "To address this, we introduce
# Y", "This study investigates whether …", "The aim of this study was …") is background in the FM
# definitions (background: the context, the gap and the purpose), and so it is in the acceptance
# check's labels (purpose and gap read as background) and in the ACL abstracts. CSAbstruct's and the
# written corpus's annotators mostly call "we propose X" a method (CSAbstruct train: 528 method,
# 356 objective), so the classifier does too. Present tense only, besides "proposed", "aimed" and
# "sought": "we examined 200 patients" is a method.
_PURPOSE = re.compile(
    r"\b(we|this (paper|work|study|article|letter|thesis|note|report)|the (present|current) (study|work|paper))"
    r"(,? (\w+ly|also|further|then|here|therefore|thus|instead|first|now|next),?)? "
    r"(propose[sd]?|present[s]?|introduce[s]?|describe[s]?|address(es)?|investigate[s]?|explore[s]?|"
    r"examine[s]?|tackle[s]?|aim(s|ed)? (to|at)|seek to|sought to|set out to|study|studies|focus(es)? on|"
    r"develop[s]?|design[s]?|consider[s]?|formulate[s]?|frame[s]?|revisit[s]?|ask|asks)\b|"
    r"\b(aim|goal|objective|purpose)s? of (this|the present|the current|our) (study|work|paper|research|article)\b|"
    r"\b(is|are) (thus |therefore |hence |then )?proposed\b", re.I)


# ... unless the sentence also says what was done with it ("We propose X and evaluate it on two
# collections"): a purpose and a procedure in one sentence stays a method
_PROCEDURE = re.compile(
    r"\b(and|then) (we )?(evaluate|evaluated|test|tested|train|trained|apply|applied|compare|compared|validate|"
    r"validated|measure|measured|assess|assessed|benchmark|run|conduct|conducted)\b", re.I)


# A sentence that frames the paper ("In this paper, a trajectory optimization algorithm … is
# investigated", "In this paper, we incorporate two typical 5G services …", "This article jointly
# optimizes …") states its purpose when _PURPOSE misses the verb; counted as one only for sentence
# roles reported for their own sake (``framed``, :meth:`RoleModel.for_roles`), so that a later
# "We formulate …" or "X is proposed" is not taken for the purpose and every method before it for
# background. docs/st-facets.md, session 14.
_FRAMED = re.compile(
    r"\b(in|within) (this|the present|the current|our) (paper|work|article|letter|study|contribution|thesis)\b|"
    r"\bthis (paper|article|work|letter|study|contribution|thesis)\b", re.I)


def purpose_background(sentences: list[str], labels: list, fixed: list | None = None,
                       framed: bool = False) -> list:
    """Relabel an abstract's first statement of purpose (see ``_PURPOSE``) as background when the
    classifier called it a method or background, and with it every sentence before it that the
    classifier called a method: what precedes the paper's statement of purpose is its context and
    the gap it addresses, background in the FM definitions (gold labels of the sentences before
    the first purpose statement that no result precedes, in the corpora on the training side of
    the computer-science fold: background 454 of 486 in CODA-19's first 1,200 train abstracts,
    177 of 189 in NICTA-PIBOSO's train split, 402 of 405 in the written corpus; method 20, 5, 1).
    Nothing is changed once a result or a conclusion has been passed, nor when the statement was
    called a result; ``fixed[i]`` not None (a heading's label) is kept.

    >>> purpose_background(["X is hard.", "In this paper, we propose Y.", "Y uses Z."],
    ...                    ["background", "method", "method"])
    ['background', 'background', 'method']
    >>> purpose_background(["X is hard.", "Earlier parsers ignore Y.", "We propose Z.", "Z uses a stack."],
    ...                    ["background", "method", "method", "method"])
    ['background', 'background', 'background', 'method']
    >>> purpose_background(["We enrolled 20 patients.", "F1 is 91.", "We propose Y."], ["method", "result", "method"])
    ['method', 'result', 'method']
    >>> purpose_background(["We propose Y and evaluate it on two corpora."], ["method"])
    ['method']

    ``framed``: a sentence that frames the paper (``_FRAMED``: "In this paper, …", "This article …")
    is a statement of purpose too, so the methods after it stay methods:

    >>> purpose_background(["In this paper, X is investigated.", "We formulate Y."], ["method", "method"])
    ['background', 'background']
    >>> purpose_background(["In this paper, X is investigated.", "We formulate Y."], ["method", "method"],
    ...                    framed=True)
    ['background', 'method']
    """
    out = list(labels)
    for i, s in enumerate(sentences):
        if out[i] in ("result", "conclusion"):
            break
        if (_PURPOSE.search(s) or (framed and _FRAMED.search(s))) and not _PROCEDURE.search(s):
            if out[i] in ("method", "background"):
                for j in range(i + 1):
                    if out[j] == "method" and (fixed is None or fixed[j] is None):
                        out[j] = "background"
            break
    return out


# A sentence that says what was done, with no finding in it, is a method wherever the classifier
# put it: "We also conduct qualitative analysis by visualizing …", "Extensive experiments have been
# conducted … to evaluate the performance", "Finally, the performance is inspected through numerical
# examples". The FM definitions (method: experimental methods and comparisons), the ACL guideline
# (rule 3: "We evaluate on A, B and C" is a method) and the acceptance check's scheme agree; the
# classifier calls many of them results because they talk about experiments and performance.
# A procedure verb after "we", or its participle after a form of "be"; a finding word anywhere
# ("show", "outperform", "improves", "better", "significant", …) keeps the sentence a result.
# docs/st-facets.md, session 13.
_PROCEDURE_VERB = re.compile(
    r"\bwe\s+(also\s+|then\s+|further\s+|first\s+|finally\s+|additionally\s+)?(conduct|perform|carry out|run|"
    r"evaluate|test|assess|examine|analy[sz]e|investigate|study|compare|implement|inspect|quantify|present|"
    r"provide|discuss|introduce|design|propose|develop|build|apply)\b|"
    r"\b(is|are|was|were|been|be)\s+(also\s+|then\s+|further\s+|first\s+|finally\s+|additionally\s+|"
    r"extensively\s+)?(conducted|performed|carried out|run|evaluated|tested|assessed|examined|analy[sz]ed|"
    r"investigated|studied|compared|implemented|inspected|quantified|presented|provided|discussed|introduced|"
    r"designed|proposed|developed|built|applied)\b", re.I)
_FINDING_WORD = re.compile(
    r"\b(show|shows|showed|shown|demonstrat\w*|reveal\w*|indicat\w*|confirm\w*|verif\w*|prove[sdn]?|"
    r"outperform\w*|achiev\w*|improv\w*|find|found|finding\w*|yield\w*|leads? to|led to|result\w* in|"
    r"obtain\w*|significant\w*|better|superior|effective\w*|gain\w*|reduc\w*|increas\w*|higher|lower|"
    r"faster|competitive|state-of-the-art|suggest\w*|observ\w*)\b", re.I)


def procedure_method(sentences: list[str], labels: list, fixed: list | None = None) -> list:
    """Relabel as method every sentence labelled result that states a procedure
    (``_PROCEDURE_VERB``) and no finding (``_FINDING_WORD``); ``fixed[i]`` not None is kept.

    >>> procedure_method(["We also conduct a human evaluation.", "We also conduct a human evaluation, which "
    ...                   "shows gains."], ["result", "result"])
    ['method', 'result']
    """
    out = list(labels)
    for i, s in enumerate(sentences):
        if (out[i] == "result" and (fixed is None or fixed[i] is None) and _PROCEDURE_VERB.search(s)
                and not _FINDING_WORD.search(s)):
            out[i] = "method"
    return out


# A sentence after the paper's statement of purpose that sets up the model or system studied, with
# no gap in it, is a method where the classifier called it background: "We assume that the adversary
# has unlimited …", "Large antenna arrays are equipped at the source node …", "In order to form the
# beam-pattern, we formulate the precoding problem as …". The classifier reads a description of the
# setting as context; the FM definitions (method: how the work was done) and the acceptance check's
# scheme read what the paper assumes, models or formulates as its method. A setup verb after "we", or
# its participle after "is" / "are" (present tense: "was first proposed in …" is history); a gap
# word ("However", "challenging", "necessary", "existing", …) keeps the sentence background.
# The statement of purpose is _PURPOSE, _FRAMED, or a passive "X is studied / introduced / …".
# docs/st-facets.md, session 15.
_SETUP = re.compile(
    r"\bwe\s+(also\s+|first\s+|then\s+|further\s+|next\s+|jointly\s+)?(consider|assume|model|analy[sz]e|formulate|"
    r"derive|adopt|employ|use|utili[sz]e|exploit|leverage|characteri[sz]e|define|optimi[sz]e|maximi[sz]e|minimi[sz]e|"
    r"decompose|transform|apply|require|design|construct)\w*\b|"
    r"\b(is|are)\s+(first\s+|then\s+|also\s+|further\s+|jointly\s+)?(considered(?! (a|an|as|to be)\b)|assumed|"
    r"modell?ed|formulated|derived|adopted|employed|used|utili[sz]ed|exploited|equipped|deployed|analy[sz]ed|"
    r"characteri[sz]ed|defined|optimi[sz]ed|decomposed|transformed|applied|developed|designed|established|"
    r"constructed|configured|proposed)\b|"
    r"^\W*(consider|assume|suppose)\b", re.I)
_SETUP_GAP = re.compile(
    r"^\W*(however|but|yet|although|while)\b|\b(challeng\w*|necessary|critical|lack\w*|suffer\w*|remains?|"
    r"difficult\w*|existing|conventional|traditional|previous\w*|(is|are) (important|crucial|essential|vital))\b",
    re.I)
_PURPOSE_PASSIVE = re.compile(r"\b(is|are) (studied|introduced|investigated|considered|presented|proposed)\b", re.I)


def setup_method(sentences: list[str], labels: list, fixed: list | None = None) -> list:
    """Relabel as method every sentence labelled background after the abstract's first statement of
    purpose (``_PURPOSE``, ``_FRAMED`` or ``_PURPOSE_PASSIVE``, not itself a procedure) and before
    any result or conclusion, that sets up the model or system (``_SETUP``) and states no gap
    (``_SETUP_GAP``); ``fixed[i]`` not None is kept.

    >>> setup_method(["We study covert communication.", "We assume that the adversary is passive.",
    ...               "However, existing schemes are costly."], ["background", "background", "background"])
    ['background', 'method', 'background']
    >>> setup_method(["We assume that the adversary is passive.", "We study covert communication."],
    ...              ["background", "background"])
    ['background', 'background']
    """
    out = list(labels)
    start = None
    for i, s in enumerate(sentences):
        if out[i] in ("result", "conclusion"):
            return out
        if (_PURPOSE.search(s) or _FRAMED.search(s) or _PURPOSE_PASSIVE.search(s)) and not _PROCEDURE.search(s):
            start = i
            break
    if start is None:
        return out
    for i in range(start + 1, len(sentences)):
        if out[i] in ("result", "conclusion"):
            break
        if (out[i] == "background" and (fixed is None or fixed[i] is None) and _SETUP.search(sentences[i])
                and not _SETUP_GAP.search(sentences[i])):
            out[i] = "method"
    return out


# The closing sentence of an abstract that states a finding without a number is its conclusion
# when sentence roles are reported for their own sake (:meth:`RoleModel.for_roles`): "Simulation
# results show that the proposed scheme significantly improves the throughput", "Our analysis shows
# that the model learns to specialise experts". The training corpora call it a result (CSAbstruct has
# no conclusion class, and the conclusion cue excepts sentences that report evidence), and so does
# the ACL development set's guideline; every other reading measured here calls more closing
# sentences conclusions: the human move annotators of the acceptance check's label scheme
# (RAAMove, engineering abstracts: a conclusion in 109 of 200 abstracts, 117 of 141 in the last two
# sentences), MuLMS-AZ's (31 of 48), and GPT-4 applying the FM definitions (ScholarSum: a
# conclusion facet in 45 of 49 PubMed and 37 of 50 arXiv references), against 12 of 93 in the ACL
# set. A closing sentence with a number ("improves F1 by 3.2 points") stays a result.
# docs/st-facets.md, session 13.
_DIGIT = re.compile(r"\d")


def closing_conclusion(sentences: list[str], labels: list, fixed: list | None = None) -> list:
    """Relabel the last sentence of an abstract of two or more sentences as conclusion when it was
    labelled result and states no number (no digit), unless it notes that code or data are released
    (``_RELEASE``: no conclusion); ``fixed[-1]`` not None (a heading's label) is kept.

    >>> closing_conclusion(["We propose X.", "Results show that X is effective."], ["background", "result"])
    ['background', 'conclusion']
    >>> closing_conclusion(["We propose X.", "X improves F1 by 3.2 points."], ["background", "result"])
    ['background', 'result']
    """
    out = list(labels)
    if (len(out) >= 2 and out[-1] == "result" and not _DIGIT.search(sentences[-1])
            and not _RELEASE.search(sentences[-1]) and (fixed is None or fixed[-1] is None)):
        out[-1] = "conclusion"
    return out


# --- features ---------------------------------------------------------------------------------

def tokens(sentence: str) -> list[str]:
    """Unigrams and bigrams of the lowercased sentence, digits folded to 0."""
    words = _TOKEN.findall(_DIGITS.sub("0", sentence.lower()))
    return words + [a + " " + b for a, b in zip(words, words[1:])]


def position_features(n: int) -> np.ndarray:
    """``(n, N_POS)``: relative-position bins (5), is-first, is-last."""
    out = np.zeros((n, N_POS), dtype=np.float32)
    for i in range(n):
        rel = i / (n - 1) if n > 1 else 0.0
        out[i, min(int(rel * 5), 4)] = 1.0
        out[i, 5] = float(i == 0)
        out[i, 6] = float(i == n - 1)
    return out


def neighbours(rows, offset: int):
    """Rows shifted so that row i holds row i+offset (zeros past the edges); dense or sparse."""
    n = rows.shape[0]
    if hasattr(rows, "tocsr"):
        from scipy import sparse

        shift = sparse.eye(n, n, k=offset, format="csr", dtype=rows.dtype)
        return shift @ rows
    out = np.zeros_like(rows)
    if offset < 0:
        out[-offset:] = rows[:n + offset]
    else:
        out[:n - offset] = rows[offset:]
    return out


def context_embeddings(emb: np.ndarray) -> np.ndarray:
    """``(n, 3d)``: each sentence's embedding, the previous one's and the next one's (0 at edges)."""
    n, d = emb.shape
    prev = np.vstack([np.zeros((1, d), emb.dtype), emb[:-1]]) if n else emb
    nxt = np.vstack([emb[1:], np.zeros((1, d), emb.dtype)]) if n else emb
    return np.hstack([emb, prev, nxt])


# --- field-independent features -----------------------------------------------------------------
# What marks a sentence's role in any field: who speaks and in which tense, stock phrases of
# aims, methods, findings and conclusions, numbers, citations. Each pattern is a small closed
# list of function words and academic verbs (no field's nouns), so the features mean the same in
# a COVID-19 abstract, a parsing paper and a tokenised arXiv summary.

_CUES = {
    "aim": re.compile(
        r"\b(in this (paper|work|study|article|letter|report|thesis|review|note)|here,? we|herein|"
        r"th(is|e present) (paper|study|work|article|report) (presents?|propose[sd]?|describes?|introduces?|"
        r"investigates?|examines?|explores?|reports?|aims?|addresses|focuse?s|studies)|"
        r"we (propose|present|introduce|describe|investigate|examine|explore|address|develop|report|"
        r"consider|study|aim|seek|set out)|"
        r"(aim|goal|objective|purpose|intent)s? (of (this|the present|our)|(was|were|is|are) to)|"
        r"(^|\. )(to (investigate|determine|evaluate|assess|examine|explore|compare|identify|describe|"
        r"characteri[sz]e|understand|analy[sz]e|estimate|test|establish|review)))\b", re.I),
    "gap": re.compile(
        r"\b(however|although|despite|whereas|remains? (unclear|unknown|poorly|largely|elusive|a |an |"
        r"challenging|controversial|open)|little is known|(few|no) (studies|work|methods)|lack(s|ing)? of|"
        r"(is|are|has been|have been) (limited|lacking|scarce|unclear|unknown|challenging|difficult)|"
        r"poorly understood|open (problem|question)|(recent|previous|prior|existing|current) "
        r"(studies|work|works|research|methods|approaches|literature)|has (been|received)|"
        r"have (been|received)|increasing(ly)?|widely|commonly|(is|are) (a|an|one of the) )\b", re.I),
    "method_verb": re.compile(
        r"\b(we (use[ds]?|apply|applied|train(ed)?|collect(ed)?|conduct(ed)?|perform(ed)?|design(ed)?|"
        r"buil[dt]|employ(ed)?|adopt(ed)?|measure[ds]?|recruit(ed)?|enrol(l)?ed|analy[sz]ed?|"
        r"model(l)?ed|simulate[ds]?|formulate[ds]?|implement(ed)?|extract(ed)?|construct(ed)?|"
        r"compute[ds]?|calculate[ds]?|derive[ds]?|combine[ds]?|leverage[ds]?|exploit(ed)?|test(ed)?)|"
        r"(was|were|is|are) (used|performed|conducted|measured|collected|recruited|enrol(l)?ed|randomi[sz]ed|"
        r"analy[sz]ed|assessed|evaluated|obtained|calculated|estimated|included|treated|administered|"
        r"trained|tested|applied|employed|selected|extracted|reviewed|searched|screened|followed|"
        r"divided|allocated|assigned|recorded|determined|examined|investigated|performed)|"
        r"(by|through) (using|means of|applying)|based on|using|via|consist(s|ed|ing) of)\b", re.I),
    "result_verb": re.compile(
        r"\b((results?|findings|analys[ie]s|experiments?|data|evaluations?) (show|showed|shows|indicate[ds]?|"
        r"demonstrate[ds]?|reveal(ed|s)?|confirm(ed|s)?)|we (find|found|observe[ds]?|show(ed)?|obtain(ed)?|"
        r"achieve[ds]?|report)|(was|were|is|are) (found|observed|significantly|higher|lower|greater|"
        r"associated|increased|decreased|detected|identified|reduced|improved|correlated|superior|"
        r"comparable|similar)|significant(ly)?|outperform(s|ed|ing)?|improve(s|d|ment)|achieve(s|d)|"
        r"(increase|decrease|reduction|rise|drop)s? (in|of)|compared (to|with)|relative to|versus|vs\b|"
        r"(higher|lower|better|worse|greater|fewer|more|less) than|accuracy|odds ratio|hazard ratio|"
        r"confidence interval|correlat(ed|ion))\b", re.I),
}
_FIRST_PERSON = re.compile(r"\b(we|our|us|ours)\b", re.I)
_PAST = re.compile(r"\b(was|were|had|did)\b|\b[a-z]{3,}ed\b", re.I)
_PRESENT = re.compile(r"\b(is|are|has|does|do|remains?|seems?|appears?)\b", re.I)
_PERFECT = re.compile(r"\b(has|have) (been|\w+ed)\b", re.I)
_MODAL = re.compile(r"\b(may|might|could|would|should|can|will|must)\b", re.I)
_NUMBER = re.compile(r"(?<![a-z])\d+(?:[.,]\d+)?")
_STAT = re.compile(r"%|±|\+/-|\bp\s*[<=>≤]|\b(ci|or|hr|rr|auc|f1|sd|iqr|bleu)\b", re.I)
_CITATION = re.compile(r"\[\s*\d+(?:\s*[,–-]\s*\d+)*\s*\]|\bet al\b|@xcite|\(\s*[A-Z][A-Za-z-]+[^()]{0,40}\d{4}[a-z]?\s*\)")
_MATH = re.compile(r"@xmath|[=<>≤≥]")
_WORDS_RE = re.compile(r"[^\W\d_]+|\d+", re.U)
#: the columns of :func:`generic_features`
GENERIC_NAMES = (*_CUES, "conclusion", "first_person", "past", "present", "perfect", "modal", "numbers",
                 "statistics", "citation", "math", "length", "question")
N_GENERIC = len(GENERIC_NAMES)


def generic_features(sentences: list[str]) -> np.ndarray:
    """``(n, N_GENERIC)`` field-independent features of each sentence (see ``_CUES``): the cue
    groups and the conclusion cue (0/1), first person, past / present / perfect tense and modals
    (shares of the words, scaled), numbers, statistics, citations, mathematics, length, and a
    question mark.

    >>> f = generic_features(["We propose a parser.", "Accuracy was 91% (p<0.01)."])
    >>> [float(x) for x in f[0, :2]], float(f[1, 3])  # aim cue; a result cue in the second
    ([1.0, 0.0], 1.0)
    """
    out = np.zeros((len(sentences), N_GENERIC), dtype=np.float32)
    for i, s in enumerate(sentences):
        n_words = max(1, len(_WORDS_RE.findall(s)))
        row = [float(bool(rx.search(s))) for rx in _CUES.values()]
        row.append(float(bool(CONCLUSION_CUE.search(s))))
        rate = lambda rx: min(1.0, 5.0 * len(rx.findall(s)) / n_words)  # noqa: E731
        row += [float(bool(_FIRST_PERSON.search(s))), rate(_PAST), rate(_PRESENT),
                float(bool(_PERFECT.search(s))), float(bool(_MODAL.search(s))),
                min(1.0, len(_NUMBER.findall(s)) / 4.0), float(bool(_STAT.search(s))),
                float(bool(_CITATION.search(s))), float(bool(_MATH.search(s))),
                min(1.0, math.log1p(n_words) / math.log(60.0)), float("?" in s)]
        out[i] = row
    return out


class RoleModel:
    """A loaded role classifier (linear weights + transitions); see the module docstring."""

    def __init__(self, vocab: dict[str, int], idf: np.ndarray, coef: np.ndarray,
                 intercept: np.ndarray, transitions: np.ndarray, start: np.ndarray,
                 meta: dict, sequence: list[dict] | None = None):
        self.vocab = vocab
        self.idf = idf.astype(np.float32)
        self.coef = coef.astype(np.float32)  # (n_features, n_labels)
        self.intercept = intercept.astype(np.float32)
        self.transitions = transitions.astype(np.float64)  # log P(y_t | y_{t-1})
        self.start = start.astype(np.float64)  # log P(y_0)
        self.meta = meta
        self.labels = meta["labels"]
        self.linear_embeddings = bool(meta.get("embeddings", True))  # the linear model reads them
        # "centered": each sentence's embedding minus its abstract's mean (the topic, which is the
        # field's, drops out; what is left says how the sentence differs from its neighbours)
        self.embedding_kind = meta.get("embedding_kind", "plain")
        self.emb_scale = float(meta.get("emb_scale", 1.0))
        self.pos_scale = float(meta.get("pos_scale", 1.0))
        self.ctx_scale = float(meta.get("ctx_scale", 0.5))
        self.generic_scale = float(meta.get("generic_scale", 0.0))  # 0: no field-independent features
        self.transition_weight = float(meta.get("transition_weight", 1.0))
        #: the BiGRU members (:mod:`scholartools.facets.sequence`), averaged with the linear model
        self.sequence = list(sequence or [])
        #: a second linear model that reads no embeddings (cue features, shared n-grams, position),
        #: which runs alone when the embedding model is not installed (:func:`active_model`), and
        #: whose probabilities are averaged with this model's at :attr:`cue_share` (0 in the shipped
        #: model: averaging lowered FM r on PubMed, docs/st-facets.md)
        self.cue: RoleModel | None = None
        #: a model of its own for sentence roles reported for their own sake (:meth:`for_roles`;
        #: :data:`ROLES_SUBDIR`), or None (they come from this model)
        self.roles_model: RoleModel | None = None

    @property
    def linear_share(self) -> float:
        """The linear model's share of the average with the members, which share the rest equally:
        ``meta["sequence"]["linear_share"]`` when the recipe set it, else every model the same
        (1 / (1 + members), the shipped model)."""
        share = self.meta.get("sequence", {}).get("linear_share")
        return 1 / (1 + len(self.sequence)) if share is None else float(share)

    @property
    def cue_share(self) -> float:
        """The cue model's share of the average with the rest of the model (``meta["cue_model"]
        ["share"]``; 0 without a cue model, or when it is kept only as the fallback)."""
        return float(self.meta.get("cue_model", {}).get("share", 0.0)) if self.cue is not None else 0.0

    @property
    def roles_share(self) -> float:
        """The cue model's share when the model labels sentence roles reported for their own sake
        (a text decomposed without a candidate: :meth:`for_roles`): ``meta["cue_model"]
        ["roles_share"]``, else :attr:`cue_share`."""
        if self.cue is None:
            return 0.0
        return float(self.meta["cue_model"].get("roles_share", self.cue_share))

    @property
    def roles_rules(self) -> dict[str, bool]:
        """The decoding rules of sentence roles reported for their own sake (:meth:`for_roles`;
        never in the decomposition FM rates), :data:`ROLES_RULES` → on or off:
        ``meta["cue_model"]["roles_<rule>"]``. ``closing_conclusion``: an abstract's closing
        finding without a number is its conclusion (:func:`closing_conclusion`);
        ``procedure_method``: a sentence that states a procedure and no finding is a method
        (:func:`procedure_method`); ``framed_purpose``: a sentence that frames the paper ("In this
        paper, …") is a statement of purpose to the purpose rule (:func:`purpose_background`,
        ``framed``; session 14); ``setup_method``: after the statement of purpose, a sentence that
        sets up the model or system and states no gap is a method (:func:`setup_method`; session 15)."""
        found = self.meta.get("cue_model", {}) if self.cue is not None else {}
        return {rule: bool(found.get(f"roles_{rule}", False)) for rule in ROLES_RULES}

    def for_roles(self) -> "RoleModel":
        """This model as it labels sentence roles reported for their own sake, not rated by FM:
        the cue model averaged in at :attr:`roles_share` (on summaries too), the rest shared. The
        model itself (:attr:`cue_share` 0 in the shipped model) is what FM decomposes with: its
        rater was fitted on those posteriors, and averaging the cue model in lowered FM r on every
        protocol, while it lifted sentence roles on the fields held out (docs/st-facets.md,
        sessions 11 and 12), with the decoding rules of sentence roles (:attr:`roles_rules`,
        session 13), in the cue model that runs alone without MiniLM too. The same object when the
        two shares are equal and no rule is on. A model with a :attr:`roles_model` of its own
        (session 16) returns that model's variant instead."""
        if self.roles_model is not None:
            return self.roles_model.for_roles()
        share = self.roles_share
        rules = self.roles_rules
        if self.cue is None or (share == self.cue_share and not any(rules.values())):
            return self
        cached = self.__dict__.get("_for_roles")
        if cached is None:
            cached = copy.copy(self)
            name = self.name if share == self.cue_share else \
                f"{self.name.split(AVERAGED_NAME)[0]}{AVERAGED_NAME} ({share:g})"
            cached.meta = dict(self.meta, cue_model=dict(self.meta["cue_model"], share=share, abstracts_only=False),
                               name=name, **rules)
            if any(rules.values()):   # the fallback without MiniLM (active_model) labels roles the same way
                cached.cue = copy.copy(self.cue)
                cached.cue.meta = dict(self.cue.meta, **rules)
            cached.__dict__.pop("_for_roles", None)
            self._for_roles = cached
        return cached

    @property
    def name(self) -> str:
        """What this model is, for provenance (``meta["name"]``, else a description of its parts)."""
        if self.meta.get("name"):
            return str(self.meta["name"])
        parts = ["linear" + (" (MiniLM)" if self.linear_embeddings else " (cues)")]
        if self.sequence:
            parts.append(f"{len(self.sequence)} BiGRU members (MiniLM)")
        if self.cue_share:
            parts.append(f"linear cue model ({self.cue_share:g})")
        return " + ".join(parts)

    @property
    def abstract_weight(self) -> float:
        """The transition weight an abstract is decoded at (st-facets' reference side):
        ``meta["abstract_transition_weight"]`` when the model sets it, else its own weight. Chosen
        on the field held out, where the transitions learnt from the training corpora did not
        carry over (docs/st-facets.md); candidate summaries keep the model's own weight, which
        sets the posteriors the FM rater reads."""
        return float(self.meta.get("abstract_transition_weight", self.transition_weight))

    @property
    def uses_embeddings(self) -> bool:
        """True when the model reads sentence embeddings (the linear model's features or the
        sequence members' input): callers embed the sentences once and pass them in."""
        return self.linear_embeddings or bool(self.sequence)

    # -- persistence --
    @classmethod
    def load(cls, directory: str | Path = MODEL_DIR) -> "RoleModel":
        directory = Path(directory)
        meta = json.loads((directory / "roles.json").read_text(encoding="utf-8"))
        arrays = np.load(directory / "roles.npz", allow_pickle=False)
        vocab = {t: i for i, t in enumerate(meta.pop("vocabulary"))}
        from scholartools.facets.sequence import ARRAYS

        members = [{name: arrays[f"seq{i}_{name}"].astype(np.float32) for name in ARRAYS}
                   for i in range(int(meta.get("sequence", {}).get("members", 0)))]
        model = cls(vocab, arrays["idf"], arrays["coef"], arrays["intercept"],
                    arrays["transitions"], arrays["start"], meta, members)
        if "cue_model" in meta:   # shares the vocabulary and idf (same corpora, same n-gram rule)
            cue_meta = {k: v for k, v in meta["cue_model"].items() if k not in CUE_USE_KEYS}
            model.cue = cls(vocab, arrays["idf"], arrays["cue_coef"], arrays["cue_intercept"],
                            arrays["cue_transitions"], arrays["cue_start"], cue_meta)
        if (directory / ROLES_SUBDIR / "roles.json").is_file():
            model.roles_model = cls.load(directory / ROLES_SUBDIR)
        return model

    def save(self, directory: str | Path) -> None:
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        vocab = sorted(self.vocab, key=self.vocab.get)
        members = {f"seq{i}_{name}": value.astype(np.float16)
                   for i, member in enumerate(self.sequence) for name, value in member.items()}
        meta = dict(self.meta)
        if self.cue is not None:
            if self.cue.vocab != self.vocab or not np.allclose(self.cue.idf, self.idf, rtol=1e-2):
                raise ValueError("the cue model must share the model's vocabulary and idf")
            members.update(cue_coef=self.cue.coef.astype(np.float16), cue_intercept=self.cue.intercept,
                           cue_transitions=self.cue.transitions.astype(np.float32),
                           cue_start=self.cue.start.astype(np.float32))
            kept = self.meta.get("cue_model", {})
            meta["cue_model"] = dict(self.cue.meta, share=kept.get("share", 0.0),
                                     abstracts_only=kept.get("abstracts_only", False))
            # how sentence roles of a text alone use it (share, decoding rules): kept as the model says
            meta["cue_model"].update({key: kept[key] for key in CUE_USE_KEYS[2:] if key in kept})
        np.savez_compressed(directory / "roles.npz", idf=self.idf.astype(np.float16),
                            coef=self.coef.astype(np.float16), intercept=self.intercept,
                            transitions=self.transitions.astype(np.float32),
                            start=self.start.astype(np.float32), **members)
        meta["vocabulary"] = vocab
        (directory / "roles.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n",
                                              encoding="utf-8")
        if self.roles_model is not None:
            self.roles_model.save(directory / ROLES_SUBDIR)

    # -- features --
    def tfidf(self, sentences: list[str], sparse: bool = False):
        """``(n, |vocab|)`` sublinear TF-IDF rows, L2-normalised (as sklearn's); dense, or CSR
        with ``sparse`` (training)."""
        rows, cols, vals_all = [], [], []
        for i, s in enumerate(sentences):
            counts: dict[int, int] = {}
            for t in tokens(s):
                j = self.vocab.get(t)
                if j is not None:
                    counts[j] = counts.get(j, 0) + 1
            if counts:
                idx = np.fromiter(counts, dtype=np.int64)
                tf = np.array([1.0 + math.log(c) for c in counts.values()], dtype=np.float32)
                vals = tf * self.idf[idx]
                rows.append(np.full(len(idx), i))
                cols.append(idx)
                vals_all.append(vals / max(float(np.linalg.norm(vals)), 1e-12))
        shape = (len(sentences), len(self.vocab))
        if sparse:
            from scipy import sparse as sp

            if not rows:
                return sp.csr_matrix(shape, dtype=np.float32)
            return sp.csr_matrix((np.concatenate(vals_all), (np.concatenate(rows), np.concatenate(cols))),
                                 shape=shape, dtype=np.float32)
        out = np.zeros(shape, dtype=np.float32)
        for r, c, v in zip(rows, cols, vals_all):
            out[r, c] = v
        return out

    def embedding_features(self, embeddings: np.ndarray) -> np.ndarray:
        """``(n, 3d)``: the sentence's embedding (centered on its abstract's mean for
        ``embedding_kind == "centered"``), the previous and the next one's, scaled."""
        e = np.asarray(embeddings, np.float32)
        if self.embedding_kind == "centered" and len(e):
            e = e - e.mean(axis=0, keepdims=True)
        return self.emb_scale * context_embeddings(e)

    def features(self, sentences: list[str], embeddings: np.ndarray | None, sparse: bool = False,
                 generic: np.ndarray | None = None):
        """The classifier's input rows for one abstract (``sparse``: a CSR matrix, for training;
        ``generic``: the sentences' :func:`generic_features`, when already computed)."""
        n = len(sentences)
        dense = [self.pos_scale * position_features(n)]
        if self.generic_scale:
            g = generic_features(sentences) if generic is None else generic.copy()
            for name in self.meta.get("generic_drop") or ():
                g[:, GENERIC_NAMES.index(name)] = 0.0
            dense += [self.generic_scale * g, self.ctx_scale * self.generic_scale * neighbours(g, -1),
                      self.ctx_scale * self.generic_scale * neighbours(g, 1)]
        if self.linear_embeddings:
            if embeddings is None:
                from scholartools.embeddings import encode

                embeddings = encode(sentences)
            dense.append(self.embedding_features(embeddings))
        parts = []
        if self.vocab:
            tf = self.tfidf(sentences, sparse=sparse)
            parts = [tf, self.ctx_scale * neighbours(tf, -1), self.ctx_scale * neighbours(tf, 1)]
        if sparse:
            from scipy import sparse as sp

            return sp.hstack(parts + [sp.csr_matrix(np.hstack(dense))], format="csr", dtype=np.float32)
        return np.hstack(parts + dense)

    def cue_applies(self, abstract: bool) -> bool:
        """Whether the cue model is averaged in for this text: always, or only for abstracts (the
        reference side) when ``meta["cue_model"]["abstracts_only"]``: on candidate summaries the
        average lowered FM r on PubMed (its posteriors are what the rater reads; docs/st-facets.md)."""
        if not self.cue_share:
            return False
        return abstract or not self.meta.get("cue_model", {}).get("abstracts_only", False)

    def log_probs(self, sentences: list[str], embeddings: np.ndarray | None = None,
                  abstract: bool = False) -> np.ndarray:
        """Per-sentence log-probabilities ``(n, n_labels)``: the linear model's, averaged (as
        probabilities) with the sequence members' when the model has them, and then with the cue
        model's where :meth:`cue_applies` (``abstract``: the text is an abstract) (no decoding)."""
        if not sentences:
            return np.zeros((0, len(self.labels)))
        if embeddings is None and self.uses_embeddings:
            from scholartools.embeddings import encode

            embeddings = encode(sentences)
        generic = generic_features(sentences) if (self.generic_scale or self.sequence) else None
        z = self.features(sentences, embeddings, generic=generic) @ self.coef + self.intercept
        z = z.astype(np.float64)
        z -= z.max(axis=1, keepdims=True)
        lp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        if self.sequence:
            from scholartools.facets import sequence

            x = sequence.inputs(embeddings, generic, position_features(len(sentences)))
            members = sum(np.exp(sequence.log_probs(x, member)) for member in self.sequence) / len(self.sequence)
            share = self.linear_share
            lp = np.log(share * np.exp(lp) + (1 - share) * members)
        if self.cue_applies(abstract):
            share = self.cue_share
            lp = np.log((1 - share) * np.exp(lp) + share * np.exp(self.cue.log_probs(sentences)))
        return lp

    def decode(self, log_probs: np.ndarray, fixed: list[str | None] | None = None,
               weight: float | None = None) -> list[str]:
        """Viterbi over ``log_probs`` with the transition matrix at ``weight`` (None: the model's
        transition weight); ``fixed[i]`` forces a label."""
        n, k = log_probs.shape
        if n == 0:
            return []
        emit = log_probs.copy()
        if fixed:
            for i, lab in enumerate(fixed):
                if lab is not None:
                    row = np.full(k, -1e9)
                    row[self.labels.index(lab)] = 0.0
                    emit[i] = row
        w = self.transition_weight if weight is None else weight
        score = emit[0] + w * self.start
        back = np.zeros((n, k), dtype=np.int64)
        for t in range(1, n):
            cand = score[:, None] + w * self.transitions  # (prev, cur)
            back[t] = cand.argmax(axis=0)
            score = cand.max(axis=0) + emit[t]
        path = [int(score.argmax())]
        for t in range(n - 1, 0, -1):
            path.append(int(back[t, path[-1]]))
        return [self.labels[j] for j in reversed(path)]

    def predict(self, sentences: list[str], embeddings: np.ndarray | None = None,
                use_headings: bool = True, log_probs: np.ndarray | None = None,
                purpose: bool | None = None, weight: float | None = None, abstract: bool = False) -> list[str]:
        """Role of each sentence, with headings and sequence context (``log_probs``: the
        classifier's output for these sentences, when already computed; ``abstract``: the text
        is an abstract, see :meth:`log_probs`). ``purpose``: apply
        :func:`purpose_background` (None: as ``meta["purpose_background"]`` says, off by default;
        st-facets turns it on for abstracts, not for candidate summaries). ``weight``: the
        transition weight to decode at (None: the model's; st-facets decodes an abstract at
        :attr:`abstract_weight`). In an abstract, a sentence that states a procedure and no finding
        becomes a method when ``meta["procedure_method"]`` (:func:`procedure_method`), the
        closing finding without a number its conclusion when ``meta["closing_conclusion"]``
        (:func:`closing_conclusion`), and a sentence framing the paper is a statement of purpose
        to the purpose rule when ``meta["framed_purpose"]``, and a sentence after the statement of
        purpose that sets up the model or system a method when ``meta["setup_method"]``
        (:func:`setup_method`); all four are set in the variant :meth:`for_roles` returns, never in
        FM's decomposition."""
        fixed: list[str | None] = [None] * len(sentences)
        if use_headings:
            current = None
            any_heading = False
            for i, s in enumerate(sentences):
                facet, rest = heading(s)
                if facet is not None:
                    any_heading = True
                    current = facet
                    fixed[i] = "other" if not rest else facet
                elif _OTHER_HEADING.match(s):
                    current = None  # a heading we cannot place ("Comments:") ends the last one's reach
                elif current is not None:
                    fixed[i] = current
            if not any_heading:
                fixed = [None] * len(sentences)
        lp = self.log_probs(sentences, embeddings, abstract=abstract) if log_probs is None else log_probs
        labels = self.decode(lp, fixed, weight)
        if self.meta.get("conclusion_tail", True):
            free = conclusion_tail(sentences, labels)
            labels = [lab if fx is not None else fr for lab, fr, fx in zip(labels, free, fixed)]
        if self.meta.get("purpose_background", False) if purpose is None else purpose:
            labels = purpose_background(sentences, labels, fixed,
                                        framed=abstract and self.meta.get("framed_purpose", False))
        if abstract and self.meta.get("setup_method", False):
            labels = setup_method(sentences, labels, fixed)
        if abstract and self.meta.get("procedure_method", False):
            labels = procedure_method(sentences, labels, fixed)
        if abstract and self.meta.get("closing_conclusion", False):
            labels = closing_conclusion(sentences, labels, fixed)
        return labels


#: environment variable naming a role-model directory to use instead of the shipped one (e.g. a
#: model built with ``python -m tools.train_roles --local`` for your own use)
MODEL_ENV = "ST_FACETS_ROLE_MODEL"


@lru_cache(maxsize=4)
def load_model(directory: str | None = None) -> RoleModel:
    """The role model in ``directory``, else in ``$ST_FACETS_ROLE_MODEL``, else the shipped one
    (cached per process)."""
    return RoleModel.load(directory or os.environ.get(MODEL_ENV) or MODEL_DIR)


def embeddings_available() -> bool:
    """True when the embedding model can be loaded (the bundled MiniLM package is installed, or
    ``ST_EMBED_MODEL`` names another): checked without loading it."""
    from scholartools.embeddings import model_path
    from scholartools.extras import MissingModel

    try:
        model_path()
    except MissingModel:
        return False
    return True


#: what a role model labels sentences for: ``fm``, the decomposition FM rates (a reference and a
#: candidate: st-facets on a pair, the rater's calibration); ``roles``, sentence roles reported for
#: their own sake (st-facets on a text without a candidate): :meth:`RoleModel.for_roles`
USES = ("fm", "roles")


def active_model(model: RoleModel | None = None, use: str = "fm") -> RoleModel:
    """The role model that runs for ``use`` (:data:`USES`): ``model`` (None: :func:`load_model`;
    for ``roles``, its :meth:`~RoleModel.for_roles` variant), or, when it reads sentence
    embeddings and the embedding model is not installed (the core install does not require the
    bundled MiniLM package: README, Install), its cue model alone (:attr:`RoleModel.cue`: cue
    features, shared n-grams and position; its own transitions). A model without a cue model is
    returned as it is (encoding then says what to install). :attr:`RoleModel.name` says which ran
    (st-facets records it in its provenance, ``role_model``)."""
    if use not in USES:
        raise ValueError(f"use must be one of {USES}, not {use!r}")
    model = model or load_model()
    if use == "roles":
        model = model.for_roles()
    if model.uses_embeddings and model.cue is not None and not embeddings_available():
        return model.cue
    return model


def predict_roles(sentences: list[str], embeddings: np.ndarray | None = None,
                  model: RoleModel | None = None, purpose: bool | None = None,
                  abstract: bool = False) -> list[str]:
    """Label each sentence background / method / result / conclusion / other (``purpose``: see
    :meth:`RoleModel.predict`). ``abstract``: the sentences are an abstract (st-facets' reference
    side): the purpose rule on (unless ``purpose`` says otherwise) and the model's
    :attr:`~RoleModel.abstract_weight`."""
    model = model or active_model()
    if abstract:
        return model.predict(sentences, embeddings, purpose=True if purpose is None else purpose,
                             weight=model.abstract_weight, abstract=True)
    return model.predict(sentences, embeddings, purpose=purpose)
