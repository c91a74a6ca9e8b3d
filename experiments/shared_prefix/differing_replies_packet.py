"""Blind-judge packet of the turns where two runs kept different replies: both replies and the gold one.

    .venv/bin/python experiments/shared_prefix/differing_replies_packet.py \
        --a OLD.items.jsonl --b NEW.items.jsonl \
        --out DIR [--variant full] [--seed 0]
    .venv/bin/python experiments/shared_prefix/differing_replies_packet.py --out DIR --score DIR/grades.json

Writes DIR/packet.md (for the judge, with ../shared/eval/judge_rubric.md only) and DIR/key.json (kept from
the judge). --score prints each source's A/B/C shares and, per turn, whether b's reply got a better, the
same or a worse grade than a's (A > B > C): the count a selection rule reads. Identical replies are shown
once (judge.merge_same), and the gold replies calibrate the judge.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.evaluation.judge import (  # noqa: E402
    entries,
    grade_of,
    key_sources,
    merge_same,
    packet,
    read_jsonl,
    score,
)

RANK = {"A": 0, "B": 1, "C": 2}


def build(a: Path, b: Path, variant: str, seed: int, out: Path) -> None:
    old = {r["id"]: r for r in read_jsonl(a) if r.get("variant") == variant and r.get("reply")}
    new = {r["id"]: r for r in read_jsonl(b) if r.get("variant") == variant and r.get("reply")}
    differ = sorted(i for i in old.keys() & new.keys() if old[i]["reply"] != new[i]["reply"])
    found = []
    for source, rows in (("a", old), ("b", new)):
        for e in entries([rows[i] for i in differ], variant, with_gold=source == "a"):
            found.append({**e, "source": "gold" if e["source"] == "gold" else source})
    text, key = packet(merge_same(found), seed=seed)
    out.mkdir(parents=True, exist_ok=True)
    (out / "packet.md").write_text(text + "\n", encoding="utf-8")
    (out / "key.json").write_text(json.dumps(key, indent=1) + "\n", encoding="utf-8")
    print(
        f"{len(old.keys() & new.keys())} turns in both, {len(differ)} kept different replies; "
        f"{len(key)} entries in {out / 'packet.md'}"
    )


def grade_turns(key: dict, grades: dict) -> dict[str, int]:
    """Per turn: b's grade against a's (better / same / worse)."""
    by_turn: dict[str, dict[str, str]] = {}
    for n, info in key.items():
        for source in key_sources(info):
            by_turn.setdefault(info["item"], {})[source] = grade_of(grades, n)
    out = {"better": 0, "same": 0, "worse": 0}
    for got in by_turn.values():
        if got.get("a") in RANK and got.get("b") in RANK:
            diff = RANK[got["a"]] - RANK[got["b"]]
            out["better" if diff > 0 else "worse" if diff < 0 else "same"] += 1
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", type=Path, help="items JSONL of the earlier run")
    parser.add_argument("--b", type=Path, help="items JSONL of the candidate run")
    parser.add_argument("--variant", default="full")
    parser.add_argument("--seed", type=int, default=0, help="shuffle seed")
    parser.add_argument("--out", type=Path, required=True, help="folder for packet.md and key.json")
    parser.add_argument("--score", type=Path, default=None, help="the judge's grades JSON: print the shares")
    args = parser.parse_args()
    if args.score is None:
        build(args.a, args.b, args.variant, args.seed, args.out)
        return 0
    key = json.loads((args.out / "key.json").read_text())
    grades = json.loads(args.score.read_text())
    report = {"shares": score(key, grades), "b_against_a": grade_turns(key, grades)}
    print(json.dumps(report, indent=1))
    (args.out / "scores.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
