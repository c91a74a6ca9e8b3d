"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data).

A row that nearly repeats a message of the report set ../fresh_report12/ (word-set Jaccard > written_sets.OVERLAP_MAX)
is left out, so the report stays unseen. Standard library only.
    python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_crisis_a as ca  # noqa: E402
import src_noncrisis_b as nb  # noqa: E402
import src_noncrisis_c as nc  # noqa: E402
import written_sets  # noqa: E402

REPORT = os.path.join(HERE, "..", "fresh_report12")
SH, AB = written_sets.SH, written_sets.AB
CRISIS = [  # (category, kind, list) in output order
    ("coded-or-slang", SH, ca.CODED_TALK),
    ("self-injury", SH, ca.SELF_HARM_RELAPSE),
    ("coded-or-slang", AB, ca.HINTED_ABUSE),
]
NONCRISIS = [
    ("distress-no-risk", nb.DISTRESS_RISKY_WORDS),
    ("greetings-and-signoffs", nb.CLOSING_THE_CHAT),
    ("relationship-over", nb.RELATIONSHIP_OVER),
    ("long-everyday", nc.LONG_SUPPORT_CHAT),
    ("lonely-and-stuck", nc.LONELY_AND_STUCK),
    ("meds-and-therapy", nc.MEDS_AND_THERAPY),
    ("short-chat", nc.SHORT_REPLIES),
]


if __name__ == "__main__":
    written_sets.write_training_set(HERE, CRISIS, NONCRISIS, REPORT)
