"""Write the four helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (evaluation only).

English (src_english_crisis.py, src_english_noncrisis.py: fresh_report10's categories) and 18 other languages
(src_languages_a.py, src_languages_b.py: (language, text) by category); each row names its language.
Standard library only.  Run:  python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import src_english_crisis as ec  # noqa: E402
import src_english_noncrisis as en  # noqa: E402
import src_languages_a as la  # noqa: E402
import src_languages_b as lb  # noqa: E402
import written_sets  # noqa: E402


def english():
    crisis = written_sets.crisis_rows(written_sets.report_crisis_lists(ec, ec, ec))
    lists = written_sets.report_noncrisis_lists(en, en, en)
    lists.append(("signoffs-with-apology", en.SIGNOFFS_WITH_APOLOGY))
    noncrisis = written_sets.noncrisis_rows(lists)
    return [{**r, "language": "en"} for r in crisis], [{**r, "language": "en"} for r in noncrisis]


if __name__ == "__main__":
    (c1, n1), (c2, n2) = english(), written_sets.language_rows((la, lb))
    crisis, noncrisis = c1 + c2, n1 + n2
    texts = [" ".join(r["text"].lower().split()) for r in crisis + noncrisis]
    assert len(set(texts)) == len(texts), "duplicate message"
    written_sets.write_set(HERE, crisis, noncrisis)
