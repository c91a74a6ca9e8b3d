"""Score two blind judges' grades of plain_unseen/packet.md: per source (base, new) the pooled A/B/C rates,
the judges' agreement, and new − base paired over the messages (135 here; each message's grade averaged over
the judges; bootstrap over messages, 10,000 resamples, seed 0).

    .venv/bin/python experiments/first_messages/plain_unseen/score.py [--dir FOLDER]

`--dir`: another set's folder of the same form (e.g. experiments/first_messages/openings_fresh).
"""

import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(sys.argv[sys.argv.index("--dir") + 1]) if "--dir" in sys.argv else Path(__file__).resolve().parent
JUDGES = ("grades_A.json", "grades_B.json")

key = json.loads((HERE / "key.json").read_text())
grades = [json.loads((HERE / name).read_text()) for name in JUDGES]
n_items = 1 + max(v["item"] for v in key.values())
labels = json.loads((HERE / "labels.json").read_text())
out: dict = {"judges": len(grades), "items": n_items, "entries": len(key)}
out["agreement"] = round(float(np.mean([grades[0][k] == grades[1][k] for k in key])), 3)
score = {s: np.zeros((len(grades), n_items, 3)) for s in ("base", "new")}  # one-hot A, B, C
for j, g in enumerate(grades):
    for k, v in key.items():
        for s in v["sources"]:
            score[s][j, v["item"], "ABC".index(g[k])] = 1
for s in ("base", "new"):
    rates = score[s].mean(axis=(0, 1))
    out[s] = {g: round(float(r), 3) for g, r in zip("ABC", rates)}
per_item = {s: score[s].mean(axis=0) for s in score}  # (items, 3): averaged over judges
diff = per_item["new"] - per_item["base"]
rng = np.random.default_rng(0)
boot = np.array([diff[rng.integers(0, n_items, n_items)].mean(axis=0) for _ in range(10000)])
lo, hi = np.percentile(boot, [2.5, 97.5], axis=0)
out["new_minus_base"] = {
    g: [round(float(diff[:, i].mean()), 3), round(float(lo[i]), 3), round(float(hi[i]), 3)]
    for i, g in ((0, "A"), (2, "C"))
}
out["messages_with_changed_reply"] = len({v["item"] for v in key.values() if len(v["sources"]) == 1})
by_label: dict = {}
for i, lab in enumerate(labels):
    d = by_label.setdefault(lab, {"n": 0, "base_A": 0.0, "new_A": 0.0, "base_C": 0.0, "new_C": 0.0})
    d["n"] += 1
    for s in ("base", "new"):
        d[f"{s}_A"] += float(per_item[s][i, 0])
        d[f"{s}_C"] += float(per_item[s][i, 2])
out["by_label"] = {
    lab: {k: (v if k == "n" else round(v / d["n"], 2)) for k, v in d.items()} for lab, d in by_label.items()
}
print(json.dumps(out, indent=1))
(HERE / "scores.json").write_text(json.dumps(out, indent=1) + "\n")
