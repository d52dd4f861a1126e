"""The claim cues of the offline extractor, with their weights: its only reader is
:mod:`scholartools.claims.extract` (issue 33: weights live beside the code that reads them).

* :data:`CLAIM_CUES` / :data:`NON_CLAIM_CUES` — phrases of the paper's own claims, mostly in the
  first person ("we show", "our results suggest", "we propose"), and of sentences that are not
  claims (setup, definitions, plans, pointers); :data:`CLAIM_SECTION_PRIOR`, :data:`BACK_MATTER_MARK`
  and :data:`CLAIM_SKIP_SECTIONS` say where claims are searched and how each section type leans.
* :data:`FAMILIES` (issue 37) — cues that do not need the first person. Half of CLAIMCHECK's claims
  do not say *we*: a result stated about the system or the data ("The hybrid approach consistently
  gives the highest yield"), a measured statistic ("This labeling process succeeds for 76% of the
  documents"), a hedged explanation ("This is likely to be a result of …"), a gap in prior work
  ("extensions to whole-document embeddings are relatively underexplored"), a relation to other
  work ("In contrast to our work, Duh et al. did not …"). Each family is ``(name, pattern, weight,
  kind)``; a sentence gets the weight of every family it matches, counted as a positive cue of
  kind ``result``, ``novelty`` or ``contribution`` (:data:`KINDS`). :data:`POINTERS` are sentences
  that only point at a table or a later section, or muse about future work; they lower the score.

The weights are set by hand and checked on the six dev PDFs of ``fixtures/claims/annotations/pdf``
(the ReviewCritique papers' licence forbids tuning on them); see docs/st-claims.md.
"""
from __future__ import annotations

import re

_NUM = r"\d+(?:[.,]\d+)?"
_METRIC = (r"(?:precision|recall|accuracy|f1|f-?scores?|f-measure|auc|bleu(?:-4)?|rouge(?:-\w+)?|map|ndcg|mrr"
           r"|error rates?|wer|perplexity|correlations?|kappa|agreement|yield|coverage)")

# ----------------------------------------------------------------- first-person cues, priors, skipped parts

