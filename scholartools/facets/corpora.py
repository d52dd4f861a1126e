"""The labelled sentence-role corpora st-facets' role model is trained and measured on, each mapped
onto the four facets (background / method / result / conclusion) plus ``other``.

Every loader returns a list of documents ``(sentences, labels)``; a label is a role name
(:data:`scholartools.vocabulary.ROLE_LABELS`) or ``None`` for a sentence whose gold label maps to
no role (it keeps its place in the sequence, so neighbours and position stay right, but it is
neither trained on nor scored).

=============== =========================================================================== ==========
corpus          mapping                                                                     licence
=============== =========================================================================== ==========
CSAbstruct      background, objective → background; method; result; other → other           Apache-2.0
(computer       (no conclusion class: conclusions are labelled result; ``weak=True`` turns
science)        cue-bearing result sentences among the last two into conclusion)
CODA-19         sentence label = majority label of its clause segments (ties: the earlier   none stated
(COVID-19)      segment); background, purpose → background; method; finding → result;       (research
                other → other (copyright lines, citations, non-English text). No conclusion  use)
                class: conclusions are "finding"
NICTA-PIBOSO    background → background; population, intervention, study design → method;  none stated
(medicine)      outcome → result (results and conclusions mixed); other → None (settings,   (research
                outcome measures, …: PICO's "other" is not IMRaD's)                          use)
written corpus  labels as written (real conclusion labels); ``data/facet-roles``            Apache-2.0
written-fields  the written corpus' third round, the fields the first two lack;             Apache-2.0
                ``data/facet-roles/fields``
ACL abstracts   development set only: 93 abstracts of computational linguistics, labelled    labels
(NLP)           from the FM definitions by three AI annotators (``fixtures/facet-roles``)    Apache-2.0
MuLMS-AZ        test only (48 abstracts, ``fixtures/mulms-az``): argumentative zones;         CC BY-SA
(materials      Background, Background_PriorWork, Motivation → background; Experiment,       4.0
science)        Exp_Preparation, Exp_Characterization → method; Results → result;
                Conclusion → conclusion; Explanation → None; zones of two facets → None
RAAMove,        test only (200 abstracts, ``fixtures/raamove/PROVENANCE.md``): the moves of  CC BY 4.0
engineering     the acceptance check's label scheme, by its annotators; background, gap,
(mechanical,    purpose → background; method; result; conclusion; contribution,
communication)  implication → None (the check's six labels do not include them). Only the
                engineering half: the AI half (ACL abstracts) may share the check's abstracts
SE abstracts    test only, never trained on (371 abstracts of ICSE, ESEC/FSE, TSE, TOSEM,    none stated
(software       EASE 2019–20, 3,447 sentences, ``fixtures/se-abstracts/PROVENANCE.md``;      (evaluation
engineering)    multi-label): background & motivation, aim & contribution → background       only)
                (purpose is background, as the check reads it); research method → method;
                results & findings → result; summary → conclusion; research object (what is
                studied or built: purpose or method) → None alone, dropped beside another
                label; aim & contribution after the abstract's first run of them (details
                of the contribution: the check's unscored contribution move) → None;
                labels of two facets, and one- or two-word headings → None. The file
                has no abstract ids: abstracts are cut where a background sentence follows
                a method, result or summary, or a sentence opens on "Context:" (381 found)
ART (CoreSC;    test only, never trained on (225 abstracts of Royal Society of Chemistry     CC BY-NC
chemistry)      papers, 1,318 sentences, each with one of eleven core scientific concepts    3.0
                by chemistry experts, ``fixtures/art-corpus/PROVENANCE.md``): background,    (evaluation
                motivation, goal, object → background (purpose and gap are background, as    only)
                the check reads them); method, experiment, model → method; observation,
                result → result; conclusion → conclusion; hypothesis → None
=============== =========================================================================== ==========

Where the data lives: the data registry's dataset ``abstract-roles`` (:mod:`scholartools.data`:
``ST_DATA``, the user cache, ``../shared/external``); see its PROVENANCE.md. CODA-19 is only in the
shared copy (a tar made here). Nothing here ships any of the corpora's text.
"""
from __future__ import annotations

