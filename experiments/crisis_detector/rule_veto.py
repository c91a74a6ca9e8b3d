"""How far each detector's classifier may overrule the phrase rules, chosen for safety (#36, round 19).

    .venv/bin/python experiments/crisis_detector/rule_veto.py --json rule_veto_round19.json \
        "shipped=W14_soup.npz+writer19,writer20,fresh_report14" "round 18=W18.npz" \
        "round 18 averaged=W18_soup.npz"

Why: on the gate's held-back set the phrase rules gave the safety message to 110 of 2,897 written near
misses (67 of them people telling of a crisis that is past), half of every detector's near-miss false
alarms, and training cannot move a rule. `crisis.overruled` lets the classifier overrule a rule's match on
English words when its P(crisis) is below a tiny veto. The veto is chosen for safety, not for recall: for
each detector, the largest value of VETOES at which no English rule-matched crisis message it did not train
on is overruled — the held-back crisis messages of round 18's flags (FLAGS), the issue's five phrasings, and
after "+" the crisis messages of the named sets the weights never trained on. Prints and writes (beside this
script) per detector and veto: the crises overruled (their texts) and the held-back near misses no longer
flagged by a rule, and the chosen veto (0: none is safe).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

import train  # noqa: E402
import written_sets  # noqa: E402

from mer_agents import multilingual  # noqa: E402
from mer_agents.agents import crisis  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

VETOES = (0.001, 0.002, 0.005, 0.01, 0.02)
FLAGS = (
    "--more --writers --coded --round5 --round6 --round7 --round8 --round9 --round10 --round11 --round12 "
    "--round17 --round18"
)


def ruled(texts: list[str]) -> list[str]:
    """The English texts a phrase rule matches (the only ones a veto can overrule)."""
    return [t for t in texts if crisis.rules(t) is not None and not multilingual.other_language(t)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("detectors", nargs="+", metavar="LABEL=PATH[+SET,SET]")
    ap.add_argument("--json", required=True, help="the output's file name (beside this script)")
    ap.add_argument("--flags", default=FLAGS, help="train.py's flags naming the held-back set")
    args = ap.parse_args()
    sets = train.load(train.parser().parse_args(args.flags.split()))
    held = ruled([r["text"] for r in sets["c_hold"]] + written_sets.ISSUE_PHRASINGS)
    near = ruled([r["text"] for r in sets["n_hold"]])
    out: dict = {"flags": args.flags, "vetoes": VETOES}
    out |= {"crises_ruled": len(held), "near_misses_ruled": len(near)}
    for entry in args.detectors:
        label, rest = entry.split("=", 1)
        path, _, unseen = rest.partition("+")
        extra = [
            json.loads(x)["text"]
            for name in filter(None, unseen.split(","))
            for x in (HERE / name / "crisis.jsonl").read_text().splitlines()
            if x
        ]
        crises = list(dict.fromkeys(held + ruled(extra)))
        settings = Settings(crisis_detector=Path(path))  # the classifier's own reading, where a rule matches
        risk = {t: crisis.risk(t, settings) for t in dict.fromkeys(crises + near)}
        rows = []
        for veto in VETOES:
            lost = [t for t in crises if crisis.vetoed(t, risk[t], veto)]
            rows.append(
                {
                    "veto": veto,
                    "crises_overruled": len(lost),
                    "near_misses_overruled": sum(crisis.vetoed(t, risk[t], veto) for t in near),
                    "overruled_texts": lost,
                }
            )
        safe = [r["veto"] for r in rows if r["crises_overruled"] == 0]  # a smaller veto overrules a subset
        out[label] = {"weights": path, "unseen_sets": unseen, "crises": len(crises), "rows": rows}
        out[label]["chosen_veto"] = max(safe, default=0.0)
        print(label, json.dumps({k: v for k, v in out[label].items() if k != "rows"}), flush=True)
        for r in rows:
            print("  ", {k: v for k, v in r.items() if k != "overruled_texts"}, r["overruled_texts"][:3])
    (HERE / args.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
