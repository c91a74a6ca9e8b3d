"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data).

A row that nearly repeats a message of the report set ../fresh_report8/ (word-set Jaccard > written_sets.OVERLAP_MAX;
writers who never met type alike, and greetings are short) is left out, so the report stays unseen.
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


if __name__ == "__main__":
    written_sets.write_training_set(HERE, CRISIS, NONCRISIS, REPORT)