import json
import re
import tarfile
from collections import Counter
from pathlib import Path

from scholartools.data.catalog import data_file
from scholartools.facets.roles import LABELS, conclusion_tail, purpose_background

ROOT = Path(__file__).resolve().parents[2]
WRITTEN_DIR = ROOT / "data" / "facet-roles"
#: the written corpus' third round (``written-fields``): abstracts of the fields the first two rounds
#: lack (chemistry, materials, engineering, earth sciences, today's NLP), a corpus of its own so that
#: FM's model keeps the written corpus it was trained and its rater fitted on
WRITTEN_FIELDS_DIR = WRITTEN_DIR / "fields"
ACL_FILE = ROOT / "fixtures" / "facet-roles" / "acl-abstracts.jsonl"
MULMS_FILE = ROOT / "fixtures" / "mulms-az" / "abstracts.jsonl"
#: RAAMove's engineering abstracts (``Engineering.json`` of ljk1228/RAAMove, fixtures/raamove/PROVENANCE.md):
#: ``$ST_RAAMOVE``, else the user's data cache; a sample of four abstracts (two of each half) is committed for the tests
RAAMOVE_ENV = "ST_RAAMOVE"
RAAMOVE_SAMPLE = ROOT / "fixtures" / "raamove" / "engineering-sample.json"
SE_ENV = "ST_SE_ABSTRACTS"
SE_SAMPLE = ROOT / "fixtures" / "se-abstracts" / "sample.csv"
#: the ART corpus' papers (``dataset/external/ART_Corpus`` of kermitt2/hypothesis_detection,
#: fixtures/art-corpus/PROVENANCE.md): ``$ST_ART_CORPUS``, else the user's data cache; a made-up
#: sample in its format is committed for the tests
ART_ENV = "ST_ART_CORPUS"
ART_SAMPLE = ROOT / "fixtures" / "art-corpus" / "sample"
#: human relevance ratings of arXiv summaries against their abstracts (Koh et al., EMNLP 2022;
#: fixtures/koh-arxiv/PROVENANCE.md): the six upstream files in one folder, ``$ST_KOH_ARXIV``, else the
#: user's data cache; a made-up sample in their format is committed for the tests
KOH_ENV = "ST_KOH_ARXIV"
KOH_SAMPLE = ROOT / "fixtures" / "koh-arxiv" / "sample"

CSABSTRUCT_MAP = {"background": "background", "objective": "background", "method": "method",
                  "result": "result", "other": "other"}
CODA_MAP = {"background": "background", "purpose": "background", "method": "method", "finding": "result",
            "other": "other"}
NICTA_MAP = {"background": "background", "population": "method", "intervention": "method",
             "study design": "method", "outcome": "result", "other": None}
#: the real human-labelled corpora, by the name used in tables and on the command line
REAL = ("csabstruct", "coda19", "nicta")
#: licence of the labels, for the model's metadata (see PROVENANCE.md of abstract-roles)
LICENCES = {"csabstruct": "Apache-2.0", "coda19": "none stated (research use only)",
            "nicta": "none stated (research use only)", "written": "Apache-2.0 (scholartools)",
            "written-fields": "Apache-2.0 (scholartools)"}
#: corpora whose labels may train a model shipped under scholartools' licence
SHIPPABLE = ("csabstruct", "written", "written-fields")
#: scholartools' own written corpora, by name (no splits: train only)
WRITTEN = {"written": WRITTEN_DIR, "written-fields": WRITTEN_FIELDS_DIR}


def weak_conclusion(sentences: list[str], labels: list) -> list:
    """Weak conclusion labels for the corpora without a conclusion class: the role model's tail
    rule (:func:`roles.conclusion_tail`) applied to the gold result sentences."""
    return conclusion_tail(sentences, labels, relabel=("result",))


def purpose_as_background(docs):
    """``docs`` with each abstract's first statement of purpose, and the methods before it,
    relabelled background as :func:`roles.purpose_background` does to predictions:
    the FM definitions read purpose as background, as the acceptance check's labels do, while
    CSAbstruct's and the written corpus's annotators mostly label "we propose X" a method."""
    return [(s, purpose_background(s, lab)) for s, lab in docs]


