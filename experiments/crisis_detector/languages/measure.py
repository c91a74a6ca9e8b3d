"""Round 10's detector with the phrase rules before and after the other-language rules (#36), on the
other-language set written for them, ESConv dev and the everyday first messages.

    .venv/bin/python experiments/crisis_detector/languages/measure.py   # results.json beside it

"Before" reads the English phrase and warning-sign rules (crisis.SELF_HARM, WARNING_SIGNS, ABUSE) and the
classifier, as crisis.detect did before the change; "after" reads crisis.rules as shipped. Paired bootstrap
over messages (compare_rounds.interval).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[2]), str(HERE.parent)]

import numpy as np  # noqa: E402
from compare_rounds import interval, texts_of  # noqa: E402
from fresh_report import classifier, read  # noqa: E402

from mer_agents.agents import crisis  # noqa: E402

FIRST = HERE.parents[1] / "first_messages"
EVERYDAY = {  # the 615 everyday first messages of the crisis README's reports
    "everyday": [
        "openings_fresh/messages.jsonl",
        "plain_unseen/messages.json",
        "readers_fresh/messages.json",
        "echo_fresh/messages.json",
        "echo_fresh2/messages.json",
    ],
    "leave-taking": [
        "closing_only_design/messages.json",
        "closing_only_fresh/messages.json",
        "closing_only_fresh2/messages.json",
        "closing_only_fresh3/messages.json",
        "closing_only_fresh4/messages.json",
        "closing_only_fresh5/messages.json",
        "closing_only_fresh6/messages.json",
        "closing_only_fresh7/messages.json",
    ],
}
ENGLISH = (crisis.SELF_HARM, crisis.WARNING_SIGNS, crisis.ABUSE)


def main() -> None:
    model = classifier(HERE.parents[1].parent / "assets" / "crisis_detector" / "crisis.npz")
    detectors = {
        "before": lambda t: any(p.search(t) for p in ENGLISH) or model(t),
        "after": lambda t: crisis.rules(t) is not None or model(t),
    }
    sets = {
        "other-language crisis": [r["text"] for r in read(HERE / "crisis.jsonl")],
        "other-language non-crisis": [r["text"] for r in read(HERE / "noncrisis.jsonl")],
        "fresh_report10 non-crisis": [
            r["text"] for r in read(HERE.parent / "fresh_report10" / "noncrisis.jsonl")
        ],
    }
    dev = read(HERE.parent / "data" / "esconv_dev_labels.jsonl")
    sets["ESConv dev non-crisis"] = [r["text"] for r in dev if not r["crisis"]]
    sets["ESConv dev crisis"] = [r["text"] for r in dev if r["crisis"]]
    for name, files in EVERYDAY.items():
        sets[f"first messages: {name}"] = [t for f in files for t in texts_of(FIRST / f)]
    out: dict = {}
    for name, texts in sets.items():
        hits = {k: np.array([flag(t) for t in texts], float) for k, flag in detectors.items()}
        out[name] = {
            "n": len(texts),
            **{k: f"{int(v.sum())}/{len(texts)} ({v.mean():.3f})" for k, v in hits.items()},
            "after - before [95 %]": interval(hits["after"] - hits["before"]),
            "newly flagged": [t for t, b, a in zip(texts, hits["before"], hits["after"]) if a and not b][:20],
        }
    print(json.dumps(out, indent=1, ensure_ascii=False))
    (HERE / "results.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
