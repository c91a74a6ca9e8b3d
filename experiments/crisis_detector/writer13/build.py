"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data).

A row that nearly repeats a message of the report set ../fresh_report8/ (word-set Jaccard > OVERLAP_MAX;
writers who never met type alike, and greetings are short) is left out, so the report stays unseen.
Standard library only.
    python3 build.py
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import src_crisis_a as ca  # noqa: E402
import src_noncrisis_b as nb  # noqa: E402

OVERLAP_MAX = 0.6
REPORT = os.path.join(HERE, "..", "fresh_report8")
SH, AB = "self-harm", "abuse"
CRISIS = [  # (category, kind, list) in output order
    ("coded-or-slang", SH, ca.CODED_SELF_HARM),
    ("coded-or-slang", AB, ca.CODED_ABUSE),
    ("hopeless-burden", SH, ca.HOPELESS_BURDEN),
    ("self-injury", SH, ca.SELF_INJURY),
    ("plan-or-means", SH, ca.PLAN_OR_MEANS),
]
NONCRISIS = [
    ("greetings-and-signoffs", nb.GREETINGS_AND_SIGNOFFS),
    ("short-chat", nb.SHORT_CHAT),
    ("recovered-or-past", nb.RECOVERED_OR_PAST),
    ("dark-humour-or-figure-of-speech", nb.DARK_HUMOUR_OR_FIGURE_OF_SPEECH),
]


def words(text):
    return set(re.findall(r"[\w']+", text.lower()))


def near_report(rows):
    """The rows that nearly repeat a report-set message (left out)."""
    report = []
    for name in ("crisis.jsonl", "noncrisis.jsonl"):
        with open(os.path.join(REPORT, name), encoding="utf-8") as f:
            report += [words(json.loads(line)["text"]) for line in f if line.strip()]
    out = []
    for r in rows:
        a = words(r["text"])
        if any(len(a & b) / len(a | b) > OVERLAP_MAX for b in report):
            out.append(r)
    return out


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    cr = [{"text": t, "kind": k, "category": c} for c, k, lst in CRISIS for t in lst]
    no = [{"text": t, "category": c} for c, lst in NONCRISIS for t in lst]
    dropped = near_report(cr + no)
    cr, no = [r for r in cr if r not in dropped], [r for r in no if r not in dropped]
    seen = set()
    for r in cr + no:
        key = " ".join(r["text"].lower().split())
        assert key not in seen, f"duplicate: {r['text']!r}"
        seen.add(key)
    write(os.path.join(HERE, "crisis.jsonl"), cr)
    write(os.path.join(HERE, "noncrisis.jsonl"), no)
    print(f"wrote crisis.jsonl ({len(cr)} rows) and noncrisis.jsonl ({len(no)} rows);")
    print(f"left out {len(dropped)} near repeats of fresh_report8: {[r['text'] for r in dropped]}")
