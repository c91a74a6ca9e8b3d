#!/usr/bin/env python3
"""Checks crisis.jsonl and noncrisis.jsonl in this folder. Exit 1 on any failure."""

import itertools
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = {
    "crisis.jsonl": (
        {"text", "kind", "category"},
        {
            "coded-slang": (150, "self-harm"),
            "hopeless-readiness": (90, "self-harm"),
            "self-harm-atypical": (80, "self-harm"),
            "abuse-hidden": (100, "abuse"),
        },
    ),
    "noncrisis.jsonl": (
        {"text", "category"},
        {
            "slang-not-risk": (200, None),
            "ordinary-arrangements": (120, None),
            "distress-no-risk": (140, None),
            "plain-everyday": (140, None),
        },
    ),
}


def norm(t):
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s]", "", t.lower())).strip()


def words(t):
    return set(norm(t).split())


errors, rows = [], []
for fn, (keys, cats) in SPEC.items():
    counts = {}
    with open(os.path.join(HERE, fn), encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                o = json.loads(line)
            except Exception as e:
                errors.append(f"{fn}:{i} bad json {e}")
                continue
            if not isinstance(o, dict) or set(o) != keys:
                errors.append(f"{fn}:{i} keys {sorted(o) if isinstance(o, dict) else type(o)}")
                continue
            c = o["category"]
            if c not in cats:
                errors.append(f"{fn}:{i} unknown category {c}")
                continue
            if cats[c][1] is not None and o["kind"] != cats[c][1]:
                errors.append(f"{fn}:{i} kind {o['kind']} != {cats[c][1]}")
            if not isinstance(o["text"], str) or not o["text"].strip():
                errors.append(f"{fn}:{i} empty text")
            n = len(o["text"].split())
            if not 3 <= n <= 60:
                errors.append(f"{fn}:{i} {n} words")
            counts[c] = counts.get(c, 0) + 1
            rows.append((fn, i, c, o["text"]))
    for c, (want, _) in cats.items():
        got = counts.get(c, 0)
        print(f"{fn:16} {c:22} {got:4} (want {want})")
        if got != want:
            errors.append(f"{fn} {c}: {got} != {want}")
seen = {}
for fn, i, c, t in rows:
    k = norm(t)
    if k in seen:
        errors.append(f"duplicate: {fn}:{i} == {seen[k]}")
    seen.setdefault(k, f"{fn}:{i}")
ws = [words(r[3]) for r in rows]
for a, b in itertools.combinations(range(len(rows)), 2):
    A, B = ws[a], ws[b]
    j = len(A & B) / len(A | B)
    if j > 0.5:
        errors.append(
            f"jaccard {j:.2f}: {rows[a][0]}:{rows[a][1]} {rows[a][3]!r} ~ {rows[b][0]}:{rows[b][1]} {rows[b][3]!r}"
        )
print(f"total lines: {len(rows)}")
for e in errors:
    print("FAIL", e)
print("OK" if not errors else f"{len(errors)} problem(s)")
sys.exit(1 if errors else 0)