#: cue phrases of a paper's own claims, by kind (CLAIMCHECK's extraction prompt: claims about
#: "findings / contributions / results / relation with related work", not ideas, methods or setup).
#: Regular expressions matched case-insensitively on one sentence; bounded gaps only, no nested
#: quantifiers. Weights are the sentence scorer's (:mod:`scholartools.claims.extract`), set by hand.
CLAIM_CUES = {
    "result": (
        (r"\b(?:we|our (?:results?|experiments?|analys[ie]s|findings?|evaluations?|study|ablations?))\b"
         r"[^.;]{0,60}?\b(?:show|shows|showed|shown|find|finds|found|demonstrate[sd]?|observe[sd]?|confirm(?:s|ed)?"
         r"|reveal(?:s|ed)?|verif(?:y|ies|ied)|validate[sd]?|prove[sd]?|conclude[sd]?|discover(?:s|ed)?|note)\b", 1.0),
        (r"\b(?:results?|experiments?|evaluations?|analys[ie]s|ablations?|findings|table \d+|tab\. \d+|figure \d+|fig\. \d+)"
         r"\s+(?:also |further |clearly )?(?:show|shows|suggest|suggests|demonstrate|demonstrates|indicate|indicates"
         r"|confirm|confirms|reveal|reveals|validate|validates|verify|verifies)\b", 1.0),
        (r"\b(?:outperform(?:s|ed|ing)?|surpass(?:es|ed)?|beat(?:s)?|exceed(?:s|ed)?|outstrip(?:s|ped)?)\b", 1.0),
        (r"\b(?:new |the )?state[- ]of[- ]the[- ]art\b", 0.5),
        (r"\b(?:significant(?:ly)?|substantial(?:ly)?|consistent(?:ly)?|dramatic(?:ally)?|remarkabl[ey]|large margins?)\b", 0.5),
        (r"\b(?:achieve[sd]?|attain(?:s|ed)?|obtain(?:s|ed)?|reach(?:es|ed)?|yield(?:s|ed)?|lead(?:s)? to|leads to)\b", 0.5),
        (r"\b(?:better|worse|higher|lower|faster|slower|best|worst|more (?:robust|accurate|efficient|effective)"
         r"|comparabl[ey]|on (?:a )?par)\b", 0.5),
        (r"\bcan (?:be )?(?:easily|effectively|also|still|even|significantly|greatly|widely|successfully)\b"
         r"|\b(?:enables?|allows?) (?:us|the model|models|it|them) to\b|\b(?:promising|effectively)\b", 0.4),
        (r"\b(?:improve[sd]?|improvements?|gains?|boost(?:s|ed)?|increase[sd]?|decrease[sd]?|reduce[sd]?|drops?)\b", 0.4),
        (r"\b(?:this|these|which|it) (?:results? )?(?:indicates?|suggests?|implies|imply|shows?|demonstrates?|confirms?"
         r"|validates?|proves?|means)\b", 0.8),
        (r"\b(?:indicating|suggesting|demonstrating|showing|confirming|implying|revealing) that\b"
         r"|\b(?:indicating|suggesting|confirming) (?:a |an )?(?:good|high|strong|poor|low|better|higher|lower|substantial|reasonable)\b", 0.8),
        (r"\b(?:we (?:argue|hypothesi[sz]e|believe|conjecture|attribute|claim)|our hypothesis)\b", 0.7),
        (r"\b(?:effective(?:ness)?|robust(?:ness)?|superior|competitive|essential|crucial|critical)\b", 0.4),
        (r"\b(?:it is (?:evident|clear|obvious|worth noting)|clearly|evidently|fail(?:s|ed)? to|cannot|is (?:still )?(?:a )?challenging)\b", 0.5),
        (r"\b(?:larger|smaller|stronger|weaker|similar|different|consistent with|correlat(?:es|ed|ion))\b", 0.3),
        (r"\d+(?:\.\d+)?\s?(?:%|percent|points|pp|x|×)", 0.3),
    ),
    "contribution": (
        (r"\b(?:we|this (?:paper|work|study)|our (?:paper|work))\s+(?:also |further |first |then )?"
         r"(?:propose[sd]?|introduce[sd]?|present(?:s|ed)?|develop(?:s|ed)?|contribute[sd]?|release[sd]?"
         r"|construct(?:s|ed)?|formali[sz]e[sd]?|create[sd]?|design(?:s|ed)?|build|built|provide[sd]?|offer(?:s|ed)?)\b", 1.0),
        (r"\b(?:our|the) (?:main |key |primary )?contributions?\b", 1.0),
        (r"\b(?:publicly available|open[- ]source[sd]?|will (?:be )?release[sd]?|(?:code|data|dataset|models?) (?:is|are|will be) (?:available|released))\b", 0.6),
        (r"\b(?:in this (?:paper|work|study)|this (?:paper|work|study))\b", 0.5),
    ),
    "novelty": (
        (r"\bto (?:the best of )?our knowledge\b", 1.2),
        (r"\b(?:the first (?:to|time|\w+ (?:to|that))|for the first time)\b", 1.0),
        (r"\bnovel\b", 0.6),
        (r"\b(?:unlike|in contrast to|contrary to|different from|compared (?:to|with)) (?:previous|prior|existing|other|conventional|traditional|most)\b", 0.9),
        (r"\b(?:has|have) not been (?:studied|explored|investigated|addressed|considered)\b|\bunder-?(?:investigated|explored|studied)\b", 0.8),
        (r"\b(?:in contrast|instead|rather than)\b", 0.3),
    ),
}
#: cues of sentences that are not claims: setup, definitions, plans, pointers
NON_CLAIM_CUES = (
    (r"\bwe (?:use|used|follow|followed|adopt|adopted|employ|employed|set|train|trained|fine-?tune|randomly"
     r"|sample|sampled|implement|implemented|initiali[sz]e|run|ran|select|selected|choose|chose|denote|define|consider)\b", -0.7),
    (r"\b(?:is|are) (?:defined|denoted|computed|calculated|given|set|initiali[sz]ed) (?:as|by|to(?! be\b))\b", -0.8),
    (r"\b(?:future work|in the future|we (?:plan|hope|leave|intend|will explore)|remains? (?:an )?open)\b", -1.0),
    (r"\b(?:see|refer to|details (?:are|can be found)|described in|shown in (?:appendix|section))\b", -0.5),
    (r"\b(?:hyper-?parameters?|learning rate|batch size|epochs?|optimi[sz]er|gpus?)\b", -0.6),
    # session 15 (dev6): a setup borrowed from cited work ("Following Beltagy et al. (2019), we construct …")
    # and the scope the authors chose ("We focus on human evaluation of faithfulness")
    (r"\bfollowing (?:(?-i:[A-Z])[\w'-]+ (?:et al\.|and (?-i:[A-Z])[\w'-]+|&)|(?:prior|previous|standard|common|earlier) (?:work|practice)"
     r"|the (?:setup|protocol|procedure|practice|settings?) (?:of|in|from))", -0.8),
    # a system's feature or its use, described (session 15, chosen on mapreduce04 and s2orc20): "We provide an
    # optional mode of execution where …", "This information is useful when attempting to diagnose bugs",
    # "it is easy for user code to add support for …"
    (r"\bwe (?:also )?(?:provide|support|offer|expose)\s+(?:an? |the |several |a set of |a number of )?(?:optional |simple |small |special |\w+ )?"
     r"(?:mode|modes|mechanism|option|options|interface|api|library|set|types?|hooks?|flags?|functions?|commands?)\b"
     r"|\b(?:is|are|can be) (?:also )?(?:useful|helpful|handy|convenient) (?:when|if|for debugging|to diagnose)\b"
     r"|\bit is (?:\w+ )?easy for (?:the )?(?:users?|user code|programmers?|developers?|clients?) to\b", -0.6),
    (r"\bwe (?:mainly |primarily |exclusively |only )?focus on\b(?![^.;]*\b(?:which|that) (?:is|are) (?:much |far )?(?:more|less)\b)", -0.6),
    (r"\b(?:(?<!\btheir )(?<!\bwithout )(?<!\bseveral )limitations?|we (?:only|do not|did not)|is limited)\b", -0.6),
    # a pointer, not a finding: "Figure 3 shows the results", "we show the descriptions in Appendix A"
    (r"\b(?:show|shows|present|presents|list|lists|summari[sz]e|summari[sz]es|report|reports|illustrate|illustrates"
     r"|demonstrate|provide|provides|give|gives)\s+(?:the |our |all |some |more |a few |these |those )?(?:\w+ )?(?:results?|statistics|details"
     r"|descriptions?|examples?|templates?|prompts?|hyper-?parameters|numbers|implementation)\b(?! that)", -1.0),
    (r"\b(?:are|is) (?:shown|given|presented|reported|listed|summari[sz]ed|illustrated|provided|visuali[sz]ed) in\b", -0.6),
    # other people's findings: "Prior studies show …", "Recent work has found …"
    (r"(?<!\bno )\b(?:prior|previous|recent|existing|earlier|later|many|some|several|other) (?:studies|works?|research|methods|approaches|papers)"
     r" (?:show|shows|showed|have|has|find|found|propose|proposed|demonstrate|demonstrated|suggest|argue)\b", -1.0),
    (r"\b(?:has|have) been (?:widely |successfully |extensively |previously )?(?:shown|used|applied|adopted|employed|studied|effective|utili[sz]ed)\b", -0.5),
    # an expectation, not its outcome (session 14): "it was anticipated that …", "We hypothesized that …"
    (r"\bit (?:was|is) (?:anticipated|expected|hypothesi[sz]ed|assumed) that\b|\bwe (?:hypothesi[sz]ed|anticipated|expected) that\b", -0.8),
    # the cited authors as the subject (session 11): "However, they could show that a system can gain …"
    (r"\b(?:they|the authors) (?:could |were able to |also |further |have |had )?(?:show|showed|shown|found|find|report|reported|concluded"
     r"|demonstrated?|argued?|claim(?:ed)?)\b", -1.0),
    # others' evidence (session 11): "Several neuroscientific studies suggest that", "Evidence from machine learning indicates"
    (r"(?<!\bour )(?<!\bthese )(?<!\bthis )\b(?:evidence|studies|literature|(?:previous|prior|earlier|recent|existing|past) (?:work|research|results))"
     r"(?: from [\w -]{1,30}?)?\s+(?:\w+\s+)?(?:suggests?|suggested|indicates?|indicated|shows?|showed|demonstrates?|demonstrated"
     r"|has shown|have shown|found|finds)\b", -1.0),
    # session 12, round e: a significance threshold, another single study's finding, the authors'
    # earlier work, the study's aim
    (r"\b(?:considered|deemed|set at|regarded as)\s+(?:statistically\s+)?significant\b|\bsignificance (?:level|threshold)\b", -1.0),
    (r"^(?:\w+,\s+)?(?:another|one|a|a recent|a previous|an earlier|a prior|a subsequent|the same) (?:\w+ )?(?:study|paper|analysis|survey|trial"
     r"|research group|group)\b(?:(?!\bwe\b)[^.;]){0,60}?\b(?:indicated|found|showed|reported|suggested|noted|demonstrated|concluded)\b", -1.0),
    (r"\bin (?:our )?(?:previous|prior|earlier|past) (?:work|paper|study|studies|papers),?\s+we\b", -1.0),
    (r"\bwe (?:sought|aimed|set out|wanted) to (?:determine|examine|investigate|test|assess|evaluate|explore|understand)\b"
     r"|\bwe (?:also )?tested the hypothesis\b(?![^.;]*\b(?:found|show\w*|confirm\w*|reject\w*)\b)", -0.8),
    (r"\bwe (?:act on|make|made|work under) the assumption\b", -0.8),
    # who took part (session 14): "A total of 46 subjects participated in this study", "were randomly assigned"
    (r"\b(?:participated in|took part in|were (?:recruited|enrolled|randomly assigned|randomi[sz]ed|purposively sampled|sampled))\b", -0.8),
    # a proof's obligation, a motivation, a question to ask (session 9)
    (r"\b(?:we|one) (?:only |first |still )?(?:need|needs|have|has) to (?:show|verify|prove|establish|check)\b", -1.0),
    (r"\b(?:is|was|were|are) (?:\w+ )?motivated by\b|\bit is (?:important|natural|necessary|interesting|worthwhile) to (?:ask|consider|study|note|investigate|test|check)\b", -0.8),
)
#: section types' prior for claims (abstract and conclusion hold most of a paper's claims)
CLAIM_SECTION_PRIOR = {
    "abstract": 0.8, "introduction": 0.3, "conclusion": 0.6, "results": 0.4, "discussion": 0.4,
    "experiments": 0.1, "other": 0.1, "method": -0.4, "data": -0.3, "related_work": -0.3,
}
#: back matter glued onto the last section by a parser: claims are not searched past it
BACK_MATTER_MARK = r"(?:^|\s)(?:R ?EFERENCES|REFERENCES|B ?IBLIOGRAPHY)(?=\s|$)"
#: section types never searched for claims
CLAIM_SKIP_SECTIONS = ("references", "acknowledgments", "appendix", "ethics")

