"""Write the four helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data, round 13).

Each row names its language. A row that nearly repeats a message of the report set ../fresh_report13/
(word-set Jaccard > written_sets.OVERLAP_MAX) is left out, so the report stays unseen, and a text another
row already says (short chat lines in several languages) is kept once. Standard library only.
    python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_w18a  # noqa: E402
import src_w18b  # noqa: E402
import src_w18c  # noqa: E402
import src_w18d  # noqa: E402
import written_sets  # noqa: E402

REPORT = os.path.join(HERE, "..", "fresh_report13")


if __name__ == "__main__":
    crisis, noncrisis = written_sets.language_rows((src_w18a, src_w18b, src_w18c, src_w18d))
    # short chat lines ("ok", "haha") recur across the helpers' languages: each text is kept once
    once = {}
    for r in crisis + noncrisis:
        once.setdefault(" ".join(r["text"].lower().split()), r)
    kept = [id(r) for r in once.values()]
    crisis, noncrisis = [r for r in crisis if id(r) in kept], [r for r in noncrisis if id(r) in kept]
    written_sets.write_training_rows(HERE, crisis, noncrisis, REPORT)
