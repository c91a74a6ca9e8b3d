"""Write each set's hand-written lists, unchanged, to its messages.jsonl (text, label, language).

select/ and report/ hold one helper's src_messages.py each; train_written/ (four helpers), report2/,
report3/ and good_news_written/ (two each) one src_*.py per helper, read in name order. A training row
that nearly repeats a message of the sets that choose or report (written_sets.nearly_repeats) is left
out. Standard library only.
Run:  python3 build.py
"""

import glob
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "crisis_detector"))

import written_sets  # noqa: E402  (the crisis sets' near-repeat rule, OVERLAP_MAX 0.6)

SETS = ("select", "report", "report2", "report3", "train_written", "good_news_written")
TRAINING = ("train_written", "good_news_written")


if __name__ == "__main__":
    held = []
    for name in SETS:
        rows = []
        for path in sorted(glob.glob(os.path.join(HERE, name, "src_*.py"))):
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            rows += [{"text": t, "label": e, "language": g} for g, e, t in module.MESSAGES]
        assert len({r["text"] for r in rows}) == len(rows), f"duplicate in {name}"
        if name in TRAINING:
            kept = [r for r in rows if not written_sets.nearly_repeats(r["text"], held)]
            print(f"{name}: left out {len(rows) - len(kept)} near repeats of the other sets")
            rows = kept
        else:
            held += [written_sets.words(r["text"]) for r in rows]
        with open(os.path.join(HERE, name, "messages.jsonl"), "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        print(f"{name}: {len(rows)} messages")
