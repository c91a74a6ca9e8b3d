"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data).

A row that nearly repeats (word-set Jaccard > written_sets.OVERLAP_MAX) a message of the report set
../fresh_report17/ or one of the issue's five phrasings is left out, so no report sees its own messages.
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

REPORT = os.path.join(HERE, "..", "fresh_report17")
SH, AB = written_sets.SH, written_sets.AB
CRISIS = [  # (category, kind, list) in output order
    ("esconv-style-nothing-to-live-for", SH, ca.NOTHING_TO_LIVE_FOR),
    ("esconv-style-better-off-dead", SH, ca.BETTER_OFF_DEAD),
    ("esconv-style-questions-about-living", SH, ca.QUESTIONS_ABOUT_LIVING),
    ("esconv-style-self-harm-now", SH, ca.SELF_HARM_NOW),
    ("esconv-style-plan-or-means", SH, ca.PLAN_OR_MEANS),
    ("esconv-style-abuse-now", AB, ca.ABUSE_NOW),
    ("esconv-style-story-then-risk", SH, ca.STORY_THEN_RISK),
]
NONCRISIS = [
    ("esconv-style-hopeless-about-one-thing", nb.HOPELESS_ABOUT_ONE_THING),
    ("esconv-style-depressed-but-safe", nb.DEPRESSED_BUT_SAFE),
    ("esconv-style-exhausted", nb.EXHAUSTED_CAN_NOT_GO_ON),
    ("esconv-style-life-words-everyday", nb.LIFE_WORDS_EVERYDAY),
    ("esconv-style-past-risk-now-safe", nb.PAST_RISK_NOW_SAFE),
    ("esconv-style-others-at-risk", nb.OTHERS_AT_RISK),
    ("esconv-style-conflict-not-abuse", nb.CONFLICT_NOT_ABUSE),
    ("esconv-style-grief-and-illness", nb.GRIEF_AND_ILLNESS),
]


if __name__ == "__main__":
    written_sets.write_training_set(HERE, CRISIS, NONCRISIS, REPORT, others=written_sets.ISSUE_PHRASINGS)
