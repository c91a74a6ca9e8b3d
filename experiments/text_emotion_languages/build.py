"""Write each set's hand-written lists, unchanged, to its messages.jsonl (text, label, language).

select/ and report/ hold one helper's src_messages.py each; train_written/ (four helpers), report2/,
report3/ and good_news_written/ (two each) one src_*.py per helper, read in name order. A training row
that nearly repeats a message of the sets that choose or report (word-set Jaccard > OVERLAP_MAX) is left
out. Standard library only.
Run:  python3 build.py
"""

import glob
import importlib.util
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SETS = ("select", "report", "report2", "report3", "train_written", "good_news_written")
TRAINING = ("train_written", "good_news_written")
OVERLAP_MAX = 0.6  # as the crisis sets' (experiments/crisis_detector/written_sets.py)


def words(text):
    return set(re.findall(r"\w+", text.lower()))


def near(text, others):
    a = words(text)
    return any(len(a & b) / max(1, len(a | b)) > OVERLAP_MAX for b in others)


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
            kept = [r for r in rows if not near(r["text"], held)]
            print(f"{name}: left out {len(rows) - len(kept)} near repeats of the other sets")
            rows = kept
        else:
            held += [words(r["text"]) for r in rows]
        with open(os.path.join(HERE, name, "messages.jsonl"), "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        print(f"{name}: {len(rows)} messages")
