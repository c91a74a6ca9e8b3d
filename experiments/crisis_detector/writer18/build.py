"""Write the four helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (training data, round 13).

Each row names its language. A row that nearly repeats a message of the report set ../fresh_report13/
(word-set Jaccard > written_sets.OVERLAP_MAX) is left out, so the report stays unseen. Standard library only.
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
    written_sets.write_training_rows(HERE, crisis, noncrisis, REPORT)
