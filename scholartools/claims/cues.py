"""Claim cues that do not need the first person (issue 37), read by :mod:`scholartools.claims.extract`
beside :data:`scholartools.vocabulary.CLAIM_CUES`.

The cue phrases of the vocabulary find claims that say *we*: "we show", "our results suggest", "we
propose". Half of CLAIMCHECK's claims do not: a result stated about the system or the data ("The
hybrid approach consistently gives the highest yield"), a measured statistic ("This labeling process
succeeds for 76% of the documents"), a hedged explanation ("This is likely to be a result of …"), a
gap in prior work ("extensions to whole-document embeddings are relatively underexplored"), a
relation to other work ("In contrast to our work, Duh et al. did not …"). Each family below is
``(name, pattern, weight)``; a sentence gets the weight of every family it matches, counted as a
positive cue of kind ``result``, ``novelty`` or ``contribution`` (:data:`KINDS`). :data:`POINTERS` are sentences that
only point at a table or a later section, or muse about future work; they lower the score.

The weights are set by hand and checked on the six dev PDFs of ``fixtures/claims/annotations/pdf``
(the ReviewCritique papers' licence forbids tuning on them); see docs/st-claims.md.
"""
from __future__ import annotations

import re

_NUM = r"\d+(?:[.,]\d+)?"
_METRIC = (r"(?:precision|recall|accuracy|f1|f-?scores?|f-measure|auc|bleu(?:-4)?|rouge(?:-\w+)?|map|ndcg|mrr"
           r"|error rates?|wer|perplexity|correlations?|kappa|agreement|yield|coverage)")

