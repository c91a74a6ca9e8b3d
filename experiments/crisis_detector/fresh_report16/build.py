"""Write the four helpers' lists to crisis.jsonl and noncrisis.jsonl (evaluation only).

English only: two crisis writers (src_english_crisis_a.py, _b.py) and two non-crisis writers
(src_english_noncrisis_a.py, _b.py), each in fresh_report11's English categories; each row names its
writer (as fresh_report12/). A message whose text (lower case, spaces joined) already appears in any
other set of experiments/crisis_detector/ (training sets, and the report sets, which train later rounds
once read) is left out, so the report reads only messages the detector has not seen.
Standard library only.  Run:  python3 build.py
"""

import glob
import json
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

REPORT_ONLY = ("fresh_report16",)  # every other set counts as seen: read report sets train later rounds


def norm(text):
    return " ".join(text.lower().split())


def seen_texts():
    """Every text of the detector's other sets (the ones it trains or chooses on)."""
    seen = set()
    for path in glob.glob(os.path.join(PARENT, "**", "*.jsonl"), recursive=True):
        if os.path.relpath(path, PARENT).startswith(REPORT_ONLY):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    row = json.loads(line)
                except ValueError:
                    continue
                if isinstance(row, dict) and isinstance(row.get("text"), str):
                    seen.add(norm(row["text"]))
    return seen


if __name__ == "__main__":
    # writer b's repeats of a message writer a also wrote are kept once, as writer a's
    crisis, noncrisis = written_sets.english_report_rows((ca, cb), (na, nb))
    seen = seen_texts()
    kept = [[r for r in rows if norm(r["text"]) not in seen] for rows in (crisis, noncrisis)]
    print(
        f"left out as seen in other sets: {len(crisis) - len(kept[0])} crisis, {len(noncrisis) - len(kept[1])} non-crisis"
    )
    written_sets.write_set(HERE, *kept)
