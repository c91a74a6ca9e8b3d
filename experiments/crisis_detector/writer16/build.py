"""Write the three helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data, round 11).

Each row names its language. A row that nearly repeats a message of the report set ../fresh_report11/
(word-set Jaccard > written_sets.OVERLAP_MAX) is left out, so the report stays unseen. Standard library only.
    python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_w16a  # noqa: E402
import src_w16b  # noqa: E402
import src_w16c  # noqa: E402
import written_sets  # noqa: E402

REPORT = os.path.join(HERE, "..", "fresh_report11")
ABUSE_CATEGORY = "abuse-or-violence"


def rows(modules, crisis):
    """(language, text) lists by category → rows with text, (kind,) category and language, helper by helper."""
    out = []
    for m in modules:
        for category, items in (m.CRISIS if crisis else m.NONCRISIS).items():
            for language, text in items:
                row = {"text": text, "category": category, "language": language}
                if crisis:
                    row["kind"] = written_sets.AB if category == ABUSE_CATEGORY else written_sets.SH
                out.append(row)
    return out


if __name__ == "__main__":
    modules = (src_w16a, src_w16b, src_w16c)
    crisis, noncrisis = rows(modules, True), rows(modules, False)
    dropped = written_sets.near_report(crisis + noncrisis, REPORT)
    seen, kept = set(), {"crisis": [], "noncrisis": []}
    for name, part in (("crisis", crisis), ("noncrisis", noncrisis)):
        for r in part:
            key = " ".join(r["text"].lower().split())
            if r in dropped or key in seen:  # a near repeat of the report, or a repeat across helpers
                continue
            seen.add(key)
            kept[name].append(r)
    written_sets.write_set(HERE, kept["crisis"], kept["noncrisis"])
    print(f"left out {len(dropped)} near repeats of fresh_report11: {[r['text'] for r in dropped]}")
