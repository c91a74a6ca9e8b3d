"""The moment checks' newer parts on graded ESConv *train* replies: `wrong_moment`'s you're-welcome to words
that thank for nothing and praise for a plan or idea the person did not give (lexicon.YOU_ARE_WELCOME,
PRAISES_PLAN), and `copies_earlier`'s question asked again (checks.asked_again).

    .venv/bin/python experiments/reply_audit/moment_parts.py   # moment_parts.json

1. The 1,480 turns whose every candidate was graded (reply_policy/heldout_candidate_grades,
   reply_judge_scorer/train_grades, bank_grades, bank_grades2), where the patterns were written: the grades of
   the candidates each new part flags, and each turn's pick (its first-ranked candidate that passes the guard)
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
PARTS = ("thanks and plans", "asked again")


def flags(text: str, message: str, history) -> dict[str, bool]:
    """Which new part fails the reply: wrong_moment's thanks and plans (its other parts come first), and a
    question asked again (checks.asked_again) where the reply copies no whole earlier turn
    (checks.copied_turn, which copies_earlier failed before)."""
    wrong = next(r for r in checks.check_moment(text, message, history) if r.name == "wrong_moment")
    earlier = [t.reply or "" for t in history if t.reply]
    return {
        "thanks and plans": not wrong.ok and ("welcome" in wrong.issue or "praise" in wrong.issue),
        "asked again": checks.copied_turn(text, earlier) is None
        and checks.asked_again(text, earlier) is not None,
    }


def shares(counts: Counter) -> dict:
    n = sum(counts.values())
    return {"n": n, **{g: round(counts[g] / n, 3) for g in "ABC"}} if n else {"n": 0}


def where_written() -> dict:
    dialogues = {d.id: d for d in read_train()}
    flagged = {part: Counter() for part in PARTS}
    passed, picks, turns, changed = Counter(), Counter(), 0, 0
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
                hit = [part for part in PARTS if new[c["text"]][part]]
                for part in hit:
                    flagged[part][grades[c["text"]]] += 1
                if not hit:
                    passed[grades[c["text"]]] += 1
            before = min(pool, key=lambda c: c["rank"])
            after = min(pool, key=lambda c: (any(new[c["text"]].values()), c["rank"]))
            picks["before " + grades[before["text"]]] += 1
            picks["after " + grades[after["text"]]] += 1
            turns += 1
            changed += before is not after
    return {
        "turns": turns,
        "flagged": {part: shares(counts) for part, counts in flagged.items()},
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
    grades = {part: Counter() for part in PARTS}
    entries = Counter()
    for number, entry in key.items():
        item = items[entry["item"]]
        new = flags(reply[number], item["message"], item["history"][-4:])
        for part in PARTS:
            if new[part]:
                entries[part] += 1
                grades[part].update(j[number] for j in judges)
    return {part: {"entries": entries[part], "grades": shares(grades[part])} for part in PARTS}


def main() -> None:
    out = {"where_written": where_written(), "later_turns": later_turns()}
    print(json.dumps(out, indent=1))
    Path(__file__).with_name("moment_parts.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
