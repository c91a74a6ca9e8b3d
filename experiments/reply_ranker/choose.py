"""Choose how the responder picks and where the audit's fit threshold lies, on graded held-out *train* turns.

    .venv/bin/python experiments/reply_ranker/choose.py [--weights PATH]   (default: weights/esconv_train.npz)

Reads experiments/reply_policy/heldout_candidate_grades/ (100 held-out ESConv train turns; every judged
candidate graded blind, A/B/C, by one of three judges) and scores each judged candidate with the reply ranker.
Prints, for each ranking of the same candidates (guard failures never kept), the share of A/B/C of the reply
it keeps and the paired difference against the shipped rank with a bootstrap interval over turns; then, for
the audit, every candidate's ranker logit and new reply checks against its grade: recall on C and false alarms
on A per threshold. Writes the per-candidate records to experiments/reply_ranker/heldout_scores.jsonl. Nothing
here reads ESConv dev.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from experiments.reply_policy.candidate_grades_heldout import load_grades  # noqa: E402
from experiments.reply_ranker import ranker as reply_ranker  # noqa: E402
from mer_agents.agents import checks  # noqa: E402
from mer_agents.evaluation.esconv_data import previous_supporter, read_train, seeker_words  # noqa: E402
from mer_agents.types import Turn  # noqa: E402

GRADES = ROOT / "experiments" / "reply_policy" / "heldout_candidate_grades"
OUT = Path(__file__).resolve().parent / "heldout_scores.jsonl"
BOOT = 5000


def load(grades_dir: Path):
    """(the graded turns' rows, item → {reply or "gold" → grade}), as the grading script reads them."""
    rows, graded = load_grades(grades_dir)
    return [r for r in rows if r["item"] in graded], graded


def history_of(row: dict, dialogues: dict) -> tuple[str, list[Turn]]:
    """The supporter turn the person answered, and the conversation before as Turns (person, reply), the
    exchange that ends with that turn included and a supporter's consecutive messages joined (as the
    pipeline's history and the judges' packets hold them).
    Until session 36 that last exchange was left out: the reply judge trained on contexts without the turn
    the person answered (experiments/reply_judge_scorer/README.md, "Round 3")."""
    d = dialogues[f"esconv-train-{int(row['dialogue']):03d}"]
    for t in d.turns:
        if (
            t.speaker == "supporter"
            and t.text == row["gold"]
            and seeker_words(d.turns, t.index) == row["message"]
        ):
            turns, pending = [], []
            for u in d.turns[: t.index]:
                if u.speaker == "seeker":
                    pending.append(u.text)
                elif pending:
                    turns.append(Turn(user_text=" ".join(pending), reply=u.text))
                    pending = []
                elif turns:
                    # the supporter's next message joins the turn, as responder_preview.turns joins it
                    turns[-1] = turns[-1].model_copy(update={"reply": f"{turns[-1].reply} {u.text}"})
            return previous_supporter(d.turns, t.index), turns
    return "", []


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", type=Path, default=None)
    ap.add_argument("--grades", type=Path, default=GRADES)
    args = ap.parse_args()
    rows, graded = load(args.grades)
    dialogues = {d.id: d for d in read_train()}
    records = []
    for row in rows:
        prev, history = history_of(row, dialogues)
        judged = [c for c in row["candidates"] if c["text"] in set(row["judged"])]
        logits = reply_ranker.fit(row["message"], prev, [c["text"] for c in judged], args.weights)
        for c, logit in zip(judged, logits):
            new = checks.check_moment(c["text"], row["message"], history)
            records.append(
                {
                    "item": row["item"],
                    "text": c["text"],
                    "source": c["source"],
                    "grade": graded[row["item"]][c["text"]],
                    "rank": c["rank"],
                    "guard": bool(c["guard"]),
                    "failed": c["failed"],
                    "logit": round(float(logit), 4),
                    "strategy": c["scores"]["strategy"],
                    "new_failed": [r.name for r in new if not r.ok],
                }
            )
    OUT.write_text("".join(json.dumps(r) + "\n" for r in records))
    by_item: dict[int, list[dict]] = {}
    for r in records:
        by_item.setdefault(r["item"], []).append(r)
    items = sorted(by_item)
    rankings = {
        "shipped": lambda c: c["rank"],
        "ranker": lambda c: -c["logit"],
        "checks_then_ranker": lambda c: (len(c["failed"]), -c["logit"]),
        "new_checks_then_ranker": lambda c: (len(c["new_failed"]), -c["logit"]),
        "all_checks_then_ranker": lambda c: (len(c["failed"]) + len(c["new_failed"]), -c["logit"]),
        "ranker_no_template": lambda c: (c["source"] == "template", -c["logit"]),
        "new_checks_ranker_no_template": lambda c: (
            len(c["new_failed"]),
            c["source"] == "template",
            -c["logit"],
        ),
        "oracle": lambda c: "ABC".index(c["grade"]),
    }
    picks = {}
    for name, key in rankings.items():
        picks[name] = [
            min([c for c in by_item[i] if not c["guard"]] or by_item[i], key=key)["grade"] for i in items
        ]
    rng = np.random.default_rng(0)
    idx = rng.integers(0, len(items), (BOOT, len(items)))
    print(
        f"{len(items)} turns; gold "
        + " ".join(f"{g} {Counter(graded[i].get('gold') for i in items)[g] / len(items):.2f}" for g in "ABC")
    )
    for name, grades in picks.items():
        line = f"{name:32} " + " ".join(f"{g} {grades.count(g) / len(grades):.2f}" for g in "ABC")
        for g in "AC":
            d = np.array([x == g for x in grades], float) - np.array(
                [x == g for x in picks["shipped"]], float
            )
            lo, hi = np.percentile(d[idx].mean(1), [2.5, 97.5])
            line += f"  {g} vs shipped {d.mean():+.2f} [{lo:+.2f}, {hi:+.2f}]"
        print(line)
    a = [r for r in records if r["grade"] == "A"]
    c = [r for r in records if r["grade"] == "C"]
    print(f"audit on {len(records)} graded candidates: {len(a)} A, {len(c)} C")
    for name in sorted({n for r in records for n in r["new_failed"]}):
        print(
            f"  check {name:20} recall C {np.mean([name in r['new_failed'] for r in c]):.2f}  "
            f"false alarm A {np.mean([name in r['new_failed'] for r in a]):.2f}"
        )
    for q in np.percentile([r["logit"] for r in records], [10, 20, 30, 40, 50]):
        print(
            f"  logit < {q:+.2f}: recall C {np.mean([r['logit'] < q for r in c]):.2f}  "
            f"false alarm A {np.mean([r['logit'] < q for r in a]):.2f}  "
            f"with new checks: recall C {np.mean([r['logit'] < q or bool(r['new_failed']) for r in c]):.2f} "
            f"FA A {np.mean([r['logit'] < q or bool(r['new_failed']) for r in a]):.2f}"
        )


if __name__ == "__main__":
    main()
