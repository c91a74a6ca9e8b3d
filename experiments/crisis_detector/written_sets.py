"""What the written sets' build.py scripts share (standard library only, so `python3 build.py` runs in a set's
folder): rows from the helpers' lists, near repeats of a report set, and the JSONL files.

Sets from fresh_report8/ and writer13/ on use it; the older sets keep their own copies (their outputs are
frozen and each was checked as written).
"""

from __future__ import annotations

import glob
import importlib.util
import json
import os
import re

OVERLAP_MAX = 0.6  # word-set Jaccard above which a training row nearly repeats a report-set message
ISSUE_PHRASINGS = [  # the issue's five missed phrasings (report.py reads them; writer20 on leave them out)
    "kms honestly",
    "Everyone would be better off without me",
    "I want to disappear forever",
    "i dont want to be here anymore, whats the point",
    "I have the pills ready",
]


SH, AB = "self-harm", "abuse"
FIRST_MESSAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "first_messages")
GATE_FIRST_MESSAGES = [  # the gate's 615 everyday first messages (app_threshold.py --everyday, round 14 on)
    os.path.join(FIRST_MESSAGES, name)
    for name in (
        "openings_fresh/messages.jsonl",
        "plain_unseen/messages.json",
        "readers_fresh/messages.json",
        "echo_fresh/messages.json",
        "echo_fresh2/messages.json",
    )
]


def report_crisis_lists(c1, c2, c3):
    """The report sets' nine crisis categories (fresh_report6/'s README), from the three helpers' modules:
    (category, kind, list) in output order."""
    return [
        ("wish-to-die", SH, c1.WISH_TO_DIE),
        ("hopeless-burden", SH, c1.HOPELESS_BURDEN),
        ("plan-or-means", SH, c1.PLAN_OR_MEANS),
        ("goodbye-or-affairs", SH, c2.GOODBYE_OR_AFFAIRS),
        ("self-injury", SH, c2.SELF_INJURY),
        ("abuse-or-violence", AB, c2.ABUSE_OR_VIOLENCE),
        ("coded-or-slang", SH, c3.CODED_SELF_HARM),
        ("coded-or-slang", AB, c3.CODED_ABUSE),
        ("short-chat", SH, c3.SHORT_SELF_HARM),
        ("short-chat", AB, c3.SHORT_ABUSE),
        ("buried-in-long", SH, c3.BURIED_SELF_HARM),
        ("buried-in-long", AB, c3.BURIED_ABUSE),
    ]


def report_noncrisis_lists(n1, n2, n3):
    """fresh_report8/'s eleven non-crisis categories, from its three helpers' modules (fresh_report9/ adds
    one): (category, list) in output order."""
    return [
        ("everyday-fear", n1.EVERYDAY_FEAR),
        ("everyday-disgust", n1.EVERYDAY_DISGUST),
        ("everyday-anger", n1.EVERYDAY_ANGER),
        ("long-everyday", n1.LONG_EVERYDAY),
        ("distress-no-risk", n2.DISTRESS_NO_RISK),
        ("recovered-or-past", n2.RECOVERED_OR_PAST),
        ("dark-humour-or-figure-of-speech", n2.DARK_HUMOUR_OR_FIGURE_OF_SPEECH),
        ("good-news-or-neutral", n2.GOOD_NEWS_OR_NEUTRAL),
        ("short-chat", n3.SHORT_CHAT),
        ("everyday-leaving", n3.EVERYDAY_LEAVING),
        ("greetings-and-signoffs", n3.GREETINGS_AND_SIGNOFFS),
    ]


def crisis_rows(lists):
    """(category, kind, list) → rows with text, kind and category, in order."""
    return [{"text": t, "kind": k, "category": c} for c, k, texts in lists for t in texts]


def noncrisis_rows(lists):
    """(category, list) → rows with text and category, in order."""
    return [{"text": t, "category": c} for c, texts in lists for t in texts]


def words(text):
    return set(re.findall(r"[\w']+", text.lower()))


def report_texts(report_dir):
    """The texts of a set's crisis.jsonl and noncrisis.jsonl, in order."""
    return [
        t for name in ("crisis.jsonl", "noncrisis.jsonl") for t in texts_of(os.path.join(report_dir, name))
    ]


