"""Write the four helpers' lists to crisis.jsonl and noncrisis.jsonl (evaluation only).

English only: two crisis writers (src_english_crisis_a.py, _b.py) and two non-crisis writers
(src_english_noncrisis_a.py, _b.py), each in fresh_report11's English categories; each row names its
writer (as fresh_report12/). A message whose text (lower case, spaces joined) already appears in any
other set of experiments/crisis_detector/ (training sets, and the report sets, which train later rounds
once read) is left out, so the report reads only messages the detector has not seen.
Standard library only.  Run:  python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PARENT = os.path.dirname(HERE)
sys.path[:0] = [HERE, PARENT]

import src_english_crisis_a as ca  # noqa: E402
import src_english_crisis_b as cb  # noqa: E402
import src_english_noncrisis_a as na  # noqa: E402
import src_english_noncrisis_b as nb  # noqa: E402
import written_sets  # noqa: E402

REPORT_ONLY = ("fresh_report17",)  # every other set counts as seen: read report sets train later rounds

if __name__ == "__main__":
    # writer b's repeats of a message writer a also wrote are kept once, as writer a's
    written_sets.write_unseen_english_report(HERE, (ca, cb), (na, nb), REPORT_ONLY)
