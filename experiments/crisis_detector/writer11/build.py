"""Copy the hand-written lists in src/ unchanged into noncrisis.jsonl and crisis.jsonl."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "src"))

import gaming_and_internet
import short_crisis
import short_everyday_feelings
import short_plans_and_questions
import short_signoffs_and_thanks
import short_status_slang

NONCRISIS_MODULES = [
    short_status_slang,
    short_everyday_feelings,
    short_signoffs_and_thanks,
    short_plans_and_questions,
    gaming_and_internet,
]


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def main():
    noncrisis = []
    for mod in NONCRISIS_MODULES:
        for text in mod.ITEMS:
            noncrisis.append({"text": text, "category": mod.CATEGORY})
    crisis = []
    for text in short_crisis.ITEMS:
        crisis.append({"text": text, "kind": short_crisis.KIND[text], "category": short_crisis.CATEGORY})
    write_jsonl(os.path.join(HERE, "noncrisis.jsonl"), noncrisis)
    write_jsonl(os.path.join(HERE, "crisis.jsonl"), crisis)
    print(f"wrote {len(noncrisis)} noncrisis rows, {len(crisis)} crisis rows")


if __name__ == "__main__":
    main()
