"""The seeker's first words in each ESConv *dev* dialogue → messages.json, with the supporter's next turn as
a run → gold.json; the report set for the small-talk and request replies designed on
../esconv_openings/ (held-out train). Left out: the dialogues whose first turn is among the 60 dev turns read
in ../../reply_loop/rejudge/ (their failures were read before the design).

    PYTHONPATH=. python3 experiments/first_messages/esconv_openings_dev/build.py
"""

import json
from pathlib import Path

from mer_agents.evaluation.esconv_data import read_lines

HERE = Path(__file__).resolve().parent
DEV = HERE.parents[2].parent / "shared" / "data" / "esconv" / "devWithStrategy_short.tsv"
READ = HERE.parents[1] / "reply_loop" / "rejudge" / "esconv_dev_60.items.jsonl"

read = {
    json.loads(x)["dialogue"]
    for x in READ.read_text().splitlines()
    if x.strip() and not json.loads(x)["history"]
}
longest: dict[str, list] = {}
for line in read_lines(DEV):
    if len(line.turns) > len(longest.get(line.dialogue, [])):
        longest[line.dialogue] = line.turns
messages, gold, skipped = [], [], []
for dialogue, turns in longest.items():
    first = next((k for k, t in enumerate(turns) if t.speaker == "seeker"), None)
    if first is None:
        continue
    if dialogue in read:
        skipped.append(dialogue)
        continue
    reply = next((t.text for t in turns[first + 1 :] if t.speaker == "supporter"), "")
    messages.append(turns[first].text)
    gold.append({"message": turns[first].text, "reply": reply})
(HERE / "messages.json").write_text(json.dumps(messages, indent=1) + "\n")
(HERE / "gold.json").write_text(json.dumps(gold, indent=1) + "\n")
print(len(messages), "first turns;", len(skipped), "left out:", sorted(skipped))