#: (family, pattern, weight, kind)
FAMILIES = (
    # comparatives and superlatives about measured outcomes, with or without "we"
    ("comparative", r"\b(?:higher|lower|better|worse|more|less|fewer|faster|slower|larger|smaller|stronger|weaker"
                    r"|more \w+|less \w+)\b[^.;]{0,80}?\b(?:than|over|compared (?:to|with)|relative to)\b", 0.3, "result"),
    ("superlative", r"\b(?:gives?|achieves?|obtains?|yields?|has|have|had|provides?|shows?|reach(?:es)?)\s+(?:the\s+)?"
                    r"(?:highest|lowest|best|worst|largest|smallest|strongest)\b", 1.0, "result"),
    ("by-amount", rf"\b(?:by|of)\s+(?:about\s+|approximately\s+|around\s+|over\s+|more than\s+|nearly\s+|almost\s+)?"
                  rf"{_NUM}\s?(?:%|percent|points?|pp|bleu|f1|auc|ndcg|map)\b|\b(?:improv\w*|gain\w*|increas\w*|decreas\w*"
                  rf"|reduc\w*|drops?)\b[^.;]{{0,40}}?{_NUM}\s?(?:%|points?|bleu|f1)", 0.8, "result"),
    ("metric-value", rf"\b{_METRIC}\b[^.;]{{0,40}}?(?:of|at|is|was|=|reaches|above|below|over|under)\s+(?:about\s+)?{_NUM}"
                     rf"|{_NUM}\s?%?\s+{_METRIC}\b", 0.6, "result"),
    ("measured-share", rf"\b{_NUM}\s?%\s+of\b|\b(?:account(?:s|ed|ing)? for|succeeds? for|cover(?:s|ed)?"
                       rf"|make up|occur in|satisf(?:y|ies))\s+(?:approximately\s+|about\s+|over\s+|only\s+)?{_NUM}\s?%"
                       rf"|\bapproximately\s+{_NUM}\s?%", 0.7, "result"),
    ("scale", rf"\b(?:consists? of|results? in|resulting in|has|have|contains?|rises to)\s+(?:more than\s+|over\s+|about\s+)?"
              rf"{_NUM}\s?(?:[KMB]|million|billion|thousand)\b", 0.5, "result"),
    # a finding stated about the system, the data or the setting
    ("evaluative", r"\b(?:is|are|was|were|proves?|proved|remains?|seems?|appears?)\s+(?:clearly\s+|much\s+|still\s+"
                   r"|also\s+|generally\s+|considerably\s+|significantly\s+|slightly\s+|consistently\s+)*(?:a\s+)?"
                   r"(?:more|less|much more|far more)\s+(?:\w+\s+)?(?:difficult|challenging|general|robust|accurate|"
                   r"effective|efficient|useful|natural|flexible|expressive|informative|costly|expensive|stable)\b"
                   r"|\b(?:well above|far above|well below|close to|near) (?:chance|random|the (?:upper bound|oracle|human))\b"
                   r"|\b(?:is|are|was|were)\s+(?:very\s+|quite\s+|still\s+|also\s+)?(?:good|excellent|strong|poor|promising"
                   r"|effective|useful|successful|feasible|infeasible|not significant|significant|comparable|similar)\b"
                   r"|\b(?:compares?|compared) favou?rably\b|\bon par with\b|\bcompetitive with\b|\bsimilar to those reported\b"
                   r"|\b(?:performs?|works?|worked|generali[sz]es?)\s+(?:well|better|worse|poorly|best|surprisingly)\b"
                   r"|\bsurprisingly\b|\bhurts?\b|\bdoes not (?:help|benefit|profit|improve)\b"
                   r"|\bdid(?:n't| not) help\b|\bis (?:the )?key to\b|\bis critical for\b|\bis crucial for\b"
                   r"|\b(?:is|are|was|were)\s+(?:\w+\s+)?(?:easier|harder|simpler|minimal|negligible)\b"
                   r"|\b(?:only )?works? (?:only )?(?:if|when|in combination)\b|\b(?:are|is) not (?:directly )?comparable\b", 0.8, "result"),
    ("error-analysis", r"\b(?:most|majority|many) of the (?:errors|mistakes|false (?:positives|negatives)|incorrect)\b"
                       r"|\b(?:common|most common|frequent|significant) (?:errors?|mistakes?|sources? of (?:error|failure))\b"
                       r"|\berrors? (?:consist|are due|were due|was due|is due)\b"
                       r"|\bthe most (?:common|significant|frequent|typical) (?:errors?|mistakes?|error)\b", 0.9, "result"),
    # hedged findings and explanations
    ("hedged", r"\b(?:is|are|was|were|may be|might be|could be) (?:likely |probably |largely |partly |mainly |at least in part )?"
               r"(?:due to|because of|caused by|a result of|the result of|attributable to)\b|\blikely to be (?:a|the) result\b"
               r"|\b(?:one|another|a) (?:possible|potential|likely|plausible) (?:reason|explanation|cause)\b"
               r"|\bwe (?:speculate|suspect|conjecture|hypothesi[sz]e|attribute)\b|\bour explanation\b"
               r"|\b(?:this|which|that) (?:may|might|could) (?:explain|be (?:due|because))\b", 0.8, "result"),
    ("found", r"\b(?:experiments?|analys[ie]s|evaluations?|results?|error analysis|studies|study) "
              r"(?:here |above |below |in this paper )?(?:also |further |clearly )?"
              r"(?:showed|show|demonstrated|demonstrate|revealed|reveal|indicated|indicate|suggested|suggest|confirmed)\b"
              r"|\b(?:we|it was|was) (?:have )?(?:also )?(?:empirically )?(?:found|find|observed|noted) (?:that|it)\b"
              r"|\bhave (?:empirically )?shown\b|\bwe found\b", 0.9, "result"),
    # a gap in prior work, or this work set against others
    ("gap", r"\b(?:relatively |largely |remains? |has remained |have remained )?(?:under-?explored|under-?studied"
            r"|unexplored|understudied|overlooked|neglected)\b|\b(?:have|has) yet to\b"
            r"|\b(?:has|have) (?:mostly |largely |mainly |so far |typically )?(?:been )?(?:confined|limited|restricted) to\b"
            r"|\b(?:has|have) (?:mostly |largely |mainly )?(?:focused|concentrated) on\b|\btend(?:s)? to focus on\b"
            r"|\bno (?:empirical )?(?:results|evaluations?) (?:are|were|have been) reported\b"
            r"|\b(?:not|never) (?:fully |yet |systematically )?(?:explored|tested|studied|evaluated|incorporated|addressed)\b"
            r"|\bonly (?:addressed|mentioned|explored) in passing\b|\b(?:remain|remains) unable\b|\bare unrealistic\b"
            r"|\black of (?:publicly available |large |labeled |annotated )?(?:data|datasets|benchmarks|resources|evaluation)\b"
            r"|\bhas been content with\b|\bpain point\b"
            r"|\b(?:these|such|their|most|existing|previous|prior|other) (?:\w+ )?(?:works?|approaches|methods|systems|models"
            r"|extractors|techniques|studies)\b[^.;]{0,60}?\b(?:do|does|did|cannot|can not|could not) (?:not )?"
            r"(?:consider|leverage|incorporate|integrate|address|model|use|exploit|capture|generali[sz]e|train|scale|handle)\b",
     1.3, "novelty"),
    ("others-lack", r"\b(?:they|these (?:\w+ )?(?:works|approaches|methods|systems|models)|their (?:\w+ )?(?:method|approach|model|system)s?)"
                    r" (?:do|does|did) not\b|\bnot required by\b|\bhave no correlate\b", 0.8, "novelty"),
    ("relation", r"\b(?:in contrast to|unlike|compared to|as opposed to|different from|orthogonal to|similar in spirit to"
                 r"|differs? from)\s+(?:our|this|the present|these|the proposed)\b|\bunlike (?:many |most |the )?(?:prior|previous"
                 r"|existing|other|earlier)\b|\b(?:our|this) (?:work|approach|method"
                 r"|model|system|paper) (?:differs|is different|departs)\b|\bby comparison,?\s"
                 r"|\bcloses(?:t)? to our\b|\b(?:orthogonal|complementary) to (?:ours|our)\b|\bthan (?:our|this) problem\b",
     1.1, "novelty"),
    # what the paper's own method can do (counted only in a sentence about the paper's own work)
    ("capability", r"\b(?:does|do|did) not (?:require|need)\b|\bwithout (?:the )?need\b|\bcan (?:now |be |also |still )*"
                   r"(?:easily |efficiently |directly |simply |readily |effectively )?(?:used|applied|extended|generali[sz]ed|deployed"
                   r"|reimplemented|matched|produce|handle|process|translate|scale|work)\b|\bmakes? (?:it|them) (?:applicable|possible"
                   r"|feasible|suitable)\b|\b(?:allows?|enables?|enabling|allowing) (?:us |it |users? |the model |them )?to\b"
                   r"|\b(?:is|are) (?:efficiently |easily )?(?:computable|applicable|generic|general)\b", 0.4, "result"),
    ("release", r"\b(?:we|is|are)\s+(?:also\s+)?(?:release[sd]?|make\s+\w+(?:\s+\w+)?\s+available|freely available|publicly available)\b"
                r"|\bwe make (?:the )?(?:\w+ )*available\b", 1.0, "contribution"),
)
#: contribution verbs that announce the paper's work in abstract, introduction and conclusion
#: ("We describe a deployed scalable system", "This paper reports …")
SUMMARY_VERBS = (r"\b(?:we|this (?:paper|work|article|study)|the paper|our (?:paper|work))\s+(?:also\s+|first\s+|then\s+|further\s+)?"
                 r"(?:describe[sd]?|deploy(?:s|ed)?|address(?:es|ed)?|articulate[sd]?|outline[sd]?|reduce[sd]?|serves? as"
                 r"|demonstrate[sd]?|show(?:s|ed)?|identif(?:y|ies|ied))\b")
