"""Checks for the fresh_report4 report set. Run: python3 check.py (from this folder)."""

import collections
import itertools
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CRISIS = {
    "wish-to-die": "self-harm",
    "hopeless-burden": "self-harm",
    "plan-or-means": "self-harm",
    "goodbye-or-affairs": "self-harm",
    "self-injury": "self-harm",
    "abuse-or-violence": "abuse",
    "coded-or-slang": None,
    "buried-in-long": None,
}
NON = [
    "everyday-fear",
    "everyday-disgust",
    "everyday-anger",
    "long-everyday",
    "distress-no-risk",
    "recovered-or-past",
    "dark-humour-or-figure-of-speech",
    "good-news-or-neutral",
]
LONG = {"buried-in-long", "long-everyday"}
errors = []


def words(t):
    return re.findall(r"[a-z0-9']+", t.lower())


def norm(t):
    return " ".join(re.sub(r"[^\w\s]", " ", t.lower()).split())


PHONE = re.compile(r"(?:\+?\d[\d\s().-]{5,}\d)")


def looks_like_phone(t):
    for m in PHONE.finditer(t):
        if sum(ch.isdigit() for ch in m.group()) >= 7:
            return m.group()
    return None


rows = []
for fname, keys in (
    ("crisis.jsonl", {"text", "kind", "category"}),
    ("noncrisis.jsonl", {"text", "category"}),
):
    with open(os.path.join(HERE, fname), encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                d = json.loads(line)
            except Exception as e:
                errors.append(f"{fname}:{i} bad json {e}")
                continue
            if set(d) != keys:
                errors.append(f"{fname}:{i} keys {sorted(d)}")
                continue
            if not isinstance(d["text"], str) or not d["text"].strip():
                errors.append(f"{fname}:{i} empty text")
            c = d["category"]
            if fname == "crisis.jsonl":
                if c not in CRISIS:
                    errors.append(f"{fname}:{i} category {c}")
                if d["kind"] not in ("self-harm", "abuse"):
                    errors.append(f"{fname}:{i} kind {d['kind']}")
                elif CRISIS.get(c) and d["kind"] != CRISIS[c]:
                    errors.append(f"{fname}:{i} kind {d['kind']} for {c}")
            elif c not in NON:
                errors.append(f"{fname}:{i} category {c}")
            n = len(d["text"].split())
            if c in LONG and not 80 <= n <= 200:
                errors.append(f"{fname}:{i} long text has {n} words")
            if c not in LONG and not 3 <= n <= 60:
                errors.append(f"{fname}:{i} short text has {n} words")
            p = looks_like_phone(d["text"])
            if p:
                errors.append(f"{fname}:{i} phone-like {p!r}")
            rows.append((fname, i, c, d.get("kind"), d["text"]))
cnt = collections.Counter((r[0], r[2]) for r in rows)
for c in CRISIS:
    if cnt[("crisis.jsonl", c)] != 30:
        errors.append(f"crisis {c}: {cnt[('crisis.jsonl', c)]} != 30")
for c in NON:
    if cnt[("noncrisis.jsonl", c)] != 60:
        errors.append(f"noncrisis {c}: {cnt[('noncrisis.jsonl', c)]} != 60")
seen = {}
for r in rows:
    k = norm(r[4])
    if k in seen:
        errors.append(f"duplicate {r[0]}:{r[1]} = {seen[k][0]}:{seen[k][1]}")
    else:
        seen[k] = r
sets = [(r, set(words(r[4]))) for r in rows]
for (a, sa), (b, sb) in itertools.combinations(sets, 2):
    j = len(sa & sb) / len(sa | sb)
    if j > 0.5:
        errors.append(f"jaccard {j:.2f} {a[0]}:{a[1]} ~ {b[0]}:{b[1]} | {a[4][:60]} | {b[4][:60]}")
kinds = collections.Counter(r[3] for r in rows if r[0] == "crisis.jsonl")
print(
    "crisis.jsonl:", sum(v for (f, _), v in cnt.items() if f == "crisis.jsonl"), "lines; kinds", dict(kinds)
)
for c in CRISIS:
    print(f"  {c}: {cnt[('crisis.jsonl', c)]}")
print("noncrisis.jsonl:", sum(v for (f, _), v in cnt.items() if f == "noncrisis.jsonl"), "lines")
for c in NON:
    print(f"  {c}: {cnt[('noncrisis.jsonl', c)]}")
mx = max(len(sa & sb) / len(sa | sb) for (_, sa), (_, sb) in itertools.combinations(sets, 2))
print(f"max pairwise jaccard: {mx:.3f}")
if errors:
    print(f"{len(errors)} PROBLEMS")
    [print(" ", e) for e in errors]
    sys.exit(1)
print("ALL CHECKS PASSED")
