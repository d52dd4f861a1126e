"""Several votes on one question (prompt variants × presentation orders) combined into one 0/1
decision, with whether they were consistent."""
from __future__ import annotations


POLICIES = ("no", "majority", "first")


def combine_votes(votes: list[int | None], policy: str = "no") -> tuple[int | None, bool | None]:
    """One 0/1 decision from votes (variants × orders, in asking order; None = unscored).

    Unscored votes are left out. All remaining votes agree → their value (consistent).
    Otherwise the policy decides (inconsistent): ``no`` → 0 (a match only when every vote says
    so: "we choose the consistent one", BAGELS §6.2), ``majority`` → the majority (a tie → 0),
    ``first`` → the first scored vote. No scored vote → ``(None, None)``.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (one of {', '.join(POLICIES)})")
    scored = [v for v in votes if v is not None]
    if not scored:
        return None, None
    if all(v == scored[0] for v in scored):
        return scored[0], True
    if policy == "no":
        return 0, False
    if policy == "first":
        return scored[0], False
    return (1 if 2 * sum(scored) > len(scored) else 0), False
