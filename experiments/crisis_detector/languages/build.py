"""Write the two helpers' lists, unchanged, to crisis.jsonl and noncrisis.jsonl (evaluation only).
Standard library only.  Run:  python3 build.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import src_crisis_lang as c  # noqa: E402
import src_noncrisis_lang as n  # noqa: E402

if __name__ == "__main__":
    for name, rows in (("crisis", c.CRISIS_OTHER_LANGUAGES), ("noncrisis", n.NONCRISIS_OTHER_LANGUAGES)):
        assert len(set(rows)) == len(rows), f"duplicate in {name}"
        with open(os.path.join(HERE, f"{name}.jsonl"), "w", encoding="utf-8") as f:
            f.writelines(
                json.dumps({"text": t, "category": "other-language"}, ensure_ascii=False) + "\n" for t in rows
            )
        print(f"wrote {name}.jsonl ({len(rows)} rows)")
