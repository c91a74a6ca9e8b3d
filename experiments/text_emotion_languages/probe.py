"""Reading the emotion of typed text that is not English (#37, item 3): a probe on multilingual embeddings.

    .venv/bin/python experiments/text_emotion_languages/probe.py            # choice.json (select set)
    .venv/bin/python experiments/text_emotion_languages/probe.py --ship     # the shipped asset
    .venv/bin/python experiments/text_emotion_languages/probe.py --report   # report.json (report set, once)

The text head and the fine-tuned MiniLM read English; typed Spanish or Turkish is read as if it were English
words. A logistic regression on Universal Sentence Encoder multilingual v3 embeddings
(mer_agents/agents/multilingual.embed) is trained on the English fit split of the emotion encoder
(experiments/text_emotion_encoder/train.py: MELD train, ESConv train seeker turns and situations, the plain
statements) and read on text routed as not English (multilingual.other_language). The choice (stated
before it ran): on `select/` (168 messages in 12 languages by one helper), the probe's probabilities mixed
with the app's current reading at each MIX weight, and C and the class weighting over a small grid; the best
accuracy ships if it beats the current reading's. `report/` (168 messages by another helper, written apart)
is read once. Sources: MELD (GPL-3.0), ESConv (CC BY-NC 4.0), the written sets (MIT), USE multilingual v3
(Google, Apache-2.0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "experiments" / "text_emotion_encoder"), str(ROOT / "scripts")]

import numpy as np  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import accuracy_score, f1_score  # noqa: E402

from mer_agents import multilingual  # noqa: E402
from mer_agents.evaluation.metrics import bootstrap_ci  # noqa: E402
from mer_agents.labels import EMOTIONS  # noqa: E402

MIX = (1.0, 0.75, 0.5, 0.25)  # the probe's weight against the current reading
GRID = ((0.3, None), (1.0, None), (3.0, None), (1.0, "balanced"), (3.0, "balanced"))  # (C, class_weight)
ASSET = ROOT / "assets" / "text_encoder" / "languages_probe.npz"
SEED = 0


def rows(name: str) -> list[tuple[str, int, str]]:
    lines = (HERE / name / "messages.jsonl").read_text(encoding="utf-8").splitlines()
    return [(r["text"], EMOTIONS.index(r["label"]), r["language"]) for r in map(json.loads, lines) if r]


def training_data() -> tuple[np.ndarray, np.ndarray]:
    """The encoder's English fit split, embedded once: (embeddings, labels)."""
    from train import read_sets

    train = read_sets()["train"]
    return multilingual.embed([t for t, _, _ in train]), np.array([label for _, _, label in train])


def fit(data: tuple[np.ndarray, np.ndarray], c: float, weight: str | None) -> LogisticRegression:
    return LogisticRegression(C=c, class_weight=weight, max_iter=3000, random_state=SEED).fit(*data)


def current(texts: list[str]) -> np.ndarray:
    """The app's reading of typed text today: the text head blended with the fine-tuned encoder."""
    from mer_agents.perception.text import classify_texts

    return classify_texts(texts, [[] for _ in texts])


def scores(y: np.ndarray, probs: np.ndarray) -> dict:
    pred = probs.argmax(axis=1)
    return {
        "accuracy": round(float(accuracy_score(y, pred)), 4),
        "macro_f1": round(float(f1_score(y, pred, average="macro", labels=range(len(EMOTIONS)))), 4),
    }


def choose() -> None:
    data = rows("select")
    texts, y = [t for t, _, _ in data], np.array([label for _, label, _ in data])
    base = current(texts)
    x = multilingual.embed(texts)
    out = {
        "n": len(data),
        "current": scores(y, base),
        "routed": float(np.mean([multilingual.other_language(t) for t in texts])),
        "grid": [],
    }
    train = training_data()
    for c, weight in GRID:
        probe = fit(train, c, weight).predict_proba(x)
        for mix in MIX:
            out["grid"].append(
                {"C": c, "class_weight": weight, "mix": mix} | scores(y, mix * probe + (1 - mix) * base)
            )
    best = max(out["grid"], key=lambda r: (r["accuracy"], r["macro_f1"]))
    out["chosen"], out["ships"] = best, best["accuracy"] > out["current"]["accuracy"]
    print(json.dumps({k: v for k, v in out.items() if k != "grid"}, indent=1))
    (HERE / "choice.json").write_text(json.dumps(out, indent=1) + "\n")


def ship() -> None:
    chosen = json.loads((HERE / "choice.json").read_text())["chosen"]
    model = fit(training_data(), chosen["C"], chosen["class_weight"])
    np.savez(
        ASSET,
        **multilingual.probe_arrays(model),
        mix=np.array(chosen["mix"]),
    )
    print("wrote", ASSET)


def report() -> None:
    from mer_agents.config import Settings
    from mer_agents.perception.text import text_evidence

    data = rows("report")
    texts, y = [t for t, _, _ in data], np.array([label for _, label, _ in data])
    base = current(texts)
    settings = Settings()
    now = np.array([[text_evidence(t, [], [], settings).probs.get(e, 0.0) for e in EMOTIONS] for t in texts])
    a, b = (base.argmax(1) == y).astype(float), (now.argmax(1) == y).astype(float)
    out = {
        "n": len(data),
        "before": scores(y, base),
        "after": scores(y, now),
        "accuracy_after_minus_before": [round(float((b - a).mean()), 4), *bootstrap_ci(b - a, 10000)],
    }
    out["by_language"] = {
        g: {
            "before": round(float(a[[lang == g for _, _, lang in data]].mean()), 3),
            "after": round(float(b[[lang == g for _, _, lang in data]].mean()), 3),
        }
        for g in dict.fromkeys(lang for _, _, lang in data)
    }
    print(json.dumps(out, indent=1))
    (HERE / "report.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ship", action="store_true")
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args()
    ship() if args.ship else report() if args.report else choose()
