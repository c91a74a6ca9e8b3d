"""A blind reading packet of the reasoning texts of a reasoning-check run (summary, explanation, reason,
critique): each with the person's words and the readings, shuffled, numbered, with no word on who wrote it.

    .venv/bin/python experiments/reasoning_check/packet.py [--out DIR] [--seed 0]

Reads DIR/texts.jsonl and DIR/items.jsonl (run.py); writes DIR/packet.md (for the reader) and DIR/key.json
(keep it from the reader; score.py joins it to the grades). A text repeated in later rounds is shown once.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "runs"
FIELDS = ("summary", "explanation", "reason", "critique")
KEY_FIELDS = ("item", "stage", "field", "rounds", "writer", "written_by", "text")
CODE_LABEL = re.compile(r"\s*\(\s*written by code\b[^()]*(\([^()]*\)[^()]*)*\)\s*$", re.IGNORECASE)
CRITIC = re.compile(r"^critic:\s*", re.IGNORECASE)
RUBRIC = (
    "Mark each text OK if it is a coherent, complete sentence (or two) that is true to the person's words "
    "and the readings shown; NOT OK if it is gibberish, cut off, names an emotion the readings do not hold, "
    'or states facts the words do not support. Answer JSON {"1": "OK"|"NOT OK", ...}.'
)


def shown(text: str) -> str:
    """The text as the packet shows it: no trailing code label, no 'critic:' prefix."""
    return CRITIC.sub("", CODE_LABEL.sub("", text)).strip()


def what(t: dict[str, Any], item: dict[str, Any]) -> str:
    if t["field"] == "summary":
        return "a one-sentence summary of the readings"
    if t["field"] == "explanation":
        return f"why the person's emotion is read as **{t.get('emotion', '?')}**"
    if t["field"] == "reason":
        return f"why the listener chose the support strategy **{t.get('strategy', '?')}**"
    about = t.get("about", "?")
    reply = item.get("replies", {}).get(str(t["round"])) if about == "reply" else None
    return f"a critique of the {about} stage" + (f', whose reply was: "{reply}"' if reply else "")


def entry(number: int, t: dict[str, Any], item: dict[str, Any]) -> str:
    lines = [f"## {number}", "", f"**Person** ({item.get('kind', '?')}): {item.get('message', '')}"]
    if item.get("translation"):
        lines.append(f"**English translation**: {item['translation']}")
    readings = "; ".join(f"{k}: {v}" for k, v in item.get("readings", {}).items()) or "none"
    lines += [f"**Readings** (top emotion per modality): {readings}", f"**Text** ({what(t, item)}):", ""]
    return "\n".join(lines + [f"> {shown(t['text'])}", ""])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="run.py's output folder")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    items = {r["id"]: r for r in map(json.loads, (args.out / "items.jsonl").read_text().splitlines())}
    unique: dict[tuple[str, str, str], dict[str, Any]] = {}
    for t in map(json.loads, (args.out / "texts.jsonl").read_text().splitlines()):
        if t["field"] in FIELDS:
            seen = unique.setdefault((t["item"], t["field"], shown(t["text"])), t | {"rounds": []})
            seen["rounds"].append(t["round"])
    texts = list(unique.values())
    random.Random(args.seed).shuffle(texts)
    parts = ["# Reading packet", "", RUBRIC, ""]
    key = {}
    for n, t in enumerate(texts, 1):
        parts.append(entry(n, t, items.get(t["item"], {})))
        key[str(n)] = {k: t.get(k) for k in KEY_FIELDS}
    (args.out / "packet.md").write_text("\n".join(parts), encoding="utf-8")
    (args.out / "key.json").write_text(json.dumps(key, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{len(texts)} texts -> {args.out / 'packet.md'}, key {args.out / 'key.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
