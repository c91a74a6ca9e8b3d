"""The first words of the seeker in each held-out ESConv *train* dialogue (esconv_data.is_heldout: every
10th, the split every selection here uses; never dev) → messages.json, and their gold replies (the
supporter's next turn) → gold.json (as a run: message, reply). Real first turns, unlike the situations of
heldout_opening_policy/: many are greetings ("Hi, how are you?"), requests ("i was wondering if i can talk
about …") or a feeling said with a hello.

    PYTHONPATH=. python3 experiments/first_messages/esconv_openings/build.py
"""

import json
from pathlib import Path
from typing import Sequence

from mer_agents.evaluation.esconv_data import EsconvTurn, is_heldout, read_train

HERE = Path(__file__).resolve().parent


def first_turn(turns: Sequence[EsconvTurn]) -> dict | None:
    """The seeker's first turn and the supporter's next one ("" when none), or None when the seeker never
    speaks. Also read by ../esconv_openings_dev/build.py."""
    first = next((k for k, t in enumerate(turns) if t.speaker == "seeker"), None)
    if first is None:
        return None
    reply = next((t.text for t in turns[first + 1 :] if t.speaker == "supporter"), "")
    return {"message": turns[first].text, "reply": reply}


def write(folder: Path, gold: list[dict]) -> None:
    (folder / "messages.json").write_text(json.dumps([g["message"] for g in gold], indent=1) + "\n")
    (folder / "gold.json").write_text(json.dumps(gold, indent=1) + "\n")


if __name__ == "__main__":
    gold = [g for d in read_train() if is_heldout(d.id) and (g := first_turn(d.turns))]
    write(HERE, gold)
    print(len(gold), "first turns")
