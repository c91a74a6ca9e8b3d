"""Report the crisis detector on what it was not trained or thresholded on.

    .venv/bin/python experiments/crisis_detector/report.py [--weights PATH]

The report half of the written sets (crisis recall, false alarms on non-crisis distress, per type), the 5
phrasings of issue #36 (in the crisis set), and ESConv *dev* seeker turns labelled by reading
(data/esconv_dev_labels.jsonl): recall on the 7 crisis turns and false alarms on the others. For the
phrase rules alone (the detector before this study) and for the rules + classifier (crisis.detect).
Recall intervals: Wilson 95 %. Writes experiments/crisis_detector/report.json.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import written_sets  # noqa: E402

from mer_agents.agents import crisis  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

HERE = Path(__file__).resolve().parent
PHRASINGS = written_sets.ISSUE_PHRASINGS


def wilson(k: int, n: int) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    p, z = k / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def rate(flags: list[bool]) -> dict:
    k, n = sum(flags), len(flags)
    return {"n": n, "flagged": k, "rate": round(k / n, 4) if n else None, "wilson95": wilson(k, n)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", type=Path, default=None)
    ap.add_argument("--out-dir", default="", help="a subfolder here for report.json")
    args = ap.parse_args()
    settings = Settings(crisis_detector=args.weights) if args.weights else Settings()
    read = lambda name: [json.loads(x) for x in (HERE / "data" / name).read_text().splitlines() if x.strip()]  # noqa: E731
    crises = [r for r in read("crisis.jsonl") if r["split"] == "report"]
    distress = [r for r in read("noncrisis.jsonl") if r["split"] == "report"]
    dev = read("esconv_dev_labels.jsonl")
    detectors = {
        "rules": lambda t: crisis.rules(t) is not None,
        "rules+classifier": lambda t: crisis.detect(t, settings) is not None,
    }
    out = {"threshold": crisis.threshold(settings)}
    for name, flag in detectors.items():
        started = time.perf_counter()
        res = {
            "crisis_recall": rate([flag(r["text"]) for r in crises]),
            "distress_false_alarm": rate([flag(r["text"]) for r in distress]),
            "phrasings": {p: flag(p) for p in PHRASINGS},
            "esconv_dev_recall": rate([flag(r["text"]) for r in dev if r["crisis"]]),
            "esconv_dev_false_alarm": rate([flag(r["text"]) for r in dev if not r["crisis"]]),
            "by_type": {},
        }
        for r in crises + distress:
            res["by_type"].setdefault(("crisis:" if r in crises else "distress:") + r["type"], []).append(
                flag(r["text"])
            )
        res["by_type"] = {k: f"{sum(v)}/{len(v)}" for k, v in sorted(res["by_type"].items())}
        res["missed"] = [r["text"] for r in crises if not flag(r["text"])][:40]
        res["false_alarms"] = [r["text"] for r in distress if flag(r["text"])][:40]
        res["dev_false_alarms"] = [r["text"][:120] for r in dev if not r["crisis"] and flag(r["text"])][:40]
        res["seconds"] = round(time.perf_counter() - started, 1)
        out[name] = res
        print(
            name,
            json.dumps(
                {
                    k: v
                    for k, v in res.items()
                    if k not in ("missed", "false_alarms", "dev_false_alarms", "by_type")
                }
            ),
        )
    (HERE / args.out_dir / "report.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
