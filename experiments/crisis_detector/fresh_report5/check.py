#!/usr/bin/env python3
"""Checks for the hand-written crisis / non-crisis evaluation set (standard library only).

Usage: python3 check.py   (run inside this folder)
Exit status 0 when every check passes, 1 otherwise.
"""

import json
import os
import re
import sys
from collections import Counter, defaultdict
from itertools import combinations

HERE = os.path.dirname(os.path.abspath(__file__))

CRISIS_CATS = {
    "wish-to-die": "self-harm",
    "hopeless-burden": "self-harm",
    "plan-or-means": "self-harm",
    "goodbye-or-affairs": "self-harm",
    "self-injury": "self-harm",
    "abuse-or-violence": "abuse",
    "coded-or-slang": None,  # mixed
    "buried-in-long": None,  # mixed
}
NONCRISIS_CATS = [
    "everyday-fear",
    "everyday-disgust",
    "everyday-anger",
    "long-everyday",
    "distress-no-risk",
    "recovered-or-past",
    "dark-humour-or-figure-of-speech",
    "good-news-or-neutral",
]
LONG_CATS = {"buried-in-long", "long-everyday"}
KINDS = {"self-harm", "abuse"}
JACCARD_MAX = 0.5
PHONE_RE = re.compile(r"\d(?:[\s\-.()/]*\d){6,}")


def norm(text):
    t = text.lower()
    t = re.sub(r"[^\w\s]", " ", t)
    t = t.replace("_", " ")
    return re.sub(r"\s+", " ", t).strip()


def words(text):
    return set(norm(text).split())


def nwords(text):
    return len(text.split())


def load(name, keys):
    rows, errors = [], []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(f"{name}:{i}: not JSON ({e})")
                continue
            if not isinstance(obj, dict) or set(obj) != keys:
                errors.append(
                    f"{name}:{i}: keys {sorted(obj) if isinstance(obj, dict) else type(obj)} != {sorted(keys)}"
                )
                continue
            if not all(isinstance(obj[k], str) for k in keys):
                errors.append(f"{name}:{i}: non-string value")
                continue
            obj["_src"] = f"{name}:{i}"
            rows.append(obj)
    return rows, errors


def main():
    errors = []
    crisis, e = load("crisis.jsonl", {"text", "kind", "category"})
    errors += e
    noncrisis, e = load("noncrisis.jsonl", {"text", "category"})
    errors += e

    # kinds and categories
    for r in crisis:
        if r["kind"] not in KINDS:
            errors.append(f"{r['_src']}: bad kind {r['kind']!r}")
        if r["category"] not in CRISIS_CATS:
            errors.append(f"{r['_src']}: bad crisis category {r['category']!r}")
        elif CRISIS_CATS[r["category"]] and r["kind"] != CRISIS_CATS[r["category"]]:
            errors.append(f"{r['_src']}: kind {r['kind']} unexpected for {r['category']}")
    for r in noncrisis:
        if r["category"] not in NONCRISIS_CATS:
            errors.append(f"{r['_src']}: bad non-crisis category {r['category']!r}")

    # counts
    cc = Counter(r["category"] for r in crisis)
    nc = Counter(r["category"] for r in noncrisis)
    for c in CRISIS_CATS:
        if cc[c] != 30:
            errors.append(f"crisis category {c}: {cc[c]} lines, want 30")
    for c in NONCRISIS_CATS:
        if nc[c] != 60:
            errors.append(f"non-crisis category {c}: {nc[c]} lines, want 60")
    if len(crisis) != 240:
        errors.append(f"crisis.jsonl: {len(crisis)} lines, want 240")
    if len(noncrisis) != 480:
        errors.append(f"noncrisis.jsonl: {len(noncrisis)} lines, want 480")

    allrows = crisis + noncrisis

    # lengths
    for r in allrows:
        n = nwords(r["text"])
        lo, hi = (80, 200) if r["category"] in LONG_CATS else (3, 60)
        if not lo <= n <= hi:
            errors.append(f"{r['_src']} [{r['category']}]: {n} words, want {lo}-{hi}")

    # phone numbers
    for r in allrows:
        m = PHONE_RE.search(r["text"])
        if m:
            errors.append(f"{r['_src']}: looks like a phone number: {m.group(0)!r}")

    # exact duplicates after normalisation
    seen = {}
    for r in allrows:
        k = norm(r["text"])
        if k in seen:
            errors.append(f"{r['_src']}: duplicate of {seen[k]}")
        else:
            seen[k] = r["_src"]

    # Jaccard similarity of word sets, all pairs across both files
    sets = [words(r["text"]) for r in allrows]
    best = (0.0, None, None)
    n_over = 0
    for i, j in combinations(range(len(allrows)), 2):
        a, b = sets[i], sets[j]
        if not a or not b:
            continue
        jac = len(a & b) / len(a | b)
        if jac > best[0]:
            best = (jac, i, j)
        if jac > JACCARD_MAX:
            n_over += 1
            errors.append(
                f"Jaccard {jac:.3f} > {JACCARD_MAX}: {allrows[i]['_src']} ~ {allrows[j]['_src']}\n"
                f"    A: {allrows[i]['text']}\n    B: {allrows[j]['text']}"
            )

    # report
    print("category counts and word lengths")
    stats = defaultdict(list)
    kinds = defaultdict(Counter)
    for r in allrows:
        stats[r["category"]].append(nwords(r["text"]))
        kinds[r["category"]][r.get("kind", "none")] += 1
    print(f"  {'file':<10} {'category':<32} {'n':>3}  {'kind':<22} {'min':>4} {'max':>4} {'mean':>6}")
    for cat in list(CRISIS_CATS) + NONCRISIS_CATS:
        ws = stats.get(cat, [0])
        f = "crisis" if cat in CRISIS_CATS else "noncrisis"
        kd = ", ".join(f"{k} {v}" for k, v in sorted(kinds[cat].items()))
        print(
            f"  {f:<10} {cat:<32} {len(stats.get(cat, [])):>3}  {kd:<22} {min(ws):>4} {max(ws):>4} {sum(ws) / len(ws):>6.1f}"
        )
    print(f"total: crisis {len(crisis)}, noncrisis {len(noncrisis)}, distinct normalised texts {len(seen)}")
    if best[1] is not None:
        print(f"highest Jaccard: {best[0]:.3f}  ({allrows[best[1]]['_src']} ~ {allrows[best[2]]['_src']})")
        print(f"    A: {allrows[best[1]]['text']}")
        print(f"    B: {allrows[best[2]]['text']}")
    print(f"pairs over {JACCARD_MAX}: {n_over}")

    if errors:
        print(f"\nFAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  -", e)
        return 1
    print("\nPASS: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
