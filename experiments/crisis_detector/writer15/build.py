"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data).

A row that nearly repeats a message of the report set ../fresh_report10/ (word-set Jaccard > written_sets.OVERLAP_MAX)
is left out, so the report stays unseen. Standard library only.
    python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_crisis_a as ca  # noqa: E402
import src_noncrisis_b as nb  # noqa: E402
import written_sets  # noqa: E402

REPORT = os.path.join(HERE, "..", "fresh_report10")
SH = written_sets.SH
CRISIS = [  # (category, kind, list) in output order
    ("coded-or-slang", SH, ca.CODED_TALK),
    ("wish-to-die", SH, ca.PASSIVE_WISH),
    ("short-chat", SH, ca.SHORT_RISK),
]
NONCRISIS = [
    ("greetings-and-signoffs", nb.FORMAL_GOODBYES),
    ("young-writers", nb.YOUNG_WRITERS),
    ("recovered-or-past", nb.RECOVERED),
    ("dark-humour-or-figure-of-speech", nb.DARK_HUMOUR),
]


if __name__ == "__main__":
    written_sets.write_training_set(HERE, CRISIS, NONCRISIS, REPORT)