def first_message_others(later_report_dir):
    """What a training set of first messages must not nearly repeat besides its report set (writer20/ on):
    a later report set's messages, the issue's five phrasings and the gate's first messages."""
    others = report_texts(later_report_dir) + ISSUE_PHRASINGS
    return others + [t for path in GATE_FIRST_MESSAGES for t in texts_of(path)]


def texts_of(path):
    """The texts of a file of messages: a .jsonl of {"text"} rows, or a .json list of texts or of rows (a
    row's "text", else its "message")."""
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    if str(path).endswith(".jsonl"):
        return [json.loads(line)["text"] for line in raw.splitlines() if line.strip()]
    return [r if isinstance(r, str) else r.get("text", r.get("message")) for r in json.loads(raw)]


def near_report(rows, report_dir, overlap_max=OVERLAP_MAX, others=()):
    """The rows that nearly repeat a message of the report set in `report_dir` or one of the texts `others`
    (writers who never met type alike): a training set leaves them out, so the report stays unseen."""
    report = [words(t) for t in report_texts(report_dir) + list(others)]
    return [r for r in rows if nearly_repeats(r["text"], report, overlap_max)]


def nearly_repeats(text, others, overlap_max=OVERLAP_MAX):
    """Whether `text` nearly repeats one of `others` (word sets, by `words`): Jaccard > overlap_max."""
    a = words(text)
    return any(len(a & b) / len(a | b) > overlap_max for b in others)


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def write_set(here, crisis, noncrisis):
    """crisis.jsonl and noncrisis.jsonl in `here`, with their row counts printed."""
    write(os.path.join(here, "crisis.jsonl"), crisis)
    write(os.path.join(here, "noncrisis.jsonl"), noncrisis)
    print(f"wrote crisis.jsonl ({len(crisis)} rows) and noncrisis.jsonl ({len(noncrisis)} rows)")


def language_rows(modules, abuse_category="abuse-or-violence"):
    """Helpers' modules whose CRISIS and NONCRISIS dicts map a category to (language, text) pairs (writer16/
    and fresh_report11/ on) → (crisis rows, non-crisis rows) with text, kind (abuse for `abuse_category`,
    else self-harm), category and language, module by module."""
    crisis, noncrisis = [], []
    for m in modules:
        for category, items in m.CRISIS.items():
            kind = AB if category == abuse_category else SH
            crisis += [{"text": t, "kind": kind, "category": category, "language": g} for g, t in items]
        for category, items in m.NONCRISIS.items():
            noncrisis += [{"text": t, "category": category, "language": g} for g, t in items]
    return crisis, noncrisis


def english_report_rows(crisis_modules, noncrisis_modules):
    """An English report set by two crisis writers and two non-crisis writers (fresh_report12/ on), each
    module in fresh_report11's English categories: (crisis rows, non-crisis rows) naming language and writer
    (a, b); a message both writers of a kind wrote is kept once, as writer a's."""
    crisis, noncrisis = [], []
    for writer, module in zip("ab", crisis_modules):
        lists = report_crisis_lists(module, module, module)
        crisis += [{**r, "language": "en", "writer": writer} for r in crisis_rows(lists)]
    for writer, module in zip("ab", noncrisis_modules):
        lists = report_noncrisis_lists(module, module, module)
        lists.append(("signoffs-with-apology", module.SIGNOFFS_WITH_APOLOGY))
        noncrisis += [{**r, "language": "en", "writer": writer} for r in noncrisis_rows(lists)]
    crisis, noncrisis = _first_of_each(crisis), _first_of_each(noncrisis)
    texts = [norm(r["text"]) for r in crisis + noncrisis]
    assert len(set(texts)) == len(texts), "a message is both crisis and non-crisis"
    return crisis, noncrisis


def _first_of_each(rows):
    seen, out = set(), []
    for r in rows:
        key = norm(r["text"])
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def write_training_set(here, crisis_lists, noncrisis_lists, report_dir, overlap_max=OVERLAP_MAX, others=()):
    """A training set's files from (category, kind, list) and (category, list) lists: write_training_rows."""
    rows = crisis_rows(crisis_lists), noncrisis_rows(noncrisis_lists)
    write_training_rows(here, *rows, report_dir, overlap_max, others)


