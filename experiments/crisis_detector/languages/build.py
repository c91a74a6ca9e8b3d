"""Write the two helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (evaluation only).
Standard library only.  Run:  python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_crisis_lang as c  # noqa: E402
import src_noncrisis_lang as n  # noqa: E402
import written_sets  # noqa: E402

LISTS = {"crisis": c.CRISIS_OTHER_LANGUAGES, "noncrisis": n.NONCRISIS_OTHER_LANGUAGES}

if __name__ == "__main__":
    for name, texts in LISTS.items():
        assert len(set(texts)) == len(texts), f"duplicate in {name}"
    crisis, noncrisis = (written_sets.noncrisis_rows([("other-language", texts)]) for texts in LISTS.values())
    written_sets.write_set(HERE, crisis, noncrisis)  # no kind: each crisis list mixes self-harm and abuse
