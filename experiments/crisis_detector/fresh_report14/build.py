"""Write the four helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (evaluation only).

English only: two crisis writers (src_english_crisis_a.py, _b.py) and two non-crisis writers
(src_english_noncrisis_a.py, _b.py), each in fresh_report11's English categories; each row names
its writer (as fresh_report12/).
Standard library only.  Run:  python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_english_crisis_a as ca  # noqa: E402
import src_english_crisis_b as cb  # noqa: E402
import src_english_noncrisis_a as na  # noqa: E402
import src_english_noncrisis_b as nb  # noqa: E402
import written_sets  # noqa: E402

if __name__ == "__main__":
    # writer b's repeats of a message writer a also wrote (3 crisis and 5 non-crisis) are kept once, as writer a's
    written_sets.write_set(HERE, *written_sets.english_report_rows((ca, cb), (na, nb)))
