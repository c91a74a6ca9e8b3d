"""Join candidates.jsonl and labels.jsonl into crisis.jsonl and noncrisis.jsonl (round 21's training set).

Every candidate (surface.py) was read and labelled by one of three helper readers (labels.jsonl, by
labelling_rules.md: esconv_dev_labels.md's definition; each label keeps its text, and a candidate whose
text differs stops the build). CORRECTIONS: the labels changed after reading the
readers' crisis turns and borderline notes, each with why. A turn of a held-out dialogue takes the category
esconv-heldout (train.py holds it back, never trains on it); every other, esconv-train. Standard library only.
    python3 build.py
"""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CORRECTIONS = {  # id: (crisis, kind, why)
    "t0648": (
        False,
        None,
        "a mother who threatens to evict and takes money: harassment, no violence or danger",
    ),
    "t0810": (
        True,
        "self-harm",
        "a plan for tomorrow, in the dialogue where the person tried 'something bad'",
    ),
}


def rows(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(x) for x in f if x.strip()]


if __name__ == "__main__":
    labels = {r["id"]: r for r in rows("labels.jsonl")}
    out = {True: [], False: []}
    for c in rows("candidates.jsonl"):
        label = labels[c["id"]]
        assert label["text"] == c["text"], f"{c['id']}: candidates.jsonl no longer matches labels.jsonl"
        is_crisis, kind, why = CORRECTIONS.get(c["id"], (label["crisis"], label["kind"], label["why"]))
        row = {"text": c["text"], "kind": kind if is_crisis else None}
        row |= {"category": "esconv-heldout" if c["heldout"] else "esconv-train", "id": c["id"], "why": why}
        out[is_crisis].append(row)
    for name, kept in (("crisis.jsonl", out[True]), ("noncrisis.jsonl", out[False])):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in kept)
    held = sum(r["category"] == "esconv-heldout" for r in out[True])
    print(
        f"wrote crisis.jsonl ({len(out[True])} rows, {held} of held-out dialogues) and noncrisis.jsonl ({len(out[False])})"
    )
