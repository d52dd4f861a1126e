"""CLAIMCHECK's pieces as library functions (the st-claims command is a thin layer over them):

    from scholartools.claims import extract_claims, find_weaknesses, associate
    claims = extract_claims(paper_record)                  # [{"id": "Claim1", "text", "section", "start", "end", …}]
    spans = find_weaknesses(review_text)                   # [{"text", "start", "end"}]
    links = associate(claims, [{"text": s["text"]} for s in spans])   # [{"targets": ["Claim3"], …}]

The LLM methods are task generators in :mod:`scholartools.claims.llm_method`, run by the one stage
runner through the tasks registered in :mod:`scholartools.claims.tasks`.
"""
from scholartools.claims.associate import AssociateOptions, associate
from scholartools.claims.extract import extract_claims
from scholartools.claims.weaknesses import find_weaknesses

__all__ = ["extract_claims", "find_weaknesses", "associate", "AssociateOptions"]
