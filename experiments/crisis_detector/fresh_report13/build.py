"""Write the three helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (evaluation only).

22 other languages (src_r13a/b/c.py: (language, text) by category); each row names its language.
Standard library only.  Run:  python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_r13a  # noqa: E402
import src_r13b  # noqa: E402
import src_r13c  # noqa: E402
import written_sets  # noqa: E402

if __name__ == "__main__":
    crisis, noncrisis = written_sets.language_rows((src_r13a, src_r13b, src_r13c))
    texts = [" ".join(r["text"].lower().split()) for r in crisis + noncrisis]
    assert len(set(texts)) == len(texts), "duplicate message"
    written_sets.write_set(HERE, crisis, noncrisis)
