"""Flag each shown text of a reasoning-check run as cut off or gibberish: a reader's check, apart from the
pipeline's own text checks (it imports nothing from mer_agents).

    .venv/bin/python experiments/reasoning_check/flag.py [--out DIR]

Reads DIR/texts.jsonl and DIR/items.jsonl (run.py), prints counts per stage (model- and code-written apart)
and every flagged text, writes DIR/flags.json.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "runs"
UNKNOWN_SHARE = 0.25  # gibberish: more than this share of a text's words are not English words
MIN_WORDS = 4  # ... counted on texts of at least this many words
LONG_NONWORD = 13  # gibberish too: any non-word of at least this many letters
OWN_LANGUAGE_SHARE = 0.3  # a non-English item's text this much in the person's language skips the check
FINAL = ".!?…"
CLOSERS = "\"')]}»”’*"
CODE_LABEL = re.compile(r"\s*\(\s*written by code\b[^()]*(\([^()]*\)[^()]*)*\)\s*$", re.IGNORECASE)
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# Modern or project words Webster's 2nd (1934) lacks; the English word list is otherwise `web2`.
EXTRA_WORDS = set(
    "ok okay email emails online app apps website internet smartphone laptop wifi covid tv "
    "modality modalities multimodal paraphrasing esconv meld pitch rms arousal valence audio video "
    "transcript transcripts unavailable unsure reassurance reassuring upsetting overwhelmed".split()
)
STOPWORDS = {  # a few common words per language, to tell a text in the person's language
    "es": set(
        "el la los las de del que y en un una es por con no se su para como pero más muy mi me lo le ha "
        "está estoy siento persona tu te al yo sus esto hay".split()
    ),
    "fr": set(
        "le la les de des du et en un une est que qui pas ne je tu il elle se sur pour dans avec au aux "
        "mon ma mes son sa ses ce cette vous nous très suis".split()
    ),
}
SUFFIXES = (  # (ending, replacements): "worried" -> "worry", "feeling" -> "feel", "hoping" -> "hope"
    ("iness", ("y",)),
    ("ies", ("y",)),
    ("ied", ("y",)),
    ("ing", ("", "e")),
    ("ed", ("", "e")),
    ("es", ("",)),
    ("s", ("",)),
    ("ly", ("", "le")),
    ("ily", ("y",)),
    ("er", ("", "e")),
    ("est", ("", "e")),
    ("ness", ("",)),
    ("ment", ("",)),
    ("ful", ("",)),
)


@cache
def english() -> frozenset[str]:
    from english_words import get_english_words_set

    return frozenset(get_english_words_set(["web2"], lower=True) | EXTRA_WORDS)


def known(word: str, extra: frozenset[str] = frozenset()) -> bool:
    """An English word, a simple inflection of one, a contraction of one, or a word of the person's."""
    w = word.lower().replace("’", "'")

    def has(x: str) -> bool:
        return x in extra or x in english()

    if has(w) or has(w.split("'")[0]) or len(w) == 1:
        return True
    for end, subs in SUFFIXES:
        if w.endswith(end) and len(w) > len(end) + 1:
            stem = w[: -len(end)]
            if any(has(stem + s) for s in subs):
                return True
            if len(stem) > 2 and stem[-1] == stem[-2] and has(stem[:-1]):  # "stopped" -> "stop"
                return True
    return False


def strip_label(text: str) -> str:
    return CODE_LABEL.sub("", text).strip()


def cut_off(text: str, extra: frozenset[str]) -> str:
    """'' when the text ends a sentence; else why it looks cut off."""
    body = text.rstrip().rstrip(CLOSERS).rstrip()
    if not body:
        return "empty"
    if body[-1] in FINAL or (text.startswith("(") and text.rstrip().endswith(")")):  # or a whole (note)
        return ""
    words = WORD.findall(body)
    if words and body.endswith(words[-1]) and not known(words[-1], extra):
        return f"ends mid-word ({words[-1]!r})"
    return "no final . ! ?"


def in_own_language(words: list[str], language: str, message_words: frozenset[str]) -> bool:
    if language == "en" or not words:
        return False
    own = STOPWORDS.get(language, set()) | message_words
    return sum(w.lower() in own for w in words) / len(words) >= OWN_LANGUAGE_SHARE


def gibberish(text: str, language: str, message_words: frozenset[str]) -> str:
    """'' when the text reads as words; else why not."""
    words = WORD.findall(text)
    if in_own_language(words, language, message_words):
        return ""
    unknown = [w for w in words if not known(w, message_words)]
    long_ones = [w for w in unknown if len(w) >= LONG_NONWORD]
    if long_ones:
        return f"long non-word {long_ones[0]!r}"
    if len(words) >= MIN_WORDS and len(unknown) / len(words) > UNKNOWN_SHARE:
        return f"{len(unknown)}/{len(words)} words unknown: {', '.join(unknown[:8])}"
    return ""


def flag(text: dict[str, Any], item: dict[str, Any]) -> dict[str, str]:
    message = " ".join([item.get("message", ""), item.get("translation", "")])
    mine = frozenset(w.lower() for w in WORD.findall(message))
    body = strip_label(text["text"])
    body = re.sub(r"^critic:\s*", "", body, flags=re.IGNORECASE)
    found = {"cut_off": cut_off(body, mine), "gibberish": gibberish(body, item.get("language", "en"), mine)}
    return {k: v for k, v in found.items() if v}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="run.py's output folder")
    args = parser.parse_args()
    items = {r["id"]: r for r in map(json.loads, (args.out / "items.jsonl").read_text().splitlines())}
    texts = [json.loads(line) for line in (args.out / "texts.jsonl").read_text().splitlines()]
    results, counts = [], Counter()
    for t in texts:
        flags = flag(t, items.get(t["item"], {}))
        group = (t["writer"], f"{t['stage']}.{t['field']}")
        counts[group + ("n",)] += 1
        for name in flags:
            counts[group + (name,)] += 1
        counts[group + ("any",)] += bool(flags)
        results.append(t | {"flags": flags})
    for writer in ("model", "code"):  # code: the stage says code wrote it, or a kept non-model reply
        groups = sorted({g for w, g, _ in counts if w == writer})
        print(f"\n{writer}-written texts" + ("" if groups else ": none"))
        for g in groups:
            n, c = counts[(writer, g, "n")], counts[(writer, g, "cut_off")]
            gib, a = counts[(writer, g, "gibberish")], counts[(writer, g, "any")]
            print(f"  {g:<20} n {n:>3}  cut off {c:>3}  gibberish {gib:>3}  any {a:>3} ({a / n:.0%})")
    flagged = [r for r in results if r["flags"]]
    print(f"\n{len(flagged)} of {len(results)} texts flagged")
    for r in flagged:
        why = "; ".join(f"{k}: {v}" for k, v in r["flags"].items())
        print(
            f"- [{r['writer']}] {r['item']} {r['stage']}.{r['field']} r{r['round']}: {why}\n    {r['text']!r}"
        )
    (args.out / "flags.json").write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
