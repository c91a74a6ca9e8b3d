"""Verify fresh_report6's hand-written evaluation set.  Standard library only.

Exit 0 when every rule passes, 1 on any failure.
    python3 check.py    # check and print the per-category tables (used in README.md)
"""

import itertools
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SH, AB = "self-harm", "abuse"

# category: (n, min words, max words, allowed kinds, (min abuse, max abuse))
CRISIS_SPEC = {
    "wish-to-die": (30, 4, 60, {SH}, (0, 0)),
    "hopeless-burden": (30, 4, 60, {SH}, (0, 0)),
    "plan-or-means": (30, 4, 60, {SH}, (0, 0)),
    "goodbye-or-affairs": (30, 4, 60, {SH}, (0, 0)),
    "self-injury": (30, 3, 60, {SH}, (0, 0)),
    "abuse-or-violence": (30, 5, 60, {AB}, (30, 30)),
    "coded-or-slang": (30, 3, 45, {SH, AB}, (3, 8)),
    "short-chat": (30, 2, 8, {SH, AB}, (3, 8)),
    "buried-in-long": (30, 85, 185, {SH, AB}, (8, 12)),
}
NONCRISIS_SPEC = {
    "everyday-fear": (60, 4, 60),
    "everyday-disgust": (60, 4, 60),
    "everyday-anger": (60, 4, 60),
    "long-everyday": (60, 85, 185),
    "distress-no-risk": (60, 4, 60),
    "recovered-or-past": (60, 6, 60),
    "dark-humour-or-figure-of-speech": (60, 4, 60),
    "good-news-or-neutral": (60, 2, 60),
    "short-chat": (60, 1, 8),
}

JACCARD_MAX = 0.5
PHONE = re.compile(r"\d(?:[\s\-]*\d){6,}")

# Well-known real people: none may be named.
REAL_PEOPLE = [
    "trump",
    "biden",
    "obama",
    "clinton",
    "putin",
    "zelensky",
    "macron",
    "merkel",
    "sunak",
    "starmer",
    "boris johnson",
    "king charles",
    "prince harry",
    "meghan",
    "taylor swift",
    "beyonce",
    "rihanna",
    "drake",
    "kanye",
    "elon musk",
    "musk",
    "bezos",
    "zuckerberg",
    "messi",
    "ronaldo",
    "mbappe",
    "lebron",
    "serena williams",
    "kim kardashian",
    "justin bieber",
    "ariana grande",
    "billie eilish",
    "mrbeast",
    "pewdiepie",
    "oprah",
    "einstein",
    "shakespeare",
    "jesus christ",
    "pope francis",
    "lucio dalla",
    "marcos",
    "duterte",
    "bts",
    "harry styles",
    "ed sheeran",
    "adele",
]

# Method detail, doses or instructions: none may appear (in either file).
METHOD = [
    r"\bnoose\b",
    r"\brope\b",
    r"\brazor",
    r"\bblade",
    r"\bbleach\b",
    r"\bslit\b",
    r"\bhang(ing)? myself\b",
    r"\bjump(ing)? off\b",
    r"\bjump in front\b",
    r"\bparacetamol\b",
    r"\bacetaminophen\b",
    r"\bibuprofen\b",
    r"\binsulin\b",
    r"\bantifreeze\b",
    r"\bcarbon monoxide\b",
    r"\bexhaust\b",
    r"\bgun\b",
    r"\bshoot myself\b",
    r"\bpistol\b",
    r"\bshotgun\b",
    r"\bpoison",
    r"\b\d+\s*(mg|mcg|milligrams?|ml|tablets?|pills?|capsules?)\b",
    r"\bdosage\b",
    r"\blethal\b",
    r"\bhow (to|do i|many)\b[^.?!]*\b(kill|die|overdose|cut|end it)\b",
    r"\bstep by step\b[^.?!]*\b(die|kill|cut)\b",
    r"\bhow deep\b",
    r"\bveins?\b",
    r"\bkitchen knife\b",
    r"\blighter\b",
]

# Present-risk phrases that must not appear in non-crisis rows (recovered-or-past may talk about the past).
NONCRISIS_RISK = [
    r"\bkill(ing)? myself\b",
    r"\bkms\b",
    r"\bunaliv",
    r"\bwant to die\b",
    r"\bwanna die\b",
    r"\bend my life\b",
    r"\bend it all\b",
    r"\bsuicid",
    r"\bself[ -]?harm",
    r"\bcut myself\b",
    r"\bhurt myself\b",
    r"\bhits me\b",
    r"\bhit me\b",
    r"\bbeats me\b",
    r"\bbetter off without me\b",
]


def words(text):
    return len(text.split())


def wordset(text):
    return set(re.findall(r"[\w']+", text.lower()))


def jaccard(a, b):
    return len(a & b) / len(a | b) if (a or b) else 1.0


def load(name, keys, errors):
    rows = []
    path = os.path.join(HERE, name)
    if not os.path.exists(path):
        errors.append(f"{name}: missing (run python3 build.py)")
        return rows
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                r = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(f"{name}:{i}: bad JSON ({e})")
                continue
            if not isinstance(r, dict) or set(r) != keys:
                errors.append(
                    f"{name}:{i}: keys {sorted(r) if isinstance(r, dict) else r!r} != {sorted(keys)}"
                )
                continue
            if not isinstance(r["text"], str) or not r["text"].strip():
                errors.append(f"{name}:{i}: empty text")
            rows.append(r)
    return rows