SUMMARY_WEIGHT = 0.8
#: sentences that point elsewhere, muse or describe the procedure: not claims; ``(pattern, weight)`` or
#: ``(pattern, weight, "body")`` for a cue that counts only outside abstract, introduction and conclusion
POINTERS = (
    (r"\b(?:the|our|its) (?:main )?(?:goals?|aim|task|objective) (?:of this (?:work|paper|task) )?(?:is|are) to\b"
     r"|\bwe (?:study|investigate|explore|examine) (?:how|whether|if)\b", -0.8),
    (r"^(?:figure|fig\.|table|tab\.)\s*\d+\s+(?:shows?|gives?|presents?|reports?|compares?|summari[sz]es|lists?|depicts?"
     r"|illustrates?|plots?)\b(?![^.]*\bthat\b)", -0.9),
    (r"\b(?:it would be interesting|we would like to|we plan to|we intend to|is an item of future work|another item of future work"
     r"|an area to explore|warrant exploring|remains to be seen|(?:research|future) directions?|directions for future"
     r"|a possible (?:further )?(?:\w+ )*?(?:improvement|direction|extension) would be)\b", -1.2),
    (r"\b(?:in the (?:next|following|previous|preceding) sections?|before we conclude|the rest of the paper|in this section,? we)\b", -1.0),
    # the procedure, in the body: "we build / extract / replace / iterate …"
    (r"\bwe (?:then |also |first |further )?(?:build|extract|replace|create|iterate|construct|collect|compute|apply|assume"
     r"|restrict|conduct|store|split|feed|obtain(?:ed)? (?:logs|data)|sample|partition(?:ed)?|normali[sz]e|encode|concatenate"
     r"|instantiate|require the)\b", -0.6, "body"),
    (r"\b(?:we|this section) (?:briefly )?(?:describe|discuss|present|introduce) (?:the|how|several|each|our basic)\b(?![^.]*\b(?:outperform|improve))", -0.4),
)

#: families that count only in a sentence about the paper's own work (first person or its coined names)
OWN_ONLY = frozenset({"capability"})
#: families that match only a sentence with a digit (skipped, for speed, in one without)
NUMERIC = frozenset({"by-amount", "metric-value", "measured-share", "scale"})
#: kinds of the families (cue kinds reported in a claim's ``cues``)
KINDS = {name: kind for name, _, _, kind in FAMILIES}


def compiled():
    """The families, summary verbs and pointers compiled once: ``(families, summary, pointers)``."""
    fam = [(name, re.compile(p, re.I), w) for name, p, w, _ in FAMILIES]
    return (fam, re.compile(SUMMARY_VERBS, re.I),
            [(re.compile(p[0], re.I), p[1], p[2] if len(p) > 2 else None) for p in POINTERS])
