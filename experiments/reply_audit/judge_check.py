"""The reply judge's logit as an audit check: recall on judged-C and false alarms on judged-A.

    .venv/bin/python experiments/reply_audit/judge_check.py

The same judged replies as measure.py: the threshold is chosen on the held-out *train* candidate grades
(select; the judge never trained on them: experiments/reply_judge_scorer/), the highest whose false alarms
on judged-A stay ≤ FA_AIM (the issue's 0.15), then read on the ESConv *dev* packets (report), alone and
together with the audit's checks (a reply flagged by either; the checks' failures from measure.py's
select_items.jsonl / report_items.jsonl). Writes judge_check.json.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))

from measure import REPORT, SELECT, parse, wilson  # noqa: E402

from mer_agents.agents import reply_judge  # noqa: E402

FA_AIM = 0.15
GRID = np.round(np.arange(-4.0, 4.0, 0.05), 2)


def scored(packets) -> list[dict]:
    out = []
    for p, g in packets:
        for e in parse(p, g):
            e["judge"] = float(reply_judge.logits(e["history"], e["message"], [e["reply"]])[0])
            out.append(e)
    return out


def rates(entries: list[dict], flagged) -> dict:
    a = [e for e in entries if e["grade"] == "A"]
    c = [e for e in entries if e["grade"] == "C"]
    return {
        "recall_C": wilson(sum(map(flagged, c)), len(c)),
        "false_alarm_A": wilson(sum(map(flagged, a)), len(a)),
    }


def main() -> None:
    select, report = scored(SELECT), scored(REPORT)
    a = np.array([e["judge"] for e in select if e["grade"] == "A"])
    tau = float(max(t for t in GRID if (a < t).mean() <= FA_AIM))
    checks = {}
    for name in ("select", "report"):
        for line in (HERE / f"{name}_items.jsonl").read_text().splitlines():
            r = json.loads(line)
            checks[(r["packet"], r["n"], r["reply"])] = r["failed"]

    def failed(e: dict) -> bool:
        return bool(checks.get((e["packet"], e["n"], e["reply"])))

    out = {"fa_aim": FA_AIM, "threshold": tau}
    for name, entries in (("select", select), ("report", report)):
        out[name] = {
            "n": len(entries),
            "judge below the threshold": rates(entries, lambda e: e["judge"] < tau),
            "the audit's checks": rates(entries, failed),
            "either": rates(entries, lambda e: e["judge"] < tau or failed(e)),
        }
    print(json.dumps(out, indent=1))
    (HERE / "judge_check.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
