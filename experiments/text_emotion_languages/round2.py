"""The emotion probe for words not in English, round 2: written training messages in its 12 languages (#37).

    .venv/bin/python experiments/text_emotion_languages/round2.py            # round2_choice.json (select/)
    .venv/bin/python experiments/text_emotion_languages/round2.py --ship     # the shipped asset
    .venv/bin/python experiments/text_emotion_languages/round2.py --report --old OLD.npz   # once

Why: the shipped probe (probe.py) learnt only English (the emotion encoder's fit split) and reads other
languages through the multilingual encoder: 0.70 right on report/. The crisis probe gained most, in session
35, from written messages in the other languages themselves and a hidden layer (crisis_detector/multilingual/
round13.py). An MLP on the English data alone did worse than the logistic probe on select/ (0.62-0.66 against
0.69: explored before this rule), so the question here is the data.

Data: train_written/ (four helpers who saw nothing of the project: 8 messages per emotion in each of the 12
languages of select/ and report/, with other example lines). report2/ (two other helpers, written apart at the
same time: 3 per emotion and language, 252 messages) reports.

Rule, stated before it ran (committed with this file, before train_written/ or report2/ were read by any
model): candidates are probe.py's GRID (logistic, C and class weight) and one MLP (one ReLU layer of 256,
alpha 1e-3, early stopping, seed 0), each trained on the English fit split plus every train_written/ row,
mixed with the current English reading at each of probe.MIX. The best accuracy on select/ (macro-F1 breaks
ties) ships if it is above the shipped probe's on select/ (0.691). Then report2/ is read once, the app's
reading with the old probe against the new one (paired), with report/ (read before) beside it; reported
whichever way it goes. If nothing ships, report2/ stays unread.
Sources: MELD (GPL-3.0), ESConv (CC BY-NC 4.0), the written sets (MIT), USE multilingual v3 (Google,
Apache-2.0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from functools import partial
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE)]

import numpy as np  # noqa: E402
import probe  # noqa: E402

from mer_agents import multilingual  # noqa: E402
from mer_agents.evaluation.metrics import bootstrap_ci  # noqa: E402
from mer_agents.labels import EMOTIONS  # noqa: E402
from mer_agents.perception import text_languages  # noqa: E402

CHOICE = HERE / "round2_choice.json"
HIDDEN_UNITS = 256
ALPHA = 1e-3
MLP = ("mlp", None)


def training_data() -> tuple[np.ndarray, np.ndarray]:
    """probe.training_data's English fit split plus the train_written/ rows, embedded."""
    x, y = probe.training_data()
    written = probe.rows("train_written")
    xw = multilingual.embed([t for t, _, _ in written])
    return np.vstack([x, xw]), np.concatenate([y, [label for _, label, _ in written]])


def fit(data, c, weight):
    if (c, weight) != MLP:
        return probe.fit(data, c, weight)
    from sklearn.neural_network import MLPClassifier

    model = MLPClassifier(
        hidden_layer_sizes=(HIDDEN_UNITS,), alpha=ALPHA, early_stopping=True, random_state=probe.SEED
    )
    return model.fit(*data)


def choose() -> None:
    data = probe.rows("select")
    texts, y = [t for t, _, _ in data], np.array([label for _, label, _ in data])
    base = probe.current(texts)
    x = multilingual.embed(texts)
    shipped = json.loads((HERE / "choice.json").read_text())["chosen"]
    train = training_data()
    grid = []
    for c, weight in (*probe.GRID, MLP):
        p = fit(train, c, weight).predict_proba(x)
        for mix in probe.MIX:
            grid.append(
                {"C": c, "class_weight": weight, "mix": mix} | probe.scores(y, mix * p + (1 - mix) * base)
            )
    best = max(grid, key=lambda r: (r["accuracy"], r["macro_f1"]))
    out = {
        "n": len(data),
        "n_train": len(train[1]),
        "shipped probe": shipped,
        "chosen": best,
        "ships": best["accuracy"] > shipped["accuracy"],
        "grid": grid,
    }
    print(json.dumps({k: v for k, v in out.items() if k != "grid"}, indent=1))
    CHOICE.write_text(json.dumps(out, indent=1) + "\n")


def ship() -> None:
    choice = json.loads(CHOICE.read_text())
    assert choice["ships"], "the choice did not ship a probe"
    chosen = choice["chosen"]
    model = fit(training_data(), chosen["C"], chosen["class_weight"])
    if hasattr(model, "coefs_"):
        (w1, w2), (b1, b2) = model.coefs_, model.intercepts_
        arrays = {"hidden": w1.T, "hidden_bias": b1, "coef": w2.T, "intercept": b2}
    else:
        arrays = {"coef": model.coef_, "intercept": model.intercept_}
    np.savez(probe.ASSET, **{k: v.astype(np.float32) for k, v in arrays.items()}, mix=np.array(chosen["mix"]))
    print("wrote", probe.ASSET)


def report(old: Path) -> None:
    """Once: report2/ (and report/, read before), the app's reading of typed text with the old probe and with
    the shipped one, paired over messages."""
    from mer_agents.config import Settings
    from mer_agents.perception.text import text_evidence

    readers = {f: getattr(text_languages, f) for f in ("probs", "mix_weight")}
    settings = Settings()
    out: dict = {}
    for name in ("report2", "report"):
        data = probe.rows(name)
        texts, y = [t for t, _, _ in data], np.array([label for _, label, _ in data])
        hits = {}
        for label, path in (("old probe", old), ("round 2", probe.ASSET)):
            for f, reader in readers.items():
                setattr(text_languages, f, partial(reader, path=path))
            now = np.array(
                [[text_evidence(t, [], [], settings).probs.get(e, 0.0) for e in EMOTIONS] for t in texts]
            )
            hits[label] = (now.argmax(1) == y).astype(float)
            out.setdefault(name, {})[label] = probe.scores(y, now)
        for f, reader in readers.items():
            setattr(text_languages, f, reader)
        d = hits["round 2"] - hits["old probe"]
        out[name]["n"] = len(data)
        out[name]["accuracy round 2 - old"] = [round(float(d.mean()), 4), *bootstrap_ci(d, 10000)]
        out[name]["by_language"] = {
            g: {k: round(float(h[[lang == g for _, _, lang in data]].mean()), 3) for k, h in hits.items()}
            for g in dict.fromkeys(lang for _, _, lang in data)
        }
    print(json.dumps(out, indent=1))
    (HERE / "round2_report.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ship", action="store_true")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--old", type=Path, help="with --report: the probe before round 2 (.npz)")
    args = ap.parse_args()
    ship() if args.ship else report(args.old) if args.report else choose()
