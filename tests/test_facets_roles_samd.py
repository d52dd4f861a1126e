"""Sentence roles from a model of their own, trained with RAAMove's engineering abstracts (the
acceptance check's label scheme; docs/st-facets.md, session 16): how RAAMove enters training, and
how such a model sits beside FM's (saved in the model directory's ``sentence-roles``, read only by
:meth:`RoleModel.for_roles`; the shipped one has FM's corpora: session 22). Fast: a tiny model, the committed
four-abstract sample."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from scholartools.facets import corpora
from scholartools.facets.roles import ROLES_RULES, ROLES_SUBDIR, RoleModel
from tools import train_roles as tr

_CONFIG = {"tfidf": "shared", "embedding": None, "generic": True, "C": 1.0, "ctx_scale": 0.5,
           "emb_scale": 1.0, "pos_scale": 1.0, "generic_scale": 1.0, "min_df": 2}


def _corpus(shape: str, n: int = 12):
    if shape == "a":
        return [(["In this paper we study topic %d." % i, "We used method %d on data." % i,
                  "Results show a gain of %d%%." % i], ["background", "method", "result"]) for i in range(n)]
    return [(["However, little is known about case %d." % i, "Samples were collected and measured.",
              "We found that levels increased (p < 0.05).", "These findings suggest a new role for it."],
             ["background", "method", "result", "conclusion"]) for i in range(n)]


def test_raamove_trains_from_its_file_as_one_weighted_corpus_without_a_dev_split(monkeypatch):
    """``raamove-<half>`` names read RAAMove (``$ST_RAAMOVE``; here the committed sample) mapped as
    the acceptance check maps its labels; no dev split; weight ``raamove_weight``; CC BY 4.0 lets
    a model trained on it ship (with attribution), CODA-19 still does not."""
    monkeypatch.setenv(corpora.RAAMOVE_ENV, str(corpora.RAAMOVE_SAMPLE))
    assert tr.training_docs("raamove-communication") == corpora.load_raamove(part="communication")
    assert len(tr.training_docs("raamove")) == 4 and tr.training_docs("raamove", "dev") == []
    assert tr.training_docs("written", "dev") == []
    assert tr.corpus_weight("raamove-mechanical", raamove_weight=0.5) == 0.5
    assert tr.corpus_weight("written", 2.0) == 2.0 and tr.corpus_weight("csabstruct", 2.0, 0.5) == 1.0
    assert tr.shippable(["csabstruct", "written", "raamove"]) and not tr.shippable(["csabstruct", "coda19"])
    assert "CC BY 4.0" in tr.licence_of("raamove")
    # the shipped model's own model of sentence roles has FM's corpora, no RAAMove (session 16: not
    # better held out), and linear models that read no position (session 22)
    assert tr.ROLES_CORPORA == ("csabstruct", "written") and tr.ROLES_POS_SCALE == 0.0 and tr.RAAMOVE_WEIGHT == 0.5


def test_the_cli_needs_raamove_for_the_sentence_roles_model(monkeypatch, tmp_path):
    """Without RAAMove's file, training a model of sentence roles with it stops and says where to
    get it; a corpus without a licence to redistribute is refused there as in ``--corpora``."""
    monkeypatch.delenv(corpora.RAAMOVE_ENV, raising=False)
    monkeypatch.setattr(corpora, "raamove_file", lambda: None)
    with pytest.raises(SystemExit) as exc:
        tr.main(["--roles-corpora", "csabstruct,written,raamove", "--out", str(tmp_path), "--dry-run"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        tr.main(["--roles-corpora", "csabstruct,coda19", "--out", str(tmp_path)])
    assert exc.value.code == 2


def test_sentence_roles_come_from_their_own_model_and_fm_keeps_its_own(tmp_path):
    """A model directory with ``sentence-roles/`` in it: FM's decomposition labels with the main
    model, sentence roles of a text alone (:meth:`for_roles`) with the other one, its cue model
    averaged in at its ``roles_share`` and its decoding rules on; both saved and loaded together.
    The main model's arrays are the same whether or not it carries the other."""
    fm = tr.fit([_corpus("a"), _corpus("b")], [[None] * 12, [None] * 12], _CONFIG)
    own = tr.fit([_corpus("a"), _corpus("b", 6)], [[None] * 12, [None] * 6], _CONFIG, [1.0, 3.0])
    own.cue = copy.deepcopy(own)
    own.cue.coef = own.cue.coef * 0.5   # another model on the same vocabulary
    own.meta["cue_model"] = dict(own.cue.meta, share=0.0, roles_share=0.25,
                                 **{f"roles_{rule}": True for rule in ROLES_RULES})
    fm.save(tmp_path / "alone")
    fm.roles_model = own
    fm.save(tmp_path / "both")
    assert (tmp_path / "both" / ROLES_SUBDIR / "roles.npz").is_file()
    assert (tmp_path / "both" / "roles.npz").read_bytes() == (tmp_path / "alone" / "roles.npz").read_bytes()
    loaded = RoleModel.load(tmp_path / "both")
    assert RoleModel.load(tmp_path / "alone").roles_model is None
    roles = loaded.for_roles()
    assert roles is loaded.roles_model.for_roles() and roles.coef is loaded.roles_model.coef
    assert roles.cue_share == 0.25 and all(roles.meta[rule] is True for rule in ROLES_RULES)
    assert loaded.cue is None and loaded.cue_share == 0.0   # FM's model is untouched
    sents = ["However, little is known about case 3.", "Samples were collected and measured.",
             "We found that levels increased (p < 0.05).", "These findings suggest a new role for it."]
    np.testing.assert_allclose(loaded.log_probs(sents), fm.log_probs(sents), atol=5e-3)   # float16 on disk
    np.testing.assert_allclose(np.exp(roles.log_probs(sents, abstract=True)),
                               0.75 * np.exp(own.log_probs(sents)) + 0.25 * np.exp(own.cue.log_probs(sents)),
                               atol=5e-3)
    # the decoding rules' flags survive a save (they were dropped before session 16)
    again = RoleModel.load(tmp_path / "both" / ROLES_SUBDIR)
    assert again.roles_rules == {rule: True for rule in ROLES_RULES} and again.roles_share == 0.25


