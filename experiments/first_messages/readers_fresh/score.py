"""Score the two blind judges' grades of packet.md for each run of the 130 messages: base.json (d79b005),
new.json (the text encoder's round 2, not shipped, with the crisis round 3 and the planner's prior
correction) and new_shipped.json (what ships: round 1's text encoder, the crisis round 3, the prior
correction). Every reply of new_shipped is one of the graded entries. Per run: pooled A/B/C over both judges;
run − base paired over messages (each message's grade averaged over the judges; bootstrap over messages,
10,000 resamples, seed 0). Writes scores.json.

    PYTHONPATH=. .venv/bin/python experiments/first_messages/readers_fresh/score.py
    PYTHONPATH=. .venv/bin/python experiments/first_messages/readers_fresh/score.py \
        --dir experiments/first_messages/echo_fresh

`--dir FOLDER`: another two-judge set scored the same way (the runs of RUNS whose file is there);
`--by-type`: also A and C per type of message (the folder's messages.jsonl).
"""

import json
import sys
from pathlib import Path

import numpy as np

from mer_agents.evaluation.metrics import bootstrap_ci

HERE = Path(sys.argv[sys.argv.index("--dir") + 1]) if "--dir" in sys.argv else Path(__file__).resolve().parent
RUNS = tuple(r for r in ("base", "new", "new_shipped", "gold") if (HERE / f"{r}.json").exists())

key = json.loads((HERE / "key.json").read_text())
judges = [json.loads((HERE / f"grades_{j}.json").read_text()) for j in "AB"]
runs = {r: json.loads((HERE / f"{r}.json").read_text()) for r in RUNS}
grade = {}  # (message index, reply) -> the judges' grades
for k, v in key.items():
    reply = runs[v["sources"][0]][v["item"]]["reply"].strip()
    grade[(v["item"], reply)] = [g[k] for g in judges]
out = {
    "messages": len(runs["base"]),
    "agreement": round(float(np.mean([j[0] == j[1] for j in grade.values()])), 3),
}
rates = {}
for r, rows in runs.items():
    g = np.array(
        [[x == c for c in "ABC"] for i, row in enumerate(rows) for x in grade[(i, row["reply"].strip())]]
    )
    out[r] = {c: round(float(g[:, n].mean()), 3) for n, c in enumerate("ABC")}
    per = np.array(
        [
            [np.mean([x == c for x in grade[(i, row["reply"].strip())]]) for c in "AC"]
            for i, row in enumerate(rows)
        ]
    )
    rates[r] = per
    out[r]["changed_vs_base"] = sum(a["reply"] != b["reply"] for a, b in zip(rows, runs["base"]))
for r in RUNS[1:]:
    for n, c in enumerate("AC"):
        d = rates[r][:, n] - rates["base"][:, n]
        out[f"{r} − base, {c}"] = [round(float(d.mean()), 3), *(round(x, 3) for x in bootstrap_ci(d, 10000))]
if "--by-type" in sys.argv:  # A and C per type of message (messages.jsonl), each run
    types = [json.loads(x)["type"] for x in (HERE / "messages.jsonl").read_text().splitlines() if x.strip()]
    out["by_type"] = {
        t: {
            r: {
                c: round(float(rates[r][[i for i, x in enumerate(types) if x == t], n].mean()), 3)
                for n, c in enumerate("AC")
            }
            for r in RUNS
        }
        | {"n": types.count(t)}
        for t in dict.fromkeys(types)
    }
print(json.dumps(out, indent=1))
(HERE / "scores.json").write_text(json.dumps(out, indent=1) + "\n")
