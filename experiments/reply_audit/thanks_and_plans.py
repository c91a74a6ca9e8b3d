"""The wrong_moment check's two newer parts on graded ESConv *train* replies: a you're-welcome to words that
thank for nothing, and praise for a plan or idea the person did not give (lexicon.YOU_ARE_WELCOME,
PRAISES_PLAN; checks.check_moment).

    .venv/bin/python experiments/reply_audit/thanks_and_plans.py   # thanks_and_plans.json

1. The 1,480 turns whose every candidate was graded (reply_policy/heldout_candidate_grades,
   reply_judge_scorer/train_grades, bank_grades, bank_grades2), where the patterns were written: the grades of
   the candidates the new parts flag, and each turn's pick (its first-ranked candidate that passes the guard)
   when the flagged ones rank last.
2. reply_pool/wide (200 later train turns, graded after the patterns were written): the grades of the flagged
   replies, both judges.
ESConv dev is read by measure.py only.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from experiments.reply_policy.candidate_grades_heldout import load_grades  # noqa: E402
from experiments.reply_pool.wide import sampled  # noqa: E402
from experiments.reply_ranker.choose import history_of  # noqa: E402
from mer_agents.agents import checks  # noqa: E402
from mer_agents.evaluation.esconv_data import read_train  # noqa: E402

GRADED = [
    ROOT / "experiments" / "reply_policy" / "heldout_candidate_grades",
    *(
        ROOT / "experiments" / "reply_judge_scorer" / d
        for d in ("train_grades", "bank_grades", "bank_grades2")
    ),
]
WIDE = ROOT / "experiments" / "reply_pool" / "wide"
NEW_PARTS = ("welcome", "praise")  # words of the two parts' issue texts


def flags(text: str, message: str, history) -> bool:
    """Whether one of the two new parts fails the reply (wrong_moment's other parts come first)."""
    result = next(r for r in checks.check_moment(text, message, history) if r.name == "wrong_moment")
    return not result.ok and any(word in result.issue for word in NEW_PARTS)


def shares(counts: Counter) -> dict:
    n = sum(counts.values())
    return {"n": n, **{g: round(counts[g] / n, 3) for g in "ABC"}} if n else {"n": 0}


def where_written() -> dict:
    dialogues = {d.id: d for d in read_train()}
    flagged, passed, picks, turns, changed = Counter(), Counter(), Counter(), 0, 0
    for directory in GRADED:
        rows, graded = load_grades(directory)
        for row in rows:
            grades = graded.get(row["item"], {})
            pool = [c for c in row["candidates"] if c["text"] in grades and not c["guard"]]
            if not pool:
                continue
            _, history = history_of(row, dialogues)
            new = {c["text"]: flags(c["text"], row["message"], history) for c in pool}
            for c in pool:
                (flagged if new[c["text"]] else passed)[grades[c["text"]]] += 1
            before = min(pool, key=lambda c: c["rank"])
            after = min(pool, key=lambda c: (new[c["text"]], c["rank"]))
            picks["before " + grades[before["text"]]] += 1
            picks["after " + grades[after["text"]]] += 1
            turns += 1
            changed += before is not after
    return {
        "turns": turns,
        "flagged": shares(flagged),
        "passed": shares(passed),
        "picks_changed": changed,
        "picks": dict(sorted(picks.items())),
    }


def later_turns() -> dict:
    key = json.loads((WIDE / "key.json").read_text())
    judges = [json.loads((WIDE / f"grades_{j}.json").read_text()) for j in "AB"]
    blocks = (WIDE / "packet.md").read_text(encoding="utf-8").split("\n## ")[1:]
    reply = {b.split("\n", 1)[0].strip(): b.split("**Reply:** ", 1)[1].strip() for b in blocks}
    items = sampled(200, 41)
    grades, entries = Counter(), 0
    for number, entry in key.items():
        item = items[entry["item"]]
        if flags(reply[number], item["message"], item["history"][-4:]):
            entries += 1
            grades.update(j[number] for j in judges)
    return {"entries": entries, "grades": shares(grades)}


def main() -> None:
    out = {"where_written": where_written(), "later_turns": later_turns()}
    print(json.dumps(out, indent=1))
    (Path(__file__).with_name("thanks_and_plans.json")).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
