"""Write each set's hand-written lists, unchanged, to its messages.jsonl (text, label, language).

select/ and report/ hold one helper's src_messages.py each; train_written/ (four helpers) and report2/ (two)
one src_*.py per helper, read in name order. Standard library only.  Run:  python3 build.py
"""

import glob
import importlib.util
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SETS = ("select", "report", "train_written", "report2")

if __name__ == "__main__":
    for name in SETS:
        rows = []
        for path in sorted(glob.glob(os.path.join(HERE, name, "src_*.py"))):
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            rows += [{"text": t, "label": e, "language": g} for g, e, t in module.MESSAGES]
        assert len({r["text"] for r in rows}) == len(rows), f"duplicate in {name}"
        with open(os.path.join(HERE, name, "messages.jsonl"), "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        print(f"{name}: {len(rows)} messages")
