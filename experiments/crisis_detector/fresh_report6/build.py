"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl.

Evaluation data only: never use these files to train or tune a model.
Standard library only.  Run:  python3 build.py
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import src_crisis_1 as c1  # noqa: E402
import src_crisis_2 as c2  # noqa: E402
import src_crisis_3 as c3  # noqa: E402
import src_noncrisis_1 as n1  # noqa: E402
import src_noncrisis_2 as n2  # noqa: E402
import src_noncrisis_3 as n3  # noqa: E402
import written_sets  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

CRISIS = written_sets.report_crisis_lists(c1, c2, c3)  # (category, kind, list) in output order

NONCRISIS = [
    ("everyday-fear", n1.EVERYDAY_FEAR),
    ("everyday-disgust", n1.EVERYDAY_DISGUST),
    ("everyday-anger", n1.EVERYDAY_ANGER),
    ("long-everyday", n2.LONG_EVERYDAY),
    ("distress-no-risk", n3.DISTRESS_NO_RISK),
    ("recovered-or-past", n3.RECOVERED_OR_PAST),
    ("dark-humour-or-figure-of-speech", n3.DARK_HUMOUR_OR_FIGURE_OF_SPEECH),
    ("good-news-or-neutral", n3.GOOD_NEWS_OR_NEUTRAL),
    ("short-chat", n3.SHORT_CHAT),
]


def crisis_rows():
    return [{"text": t, "kind": k, "category": c} for c, k, lst in CRISIS for t in lst]


def noncrisis_rows():
    return [{"text": t, "category": c} for c, lst in NONCRISIS for t in lst]


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    cr, nc = crisis_rows(), noncrisis_rows()
    write(os.path.join(HERE, "crisis.jsonl"), cr)
    write(os.path.join(HERE, "noncrisis.jsonl"), nc)
    print(f"wrote crisis.jsonl ({len(cr)} rows) and noncrisis.jsonl ({len(nc)} rows)")