def load_csabstruct(path: Path | str | None = None, weak: bool = True, split: str = "train"):
    """CSAbstruct ``split`` (or the file ``path``), labels mapped; ``weak``: weak conclusions."""
    path = Path(path) if path else data_file("abstract-roles", f"CSAbstruct/{split}.jsonl")
    docs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        labels = [CSABSTRUCT_MAP[lab] for lab in rec["labels"]]
        docs.append((rec["sentences"], weak_conclusion(rec["sentences"], labels) if weak else labels))
    return docs


def load_nicta(split: str = "train", weak: bool = False):
    """NICTA-PIBOSO ``split`` (Jin & Szolovits' cleaned files), labels mapped."""
    docs, sents, labs = [], [], []
    for line in data_file("abstract-roles", f"NICTA-PIBOSO/{split}_clean.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("###"):
            if sents:
                docs.append((sents, labs))
            sents, labs = [], []
        elif "\t" in line:
            lab, text = line.split("\t", 1)
            sents.append(text)
            labs.append(NICTA_MAP[lab])
    if sents:
        docs.append((sents, labs))
    return [(s, weak_conclusion(s, lab)) for s, lab in docs] if weak else docs


def load_coda19(split: str = "train", weak: bool = False):
    """CODA-19 ``split`` read from the stored tarball, in file-name order; sentence labels from the
    clause-segment crowd labels (majority, ties to the earlier segment)."""
    tar = data_file("abstract-roles", "CODA-19/CODA19_v1_20200504_human_label.tar.gz")
    docs = []
    with tarfile.open(tar) as t:
        for m in t:
            if not (m.isfile() and f"/human_label/{split}/" in m.name and m.name.endswith(".json")
                    and "/expert/" not in m.name):
                continue
            paper = json.load(t.extractfile(m))
            sents, labs = [], []
            for para in paper["abstract"]:
                for sent in para["sentences"]:
                    counts = Counter(seg["crowd_label"] for seg in sent)
                    best = max(counts.values())
                    lab = next(seg["crowd_label"] for seg in sent if counts[seg["crowd_label"]] == best)
                    sents.append(" ".join(seg["segment_text"] for seg in sent))
                    labs.append(CODA_MAP.get(lab))
            if sents:
                docs.append((m.name, sents, labs))
    docs = [(s, lab) for _, s, lab in sorted(docs)]
    return [(s, weak_conclusion(s, lab)) for s, lab in docs] if weak else docs


def load_written(directory: Path | str = WRITTEN_DIR):
    """The written corpus (``data/facet-roles/*.jsonl``): labels already role names (real
    conclusion labels: no weak relabelling)."""
    docs = []
    for path in sorted(Path(directory).glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            rec = json.loads(line)
            sents, labels = rec["sentences"], rec["labels"]
            if len(sents) != len(labels) or not set(labels) <= set(LABELS):
                raise ValueError(f"{path}:{n}: sentences and labels differ in length or use a label "
                                 f"outside {LABELS}")
            docs.append((sents, labels))
    return docs


def load_acl(path: Path | str = ACL_FILE):
    """The ACL abstracts (a development set, never trained on; four facets): majority labels of
    three annotators, ``None`` where they all differ."""
    docs = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            docs.append((rec["sentences"], rec["labels"]))
    return docs


#: MuLMS-AZ's argumentative zones → facets (None: unscored); see the module docstring
MULMS_MAP = {"Background": "background", "Background_PriorWork": "background", "Motivation": "background",
             "Experiment": "method", "Exp_Preparation": "method", "Exp_Characterization": "method",
             "Results": "result", "Conclusion": "conclusion", "Explanation": None,
             "Explanation_Hypothesis": None, "Explanation_Assumption": None}


def mulms_label(zones: list[str]):
    """The facet of a MuLMS-AZ sentence: the one its zones map to, else None (no zone, a zone
    without a facet, or zones of two facets).

    >>> mulms_label(["Exp_Characterization", "Experiment"]), mulms_label(["Experiment", "Motivation"])
    ('method', None)
    """
    facets = {MULMS_MAP.get(z) for z in zones}
    return facets.pop() if len(facets) == 1 else None


def load_mulms():
    """The MuLMS-AZ abstracts (materials science; a test set only, never trained on), labels
    mapped by :func:`mulms_label`. Built by ``tools/build_mulms_az.py``."""
    docs = []
    for line in MULMS_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            docs.append((rec["sentences"], [mulms_label(z) for z in rec["zones"]]))
    return docs


#: RAAMove's moves → facets, as the acceptance check maps its six labels (purpose and gap read as
#: background); contribution and implication are outside those six, so unscored
RAAMOVE_MAP = {"BAC": "background", "GAP": "background", "PUR": "background", "MTD": "method", "RST": "result",
               "CLN": "conclusion", "CTN": None, "IMP": None}
#: the two journals' halves of RAAMove's engineering file, by abstract index (``idx``): the first
#: 100 are mechanical engineering (and heat and mass transfer), the rest communication engineering
RAAMOVE_PARTS = {"mechanical": range(0, 100), "communication": range(100, 200)}


def _local_copy(env: str, *parts: str, folder: bool = False) -> Path | None:
    """A test set the user keeps: ``$env``, else ``<data cache>/<parts…>``; None when it is not
    there (a file, or with ``folder`` a folder)."""
    import os

    from scholartools.data.catalog import cache_dir

    path = Path(os.environ.get(env) or cache_dir().joinpath(*parts))
    return path if (path.is_dir() if folder else path.is_file()) else None


def raamove_file():
    """Where RAAMove's ``Engineering.json`` is read from: ``$ST_RAAMOVE``, else
    ``<data cache>/raamove/Engineering.json`` (None when neither exists)."""
    return _local_copy(RAAMOVE_ENV, "raamove", "Engineering.json")


def load_raamove(path: Path | str | None = None, part: str | None = None):
    """RAAMove's engineering abstracts (a test set of the shipped model, which is not trained on them;
    session 16's fold models train on one half: ``tools.train_roles`` ``raamove-<half>``), moves mapped by
    :data:`RAAMOVE_MAP`; ``part``: ``mechanical`` or ``communication`` (None: both)."""
    path = path or raamove_file()
    if path is None:
        raise FileNotFoundError(f"RAAMove's Engineering.json is not here: set ${RAAMOVE_ENV} "
                                "(fixtures/raamove/PROVENANCE.md says where to get it)")
    rows = json.loads(Path(path).read_text(encoding="utf-8"))
    by_abstract: dict = {}
    for row in rows:
        by_abstract.setdefault(row["idx"], []).append(row)
    keep = RAAMOVE_PARTS[part] if part else None
    return [([r["text"].strip() for r in rs], [RAAMOVE_MAP[r["labels"]] for r in rs])
            for idx, rs in by_abstract.items() if keep is None or idx in keep]


def load(name: str, split: str = "train", weak: bool = True):
    """A corpus by name (:data:`REAL` or one of :data:`WRITTEN`); ``weak``: weak conclusion labels on
    the corpora without a conclusion class. The written corpora have no splits (``split`` is ignored)."""
    if name in WRITTEN:
        return load_written(WRITTEN[name])
    loader = {"csabstruct": load_csabstruct, "coda19": load_coda19, "nicta": load_nicta}[name]
    return loader(split=split, weak=weak)


#: the software-engineering set's columns → facets (None: unscored; see the module docstring)
SE_MAP = {"background_motivation": "background", "aim_contribution": "background",
          "research_object": None, "research_method": "method", "results_findings": "result",
          "summary": "conclusion"}
#: a sentence that opens an abstract whatever its labels: a structured abstract's first heading
_SE_OPENING = re.compile(r"(Context|Background|Motivation|Objective|Problem)\s*[:.]")


def se_label(moves: set, sentence: str = ""):
    """The facet of a sentence of the software-engineering set from its set of moves (columns of
    :data:`SE_MAP` marked 1): research object counts only alone (then None); moves of two facets, no
    move, or a heading alone ("Method.") → None.

    >>> se_label({"aim_contribution", "research_object"}), se_label({"research_object"})
    ('background', None)
    >>> se_label({"research_method", "results_findings"}), se_label({"summary"}, "Conclusion.")
    (None, None)
    """
    if len(sentence.split()) in (1, 2) and sentence.rstrip().endswith((".", ":")) and len(sentence) < 25:
        return None
    facets = {SE_MAP[m] for m in moves if m != "research_object"}
    return facets.pop() if len(facets) == 1 else None


def se_file():
    """Where the software-engineering set's ``sentences_all.csv`` is read from: ``$ST_SE_ABSTRACTS``,
    else ``<data cache>/se-abstracts/sentences_all.csv`` (None when neither exists)."""
    return _local_copy(SE_ENV, "se-abstracts", "sentences_all.csv")


def load_se(path: Path | str | None = None):
    """The software-engineering abstracts (test only: no licence stated, so never trained on), cut
    into abstracts (the file has no ids: a new one starts where a background sentence follows a
    method, result or summary sentence, or at an opening heading, :data:`_SE_OPENING`), labels by
    :func:`se_label`; an aim & contribution sentence after the abstract's first run of them is
    unscored (it details the contribution; the first run states the purpose)."""
    import csv

    path = path or se_file()
    if path is None:
        raise FileNotFoundError(f"the software-engineering set is not here: set ${SE_ENV} "
                                "(fixtures/se-abstracts/PROVENANCE.md says where to get it)")
    with open(path, encoding="utf-8", newline="") as f:
        rows = [(r["sentence"].strip(), {m for m in SE_MAP if r[m].strip() == "1"}) for r in csv.DictReader(f)]
    docs, previous, aims = [], set(), "before"
    for sentence, moves in rows:
        late = previous & {"research_method", "results_findings", "summary"}
        if not docs or _SE_OPENING.match(sentence) or ("background_motivation" in moves and late):
            docs.append(([], []))
            aims = "before"
        label = se_label(moves, sentence)
        if "aim_contribution" in moves:
            # the first run of aim & contribution sentences states the purpose (background); a later
            # one describes the contribution (the check's unscored contribution move, or a method)
            label = None if aims == "after" else label
            aims = "in"
        elif aims == "in":
            aims = "after"
        docs[-1][0].append(sentence)
        docs[-1][1].append(label)
        previous = moves
    return docs


#: the ART corpus' core scientific concepts (CoreSC) → facets, as the acceptance check reads its
#: labels (purpose and gap are background); a hypothesis is no facet of the four (None: unscored)
ART_MAP = {"Bac": "background", "Mot": "background", "Goa": "background", "Obj": "background",
           "Met": "method", "Exp": "method", "Mod": "method", "Obs": "result", "Res": "result",
           "Con": "conclusion", "Hyp": None}


def art_dir():
    """Where the ART corpus' ``*_mode2.xml`` papers are read from (any folder below): ``$ST_ART_CORPUS``,
    else ``<data cache>/art-corpus`` (None when neither exists)."""
    return _local_copy(ART_ENV, "art-corpus", folder=True)


def load_art(path: Path | str | None = None):
    """The ART corpus' abstracts (chemistry; a test set only, never trained on: its licence is
    non-commercial), one document per paper: its ``<ABSTRACT>`` sentences, labels by
    :data:`ART_MAP` (a sentence without a concept → None). Papers in file-name order."""
    import xml.etree.ElementTree as ET

    path = path or art_dir()
    if path is None:
        raise FileNotFoundError(f"the ART corpus is not here: set ${ART_ENV} "
                                "(fixtures/art-corpus/PROVENANCE.md says where to get it)")
    docs = []
    for f in sorted(Path(path).rglob("*_mode2.xml"), key=lambda p: p.name):
        abstract = ET.parse(f).getroot().find("ABSTRACT")
        if abstract is None:
            continue
        sents, labels = [], []
        for s in abstract.iter("s"):
            concept = s.find("annotationART")
            text = " ".join("".join(s.itertext()).split())
            if text:
                sents.append(text)
                labels.append(ART_MAP.get(concept.get("type")) if concept is not None else None)
        if sents:
            docs.append((sents, labels))
    return docs


# ---------------------------------------------------------------------------- FM out of field

#: the upstream files of the arXiv relevance set: the released ratings (their mean), each rater's
#: scores, and the four files of arXiv test abstracts (sentence-tagged) the references come from
KOH_RATINGS = "robust_long_abstractive_human_annotation_dataset.jsonl"
KOH_RATERS = "annotation_data.jsonl"
KOH_REFERENCES = ("perfect.csv", "good.csv", "moderate.csv", "bad.csv")
_KOH_SENTENCE = re.compile(r"<S\d+>(.*?)</S\d+>", re.S)


def koh_dir():
    """Where the arXiv relevance set's six files are read from: ``$ST_KOH_ARXIV``, else
    ``<data cache>/koh-arxiv`` (None when neither exists)."""
    return _local_copy(KOH_ENV, "koh-arxiv", folder=True)


def _arxiv_key(arxiv_id: str):
    """An arXiv id as the reference files store it, which lost its zeros as a number ("709.0677"
    is 0709.0677, "1403.08" 1403.0800): the number, or the id itself (old style: "cs0306063")."""
    try:
        return float(arxiv_id)
    except ValueError:
        return arxiv_id.strip()


def load_koh_arxiv(path: Path | str | None = None) -> list[dict]:
    """The arXiv half of Koh et al.'s human evaluation (test only: no licence stated): 17 papers'
    summaries by 12 BART and PEGASUS variants, each rated by three annotators for *relevance*, the
    share of the reference abstract's main ideas the summary holds. Each pair: ``doc_id`` (the arXiv
    id), ``category`` (cs, q-bio, q-fin), ``system``, ``reference`` and ``reference_sentences`` (the
    abstract as the arXiv summarisation set splits it), ``candidate``, and ``human``: ``relevance``
    (the released mean), ``relevance_raters`` (each annotator's), ``factual_consistency``. A
    paper whose abstract no reference file holds is an error naming it."""
    import csv

    folder = Path(path) if path else koh_dir()
    if folder is None:
        raise FileNotFoundError(f"the arXiv relevance set is not here: set ${KOH_ENV} "
                                "(fixtures/koh-arxiv/PROVENANCE.md says where to get it)")
    refs: dict = {}
    for name in KOH_REFERENCES:   # (an abstract in two files is the same text in both)
        with open(folder / name, encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                refs.setdefault(_arxiv_key(row["arxiv_id"]), (row, name[:-4]))
    raters: dict = {}
    for item in json.loads((folder / KOH_RATERS).read_text(encoding="utf-8")):
        first = item["a1"]
        if first["dataset"] == "arXiv":
            raters[(first["document_id"], first["model"])] = [float(item[a]["relevance_score"])
                                                              for a in ("a1", "a2", "a3")]
    pairs = []
    for r in json.loads((folder / KOH_RATINGS).read_text(encoding="utf-8")):
        if r["dataset"] != "arXiv":
            continue
        arxiv_id = r["dataset_id"].removeprefix("ID_")
        try:
            ref, quality = refs[_arxiv_key(arxiv_id)]
        except KeyError:
            raise ValueError(f"{folder}: no reference abstract for arXiv {arxiv_id} in "
                             f"{', '.join(KOH_REFERENCES)}") from None
        sentences = [" ".join(m.split()) for m in _KOH_SENTENCE.findall(ref["abstract"])]
        system = r["model_type"]
        pairs.append({"id": f"koh-arxiv-{arxiv_id}-{re.sub(r'[^a-z0-9]+', '-', system.lower()).strip('-')}",
                      "doc_id": arxiv_id, "category": ref["category"], "system": system,
                      "reference": " ".join(sentences), "reference_sentences": sentences,
                      "reference_quality": quality, "candidate": " ".join(r["model_summary"].split()),
                      "human": {"relevance": float(r["relevance"]),
                                "relevance_raters": raters.get((r["dataset_id"], system)),
                                "factual_consistency": float(r["factual_consistency"])}})
    return pairs
