"""Write the hand-written src_*.py lists, unchanged, to crisis.jsonl and noncrisis.jsonl.

Evaluation data only: never use these files to train or tune a model.
Standard library only.  Run:  python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_crisis_1 as c1  # noqa: E402
import src_crisis_2 as c2  # noqa: E402
import src_crisis_3 as c3  # noqa: E402
import src_noncrisis_1 as n1  # noqa: E402
import src_noncrisis_2 as n2  # noqa: E402
import src_noncrisis_3 as n3  # noqa: E402
import written_sets  # noqa: E402

CRISIS = written_sets.report_crisis_lists(c1, c2, c3)  # (category, kind, list) in output order

NONCRISIS = written_sets.report_noncrisis_lists(n1, n2, n3)  # (category, list) in output order
NONCRISIS.append(("signoffs-with-apology", n3.SIGNOFFS_WITH_APOLOGY))


def crisis_rows():
    return written_sets.crisis_rows(CRISIS)


def noncrisis_rows():
    return written_sets.noncrisis_rows(NONCRISIS)


if __name__ == "__main__":
    written_sets.write_set(HERE, crisis_rows(), noncrisis_rows())
