"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data).

A row that nearly repeats a message of the report set ../fresh_report15/ (word-set Jaccard > written_sets.OVERLAP_MAX)
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

REPORT = os.path.join(HERE, "..", "fresh_report15")
SH, AB = written_sets.SH, written_sets.AB
CRISIS = [  # (category, kind, list) in output order
    ("goodbye-or-affairs", SH, ca.FAREWELL_NOTES),
    ("abuse-or-violence", AB, ca.ABUSE_TOLD_PLAINLY),
    ("past-crisis-returned", SH, ca.PAST_AND_NOW),
]
NONCRISIS = [
    ("recovered-or-past", nb.RECOVERED_OR_PAST),
    ("past-abuse-safe-now", nb.PAST_ABUSE_SAFE_NOW),
    ("everyday-leaving", nc.EVERYDAY_FAREWELLS),
    ("conflict-not-abuse", nc.CONFLICT_NOT_ABUSE),
]


if __name__ == "__main__":
    written_sets.write_training_set(HERE, CRISIS, NONCRISIS, REPORT)
