"""Serialise the hand-written message lists (src_*.py) into the two JSONL files.
No text is generated here: every message is written out literally in src_*.py."""

import json

from src_crisis_a import (
    ABUSE_OR_VIOLENCE,
    GOODBYE_OR_AFFAIRS,
    HOPELESS_BURDEN,
    PLAN_OR_MEANS,
    SELF_INJURY,
    WISH_TO_DIE,
)
from src_crisis_b import BURIED_IN_LONG, CODED_OR_SLANG
from src_noncrisis_a import DISTRESS_NO_RISK, EVERYDAY_ANGER, EVERYDAY_DISGUST, EVERYDAY_FEAR
from src_noncrisis_b import DARK_HUMOUR, GOOD_NEWS_OR_NEUTRAL, RECOVERED_OR_PAST
from src_noncrisis_c import LONG_EVERYDAY

crisis = []
for cat, kind, msgs in [
    ("wish-to-die", "self-harm", WISH_TO_DIE),
    ("hopeless-burden", "self-harm", HOPELESS_BURDEN),
    ("plan-or-means", "self-harm", PLAN_OR_MEANS),
    ("goodbye-or-affairs", "self-harm", GOODBYE_OR_AFFAIRS),
    ("self-injury", "self-harm", SELF_INJURY),
    ("abuse-or-violence", "abuse", ABUSE_OR_VIOLENCE),
]:
    crisis += [{"text": t, "kind": kind, "category": cat} for t in msgs]
for cat, pairs in [("coded-or-slang", CODED_OR_SLANG), ("buried-in-long", BURIED_IN_LONG)]:
    crisis += [{"text": t, "kind": k, "category": cat} for t, k in pairs]

noncrisis = []
for cat, msgs in [
    ("everyday-fear", EVERYDAY_FEAR),
    ("everyday-disgust", EVERYDAY_DISGUST),
    ("everyday-anger", EVERYDAY_ANGER),
    ("long-everyday", LONG_EVERYDAY),
    ("distress-no-risk", DISTRESS_NO_RISK),
    ("recovered-or-past", RECOVERED_OR_PAST),
    ("dark-humour-or-figure-of-speech", DARK_HUMOUR),
    ("good-news-or-neutral", GOOD_NEWS_OR_NEUTRAL),
]:
    noncrisis += [{"text": t, "category": cat} for t in msgs]

for name, rows in [("crisis.jsonl", crisis), ("noncrisis.jsonl", noncrisis)]:
    with open(name, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(name, len(rows))
