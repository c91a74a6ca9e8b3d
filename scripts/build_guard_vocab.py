"""Build the reply guard's vocabulary from ESConv train supporter turns (CC BY-NC 4.0).

    .venv/bin/python scripts/build_guard_vocab.py [--source ESConv_train.json] [--out assets/guard]

Writes `vocab.json`: {"supporter": {word: number of train dialogues whose supporter turns use it} for words
in at least MIN_DIALOGUES dialogues, "english": [words of ESConv train (both speakers) and MELD train
utterances (GPL-3.0, Friends transcripts) seen at least MIN_COUNT times]}. The guard
(mer_agents/agents/guard.py) reads it twice: a reply word absent from
the conversation and rarer than its threshold counts as an invented fact, and the share of a reply's words
it knows is the fluency score and the English test. Only the held-in train dialogues are read (every
HELDOUT_EVERY-th dialogue is kept out for selection), never ESConv dev or test.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "esconv" / "ESConv_train.json"
DEFAULT_MELD = ROOT.parent / "shared" / "data" / "meld" / "train_sent_emo.csv"
MIN_COUNT = 3
MIN_DIALOGUES = 2
HELDOUT_EVERY = 10  # dialogue i with i % 10 == 0 is held out (the same slice as the other train-built assets)
WORD = re.compile(r"[a-z']+")


def _words(text: str) -> list[str]:
    text = text.lower().replace("\u2019", "'")
    return [w.strip("'") for w in WORD.findall(text) if w.strip("'")]


def build(source: Path, meld: Path) -> dict:
    dialogues = json.loads(source.read_text(encoding="utf-8"))
    df: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for i, dialogue in enumerate(dialogues):
        if i % HELDOUT_EVERY == 0:
            continue
        df.update({w for t in dialogue["dialog"] if t["speaker"] == "sys" for w in _words(t["text"])})
        counts.update(w for t in dialogue["dialog"] for w in _words(t["text"]))
    with open(meld, encoding="utf-8", newline="") as fh:
        counts.update(w for row in csv.DictReader(fh) for w in _words(row["Utterance"]))
    return {
        "supporter": {w: c for w, c in sorted(df.items()) if c >= MIN_DIALOGUES},
        "english": sorted(w for w, c in counts.items() if c >= MIN_COUNT),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--meld", type=Path, default=DEFAULT_MELD)
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "guard")
    args = parser.parse_args(argv)
    vocab = build(args.source, args.meld)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "vocab.json").write_text(json.dumps(vocab, separators=(",", ":")) + "\n", encoding="utf-8")
    counts = f"{len(vocab['supporter'])} supporter words, {len(vocab['english'])} English words"
    print(f"{counts} -> {args.out / 'vocab.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
