"""Write the four helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (evaluation only).

English only: two crisis writers (src_english_crisis_a.py, _b.py) and two non-crisis writers
(src_english_noncrisis_a.py, _b.py), each in fresh_report11's English categories; each row names its writer (as fresh_report12/).
Standard library only.  Run:  python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_english_crisis_a as ca  # noqa: E402
import src_english_crisis_b as cb  # noqa: E402
import src_english_noncrisis_a as na  # noqa: E402
import src_english_noncrisis_b as nb  # noqa: E402
import written_sets  # noqa: E402


def rows():
    crisis, noncrisis = [], []
    for writer, module in (("a", ca), ("b", cb)):
        lists = written_sets.report_crisis_lists(module, module, module)
        crisis += [{**r, "language": "en", "writer": writer} for r in written_sets.crisis_rows(lists)]
    for writer, module in (("a", na), ("b", nb)):
        lists = written_sets.report_noncrisis_lists(module, module, module)
        lists.append(("signoffs-with-apology", module.SIGNOFFS_WITH_APOLOGY))
        noncrisis += [{**r, "language": "en", "writer": writer} for r in written_sets.noncrisis_rows(lists)]
    return first_of_each(crisis), first_of_each(noncrisis)


def first_of_each(rows):
    """Writer b's repeats of a message writer a also wrote (8 across both kinds, as in fresh_report12/) are
    kept once, as writer a's."""
    seen, out = set(), []
    for r in rows:
        key = " ".join(r["text"].lower().split())
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


if __name__ == "__main__":
    crisis, noncrisis = rows()
    texts = [" ".join(r["text"].lower().split()) for r in crisis + noncrisis]
    assert len(set(texts)) == len(texts), "duplicate message"
    written_sets.write_set(HERE, crisis, noncrisis)
