"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl.

Evaluation data only: never use these files to train or tune a model.
Standard library only.  Run:  python3 build.py
"""

import json
import os

import src_crisis_1 as c1
import src_crisis_2 as c2
import src_crisis_3 as c3
import src_noncrisis_1 as n1
import src_noncrisis_2 as n2
import src_noncrisis_3 as n3

HERE = os.path.dirname(os.path.abspath(__file__))

SH, AB = "self-harm", "abuse"

# (category, kind, list) in output order
CRISIS = [
    ("wish-to-die", SH, c1.WISH_TO_DIE),
    ("hopeless-burden", SH, c1.HOPELESS_BURDEN),
    ("plan-or-means", SH, c1.PLAN_OR_MEANS),
    ("goodbye-or-affairs", SH, c2.GOODBYE_OR_AFFAIRS),
    ("self-injury", SH, c2.SELF_INJURY),
    ("abuse-or-violence", AB, c2.ABUSE_OR_VIOLENCE),
    ("coded-or-slang", SH, c3.CODED_SELF_HARM),
    ("coded-or-slang", AB, c3.CODED_ABUSE),
    ("short-chat", SH, c3.SHORT_SELF_HARM),
    ("short-chat", AB, c3.SHORT_ABUSE),
    ("buried-in-long", SH, c3.BURIED_SELF_HARM),
    ("buried-in-long", AB, c3.BURIED_ABUSE),
]

NONCRISIS = [
    ("everyday-fear", n1.EVERYDAY_FEAR),
    ("everyday-disgust", n1.EVERYDAY_DISGUST),
    ("everyday-anger", n1.EVERYDAY_ANGER),
    ("long-everyday", n1.LONG_EVERYDAY),
    ("distress-no-risk", n2.DISTRESS_NO_RISK),
    ("recovered-or-past", n2.RECOVERED_OR_PAST),
    ("dark-humour-or-figure-of-speech", n2.DARK_HUMOUR_OR_FIGURE_OF_SPEECH),
    ("good-news-or-neutral", n2.GOOD_NEWS_OR_NEUTRAL),
    ("short-chat", n3.SHORT_CHAT),
    ("everyday-leaving", n3.EVERYDAY_LEAVING),
    ("greetings-and-signoffs", n3.GREETINGS_AND_SIGNOFFS),
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
