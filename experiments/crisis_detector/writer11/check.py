"""Verify the writer11 data set against its rules. Exit 1 on any failure.

Writes everything it prints to last_check.txt as well.
"""

import json
import os
import re
import sys
from itertools import combinations

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "src"))

import gaming_and_internet
import short_crisis
import short_everyday_feelings
import short_plans_and_questions
import short_signoffs_and_thanks
import short_status_slang

# category -> (expected count, min words, max words, kind(s))
SPEC_NON = {
    "short-status-slang": (150, 2, 10),
    "short-everyday-feelings": (150, 3, 12),
    "short-signoffs-and-thanks": (100, 1, 10),
    "short-plans-and-questions": (100, 3, 12),
    "gaming-and-internet": (100, 2, 12),
}
SPEC_CRISIS = {"short-crisis": (200, 3, 12)}
ABUSE_RANGE = (25, 35)  # "about 30"
MODULES = {
    m.CATEGORY: m
    for m in (
        short_status_slang,
        short_everyday_feelings,
        short_signoffs_and_thanks,
        short_plans_and_questions,
        gaming_and_internet,
        short_crisis,
    )
}

PHONE = re.compile(r"\d(?:[\s-]?\d){6,}")
# method detail, doses, instructions: banned in both files
BANNED_ALL = [
    re.compile(r"\b\d+(\.\d+)?\s*(mg|mcg|ml|milligrams?|grams?|pills?|tablets?|capsules?)\b"),
    re.compile(r"\b(overdose|overdosing|dose|doses|dosage|lethal|noose|razor|razors|blade|blades)\b"),
    re.compile(r"\b(how to|step \d|instructions?|tutorial)\b"),
]
# method words: banned in the crisis file (they appear innocently in the negatives)
BANNED_CRISIS = re.compile(
    r"\b(pills?|tablets?|meds|medication|rope|knife|knives|gun|guns|shoot|hang|hanging|hanged|"
    r"poison|bleach|jump|jumping|jumped|drown|drowning|overdose|od|deep|vein|veins|wrists?|"
    r"train|tracks?|traffic|fall)\b"
)
# a small list of well-known real people; also: no capitalised tokens at all (names would be)
REAL_PEOPLE = re.compile(
    r"\b(trump|biden|obama|musk|elon|swift|beyonce|beyoncé|drake|kanye|bieber|messi|ronaldo|"
    r"kardashian|zuckerberg|bezos|oprah|putin|modi|macron|merkel|sunak|starmer|boris|"
    r"mrbeast|pewdiepie|ninja|rihanna|adele|einstein|shakespeare|diana|charles)\b"
)

out_lines = []


def log(msg=""):
    print(msg)
    out_lines.append(msg)


def words(text):
    return text.split()


def word_set(text):
    s = set()
    for tok in text.lower().split():
        tok = "".join(ch for ch in tok if ch.isalnum() or ch == "'")
        if tok:
            s.add(tok)
    return s


def jaccard(a, b):
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            rows.append(json.loads(line))
    return rows


def main():
    errors = []
    stats = []
    files = [
        ("noncrisis.jsonl", SPEC_NON, {"text", "category"}),
        ("crisis.jsonl", SPEC_CRISIS, {"text", "kind", "category"}),
    ]
    for fname, spec, keys in files:
        path = os.path.join(HERE, fname)
        if not os.path.exists(path):
            errors.append(f"{fname}: missing (run build.py)")
            continue
        rows = load(path)
        # keys
        for i, r in enumerate(rows):
            if set(r) != keys:
                errors.append(f"{fname} row {i}: keys {sorted(r)} != {sorted(keys)}")
            if not isinstance(r.get("text"), str) or not r["text"].strip():
                errors.append(f"{fname} row {i}: empty or non-string text")
        # unchanged copy of src
        expected = []
        for cat in spec:
            for t in MODULES[cat].ITEMS:
                expected.append(t)
        if [r["text"] for r in rows] != expected:
            errors.append(f"{fname}: texts differ from src/ lists (re-run build.py)")
        # counts and word ranges
        for cat, (n, lo, hi) in spec.items():
            cat_rows = [r for r in rows if r["category"] == cat]
            if len(cat_rows) != n:
                errors.append(f"{fname} {cat}: {len(cat_rows)} rows, expected {n}")
            lens = [len(words(r["text"])) for r in cat_rows]
            for r, L in zip(cat_rows, lens):
                if not lo <= L <= hi:
                    errors.append(f"{fname} {cat}: {L} words (allowed {lo}-{hi}): {r['text']!r}")
            kinds = sorted({r.get("kind", "-") for r in cat_rows})
            if lens:
                stats.append(
                    (fname, cat, len(cat_rows), "/".join(kinds), min(lens), max(lens), sum(lens) / len(lens))
                )
        other = {r["category"] for r in rows} - set(spec)
        if other:
            errors.append(f"{fname}: unknown categories {sorted(other)}")
        # kinds
        if fname == "crisis.jsonl":
            kinds = [r.get("kind") for r in rows]
            bad = [k for k in kinds if k not in ("self-harm", "abuse")]
            if bad:
                errors.append(f"{fname}: bad kinds {sorted(set(map(str, bad)))}")
            n_abuse = kinds.count("abuse")
            if not ABUSE_RANGE[0] <= n_abuse <= ABUSE_RANGE[1]:
                errors.append(f"{fname}: {n_abuse} abuse rows, expected about 30")
            log(f"{fname}: kind counts self-harm={kinds.count('self-harm')} abuse={n_abuse}")
        # duplicates
        seen = {}
        for r in rows:
            key = r["text"].strip().lower()
            if key in seen:
                errors.append(f"{fname}: duplicate text {r['text']!r}")
            seen[key] = True
        # near duplicates within file
        sets = [(r["text"], word_set(r["text"])) for r in rows]
        n_pairs = 0
        for (ta, sa), (tb, sb) in combinations(sets, 2):
            j = jaccard(sa, sb)
            if j > 0.6:
                n_pairs += 1
                errors.append(f"{fname}: jaccard {j:.2f} > 0.6: {ta!r} ~ {tb!r}")
        # content rules
        for r in rows:
            t = r["text"]
            low = t.lower()
            if PHONE.search(t):
                errors.append(f"{fname}: phone-like digit run: {t!r}")
            for pat in BANNED_ALL:
                if pat.search(low):
                    errors.append(f"{fname}: method/dose/instruction pattern: {t!r}")
            if fname == "crisis.jsonl" and BANNED_CRISIS.search(low):
                errors.append(f"{fname}: method word in crisis row: {t!r}")
            if REAL_PEOPLE.search(low):
                errors.append(f"{fname}: possible real person named: {t!r}")
            if any(tok[:1].isupper() for tok in t.split()):
                errors.append(f"{fname}: capitalised token (possible name), check by hand: {t!r}")
        log(f"{fname}: {len(rows)} rows checked")

    log("")
    log("| file | category | n | kind | words min | words max | words mean |")
    log("|---|---|---:|---|---:|---:|---:|")
    for fname, cat, n, kinds, lo, hi, mean in stats:
        log(f"| {fname} | {cat} | {n} | {kinds} | {lo} | {hi} | {mean:.2f} |")
    log("")
    if errors:
        log(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            log("  - " + e)
    else:
        log("PASS: all checks passed")
    with open(os.path.join(HERE, "last_check.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(out_lines) + "\n")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
