"""The audit's reply checks measured like a classifier against blind judges' grades.

    .venv/bin/python experiments/reply_audit/measure.py [--select-only] [--threshold X]

Every judged packet this project has: the held-out *train* candidate grades
(docs/results/heldout_candidate_grades/, 3 judges, 549 entries) choose the reply ranker's `off_moment`
threshold (the highest recall on C with false alarms on A ≤ FA_AIM over the whole audit); the ESConv *dev*
packets (docs/results/judge*_esconv_dev*.packet.md with their grades; the system's replies and the gold
human replies alike) report it. For each graded reply the conversation shown to the judge is parsed back
(Person / Listener lines), the emotion is what the pipeline would read from the words (text head → code
fusion → checks.tone_emotion), the strategy is the strategy classifier's top reading of the reply (so the
plan-following checks, which need a plan, do not fire), and every reply check runs
(responder.checks_with_classifier). A reply is flagged when any check fails. Prints per-check and total
recall on C / false alarms on A with Wilson intervals; writes experiments/reply_audit/results.json.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from mer_agents.agents import checks, reply_ranker, responder, strategy_classifier  # noqa: E402
from mer_agents.agents.forecaster import code_forecast  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.embeddings import similarity  # noqa: E402
from mer_agents.labels import STRATEGIES  # noqa: E402
from mer_agents.perception import perceive_text  # noqa: E402
from mer_agents.types import Turn  # noqa: E402

RESULTS = ROOT / "docs" / "results"
HERE = Path(__file__).resolve().parent
FA_AIM = 0.15
SELECT = [
    (
        RESULTS / "heldout_candidate_grades" / f"packet_{j}.md",
        RESULTS / "heldout_candidate_grades" / f"grades_{j}.json",
    )
    for j in range(3)
]
REPORT = [
    (p, p.with_name(p.name.replace(".packet.md", ".grades.json")))
    for p in sorted(RESULTS.glob("judge*_esconv_dev*.packet.md"))
]
ENTRY = re.compile(r"^## (\d+)\n(.*?)\*\*Reply:\*\* (.*?)\n", re.S | re.M)


def parse(packet: Path, grades: Path) -> list[dict]:
    graded = json.loads(grades.read_text())
    out = []
    for number, body, reply in ENTRY.findall(packet.read_text(encoding="utf-8")):
        lines = [x[2:].strip() for x in body.splitlines() if x.startswith("> ")]
        turns = [(x.split(":", 1)[0], x.split(":", 1)[1].strip()) for x in lines if ":" in x]
        if not turns or turns[-1][0] != "Person" or number not in graded:
            continue
        history, pending = [], []
        for who, text in turns[:-1]:
            if who == "Person":
                pending.append(text)
            else:
                history.append(Turn(user_text=" ".join(pending), reply=text))
                pending = []
        message = " ".join([*pending, turns[-1][1]])
        out.append(
            {
                "packet": packet.name,
                "n": number,
                "grade": graded[number],
                "message": message,
                "history": history,
                "reply": reply.strip(),
            }
        )
    return out


def audit(entry: dict, settings: Settings, threshold: float) -> list[checks.CheckResult]:
    message, history, reply = entry["message"], entry["history"], entry["reply"]
    evidence = perceive_text(message, settings, context=[t.user_text for t in history])
    emotion = checks.tone_emotion(code_forecast(evidence).emotion, evidence)
    probs = strategy_classifier.predict_proba([reply], [message], settings)[0]
    strategy = STRATEGIES[int(np.argmax(probs))]
    previous = history[-1].reply if history else ""
    fit = float(reply_ranker.fit(message, previous or "", [reply], settings)[0])
    entry["fit"] = fit
    results = responder.checks_with_classifier(
        reply,
        strategy,
        emotion,
        message,
        history,
        similarity(reply, message),
        strategy_probs=probs,
        settings=settings,
        previous=previous or "",
        fit=fit,
    )
    return [r for r in results if r.name != "off_moment"] + [checks.check_fit(fit, threshold)]


def wilson(k: int, n: int) -> str:
    if not n:
        return "–"
    p, z = k / n, 1.96
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{p:.2f} [{max(0, c - h):.2f}, {min(1, c + h):.2f}]"


def table(entries: list[dict]) -> dict:
    a = [e for e in entries if e["grade"] == "A"]
    c = [e for e in entries if e["grade"] == "C"]
    names = sorted({n for e in entries for n in e["failed"]})
    rows = {
        n: {
            "recall_C": wilson(sum(n in e["failed"] for e in c), len(c)),
            "false_alarm_A": wilson(sum(n in e["failed"] for e in a), len(a)),
        }
        for n in names
    }
    rows["ANY (the audit)"] = {
        "recall_C": wilson(sum(bool(e["failed"]) for e in c), len(c)),
        "false_alarm_A": wilson(sum(bool(e["failed"]) for e in a), len(a)),
    }
    return {"n": len(entries), "A": len(a), "C": len(c), "checks": rows}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--threshold", type=float, default=None, help="off_moment logit (default: choose on select)"
    )
    ap.add_argument("--select-only", action="store_true")
    args = ap.parse_args()
    settings = Settings()
    select = [e for p, g in SELECT for e in parse(p, g)]
    for e in select:
        e["results"] = audit(e, settings, -1e9)
    grid = sorted({round(float(q), 2) for q in np.percentile([e["fit"] for e in select], range(0, 61, 2))})
    chosen, best = args.threshold, None
    if chosen is None:
        for t in grid:
            flag = [any(not r.ok for r in e["results"]) or e["fit"] < t for e in select]
            fa = np.mean([f for f, e in zip(flag, select) if e["grade"] == "A"])
            rc = np.mean([f for f, e in zip(flag, select) if e["grade"] == "C"])
            if fa <= FA_AIM and (best is None or rc > best[1]):
                best, chosen = (t, rc, fa), t
        chosen = grid[0] if chosen is None else chosen
    for e in select:
        e["failed"] = [r.name for r in e["results"] if not r.ok] + (
            ["off_moment"] if e["fit"] < chosen else []
        )
    out = {"threshold": chosen, "fa_aim": FA_AIM, "select": table(select)}
    print(f"threshold {chosen}\nselect (held-out train grades): {json.dumps(out['select'], indent=1)}")
    if not args.select_only:
        report = []
        for p, g in REPORT:
            for e in parse(p, g):
                e["failed"] = [r.name for r in audit(e, settings, chosen) if not r.ok]
                report.append(e)
        out["report"] = table(report)
        out["report_packets"] = [p.name for p, _ in REPORT]
        print(f"report (dev judgments): {json.dumps(out['report'], indent=1)}")
        (HERE / "items.jsonl").write_text(
            "".join(
                json.dumps({k: v for k, v in e.items() if k not in ("history", "results")}) + "\n"
                for e in report
            )
        )
    (HERE / "results.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
