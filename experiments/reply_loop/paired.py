"""The loop's worth as a number: full vs no-reflection, judged blind on the same ESConv dev turns.

    .venv/bin/python experiments/reply_loop/paired.py --key KEY --grades G1 G2 [--items ITEMS.jsonl]

Reads one packet's key (eval judge-packet: entries → item and sources; an entry shared by several sources
when their replies were the same text) and each judge's grades. Prints per judge and pooled (every turn
graded by both judges counts once per judge) the A/B/C shares per source, the judges' agreement, and the
paired differences full − no-reflection and full − gold on A and on C with a 95 % bootstrap interval over
turns (judges pooled per turn: the mean of their indicators); --pair adds other pairs of sources (a run at
an earlier commit mixed into the same packet). With --items (the eval's items.jsonl) also
the loop's own record on the turns where round 0 failed the audit: how often the kept reply changed, and
the seconds per turn of each variant. Writes the summary as JSON next to the key (…paired.json).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

import numpy as np

BOOT = 10000
SEED = 0


def by_source(key: dict, grades: dict) -> dict[str, dict[str, str]]:
    """source → item → grade."""
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for number, entry in key.items():
        if number not in grades:
            continue
        for source in entry.get("sources") or [entry.get("source")]:
            out[source.split(":")[-1] if ":" in source else source][entry["item"]] = grades[number]
    return out


def shares(graded: dict[str, str]) -> dict:
    n = len(graded)
    return (
        {"n": n, **{g: round(sum(v == g for v in graded.values()) / n, 3) for g in "ABC"}} if n else {"n": 0}
    )


def paired(judges: list[dict], a: str, b: str, grade: str, rng) -> dict:
    items = sorted(set.intersection(*(set(j.get(a, {})) & set(j.get(b, {})) for j in judges)))
    if not items:
        return {"n": 0}
    d = np.array([np.mean([(j[a][i] == grade) - (j[b][i] == grade) for j in judges]) for i in items], float)
    idx = rng.integers(0, len(items), (BOOT, len(items)))
    lo, hi = np.percentile(d[idx].mean(1), [2.5, 97.5])
    return {
        "n": len(items),
        "diff": round(float(d.mean()), 3),
        "ci95": [round(float(lo), 3), round(float(hi), 3)],
    }


def pool(reports: list[tuple[str, Path, Path, Path, dict | None]], stem: Path) -> str:
    """Pool judged reports into one key and two grade files for this script: each report is (its prefix,
    its key, its first judge's grades, its second judge's, a source → pooled source map or None). Entries
    are renumbered "<prefix>-<n>"; each report's first judge goes to grades_1 and its second to grades_2, so
    every turn is still graded by two judges who saw it once. Writes STEM.key.json, STEM.grades_1.json and
    STEM.grades_2.json; returns a line that counts the entries and turns."""
    key, first, second = {}, {}, {}
    for prefix, key_file, g1, g2, rename in reports:
        part, grades1, grades2 = (json.loads(p.read_text(encoding="utf-8")) for p in (key_file, g1, g2))
        for entry, value in part.items():
            pooled = f"{prefix}-{entry}"
            sources = [rename[s] for s in value["sources"]] if rename else value["sources"]
            key[pooled] = {"item": value["item"], "sources": sources}
            first[pooled], second[pooled] = grades1[entry], grades2[entry]
    for name, data in (("key", key), ("grades_1", first), ("grades_2", second)):
        stem.with_name(f"{stem.name}.{name}.json").write_text(
            json.dumps(data, indent=1) + "\n", encoding="utf-8"
        )
    return f"{len(key)} entries, {len({v['item'] for v in key.values()})} turns → {stem.name}.*.json"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--key", type=Path, required=True)
    ap.add_argument("--grades", type=Path, nargs="+", required=True)
    ap.add_argument("--items", type=Path, default=None)
    ap.add_argument(
        "--pair", action="append", default=[], help="also A:B, two sources to pair (e.g. full:full_b2e3530)"
    )
    args = ap.parse_args()
    key = json.loads(args.key.read_text())
    raw = [json.loads(p.read_text()) for p in args.grades]
    judges = [by_source(key, g) for g in raw]
    rng = np.random.default_rng(SEED)
    sources = sorted({s for j in judges for s in j})
    out: dict = {"judges": {p.name: {s: shares(j[s]) for s in sources} for p, j in zip(args.grades, judges)}}
    common = set(raw[0]).intersection(*raw[1:]) if len(raw) > 1 else set(raw[0])
    out["agreement"] = (
        round(np.mean([len({g[n] for g in raw}) == 1 for n in common]), 3) if len(raw) > 1 else None
    )
    pooled = {s: [g for j in judges for g in j[s].values()] for s in sources}
    out["pooled"] = {
        s: {"n": len(v), **{g: round(v.count(g) / len(v), 3) for g in "ABC"}} for s, v in pooled.items()
    }
    out["paired"] = {
        f"{a} - {b}": {g: paired(judges, a, b, g, rng) for g in "AC"}
        for a, b in (
            ("full", "no-reflection"),
            ("full", "gold"),
            ("no-reflection", "gold"),
            *(p.split(":") for p in args.pair),
        )
        if a in sources and b in sources
    }
    if args.items:
        rows = [json.loads(x) for x in args.items.read_text().splitlines() if x.strip()]
        full = {r["id"]: r for r in rows if r.get("variant") == "full"}
        none = {r["id"]: r for r in rows if r.get("variant") == "no-reflection"}
        failed0 = [i for i, r in full.items() if r.get("audited") and not r.get("passed_first")]
        changed = [i for i in failed0 if full[i].get("first_reply") != full[i]["reply"]]
        fixed = [
            i
            for i in changed
            if full[i].get("first_failed") is not None
            and full[i].get("final_failed") is not None
            and not set(full[i]["first_failed"]) & set(full[i]["final_failed"])
        ]
        out["loop"] = {
            "turns": len(full),
            "failed_round0": len(failed0),
            "changed": len(changed),
            "changed_share": round(len(changed) / len(failed0), 3) if failed0 else None,
            "changed_and_passes_what_failed": len(fixed),
            "passes_share_of_changes": round(len(fixed) / len(changed), 3) if changed else None,
            "differs_from_no_reflection": sum(
                1 for i in full if i in none and none[i]["reply"] != full[i]["reply"]
            ),
            "s_per_turn": {
                v: round(np.mean([r["seconds"] for r in d.values()]), 2)
                for v, d in (("full", full), ("no-reflection", none))
                if d
            },
        }
    print(json.dumps(out, indent=1))
    stem = args.key.name.removesuffix(".json").removesuffix(".key")  # never the key itself
    args.key.with_name(f"{stem}.paired.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