def test_a_sentence_roles_model_names_what_it_was_trained_with(monkeypatch):
    """The model of sentence roles says in its name (st-facets' provenance) which of RAAMove and the
    written corpus' third round it adds and whether its linear models read position; the third
    round's weight and the position's scale reach both of its fits (the model and its cue model)."""
    seen, scales = [], []

    def fit(names, config, written_weight, embed_cache, log=print, raamove_weight=0.5, fields_weight=1.0):
        seen.append(fields_weight)
        scales.append(config["pos_scale"])
        return tr.fit([_corpus("a"), _corpus("b")], [[None] * 12, [None] * 12], _CONFIG)

    monkeypatch.setattr(tr, "train", fit)
    for names, weight, pos, words in ((["csabstruct", "written", "raamove"], 1.0, 0.0, ["RAAMove", "position"]),
                                      (["csabstruct", "written", "written-fields"], 0.25, 0.0, ["third round", "position"]),
                                      (["csabstruct", "written"], 1.0, 1.0, [])):
        seen.clear()
        scales.clear()
        name = tr.train_roles_model(names, fields_weight=weight, log=lambda m: None, pos_scale=pos).meta["name"]
        assert [w in name for w in ("RAAMove", "third round", "position")] == \
            [w in words for w in ("RAAMove", "third round", "position")]
        assert name.startswith(tr.MODEL_NAME) and seen == [weight, weight] and scales == [pos, pos]


def test_the_shipped_sentence_roles_model_reads_no_position_in_its_linear_models():
    """Session 22: the shipped model file carries a model of sentence roles of its own, FM's corpora
    and recipe but its linear model and cue model without position features (the BiGRU members
    keep theirs); FM's model, which its rater was fitted on, reads position as before."""
    model = RoleModel.load()
    own = model.roles_model
    assert own is not None and own.meta["corpora"] == ["csabstruct", "written"]
    assert own.pos_scale == 0.0 and own.cue.pos_scale == 0.0 and own.sequence is not None
    assert model.pos_scale == 1.0 and model.cue.pos_scale == 1.0
    assert own.name == tr.MODEL_NAME + tr.POSITION_NAME


def test_the_software_engineering_set_is_scored_beside_the_others_when_here(monkeypatch):
    """Session 18: ``facets_roles_samd.test_sets`` scores every model on the software-engineering
    abstracts (evaluation only) when ``$ST_SE_ABSTRACTS`` names their file, and leaves them out when not."""
    import sys

    sys.path.insert(0, str(corpora.ROOT / "benchmarks"))
    import facets_roles_samd as S

    monkeypatch.setattr(corpora, "raamove_file", lambda: corpora.RAAMOVE_SAMPLE)
    monkeypatch.setenv(corpora.SE_ENV, str(corpora.SE_SAMPLE))
    assert S.test_sets()["other"]["SE abstracts"] == (corpora.load_se(corpora.SE_SAMPLE), False)
    monkeypatch.setattr(corpora, "se_file", lambda: None)
    assert "SE abstracts" not in S.test_sets()["other"]


def test_the_art_chemistry_set_is_scored_beside_the_others_when_here(monkeypatch):
    """Session 20: ``facets_roles_samd.test_sets`` scores every model on the ART corpus' chemistry
    abstracts (four facets and three; evaluation only) when ``$ST_ART_CORPUS`` names their folder."""
    import sys

    sys.path.insert(0, str(corpora.ROOT / "benchmarks"))
    import facets_roles_samd as S

    monkeypatch.setattr(corpora, "raamove_file", lambda: corpora.RAAMOVE_SAMPLE)
    monkeypatch.setattr(corpora, "se_file", lambda: None)
    monkeypatch.setenv(corpora.ART_ENV, str(corpora.ART_SAMPLE))
    other = S.test_sets()["other"]
    assert other["ART chemistry"] == (corpora.load_art(corpora.ART_SAMPLE), False)
    assert other["ART chemistry (3)"][1] is True
    monkeypatch.setattr(corpora, "art_dir", lambda: None)
    assert "ART chemistry" not in S.test_sets()["other"]