# ----------------------------------------------------------------- cues without a first person (issue 37)

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
    ("respective-values", rf"\b(?:are|were|is|was|of|reach(?:es|ed)?|achieved?|gives?|gave|yields?|yielded)\s+(?:respectively\s+)?{_NUM}[^.;]{{0,60}}?\b(?:and|to)\s+{_NUM}\b[^.;]{{0,40}}?\brespectively\b"
                          rf"|\brespectively,?\s+{_NUM}\s*(?:%|,)", 0.8, "result"),
    ("scale", rf"\b(?:consists? of|results? in|resulting in|has|have|contains?|rises to)\s+(?:more than\s+|over\s+|about\s+)?"
              rf"{_NUM}\s?(?:[KMB]|million|billion|thousand)\b", 0.5, "result"),
    # a finding stated about the system, the data or the setting
    ("evaluative", r"\b(?:is|are|was|were|proves?|proved|remains?|seems?|appears?)\s+(?:clearly\s+|much\s+|still\s+"
                   r"|also\s+|generally\s+|considerably\s+|significantly\s+|slightly\s+|consistently\s+)*(?:a\s+)?"
                   r"(?:more|less|much more|far more)\s+(?:\w+\s+)?(?:difficult|challenging|general|robust|accurate|"
                   r"effective|efficient|useful|natural|flexible|expressive|informative|costly|expensive|stable)\b"
                   r"|\b(?:well above|far above|well below|close to|near) (?:a |the )?(?:chance|random|the (?:upper bound|oracle|human))\b"
                   r"|\b(?:is|are|was|were)\s+(?:very\s+|quite\s+|still\s+|also\s+)?(?:good|excellent|strong|poor|promising"
                   r"|effective|useful|successful|feasible|infeasible|not significant|significant|comparable)\b"
                   r"|\b(?:compares?|compared) (?:\w+ ){0,2}favou?rably\b|\bon par with\b|\bcompetitive with\b|\bsimilar to those reported\b"
                   r"|\b(?:performs?|performed|works?|worked|generali[sz]es?)\s+(?:\w+\s+)?(?:the\s+)?(?:well|better|worse|poorly|best|worst|surprisingly)\b"
                   r"|\bsurprisingly\b|\bhurts?\b|\bdoes not (?:help|benefit|profit|improve)\b"
                   r"|\bdid(?:n['\u2019]t| not) help\b|\bsuffer(?:s|ed)? (?:a |an )?(?:\w+ )?(?:loss|drop|decrease|degradation)\b|\bis (?:the )?key to\b|\bis critical for\b|\bis crucial for\b"
                   r"|\b(?:is|are|was|were)\s+(?:\w+\s+)?(?:easier|harder|simpler|minimal|negligible)\b"
                   r"|\b(?:only )?works? (?:only )?(?:if|when|in combination)\b|\b(?:are|is) not (?:directly )?comparable\b", 0.8, "result"),
    ("copula-superlative", r"\b(?:is|are|was|were)\s+(?:also\s+|again\s+|clearly\s+|by far\s+)?(?:the\s+)?(?:largest|highest|lowest|best"
                           r"|worst|smallest|strongest|weakest|most (?:accurate|effective|robust|useful|common|frequent|important))\b", 0.8, "result"),
    ("measured-contrast", rf"{_NUM}[^.;]{{0,60}}?\b(?:while|whereas|against|versus|vs\.?)\s[^.;]{{0,60}}?{_NUM}", 0.7, "result"),
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
    ("found", r"\b(?:experiments?|analys[ie]s|evaluations?|results?|error analysis|studies|study|data) "
              r"(?:here |above |below |in this paper )?(?:also |further |clearly )?"
              r"(?:showed|show|demonstrated|demonstrate|revealed|reveal|indicated|indicate|suggested|suggest|confirmed)\b"
              r"|\b(?:we|it was|was) (?:have )?(?:also )?(?:empirically )?(?:found|find|observed|noted) (?:that|it)\b"
              r"|\bhave (?:empirically )?shown\b|\bwe found\b"
              r"|\bwe (?:can |do )?(?:also |clearly |again |still )?see (?:that|a |an |some |many |much |no |little |cases|examples|clear)", 0.9, "result"),
    # a gap in prior work, or this work set against others
    ("gap", r"\b(?:relatively |largely |remains? |has remained |have remained )?(?:under-?explored|under-?studied|understudied)\b"
            r"|\b(?:is|are|was|were|remains?|remained|been|largely|relatively|often|mostly|widely) (?:\w+ )?(?:unexplored|overlooked|neglected)\b(?!\s+[a-z]+s\b)|\b(?:have|has) yet to\b"
            r"|\b(?:has|have) (?:mostly |largely |mainly |so far |typically )?(?:been )?(?:confined|limited|restricted) to\b"
            r"|(?<!\bwe )(?<!\bI )\b(?:has|have) (?:mostly |largely |mainly |exclusively |primarily |only )?(?:focused|concentrated) on\b|\btend(?:s)? to focus on\b"
            r"|\bno (?:empirical )?(?:results|evaluations?) (?:are|were|have been) reported\b"
            r"|\b(?:not|never) (?:fully |yet |systematically )?(?:explored|tested|studied|evaluated|incorporated|addressed)\b"
            r"|\bnever (?:been )?(?:justified|examined|investigated|questioned)\b|\b(?:much |far |relatively )?less (?:studied|explored|investigated)\b"
            r"|\bonly (?:addressed|mentioned|explored) in passing\b|\b(?:remain|remains) unable\b|\bare unrealistic\b"
            r"|\black of (?:publicly available |large |labeled |annotated )?(?:data|datasets|benchmarks|resources|evaluation)\b"
            r"|\bhas been content with\b|\bpain point\b"
            r"|\b(?:have|has) (?:rarely|seldom|little) (?:been )?(?:\w+ed|studied|explored)\b|\blittle attention\b"
            r"|\b(?:these|such|their|most|existing|previous|prior|other) (?:\w+ )?(?:works?|approaches|methods|systems|models"
            r"|extractors|techniques|studies)\b[^.;]{0,60}?\b(?:do|does|did|cannot|can not|could not) (?:not )?"
            r"(?:consider|leverage|incorporate|integrate|address|model|use|exploit|capture|generali[sz]e|train|scale|handle)\b",
     1.3, "novelty"),
    ("others-lack", r"\b(?:they|these (?:\w+ )?(?:works|approaches|methods|systems|models)|their (?:\w+ )?(?:method|approach|model|system)s?)"
                    r" (?:do|does|did) not\b|\bnot required by\b|\bhave no correlate\b", 0.8, "novelty"),
    ("relation", r"\b(?:in contrast to|unlike|compared to|as opposed to|different from|orthogonal to|similar in spirit to"
                 r"|differs? from)\s+(?:our|this|the present|these|the proposed)\b|\bunlike (?:many |most |the )?(?:prior|previous"
                 r"|existing|other|earlier)\b|\b(?:unlike|in contrast to|contrary to) (?:the )?(?:\w+ ){0,3}(?:in|of|from) (?:prior|previous|existing|earlier)"
                 r" (?:work|studies|research|literature)\b|\b(?:our|this) (?:work|approach|method"
                 r"|model|system|paper) (?:differs|is different|departs)\b|\bby comparison,?\s"
                 r"|\bcloses(?:t)? to our\b|\b(?:orthogonal|complementary) to (?:ours|our)\b|\bthan (?:our|this) problem\b"
                 r"|\b(?:key|main|major|fundamental|important|crucial|notable) (?:difference|distinction|similarit(?:y|ies))\b"
                 r"|\bsimilar in (?:spirit|operation|nature|design) to\b|\b(?:has|takes) a (?:very |fundamentally |quite )?different approach\b"
                 r"|\bour (?:\w+ ){0,3}(?:is|are) (?:very |quite |also |closely )?(?:similar|analogous|comparable|identical) to\b",
     1.1, "novelty"),
    # what the paper's own method can do (counted only in a sentence about the paper's own work)
    ("capability", r"\b(?:does|do|did) not (?:require|need)\b|\bwithout (?:the )?need\b|\bcan (?:now |be |also |still )*"
                   r"(?:easily |efficiently |directly |simply |readily |effectively )?(?:used|applied|extended|generali[sz]ed|deployed"
                   r"|reimplemented|matched|produce|handle|process|translate|scale|work)\b|\bmakes? (?:it|them) (?:applicable|possible"
                   r"|feasible|suitable)\b|\b(?:allows?|enables?|enabling|allowing) (?:us |it |users? |the model |them )?to\b"
                   r"|\b(?:is|are) (?:efficiently |easily )?(?:computable|applicable|generic|general)\b", 0.4, "result"),
    # session 9: findings read off the evidence, theoretical results, the paper's results as the
    # subject, what sets its analysis apart, and more gap wordings (chosen on the eight dev PDFs)
    ("evidence", r"\b(?:it )?can (?:also )?be seen (?:from|in|that)\b|\bas can be seen\b|\b(?:one|we) can (?:clearly |easily |also )?see that\b|\bas (?:we|one) can see\b|\bas (?:we )?predicted\b"
                 r"|\bit (?:was|is|has been) (?:also )?(?:shown|demonstrated|proved|proven|found) (?:\w+ )?that\b"
                 r"|\bconsistent with (?:the )?(?:predictions?|theory|our|corollary|theorem|hypothesis|proposition)\b"
                 r"|\bthe (?:most|main|key) (?:significant |important |interesting |striking )?(?:feature|finding|result|observation) is that\b",
     1.1, "result"),
    ("appraisal", r"\b(?:is|are|was|were|becomes?|became|remains?|seems?|appears?|turns? out to be)\s+(?:\w+\s+)?(?:unrealistic(?:ally \w+)?"
                  r"|realistic|implausible|intriguing|surprising|remarkable|striking|counter-?intuitive|unexpected)\b"
                  r"|\bit is (?:intriguing|surprising|remarkable|striking|notable|noteworthy|interesting) that\b"
                  r"|^(?:interestingly|surprisingly|strikingly|remarkably),\s", 0.8, "result"),
    ("inference", r"^(?:thus|hence|consequently|therefore|overall|in sum|in summary|taken together|as a result),?\s", 0.3, "result"),
    ("theory", r"\bcan(?:not)? be (?:further )?(?:shown|proved|proven|improved(?: upon)?|sharpened|tightened|strengthened)\b"
               r"|\bminimax[- ]?optimal\b|\bno (?:\w+ )?(?:method|algorithm|estimator|procedure) can\b"
               r"|\b(?:holds?|applies|apply) (?:to|for) (?:any|all|every|broad|general|a (?:broad|general|large|wide))\b"
               r"|\bnecessary and sufficient\b|\b(?:bounds?|rates?) (?:match|matches|are tight|is tight)\b", 0.9, "result"),
    ("own-subject", r"\b(?:our|the proposed) (?:main )?(?:results?|theory|analysis|bounds?|theorems?|guarantees?|rates?|estimators?"
                    r"|findings?|method|approach|framework|algorithm|model|system|technique)\s+(?:also |still |thus |therefore |further )?"
                    r"(?:holds?|appl(?:y|ies)|provides?|yields?|gives?|guarantees?|extends?|generali[sz]es?|captures?|recovers?"
                    r"|achieves?|requires?|improves?|allows?|enables?|match(?:es)?|scales?|works?|performs?)\b", 0.8, "result"),
    ("own-feature", r"\b(?:key|main|important|interesting|notable|central|distinctive|crucial|major|novel) (?:feature|advantage|property"
                    r"|strength|benefit|insight|finding|difference|aspect) of (?:our|this|the (?:present|proposed))\b"
                    r"|\bgenerali[sz](?:es|ing|e) (?:several |many |some |the |a number of )?(?:previous|prior|existing|earlier|known|classical)\b"
                    r"|\b(?:milder|weaker|less restrictive) (?:conditions?|assumptions?|requirements?|constraints?)\b"
                    r"|\bmore restrictive than\b|\bin contrast to (?:the )?(?:past|previous|prior|existing|earlier) (?:\w+ )?(?:work|results|analyses)\b"
                    r"|\bfills? an? (?:\w+ )?gap\b", 1.0, "novelty"),
    ("gap-wording", r"\balmost exclusively\b|\b(?:is|are) (?:\w+ )?rarely (?:\w+ )?(?:taken into account|considered|addressed|studied|used|modeled)\b"
                    r"|\b(?:is|are) (?:to a large extent |largely |still |currently |often )?lacking\b|\bfar from (?:obvious|clear|solved|trivial)\b"
                    r"|\b(?:might|may|could) be questionable\b|\bnot (?:yet )?(?:completely|fully|well) understood\b", 1.0, "novelty"),
    # session 11 (issue 37): classes the held-out evaluators named, written from their definitions
    # (not from dev sentences): statistics the authors measured (tests of significance, counts of
    # respondents), a change between two measured values, hedged findings stated about anything
    # ("the drop suggests that"), and more gap wordings ("no prior work", "little is known")
    ("statistic", rf"\bp\s*[<\u2264=]\s*0?\.\d+|\b(?:t|F|U|z|\u03c7\s?2|chi2)\s*\(\s*\d+(?:\s*,\s*\d+)?\s*\)\s*=\s*-?{_NUM}"
                  rf"|\b{_NUM}\s+(?:out\s+)?of\s+(?:the\s+|all\s+|our\s+)?{_NUM}\s+(?:\w+\s+)?(?:participants|respondents|subjects"
                  rf"|users|interviewees|annotators|experts|students|teachers|developers|researchers|patients|workers)\b", 0.9, "result"),
    ("survey", r"\b(?:most|many|few|(?:nearly |almost )?all|none|half|(?:a|one|two) (?:third|quarter)s?|the (?:vast )?majority)\s+(?:of\s+(?:the\s+|our\s+)?)?"
               r"(?:participants|respondents|subjects|users|interviewees|annotators|experts|students|teachers|developers|researchers"
               r"|patients|workers)\b[^.;]{0,60}?\b(?:reported|said|stated|felt|preferred|rated|agreed|disagreed|indicated"
               r"|mentioned|believed|considered|chose|found|were able|could|did not|failed|succeeded|liked|disliked|used|relied|needed)\b"
               r"|\b(?:participants|respondents|subjects|interviewees) (?:\w+ )?(?:preferred|favou?red|reported|agreed|disagreed)\b",
     0.8, "result"),
    ("measured-change", rf"\b(?:improv\w*|increas\w*|decreas\w*|reduc\w*|drop\w*|rises?|rose|risen|fell|falls?|fallen|grew|grows?"
                        rf"|jump\w*|boost\w*|raise[sd]?|lower(?:s|ed)?|shrinks?|shrank|went|goes)\b[^.;]{{0,40}}?\bfrom\s+(?:about\s+|approximately\s+|around\s+|roughly\s+|nearly\s+)?{_NUM}\s?%?"
                        rf"[^.;]{{0,30}}?\bto\s+(?:about\s+|approximately\s+|around\s+|roughly\s+|nearly\s+|only\s+)?{_NUM}|\b{_NUM}\s?(?:times|\u00d7|x|-fold|fold)\s+(?:faster|slower|more|less|larger"
                        rf"|smaller|higher|lower|fewer|better|cheaper|bigger|decrease|increase|reduction|shift|change|enrichment|improvement)\b|\b(?:speed-?up|reduction|improvement|increase|decrease"
                        rf"|gain|drop) of (?:up to |about |over |nearly |almost |around )?{_NUM}", 0.8, "result"),
    ("numeric-comparative", rf"{_NUM}\s?%?[^.;]{{0,60}}?\b(?:higher|lower|better|worse|greater|faster|slower|larger|smaller|fewer)\s+than\b"
                            rf"[^.;]{{0,50}}?{_NUM}|{_NUM}\s?%?[^.;]{{0,50}}?\b(?:compared (?:to|with)|relative to|as against)\s[^.;]{{0,50}}?{_NUM}",
     0.7, "result"),
    ("hedged-finding", r"\b(?:suggests?|suggested|indicates?|indicated|implies|implied|reveals?|revealed|demonstrates?"
                       r"|demonstrated|confirms?|confirmed|supports?|supported) (?:the (?:idea|view|hypothesis|notion) )?that\b"
                       r"|\b(?:appears?|seems?) (?:to (?:be|have|help|hurt|improve|reduce|increase|work)|that)\b", 0.5, "result"),
    ("no-prior", r"\bno (?:prior|previous|existing|published|earlier|other) (?:\w+ )?(?:work|works|study|studies|research|method|methods"
                 r"|approach|approaches|system|systems|dataset|datasets|benchmark|evaluation|analysis)\b"
                 r"|\b(?:few|little|limited|no) (?:\w+ ){0,2}(?:work|works|studies|research|attempts?|attention|effort|evidence)"
                 r"\s+(?:has|have|exists?|is available)\b|\blittle is known\b|\b(?:remains?|is|are) (?:largely |still |currently )?"
                 r"(?:unclear|unknown|poorly understood|unexplored|unaddressed|unanswered)\b(?=\s*(?:[.,;:)]|$|whether|how|what|why|which|if|to\b|in\b|for\b|at\b))"
                 r"|\b(?:has|have) not (?:yet |previously |so far |been )*(?:been )?(?:studied|explored|investigated|examined|addressed"
                 r"|attempted|reported|evaluated|tested|analy[sz]ed|tackled|considered|quantified|measured|compared)\b"
                 r"|\bthere (?:is|are|has been|have been|exists?) (?:no|little|few|limited|a lack of|a dearth of)\s+(?:\w+\s+){0,2}"
                 r"(?:work|works|studies|research|attempts?|methods|approaches|datasets?|resources|evaluations?|consensus|benchmarks?)\b"
                 r"|\b(?:shortcomings?|drawbacks?|weakness(?:es)?|disadvantages?) of (?:the |these |such |existing |prior |previous |current |simple "
                 r"|traditional |conventional |most )",
     1.3, "novelty"),
    # what the participants of a study said or did, as a finding (session 11, from the dev2 papers):
    # "Participants reacted more positively to the second idea", "P3 described changing her …"
    ("participants", r"\b(?:participants|respondents|interviewees|subjects|users|P\d{1,2})\s+(?:\([^()]{1,30}\)\s+|in (?:study|the study|our study|experiment) \d\s+)?"
                     r"(?:also\s+|all\s+|often\s+|generally\s+|consistently\s+|either\s+|have\s+|had\s+|"
                     r"still\s+|in particular\s+|initially\s+|gradually\s+|continued to\s+)*(?:said|self-reported|reported|described|found|reacted|agreed|disagreed|recalled"
                     r"|pointed (?:to|out)|emphasi[sz]ed|expressed|saw|mentioned|preferred|valued|felt|liked|disliked|struggled|relied"
                     r"|noted|commented|appreciated|complained|paid|responded|engaged|were (?:more |less |actively |not |also )+\w+)\b", 0.9, "result"),
    ("measured-value", rf"\b(?:takes?|took|finish(?:es|ed)?|peaks?|peaked|complete[sd]?|reach(?:es|ed)?|drops?|dropped|hits?|rises?|rose"
                       rf"|falls?|fell|increases?|decreases?|grows?|grew|averag(?:es|ed)|lasts?|lasted|requires?|required|consumes?"
                       rf"|consumed|runs? in|ran in|(?:is|are|was|were) done|continues?|continued|includes?|at (?:a )?rates? of|within)\b[^.;]{{0,40}}?{_NUM}\s?(?:seconds?|secs?|ms|milliseconds?|minutes?|mins?|hours?|days?"
                       rf"|[GMKT]B/s|[GMK]bps|[GMKT]B|%|x|times)(?![\w/])", 0.8, "result"),
    ("quality", r"\b(?:is|are|was|were|remains?|proved|becomes?|has been|have been)\s+(?:very\s+|quite\s+|highly\s+|fairly\s+|relatively\s+"
                r"|much\s+|also\s+|still\s+|often\s+|generally\s+|easily\s+)*(?:easy|simple|scalable|efficient|suitable|practical|reliable"
                r"|resilient|expressible|applicable|fast|quick|valuable|helpful|beneficial|sufficient|insufficient|impractical|scarce)\b", 0.7, "result"),
    # session 12 (issue 37): the classes the blind annotators named, written from their wording
    # ("existing methods fail to", "while prior systems focused on", "X significantly speeds up", "M = 37%"), then checked
    # on dev, dev2 and the ReviewCritique dev papers
    ("gap-others", r"\b(?:existing|current|prior|previous|conventional|traditional|standard|most|many|these|such|today['\u2019]s)"
                   r" (?:\w+ ){0,2}(?:works?|approaches|methods|systems|models|tools|techniques|studies|solutions|frameworks"
                   r"|algorithms|interfaces)\b[^.;]{0,60}?\b(?:fail(?:s|ed)? to|struggle[sd]? (?:to|with)|lacks?|ignore[sd]?"
                   r"|overlook(?:s|ed)?|neglect(?:s|ed)?|(?:are|is|were|remain) (?:often |still |largely )?(?:unable|not able|limited to"
                   r"|insufficient|inadequate|impractical|ill-suited)|(?:do|does|did|can) ?(?:not|n['\u2019]t) (?:\w+ )?(?:support|keep"
                   r"|provide|handle|capture|scale|account|address|consider|model|allow|offer|work|exploit|use))\b"
                   r"|\b(?:is|are) (?:\w+ )?(?:impractical|infeasible|impossible|not possible|not supported|cumbersome|tedious)"
                   r" (?:in|with|for) (?:current|existing|today['\u2019]s|most|conventional|standard)\b"
                   # session 15 (dev6): "existing corpora are not without their limitations"
                   r"|\b(?:are|is) not without (?:their |its )?(?:limitations|drawbacks|shortcomings|problems)\b"
                   r"|\b(?:existing|current|prior|previous|these) (?:\w+ ){0,2}(?:have|has|suffer from) (?:several |some |many |serious |their |two |three )?"
                   r"(?:limitations|drawbacks|shortcomings|weaknesses)\b", 1.0, "novelty"),
    ("prior-contrast", r"\b(?:while|whereas|although) (?:most |much |many )?(?:prior|previous|existing|earlier|other|current|past)"
                       r" (?:\w+ ){0,2}(?:work|works|systems|methods|approaches|studies|tools|research|models)\b"
                       r"|^(?:while|whereas) (?:these|those|their|such) (?:\w+ ){0,2}(?:efforts|works?|approaches|methods|systems|studies|papers)\b[^.;]{0,120}?\bour\b",
     1.0, "novelty"),
    ("effect", r"\b(?:significantly|substantially|greatly|considerably|dramatically|markedly|drastically|noticeably)\s+(?:\w+\s+)?"
               r"(?:improv|speed|reduc|increas|decreas|outperform|boost|lower|rais|enhanc|hurt|degrad|accelerat|slow)\w*", 0.7, "result"),
    # session 12, round e (dev3: an NLP paper and an epidemiology study): null results, structured
    # abstracts' result labels, outcome verbs on a measure of performance, gaps stated as scarce or
    # inconclusive evidence
    ("null-result", r"\bno (?:\w+ )?(?:(?:statistically )?significant )?(?:associations?|effects?|differences?|correlations?|relationships?|evidence"
                    r"|improvements?|bearing|changes?)\b|\bno (?:\w+ ){1,3}(?:was|were) (?:found|observed|detected|seen)\b|\b(?:not|neither|nor) (?:\w+ ){0,3}(?:significantly )?(?:associated|correlated)"
                    r" with\b|\b(?:did|does|do|had|has|have) (?:not|no) (?:\w+ )?(?:change|alter|affect|bearing on|effect on|impact on)"
                    r" (?:the |our |these |any )?(?:observed )?(?:results?|findings?|association|outcomes?)\b"
                    r"|\bnone of (?:these|them|the \w+) (?:was|were) (?:found to be )?(?:significant|significantly|associated)", 0.9, "result"),
    ("abstract-label", r"^(?:results?|conclusions?|findings|interpretation)\s*:", 1.0, "result"),
    ("performance-effect", r"(?<!\bto )(?<!\bcan )(?<!\bwould )(?<!\bcould )(?<!\bmay )\b(?:improv\w*|increas\w*|decreas\w*|hurt\w*|boost\w*|degrad\w*|reduc\w*|rais\w*|lower\w*)\s+(?:the\s+)?"
                           r"(?:overall\s+)?(?:performance|accuracy|precision|recall|f1|f-measure|error rates?)\b", 0.6, "result"),
    ("gap-scarce", r"\b(?:studies|works?|research|literature|evidence|findings|results|data)\b[^.;]{0,80}?\b(?:is|are|remains?|have been"
                   r"|has been) (?:still |relatively |rather |very |largely |so far )?(?:scarce|sparse|lacking|inconclusive|mixed"
                   r"|contradictory|conflicting)\b|\b(?:remaining |open )unresolved (?:issues?|questions?|problems?)\b"
                   r"|\bremains? unresolved\b", 1.0, "novelty"),
    ("descriptive-stat", rf"\b(?:(?-i:M|SD|Mdn)|mean|median|avg|average)\s*=\s*-?{_NUM}", 0.5, "result"),
    # session 14, round f (dev4: a requirements-engineering validation, a health-services survey, a
    # motor-learning experiment): findings stated in the passive ("is found to be practical"), what a
    # finding or an observation indicates ("This finding underlines the need", "It illustrates that"),
    # hedged explanations with a modal perfect ("might have inhibited", "can partially be explained by"),
    # and what interviewees, respondents or a validation's representatives identified or agreed
    ("found-passive", r"\b(?:is|are|was|were) (?:also |further |consistently )?found (?:to (?:be|have|produce|reduce|increase|improve|affect)|that)\b"
                      r"(?![^.;]*\b(?:in|by) (?:previous|prior|earlier|other|many|several) )"
                      r"|\bit (?:is|was) (?:also |further )?found that\b", 0.9, "result"),
    ("finding-indicates", r"\b(?:this|these|the|our|such) (?:\w+ )?(?:findings?|observations?|data|results?|analys[ie]s|outcomes?|patterns?|statistics|study)"
                          r" (?:also |further |clearly )?(?:may |might |could |would |can )?(?:also )?(?:underlines?|underscores?|illustrates?|highlights?"
                          r"|indicates?|indicated|suggests?|suggested|implies|imply|reflects?|presuppose|points? to|mean|means|confirms?|supports?|identified"
                          r"|revealed|showed|shows|shown)\b(?! in (?:figure|fig\.|table|tab\.))"
                          r"|^(?:it|this) (?:illustrates|follows|shows|suggests|indicates|implies|confirms|means|reflects) that\b"
                          r"|^(?:this|that) (?:was|is) (?:especially|particularly|even more) (?:true|the case|pronounced|evident)\b", 0.9, "result"),
    ("hedged-modal", r"\b(?:may|might|could) (?:also |partly |partially |in part )?have (?:\w+ly )?(?:influenced|inhibited|disrupted|contributed|caused|led"
                     r"|affected|prevented|reduced|increased|masked|biased|limited|played|hindered|facilitated|triggered|resulted)\b"
                     r"|\b(?:can|could|may|might) (?:\w+ )?(?:partially |partly |in part |largely |also )?be (?:explained|attributed|accounted for)\b"
                     r"|\b(?:this|that|which|it) (?:may|might|could) (?:also )?(?:mean|indicate|imply|suggest|reflect|lead|result|explain)\b", 0.8, "result"),
    ("own-relation", r"\b(?:our|these|the present|the current) (?:\w+ )?(?:findings?|results?|data|observations?)\s+(?:\w+\s+)?(?:contradict|confirm"
                     r"|corroborate|replicate|agree|disagree|differ|extend|challenge|reject|support|are (?:partly |partially |not |also |fully |thus )?"
                     r"(?:in line|consistent|inconsistent|in agreement|in contrast|comparable|similar|at odds))\w*\b", 1.0, "novelty"),
    ("study-finds", r"\b(?:this|the present|the current|our) (?:study|analysis|survey|investigation|experiment|evaluation|validation)\b"
                    r"[^.;]{0,40}?\b(?:identified|revealed|confirms?|confirmed|shows?|showed|found|demonstrate[sd]?|indicates?|indicated"
                    r"|suggests?|suggested|highlighted|documented|uncovered)\b"
                    r"|\b(?:results?|findings?|outcomes?) of (?:the |our |this )?(?:\w+ ){1,4}?(?:shows?|showed|indicates?|indicated|suggests?"
                    r"|suggested|revealed|demonstrated?)\b", 1.0, "result"),
    ("calculated-value", rf"\b(?:is|are|was|were) (?:\w+ )?(?:calculated|estimated|measured|computed|determined|found) (?:to be|at|as) (?:about |approximately |around |only )?{_NUM}"
                         rf"|\ba (?:calculated|estimated|measured|pooled|overall) (?:\w+ )?(?:rate|risk|value|mean|prevalence|incidence) of {_NUM}", 0.8, "result"),
    ("value-uncertainty", rf"{_NUM}\s*(?:\u00b1|\+\u2212|\+/-|\+-|\+ -)\s*{_NUM}", 0.6, "result"),
    ("revealed", r"\b(?:revealed|confirmed|highlighted|uncovered|showed|demonstrated)\s+(?:a|an|the|its|their|no|marked|clear|significant)\b", 0.6, "result"),
    ("informants", r"\b(?:interviewees|respondents|informants|representatives?|stakeholders|practitioners|participants)\b[^.;]{0,40}?"
                   r"\b(?:identified|attributed|agreed|declared|confirmed|considered|showed (?:no |interest|that)|expressed|mentioned"
                   r"|described|acknowledged|perceived)\b"
                   r"|\b(?:reported|mentioned|identified|observed|confirmed|expressed) (?:\w+ )?(?:in|by|during) the (?:\w+ )?(?:interviews|survey|respondents"
                   r"|interviewees|participants|stakeholders|focus groups?)\b|\b(?:emerged|emanated) (?:as|from) (?:a |the )?(?:common |main |major |recurring )?"
                   r"(?:themes?|finding)\b", 0.9, "result"),
    # session 15, round h (dev6: a corpus paper, a literature survey and annotation study): counts the
    # authors measured, as the subject of what the counted did ("20 papers report that …", "Only 2 of the
    # 44 papers release their raw data", "17 papers (11%) only perform …"), and a finding announced after
    # the procedure ("we train X … and show that")
    ("count-subject", rf"^(?:(?:only|just|finally|while|nearly|almost|about|over|overall|in total),?\s+)*{_NUM}\s?%?\s+(?:\({_NUM}\s?%\)\s+)?"
                      rf"(?:(?:out\s+)?of\s+(?:the\s+)?{_NUM}\s+)?(?:\w+\s+)?(?:papers|studies|articles|publications|works|systems|tools"
                      rf"|participants|respondents|users|annotators|subjects|interviewees|projects|repositories|apps|developers)\s+(?:\(\d+\s?%\)\s+)?"
                      rf"(?:\w+\s+)?(?:report|reported|mention|mentioned|use|used|collect|collected|perform|performed|provide|provided|release"
                      rf"|released|conduct|conducted|do|did|have|had|were|are|said|stated|found|rated|preferred|chose|agree|agreed|follow|followed"
                      rf"|discuss|discussed|include|included|evaluate|evaluated|obtain|obtained|explicitly|only)\b", 0.9, "result"),
    ("own-metric", rf"\bour (?:[\w-]+ ){{0,3}}{_METRIC} (?:is|was|are|were|reaches|reached) (?:about |approximately |over |only |nearly )?{_NUM}", 0.8, "result"),
    ("resulting-scale", rf"\bthe resulting (?:[\w-]+ ){{0,3}}(?:consists? of|contains?|comprises?|includes?|covers?) (?:more than |over |about "
                        rf"|approximately |nearly |a total of )?{_NUM}", 0.8, "result"),
    ("and-show", r"\b(?:we|our)\b[^.;]{0,160}?\band (?:then )?(?:show|find|demonstrate|observe|confirm) that\b", 0.9, "result"),
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
    (r"\b(?:the|our|its) (?:main |specific |primary |principal )?(?:goals?|aims?|task|objectives?|purpose) (?:of (?:this|the (?:current|present))"
     r" (?:work|paper|task|study|research|analysis|experiment) )?(?:is|are|was|were) to\b"
     r"|\bwe (?:study|investigate|explore|examine) (?:how|whether|if)\b", -0.8),
    (r"(?:^|,\s)(?:the (?:upper |lower |left |right |top |bottom )?(?:panel|plot) in )?(?:figure|fig\.|table|tab\.)\s*\d+\s+"
     r"(?:shows?|gives?|presents?|reports?|compares?|summari[sz]es|lists?|depicts?|illustrates?|plots?)\b"
     r"(?!\s+(?:\w+\s+)?that\b)(?![^.]*\b(?:shows?|indicates?|suggests?|confirms?|reveals?) that\b)", -0.9),
    # session 22 (round i): where to look, not what was found — "The full results can be seen in Table 4", "We
    # also show the galaxy purity … in Figure 10", "Detailed results … can be found in Appendix B"
    (r"\bcan be (?:seen|found|consulted|viewed) in (?:the )?(?:figure|fig\.|table|tab\.|appendix|section|sec\.|supplement)"
     r"|\bwe (?:also )?(?:show|present|plot|report|summari[sz]e|list|give|visuali[sz]e)\b(?![^.;]*\bthat\b)[^.;]{0,80}?"
     r"\bin (?:figure|fig\.|table|tab\.|appendix)\s*[a-z]?\d*\b(?![^.;]*\bthat\b)", -0.9),
    (r"^(?:in|see) (?:figure|fig\.|table|tab\.)\s*\d+\s*(?:\([a-z]\))?,?\s+we (?:show|present|report|plot|give|list|illustrate|compare)\b"
     r"(?![^.;]*\bthat\b)", -0.9),
    (r"\b(?:it would be interesting|we would like to|we plan to|we intend to|is an item of future work|another item of future work"
     r"|an area to explore|warrant exploring|remains to be seen|(?:research|future) directions?|directions for future"
     r"|a possible (?:further )?(?:\w+ )*?(?:improvement|direction|extension) would be)\b", -1.2),
    (r"\b(?:in the (?:next|following|previous|preceding) (?:sections?|discussion|paragraphs?)|before we conclude|the rest of the paper|in this section,? we)\b", -1.0),
    # session 15 (dev6): a road map with its section sign ("In this paper, we describe the construction of S2ORC (§2)"),
    # "so far we have …", the motivation of the study
    (r"\bwe (?:then |also |first |briefly |further )?(?:describe|discuss|compare|outline|review)\b[^.;]*\((?:\u00a7|sections?|sec\.)\s*\d"
     r"|^so far,? we\b|\bthe (?:main |primary |key )?motivations? (?:behind|for|of) (?:our|this|the present)\b", -1.0),
    # an announcement of a list that follows: "We attribute this success to several reasons." (session 11)
    (r"\b(?:several|a few|a number of|the following|two|three|four) (?:\w+ )?(?:reasons|things|lessons|observations|extensions|insights|ways"
     r"|aspects|points|questions|issues|themes)\b[^.;]{0,30}[.:]?\s*$", -1.5),
    # the paper's road map (session 11): "In Section 5, we provide numerical simulations", "Section 4 provides proofs"
    (r"\b(?:in )?(?:section|sec\.|\u00a7)\s*\d+(?:\.\d+)?,?\s+(?:we\s+)?(?:also\s+|then\s+|briefly\s+)?(?:describes?|presents?|discuss(?:es)?"
     r"|introduces?|reviews?|concludes?|provides?|gives?|reports?|outlines?|details?|summari[sz]es?|shows?|explains?|evaluates?"
     r"|compares?|analy[sz]es?|demonstrates?)\b(?!\s+that\b)", -1.0),
    # the procedure, in the body: "we build / extract / replace / iterate …"
    (r"\bwe (?:then |also |first |further )?(?:build|extract|replace|create|iterate|construct|collect|compute|apply|assume"
     r"|restrict|conduct|store|split|feed|obtain(?:ed)? (?:logs|data)|sample|partition(?:ed)?|normali[sz]e|encode|concatenate"
     r"|instantiate|require the|filter|block|modify|annotate|perturb|hire|recruit|adapt|plot|tokeni[sz]e|remove|retrieve|convert"
     r"|segment|search|re-?use|prioriti[sz]e|post-?process|process)\b", -0.6, "body"),
    # a purpose clause before the procedure (session 15): "To improve precision, we filter …", "To answer this question,
    # we manually perturb …" (not "To address this, we propose …" or "… and show that")
    (r"^to (?!(?:fill|address|close|overcome|tackle|solve|remedy|bridge)\b)(?:\w+ ){1,8}?[^.;]{0,80}?,\s*we (?!(?:also |further |then )?(?:propose|introduce|present|develop|show|find|found|release|demonstrate)\b)"
     r"(?![^.;]*\b(?:show|find|found|observe)\w* that\b)", -0.6, "body"),
    (r"\b(?:we|this section) (?:briefly )?(?:describe|discuss|present|introduce) (?:the|how|several|each|our basic)\b(?![^.]*\b(?:outperform|improve))", -0.4),
    # the paper's topic, not what it finds: "In this paper, we study a class of …" (session 9)
    (r"\b(?:in this (?:paper|work|article|report)|here),?\s+we (?:have )?(?:study|studied|consider|considered|focus(?:ed)? on"
     r"|are concerned with|deal with|look at)\b(?![^.;]*\b(?:show|find|found|demonstrat\w*|propos\w*|introduc\w*|prov\w*|that)\b)", -0.8),
    # the evaluation set-up, not its outcome: "We evaluate the system in two domains", "we report nDCG"
    (r"\bwe (?:also |then |further |first )?(?:evaluated?|test(?:ed)?|report(?:ed)?|measured?|perform(?:ed)?|run|ran|conduct(?:ed)?)\b"
     r"(?![^.;]*\b(?:that|shows?|find|found|outperform\w*|improv\w*|better|significant\w*)\b)", -0.5),
)