def check_file(name, rows, spec, crisis, errors):
    stats = {}
    for cat, sp in spec.items():
        n, lo, hi = sp[0], sp[1], sp[2]
        got = [r for r in rows if r["category"] == cat]
        if len(got) != n:
            errors.append(f"{name}: category {cat}: {len(got)} rows, expected {n}")
        for r in got:
            w = words(r["text"])
            if not lo <= w <= hi:
                errors.append(f"{name}: {cat}: {w} words (allowed {lo}-{hi}): {r['text'][:70]!r}")
        kinds = {}
        if crisis:
            allowed, (amin, amax) = sp[3], sp[4]
            for r in got:
                if r["kind"] not in allowed:
                    errors.append(f"{name}: {cat}: kind {r['kind']!r} not allowed: {r['text'][:60]!r}")
                kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
            nab = kinds.get(AB, 0)
            if not amin <= nab <= amax:
                errors.append(f"{name}: {cat}: {nab} abuse rows, expected {amin}-{amax}")
        wc = [words(r["text"]) for r in got] or [0]
        stats[cat] = (len(got), kinds, min(wc), max(wc), sum(wc) / len(wc))
    for r in rows:
        if r["category"] not in spec:
            errors.append(f"{name}: unknown category {r['category']!r}")
    if len(rows) != sum(s[0] for s in spec.values()):
        errors.append(f"{name}: {len(rows)} rows, expected {sum(s[0] for s in spec.values())}")

    # duplicates and near-duplicates within the file
    seen = {}
    for r in rows:
        key = " ".join(r["text"].lower().split())
        if key in seen:
            errors.append(f"{name}: duplicate text: {r['text'][:70]!r}")
        seen[key] = True
    sets = [(r["text"], wordset(r["text"])) for r in rows]
    for (ta, sa), (tb, sb) in itertools.combinations(sets, 2):
        j = jaccard(sa, sb)
        if j > JACCARD_MAX:
            errors.append(f"{name}: Jaccard {j:.2f} > {JACCARD_MAX}: {ta[:50]!r} ~ {tb[:50]!r}")

    for r in rows:
        t, low = r["text"], r["text"].lower()
        if PHONE.search(t):
            errors.append(f"{name}: phone-number-like digits: {t[:70]!r}")
        for p in REAL_PEOPLE:
            if re.search(r"\b" + re.escape(p) + r"\b", low):
                errors.append(f"{name}: names a real person ({p}): {t[:70]!r}")
        for p in METHOD:
            if re.search(p, low):
                errors.append(f"{name}: method/dose/instruction pattern {p!r}: {t[:70]!r}")
        if not crisis and r["category"] != "recovered-or-past":
            for p in NONCRISIS_RISK:
                if re.search(p, low):
                    errors.append(f"{name}: risk phrase {p!r} in non-crisis row: {t[:70]!r}")
    return stats


def check_built_unchanged(crisis_rows, noncrisis_rows, errors):
    sys.path.insert(0, HERE)
    try:
        import build
    except Exception as e:  # noqa: BLE001
        errors.append(f"cannot import build.py: {e}")
        return
    if build.crisis_rows() != crisis_rows:
        errors.append("crisis.jsonl does not match the src_*.py lists (re-run build.py)")
    if build.noncrisis_rows() != noncrisis_rows:
        errors.append("noncrisis.jsonl does not match the src_*.py lists (re-run build.py)")


def table(title, stats, crisis):
    out = [
        f"\n{title}",
        "| category | n | kind mix | words min | words max | words mean |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for cat, (n, kinds, lo, hi, mean) in stats.items():
        mix = (
            ", ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: kv[0] != SH))
            if crisis
            else "none (no risk)"
        )
        out.append(f"| {cat} | {n} | {mix} | {lo} | {hi} | {mean:.1f} |")
    return "\n".join(out)


def main():
    errors = []
    cr = load("crisis.jsonl", {"text", "kind", "category"}, errors)
    nc = load("noncrisis.jsonl", {"text", "category"}, errors)
    cs = check_file("crisis.jsonl", cr, CRISIS_SPEC, True, errors) if cr else {}
    ns = check_file("noncrisis.jsonl", nc, NONCRISIS_SPEC, False, errors) if nc else {}
    # no text may appear in both files
    both = {" ".join(r["text"].lower().split()) for r in cr} & {
        " ".join(r["text"].lower().split()) for r in nc
    }
    for t in sorted(both):
        errors.append(f"text in both files: {t[:70]!r}")
    if cr and nc:
        check_built_unchanged(cr, nc, errors)

    print(table("crisis.jsonl", cs, True))
    print(table("noncrisis.jsonl", ns, False))
    if errors:
        print(f"\nFAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  -", e)
        return 1
    print(f"\nPASS: crisis.jsonl {len(cr)} rows, noncrisis.jsonl {len(nc)} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
