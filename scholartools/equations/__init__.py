"""AAAR EquationInference as a library (``st-eqsynth``): normalising equations, wrong equations
by rules or by an LLM, and items.

    from scholartools.parsing import parse_path
    from scholartools.equations import EqSynthOptions, rules_record, normal_form, rule_negatives

    paper = parse_path("main.tex")                      # equations[] with latex and context
    items = rules_record(paper, EqSynthOptions(seed=1))  # binary per-candidate records
    normal_form("x^2") == normal_form("x^{2}")           # True: what "differs" means
"""
from scholartools.equations.items import EqSynthOptions, item_records, rules_record, slots, trim_after, trim_before
from scholartools.equations.normalise import (left_hand_side, normal_form, same_equation, simplify_equation,
                                              tokenises)
from scholartools.equations.rules import RULES, Negative, rule_negatives

__all__ = ["EqSynthOptions", "Negative", "RULES", "item_records", "left_hand_side", "normal_form", "rule_negatives",
           "rules_record", "same_equation", "simplify_equation", "slots", "tokenises", "trim_after", "trim_before"]
