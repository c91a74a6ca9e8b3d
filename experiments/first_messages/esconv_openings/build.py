"""The first words of the seeker in each held-out ESConv *train* dialogue (every 10th, the split of
experiments/reply_policy/responder_preview.py; never dev) → messages.json, and their gold replies (the
supporter's next turn) → gold.json (as a run: message, reply). Real first turns, unlike the situations of heldout_opening_policy/: many
are greetings ("Hi, how are you?"), requests ("i was wondering if i can talk about …") or a feeling said
with a hello.

    python3 experiments/first_messages/esconv_openings/build.py
"""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[2].parent / "shared" / "data" / "esconv" / "ESConv_train.json"
HELDOUT_EVERY = 10

messages, gold = [], []
for i, dialogue in enumerate(json.loads(SOURCE.read_text(encoding="utf-8"))):
    if i % HELDOUT_EVERY:
        continue
    turns = dialogue["dialog"]
    first = next((k for k, t in enumerate(turns) if t["speaker"] == "usr"), None)
    if first is None:
        continue
    reply = next((t["text"].strip() for t in turns[first + 1 :] if t["speaker"] == "sys"), "")
    messages.append(turns[first]["text"].strip())
    gold.append({"message": messages[-1], "reply": reply})
(HERE / "messages.json").write_text(json.dumps(messages, indent=1) + "\n")
(HERE / "gold.json").write_text(json.dumps(gold, indent=1) + "\n")
print(len(messages), "first turns")
