"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl
(written_sets.report9_rows: fresh_report9/'s categories).

Evaluation data only: never use these files to train or tune a model.
Standard library only.  Run:  python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import written_sets  # noqa: E402


def crisis_rows():
    return written_sets.report9_rows(HERE)[0]


def noncrisis_rows():
    return written_sets.report9_rows(HERE)[1]


if __name__ == "__main__":
    written_sets.write_set(HERE, crisis_rows(), noncrisis_rows())
