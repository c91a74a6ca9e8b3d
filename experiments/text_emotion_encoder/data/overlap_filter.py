"""Drop from a training file of plain statements every message that shares ≥ OVERLAP of the shorter message's
words with a message of an evaluation set (the explicit sets in tests/fixtures/, ../unseen/, ../fresh_report/,
every experiments/first_messages/*/messages.json): short messages share words easily, so this is
conservative. Rewrites the file in place and prints what it dropped.

    cd experiments/text_emotion_encoder/data && ../../../.venv/bin/python overlap_filter.py FILE.jsonl
"""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
OVERLAP = 0.6
JSONL_SETS = (
    "tests/fixtures/explicit_emotions.jsonl",
    "tests/fixtures/explicit_emotions_select.jsonl",
    "experiments/text_emotion_encoder/unseen/messages.jsonl",
    "experiments/text_emotion_encoder/fresh_report/messages.jsonl",
)


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9']+", text.lower()))


def evaluation_messages() -> list[set[str]]:
    texts = [  # a set's items are texts or {"message": ...}
        t
        for f in sorted(ROOT.glob("experiments/first_messages/*/messages.json"))
        for t in json.loads(f.read_text())
    ]
    texts += [
        json.loads(x)["text"] for f in JSONL_SETS for x in (ROOT / f).read_text().splitlines() if x.strip()
    ]
    return [w for w in (words(t if isinstance(t, str) else t["message"]) for t in texts) if w]


def overlaps(text: str, sets: list[set[str]]) -> bool:
    w = words(text)
    return any(len(w & e) / max(1, min(len(w), len(e))) >= OVERLAP for e in sets)


if __name__ == "__main__":
    path = Path(sys.argv[1])
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    sets = evaluation_messages()
    keep = [r for r in rows if not overlaps(r["text"], sets)]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in keep), encoding="utf-8")
    print(f"{len(rows)} read, {len(rows) - len(keep)} dropped, {len(keep)} kept")
