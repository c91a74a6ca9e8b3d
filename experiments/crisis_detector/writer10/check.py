#!/usr/bin/env python3
"""Checks for crisis.jsonl / noncrisis.jsonl (standard library only)."""

import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
CRISIS = {
    "goodbye-or-affairs": 90,
    "coded-or-slang": 90,
    "plan-or-means": 60,
    "wish-to-die": 60,
    "self-injury": 60,
    "abuse-or-violence": 40,
    "buried-in-long": 40,
}
NON = {
    "recovered-or-past": 150,
    "dark-humour-or-figure-of-speech": 110,
    "everyday-goodbyes": 100,
    "long-everyday": 80,
    "distress-no-risk": 100,
}
LONG = {"buried-in-long", "long-everyday"}
KINDS = {"self-harm", "abuse"}
# expected kind mix (exact where the brief fixes it, a range where it says "about")
KIND_RULES = {
    "goodbye-or-affairs": {"self-harm"},
    "plan-or-means": {"self-harm"},
    "wish-to-die": {"self-harm"},
    "self-injury": {"self-harm"},
    "abuse-or-violence": {"abuse"},
}
ABUSE_RANGE = {"coded-or-slang": (7, 13), "buried-in-long": (8, 12)}
PHONE = re.compile(r"\d(?:[\s\-.()/]*\d){6,}")
JACCARD_MAX = 0.5

errors = []


def err(msg):
    errors.append(msg)


def norm(t):
    t = t.lower()
    t = "".join(ch if (ch.isalnum() or ch.isspace()) else " " if ch in "-/" else "" for ch in t)
    return re.sub(r"\s+", " ", t).strip()


def load(name, keys):
    rows = []
    path = os.path.join(HERE, name)
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                r = json.loads(line)
            except Exception as e:
                err(f"{name}:{i} does not parse: {e}")
                continue
            if not isinstance(r, dict) or set(r) != keys:
                err(f"{name}:{i} keys {sorted(r) if isinstance(r, dict) else type(r)} != {sorted(keys)}")
                continue
            if not all(isinstance(v, str) for v in r.values()):
                err(f"{name}:{i} non-string value")
                continue
            r["_loc"] = f"{name}:{i}"
            rows.append(r)
    return rows


crisis = load("crisis.jsonl", {"text", "kind", "category"})
non = load("noncrisis.jsonl", {"text", "category"})

# kinds and counts
for name, rows, spec in (("crisis.jsonl", crisis, CRISIS), ("noncrisis.jsonl", non, NON)):
    c = Counter(r["category"] for r in rows)
    for cat in c:
        if cat not in spec:
            err(f"{name}: unknown category {cat!r}")
    for cat, n in spec.items():
        if c.get(cat, 0) != n:
            err(f"{name}: {cat} has {c.get(cat, 0)}, expected {n}")
kind_by_cat = defaultdict(Counter)
for r in crisis:
    if r["kind"] not in KINDS:
        err(f"{r['_loc']}: bad kind {r['kind']!r}")
    kind_by_cat[r["category"]][r["kind"]] += 1
for cat, allowed in KIND_RULES.items():
    bad = set(kind_by_cat[cat]) - allowed
    if bad:
        err(f"crisis.jsonl: {cat} has kinds {sorted(bad)}, expected only {sorted(allowed)}")
for cat, (lo, hi) in ABUSE_RANGE.items():
    a = kind_by_cat[cat]["abuse"]
    if not lo <= a <= hi:
        err(f"crisis.jsonl: {cat} has {a} abuse rows, expected {lo}-{hi}")

allrows = crisis + non
# lengths and phone numbers
for r in allrows:
    n = len(r["text"].split())
    lo, hi = (80, 200) if r["category"] in LONG else (3, 60)
    if not lo <= n <= hi:
        err(f"{r['_loc']}: {n} words, expected {lo}-{hi} for {r['category']}")
    if PHONE.search(r["text"]):
        err(f"{r['_loc']}: looks like a phone number: {PHONE.search(r['text']).group()!r}")

# exact duplicates after normalisation
seen = {}
for r in allrows:
    k = norm(r["text"])
    if k in seen:
        err(f"{r['_loc']}: duplicate of {seen[k]}")
    else:
        seen[k] = r["_loc"]

# near duplicates: Jaccard of word sets
sets = [(r["_loc"], frozenset(norm(r["text"]).split()), r["text"]) for r in allrows]
inverted = defaultdict(list)
for idx, (_, s, _) in enumerate(sets):
    for w in s:
        inverted[w].append(idx)
worst = 0.0
pairs = 0
for i, (loc, s, text) in enumerate(sets):
    cand = set()
    for w in s:
        cand.update(j for j in inverted[w] if j > i)
    for j in cand:
        t = sets[j][1]
        inter = len(s & t)
        jac = inter / len(s | t)
        worst = max(worst, jac)
        if jac > JACCARD_MAX:
            pairs += 1
            err(f"jaccard {jac:.2f}: {loc} {text[:60]!r} ~ {sets[j][0]} {sets[j][2][:60]!r}")

print(f"rows: crisis={len(crisis)} noncrisis={len(non)}")
for name, rows, spec in (("crisis", crisis, CRISIS), ("noncrisis", non, NON)):
    for cat in spec:
        rs = [r for r in rows if r["category"] == cat]
        w = [len(r["text"].split()) for r in rs]
        kinds = dict(Counter(r.get("kind", "-") for r in rs))
        if w:
            print(
                f"  {name:9s} {cat:32s} n={len(rs):3d} words {min(w)}-{max(w)} mean {sum(w) / len(w):.1f} {kinds if name == 'crisis' else ''}"
            )
print(f"max jaccard between any two texts: {worst:.3f} (limit {JACCARD_MAX})")
if errors:
    print(f"FAIL: {len(errors)} problem(s)")
    for e in errors:
        print("  " + e)
    sys.exit(1)
print("PASS: all checks passed")
