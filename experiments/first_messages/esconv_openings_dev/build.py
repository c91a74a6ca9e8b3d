"""The seeker's first words in each ESConv *dev* dialogue → messages.json, with the supporter's next turn as
a run → gold.json; the report set for the small-talk and request replies designed on
../esconv_openings/ (held-out train; its `first_turn` reads both). Left out: the dialogues whose first turn is
among the 60 dev turns read in ../../reply_loop/rejudge/ (their failures were read before the design).

    PYTHONPATH=. python3 experiments/first_messages/esconv_openings_dev/build.py
"""

import json
import sys
from pathlib import Path

from mer_agents.evaluation.esconv_data import read_lines

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "esconv_openings"))
from build import first_turn, write  # noqa: E402

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
found = {dialogue: first_turn(turns) for dialogue, turns in longest.items()}
skipped = sorted(d for d, g in found.items() if g and d in read)
gold = [g for d, g in found.items() if g and d not in read]
write(HERE, gold)
print(len(gold), "first turns;", len(skipped), "left out:", skipped)
