"""Surface the ESConv train seeker turns a reader labels for crisis (round 21, #36): candidates.jsonl.

    .venv/bin/python experiments/crisis_detector/esconv21/surface.py [--weights W20.npz]

Every distinct seeker turn of ESConv train (first dialogue seen) that a phrase rule matches, that SURFACE
finds (words about dying, living, harm and abuse, broader than the rules), or that the detector's classifier
reads at P(crisis) >= MIN_RISK (crisis.risk; session 41: round 20's weights, then the shipped file; rerun
with them, --weights W20.npz, to rebuild the same file). Each row: id, text, dialogue (the first it is said
in), heldout (said in a held-out dialogue, esconv_data.is_heldout: never trains), rule, risk. ESConv's texts:
CC BY-NC 4.0.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from mer_agents.agents import crisis  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.esconv_data import is_heldout, read_train  # noqa: E402

MIN_RISK = 0.02
SURFACE = re.compile(
    r"\b(die|dying|dead|death|suicid\w*|kill\w*|alive|live|living|life|end (it|my)|disappear\w*|pointless|"
    r"hopeless\w*|worthless|burden|hurt (myself|me)|harm\w*|cut(ting)? myself|pills?|overdose|abus\w*|"
    r"hit(s|ting)? me|beat\w*|rape\w*|assault\w*|threat\w*|choke\w*|bruise\w*|give up|no point|no reason|"
    r"can'?t go on|can'?t take|sleep forever|wake up|not be here|gone|better off|no way out|end everything|"
    r"jump|bridge|gun|knife|weapon|blade|scar\w*|molest\w*|violent|violence|scared of (him|her|my))\b",
    re.IGNORECASE,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weights", type=Path, help="the classifier's weights (default: the shipped file)")
    args = ap.parse_args()
    settings = Settings(crisis_detector=args.weights) if args.weights else Settings()
    first: dict[str, str] = {}
    held: set[str] = set()  # a text said in any held-out dialogue never trains
    for d in read_train():
        for t in d.turns:
            if t.speaker == "seeker":
                first.setdefault(t.text, d.id)  # read_train joins a turn's words by single spaces
                if is_heldout(d.id):
                    held.add(t.text)
    surfaced, risky = [], []
    for text, dialogue in first.items():
        row = {"text": text, "dialogue": dialogue, "heldout": text in held}
        row |= {"rule": crisis.rules(text) is not None, "risk": round(crisis.risk(text, settings), 4)}
        if row["rule"] or SURFACE.search(text):
            surfaced.append(row)
        elif row["risk"] >= MIN_RISK:
            risky.append(row)
    rows = [{"id": f"t{i:04d}", **r} for i, r in enumerate(surfaced + risky)]
    with (HERE / "candidates.jsonl").open("w", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in rows)
    print(f"{len(first)} distinct seeker turns; {len(surfaced)} surfaced by the rules or SURFACE,")
    print(f"{len(risky)} more by the classifier at >= {MIN_RISK}; {sum(r['heldout'] for r in rows)} held out")


if __name__ == "__main__":
    main()
