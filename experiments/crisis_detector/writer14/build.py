"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data).

A row that nearly repeats a message of the report set ../fresh_report9/ (word-set Jaccard > written_sets.OVERLAP_MAX;
writers who never met type alike, and sign-offs are short) is left out, so the report stays unseen.
Standard library only.
    python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_crisis_a as ca  # noqa: E402
import src_noncrisis_b as nb  # noqa: E402
import written_sets  # noqa: E402

REPORT = os.path.join(HERE, "..", "fresh_report9")
SH = written_sets.SH
CRISIS = [  # (category, kind, list) in output order
    ("farewell-with-apology", SH, ca.FAREWELL_WITH_APOLOGY),
    ("buried-in-long", SH, ca.BURIED_RISK),  # train.HOLD_ONLY: chooses the threshold only
    ("hopeless-burden", SH, ca.HOPELESS_QUIET),
]
NONCRISIS = [
    ("signoffs-with-apology", nb.HURRIED_SIGNOFFS),
    ("greetings-and-signoffs", nb.WARM_GOODBYES),
    ("everyday-mishaps", nb.EVERYDAY_MISHAPS),
    ("everyday-fear", nb.SAFETY_WORRIES),
]


if __name__ == "__main__":
    written_sets.write_training_set(HERE, CRISIS, NONCRISIS, REPORT)
