"""The audit's reply checks measured like a classifier against blind judges' grades.

    .venv/bin/python experiments/reply_audit/measure.py

Every judged packet this project has: the held-out *train* candidate grades
(experiments/reply_policy/heldout_candidate_grades/, 3 judges, 549 entries: where checks were chosen) and the
ESConv *dev* packets (docs/results/judge*_esconv_dev*.packet.md with their grades; the system's replies and
the gold human replies alike: where they are reported). For each graded reply the conversation shown to the
judge is parsed back (Person / Listener lines), the emotion is what the pipeline would read from the words
(text head → code fusion → checks.tone_emotion), the strategy is the strategy classifier's top reading of the
reply (so the plan-following checks, which need a plan, do not fire), and every reply check runs
(responder.checks_with_classifier). A reply is flagged when any check fails. Prints per-check and total recall
on C / false alarms on A with Wilson intervals; writes experiments/reply_audit/results.json.
"""

from __future__ import annotations

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

from mer_agents.agents import checks, responder, strategy_classifier  # noqa: E402
from mer_agents.agents.forecaster import code_forecast  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.embeddings import similarity  # noqa: E402
from mer_agents.labels import STRATEGIES  # noqa: E402
from mer_agents.perception import perceive_text  # noqa: E402
from mer_agents.types import Turn  # noqa: E402

RESULTS = ROOT / "docs" / "results"
GRADES = ROOT / "experiments" / "reply_policy" / "heldout_candidate_grades"
HERE = Path(__file__).resolve().parent
SELECT = [
    (
        GRADES / f"packet_{j}.md",
        GRADES / f"grades_{j}.json",
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


def audit(entry: dict, settings: Settings) -> list[checks.CheckResult]:
    """Every reply check the audit runs, on one graded reply."""
    message, history, reply = entry["message"], entry["history"], entry["reply"]
    evidence = perceive_text(message, settings, context=[t.user_text for t in history])
    emotion = checks.tone_emotion(code_forecast(evidence).emotion, evidence)
    probs = strategy_classifier.predict_proba([reply], [message], settings)[0]
    strategy = STRATEGIES[int(np.argmax(probs))]
    return responder.checks_with_classifier(
        reply,
        strategy,
        emotion,
        message,
        history,
        similarity(reply, message),
        strategy_probs=probs,
        settings=settings,
    )


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
    settings = Settings()
    out: dict = {}
    for name, packets in (("select", SELECT), ("report", REPORT)):
        entries = []
        for p, g in packets:
            for e in parse(p, g):
                e["failed"] = [r.name for r in audit(e, settings) if not r.ok]
                entries.append(e)
        out[name] = table(entries)
        print(f"{name}: {json.dumps(out[name], indent=1)}")
        (HERE / f"{name}_items.jsonl").write_text(
            "".join(json.dumps({k: v for k, v in e.items() if k != "history"}) + "\n" for e in entries)
        )
    out["report_packets"] = [p.name for p, _ in REPORT]
    (HERE / "results.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
