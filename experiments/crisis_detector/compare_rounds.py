"""The crisis detector as shipped at each round, on one report set, with paired intervals (issue #36).

    .venv/bin/python experiments/crisis_detector/compare_rounds.py --set DIR [--first W0.npz] \
        --round "round 1 (a30c069)=W1.npz" --round "round 2 (d79b005)=W2.npz" [--round "round 3=W3.npz"] \
        [--everyday FILE ...]

W0: the weights at 15b6ea5 (read with the phrase rules alone, as then); each --round: a label and weights
read with the phrase and warning-sign rules (crisis.rules), as crisis.detect reads them (earlier rounds:
`git show COMMIT:assets/crisis_detector/crisis.npz > W.npz`). Each weights file carries its own threshold
(and, round 19 on, the P(crisis) below which the classifier overrules a rule: crisis.overruled).
The last round is "now". Prints and writes DIR/rounds.json: recall on the set's crisis messages (and per
category for the last two), false alarms on its non-crisis messages (per category too), on the labelled
ESConv dev seeker turns and on each --everyday file (first messages: a .json list of texts or a .jsonl of
{"text"}), the dev crisis turns found, and now minus each earlier detector on recall and on the set's false
alarms (bootstrap over messages, 10,000 resamples, seed 0). Where the set's rows name their language
(fresh_report11/ on), recall, false alarms and the differences are also given for English and for the other
languages apart.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from fresh_report import classifier, read  # noqa: E402
from written_sets import texts_of  # noqa: E402  (app_threshold, measure and probe import it from here)

from mer_agents.agents import crisis  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.metrics import bootstrap_ci  # noqa: E402

HERE = Path(__file__).resolve().parent
BOOT = 10000


def interval(d: np.ndarray) -> list[float]:
    """The mean difference and its 95 % bootstrap interval (metrics.bootstrap_ci, BOOT resamples, seed 0)."""
    return [round(float(d.mean()), 3), *(round(x, 3) for x in bootstrap_ci(d, BOOT))]


def detector(weights: Path):
    """Whether crisis.detect flags an English message with these weights: a rule the classifier does not
    overrule, or the classifier itself."""
    settings, flag = Settings(crisis_detector=weights), classifier(weights)
    return lambda t: (crisis.rules(t) is not None and not crisis.overruled(t, settings)) or flag(t)


def by_category(rows: list[dict], hits: np.ndarray) -> dict[str, str]:
    cats = dict.fromkeys(r["category"] for r in rows)
    return {
        c: f"{int(sum(h for r, h in zip(rows, hits) if r['category'] == c))}/"
        f"{sum(r['category'] == c for r in rows)}"
        for c in cats
    }


def by_language(crises: list[dict], near: list[dict], found: dict, alarms: dict, names: list[str]) -> dict:
    """Recall and false alarms of each detector for English and for the other languages apart, and the last
    detector minus each earlier one there (paired, as for the whole set)."""
    out = {}
    for group, keep in (
        ("english", lambda r: r.get("language") == "en"),
        ("other", lambda r: r.get("language") != "en"),
    ):
        c = np.array([keep(r) for r in crises])
        n = np.array([keep(r) for r in near])
        part = {"n_crisis": int(c.sum()), "n_noncrisis": int(n.sum())}
        for name in names:
            part[name] = {
                "crisis_recall": round(float(found[name][c].mean()), 4),
                "false_alarm": round(float(alarms[name][n].mean()), 4),
            }
        for name in names[:-1]:
            part[f"now − {name}"] = {
                "recall": interval(found[names[-1]][c] - found[name][c]),
                "false_alarm": interval(alarms[names[-1]][n] - alarms[name][n]),
            }
        out[group] = part
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", type=Path, required=True)
    ap.add_argument("--first", type=Path, help="the weights at 15b6ea5 (with the phrase rules alone)")
    ap.add_argument("--round", action="append", default=[], metavar="LABEL=PATH", help="in order; last: now")
    ap.add_argument("--everyday", type=Path, nargs="*", default=[], help="first-message sets: false alarms")
    args = ap.parse_args()
    crises, near = read(args.set / "crisis.jsonl"), read(args.set / "noncrisis.jsonl")
    dev = read(HERE / "data" / "esconv_dev_labels.jsonl")
    everyday = {p.parent.name: texts_of(p) for p in args.everyday}
    phrases = lambda t: bool(crisis.SELF_HARM.search(t) or crisis.ABUSE.search(t))  # noqa: E731
    detectors = {}
    if args.first:
        detectors["15b6ea5"] = (lambda c: lambda t: phrases(t) or c(t))(classifier(args.first))
    for entry in args.round:
        name, path = entry.rsplit("=", 1)
        detectors[name] = detector(Path(path))
    out, found, alarms = {}, {}, {}
    for name, flag in detectors.items():
        found[name] = np.array([flag(r["text"]) for r in crises], float)
        alarms[name] = np.array([flag(r["text"]) for r in near], float)
        out[name] = {
            "crisis_recall": round(float(found[name].mean()), 4),
            "n_crisis": len(crises),
            "false_alarm": round(float(alarms[name].mean()), 4),
            "n_noncrisis": len(near),
            "esconv_dev_false_alarm": round(
                float(np.mean([flag(r["text"]) for r in dev if not r["crisis"]])), 4
            ),
            "esconv_dev_crisis_found": f"{sum(flag(r['text']) for r in dev if r['crisis'])}/7",
        }
        for set_name, texts in everyday.items():
            out[name][f"{set_name}_false_alarms"] = f"{sum(flag(t) for t in texts)}/{len(texts)}"
    names = list(detectors)
    for name in names[-2:]:
        out[name]["recall_by_category"] = by_category(crises, found[name])
        out[name]["false_alarms_by_category"] = by_category(near, alarms[name])
    for name in names[:-1]:
        out[f"now − {name}"] = {
            "recall": interval(found[names[-1]] - found[name]),
            "false_alarm": interval(alarms[names[-1]] - alarms[name]),
        }
    if len({r.get("language") == "en" for r in crises}) > 1:  # both English and other languages
        out["by_language"] = by_language(crises, near, found, alarms, names)
    print(json.dumps(out, indent=1))
    (args.set / "rounds.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
