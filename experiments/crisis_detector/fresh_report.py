"""The crisis detector on a fresh report set written after every choice (issue #36's aim, measured clean).

    .venv/bin/python experiments/crisis_detector/fresh_report.py --before OLD.npz [--now NEW.npz] [--set DIR]

`fresh_report/crisis.jsonl` and `noncrisis.jsonl` were written by a helper that never saw the detector, its
rules or its training data, after the warning-sign rules (crisis.WARNING_SIGNS) were written from
safe-messaging guidance and the classifier retrained (train.py --writers). Reported once for: the phrase
rules before them and now, each classifier alone (`--before`: the weights shipped before; `--now`), and the
detector (rules + classifier) before and now; per category; plus false alarms on the labelled ESConv *dev*
seeker turns (data/esconv_dev_labels.jsonl). `--set DIR` reads another set of the same form (e.g. writer3/,
which showed the gap). Writes DIR/report.json.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from report import rate  # noqa: E402

from mer_agents.agents import crisis  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = HERE / "fresh_report"


def read(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def classifier(weights: Path):
    """The classifier's own verdict with `weights` and their threshold, read even where a rule fires."""
    settings = Settings(crisis_detector=weights)
    cut = crisis.threshold(settings)
    return lambda text: crisis.risk(text, settings) >= cut


def flags(texts: list[str], weights: Path) -> dict[str, bool]:
    flag = classifier(weights)
    return {t: flag(t) for t in texts}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", type=Path, required=True, help="the classifier's weights before")
    ap.add_argument("--now", type=Path, default=crisis.WEIGHTS)
    ap.add_argument("--set", type=Path, default=OUT, help="folder with crisis.jsonl and noncrisis.jsonl")
    args = ap.parse_args()
    crises, distress = read(args.set / "crisis.jsonl"), read(args.set / "noncrisis.jsonl")
    dev = read(HERE / "data" / "esconv_dev_labels.jsonl")
    texts = list(dict.fromkeys([r["text"] for r in crises + distress + dev]))
    before = {t: bool(crisis.SELF_HARM.search(t) or crisis.ABUSE.search(t)) for t in texts}
    now = {t: crisis.rules(t) is not None for t in texts}
    old, new = flags(texts, args.before), flags(texts, args.now)
    detectors = {
        "rules before": before,
        "rules now (+ warning signs)": now,
        "classifier before": old,
        "classifier now": new,
        "detector before (rules before + classifier before)": {t: before[t] or old[t] for t in texts},
        "detector now (rules now + classifier now)": {t: now[t] or new[t] for t in texts},
    }
    out = {}
    for name, flag in detectors.items():
        res = {
            "crisis_recall": rate([flag[r["text"]] for r in crises]),
            "distress_false_alarm": rate([flag[r["text"]] for r in distress]),
            "esconv_dev_recall": rate([flag[r["text"]] for r in dev if r["crisis"]]),
            "esconv_dev_false_alarm": rate([flag[r["text"]] for r in dev if not r["crisis"]]),
            "by_category": {},
        }
        for r in crises + distress:
            key = ("crisis:" if r in crises else "distress:") + r["category"]
            res["by_category"].setdefault(key, []).append(flag[r["text"]])
        res["by_category"] = {k: f"{sum(v)}/{len(v)}" for k, v in sorted(res["by_category"].items())}
        res["missed"] = [r["text"] for r in crises if not flag[r["text"]]]
        res["false_alarms"] = [r["text"] for r in distress if flag[r["text"]]]
        out[name] = res
        brief = {k: res[k] for k in ("crisis_recall", "distress_false_alarm", "esconv_dev_false_alarm")}
        print(name, json.dumps(brief))
    (args.set / "report.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
