"""Choose checks.HARD_PART_PROB: how strongly one sentence must read a negative emotion for news read as joy
to be answered as hard rather than glad.

    .venv/bin/python experiments/first_messages/hard_part_selection.py \
        --out experiments/first_messages/hard_part_selection.json

Two kinds of opening message, none from a dev or test split:
- hard (should never get the glad reply): the `situation` of every held-out ESConv *train* dialogue (every
  10th, the slice every train-built asset holds out; ESConv's seekers all tell of a problem), and the 8 hard
  controls of good_news_unseen2/ (beside this script);
- good news (should keep it): the 16 of good_news_unseen/ (the set the good-news reply was designed on) and
  the 16 of good_news_unseen2/ (judged with it already).
Each is read by the text head as a typed message is (whole and per sentence, perception.text); the reply is
glad when the whole reads joy and no sentence reads a negative emotion at >= the threshold. The threshold
minimises glad replies to hard messages plus glad replies lost on good news; ties go to the larger (fewer
changes). The script also counts how many hard messages read neutral get a hard part (then the template
opens with "That sounds really hard" rather than "Thank you for telling me").
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "experiments" / "reply_policy"))

from responder_preview import HELDOUT_EVERY, SOURCE  # noqa: E402

from mer_agents.agents import checks  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.provenance import provenance  # noqa: E402
from mer_agents.labels import top_emotion  # noqa: E402
from mer_agents.perception import perceive_text  # noqa: E402

GRID = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)  # 1.01: the rule off
HERE = Path(__file__).resolve().parent


def messages() -> dict[str, list[str]]:
    dialogues = json.loads(Path(SOURCE).read_text(encoding="utf-8"))
    situations = [
        d["situation"].strip()
        for i, d in enumerate(dialogues)
        if i % HELDOUT_EVERY == 0 and d.get("situation", "").strip()
    ]
    set1 = json.loads((HERE / "good_news_unseen" / "messages.json").read_text())
    set2 = json.loads((HERE / "good_news_unseen2" / "messages.json").read_text())
    return {"hard": situations + set2[16:], "good": set1 + set2[:16]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    settings = Settings()
    rows = []
    for kind, texts in messages().items():
        for text in texts:
            ev = perceive_text(text, settings)  # as a typed message is read
            top = top_emotion(ev.modalities.text.probs)[0]
            hard = checks.hard_part(ev, threshold=0.0)
            rows.append(
                {"kind": kind, "text": text, "top": top, "hard_p": round(hard[1], 4) if hard else 0.0}
            )
    table = []
    for t in GRID:
        glad = [r["top"] == "joy" and r["hard_p"] < t for r in rows]
        false_glad = sum(g for g, r in zip(glad, rows) if r["kind"] == "hard")
        kept = sum(g for g, r in zip(glad, rows) if r["kind"] == "good")
        base_good = sum(r["top"] == "joy" for r in rows if r["kind"] == "good")
        neutral_hard = sum(r["kind"] == "hard" and r["top"] == "neutral" and r["hard_p"] >= t for r in rows)
        table.append(
            {
                "threshold": t,
                "glad_to_hard": false_glad,
                "glad_lost_on_good_news": base_good - kept,
                "cost": false_glad + base_good - kept,
                "neutral_hard_messages_with_a_hard_part": neutral_hard,
            }
        )
        print(json.dumps(table[-1]))
    best = min(table, key=lambda row: (row["cost"], -row["threshold"]))
    counts = {k: sum(r["kind"] == k for r in rows) for k in ("hard", "good")}
    print(f"messages {counts}; chosen threshold {best['threshold']}")
    result = {
        "task": "hard_part_selection",
        "rule": "min(glad replies to hard messages + glad replies lost on good news), ties to the larger",
        "counts": counts,
        "read_as_joy": {k: sum(r["kind"] == k and r["top"] == "joy" for r in rows) for k in ("hard", "good")},
        "table": table,
        "pick": best["threshold"],
        "command": "python experiments/first_messages/hard_part_selection.py --out " + str(args.out),
        "provenance": provenance(),
        "items": rows,
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