def write_training_rows(here, crisis, noncrisis, report_dir, overlap_max=OVERLAP_MAX, others=()):
    """A training set's files: every row but the near repeats of the report set in `report_dir` (and of the
    texts `others`: near_report), each text once; prints what was left out."""
    dropped = near_report(crisis + noncrisis, report_dir, overlap_max, others)
    crisis, noncrisis = [r for r in crisis if r not in dropped], [r for r in noncrisis if r not in dropped]
    seen = set()
    for r in crisis + noncrisis:
        key = norm(r["text"])
        assert key not in seen, f"duplicate: {r['text']!r}"
        seen.add(key)
    write_set(here, crisis, noncrisis)
    name = os.path.basename(os.path.normpath(report_dir)) + (" and the other texts" if others else "")
    print(f"left out {len(dropped)} near repeats of {name}: {[r['text'] for r in dropped]}")


def report8_checker(here):
    """`report_checker` with fresh_report8/'s counts: 40 rows in each non-crisis category, 40 everyday
    leavings and 60 greetings and sign-offs (a later set adds its own categories)."""
    check6 = report_checker(here)
    for category, (_, low, high) in list(check6.NONCRISIS_SPEC.items()):
        check6.NONCRISIS_SPEC[category] = (40, low, high)
    check6.NONCRISIS_SPEC["everyday-leaving"] = (40, 2, 60)
    check6.NONCRISIS_SPEC["greetings-and-signoffs"] = (60, 1, 20)
    return check6


def report9_rows(here):
    """fresh_report9/'s rows, from the six helper modules (src_crisis_1-3, src_noncrisis_1-3) in `here`:
    fresh_report8/'s categories and 40 sign-offs with an apology, (crisis rows, non-crisis rows). Later
    report sets written to the same brief build with it."""
    names = ("crisis_1", "crisis_2", "crisis_3", "noncrisis_1", "noncrisis_2", "noncrisis_3")
    c1, c2, c3, n1, n2, n3 = (_module(here, f"src_{name}") for name in names)
    noncrisis = report_noncrisis_lists(n1, n2, n3) + [("signoffs-with-apology", n3.SIGNOFFS_WITH_APOLOGY)]
    return crisis_rows(report_crisis_lists(c1, c2, c3)), noncrisis_rows(noncrisis)


def report9_checker(here):
    """`report8_checker` with fresh_report9/'s one more category: 40 sign-offs with an apology."""
    check6 = report8_checker(here)
    check6.NONCRISIS_SPEC["signoffs-with-apology"] = (40, 2, 30)
    return check6


def _module(here, name):
    """The helper's list module `name` in the folder `here`."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(here, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def report_checker(here):
    """fresh_report6/check.py's rules (counts, word ranges, duplicates, no phone numbers, names, method words
    or doses, no present-risk phrase in non-crisis rows) pointed at the report set in `here`: a later set
    changes its NONCRISIS_SPEC / CRISIS_SPEC counts, then runs its main()."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fresh_report6", "check.py")
    spec = importlib.util.spec_from_file_location("check6", path)
    check6 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check6)
    check6.HERE = here  # read and rebuild this set's files
    return check6


def norm(text):
    """A text as the report sets compare it: lower case, spaces joined."""
    return " ".join(text.lower().split())


def seen_texts(parent, report_only):
    """Every text of the .jsonl sets under `parent` (the detector's) outside the `report_only` folders."""
    seen = set()
    for path in glob.glob(os.path.join(parent, "**", "*.jsonl"), recursive=True):
        if os.path.relpath(path, parent).startswith(tuple(report_only)):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    row = json.loads(line)
                except ValueError:
                    continue
                if isinstance(row, dict) and isinstance(row.get("text"), str):
                    seen.add(norm(row["text"]))
    return seen


def write_unseen_english_report(here, crisis_modules, noncrisis_modules, report_only):
    """An English report set (english_report_rows) less the messages whose text already appears in a set the
    detector trains or chooses on (seen_texts of here's parent outside `report_only`): fresh_report15/ on."""
    crisis, noncrisis = english_report_rows(crisis_modules, noncrisis_modules)
    seen = seen_texts(os.path.dirname(os.path.abspath(here)), report_only)
    kept = [[r for r in rows if norm(r["text"]) not in seen] for rows in (crisis, noncrisis)]
    dropped = len(crisis) - len(kept[0]), len(noncrisis) - len(kept[1])
    print(f"left out as seen in other sets: {dropped[0]} crisis, {dropped[1]} non-crisis")
    write_set(here, *kept)