#: a finding reported from cited work (session 11): with a citation and without the first person,
#: "it has been shown that … (Dinu et al., 2013)", "as was recently proved by Sussman [37]",
#: "where it was shown that" report another paper's result, however strong its wording
REPORTED = (r"\bit (?:has |had )?(?:also |further |previously )?(?:been|was|is) (?:\w+ )?(?:shown|demonstrated|proved|proven|found|observed|reported|argued|suggested)\b"
            r"|\b(?:as|was|were|has been|have been) (?:\w+ )?(?:shown|reported|demonstrated|proved|proven|found|presented|suggested|argued)"
            r" (?:in|by)\b|\b(?:studies|authors|work|research|experiments) (?:\([^()]{1,60}\) )?(?:\w+ )?(?:suggest|show|showed|found|find|report|reported"
            r"|demonstrate|demonstrated|argue|argued)\b|\b(?:was|were) (?:\w+ )?presented by\b")

#: families that count only in a sentence about the paper's own work (first person or its coined names)
OWN_ONLY = frozenset({"capability"})
#: families that match only a sentence with a digit (skipped, for speed, in one without)
NUMERIC = frozenset({"by-amount", "metric-value", "measured-share", "scale", "measured-contrast", "respective-values",
                     "statistic", "measured-change", "numeric-comparative", "measured-value", "descriptive-stat",
                     "calculated-value", "value-uncertainty", "count-subject", "own-metric", "resulting-scale"})
#: kinds of the families (cue kinds reported in a claim's ``cues``)
KINDS = {name: kind for name, _, _, kind in FAMILIES}


def compiled():
    """The families, summary verbs and pointers compiled once: ``(families, summary, pointers)``."""
    fam = [(name, re.compile(p, re.I), w) for name, p, w, _ in FAMILIES]
    return (fam, re.compile(SUMMARY_VERBS, re.I),
            [(re.compile(p[0], re.I), p[1], p[2] if len(p) > 2 else None) for p in POINTERS],
            re.compile(REPORTED, re.I))
