"""Write each set's hand-written list, unchanged, to its messages.jsonl (text, label, language).
Standard library only.  Run:  python3 build.py
"""

import importlib.util
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

if __name__ == "__main__":
    for name in ("select", "report"):
        spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name, "src_messages.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        rows = [{"text": t, "label": e, "language": g} for g, e, t in module.MESSAGES]
        assert len({r["text"] for r in rows}) == len(rows), f"duplicate in {name}"
        with open(os.path.join(HERE, name, "messages.jsonl"), "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        print(f"{name}: {len(rows)} messages")
