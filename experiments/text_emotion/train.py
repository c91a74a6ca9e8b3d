"""Fine-tune MiniLM-L6 end to end for the 7 MELD emotions with dialogue context (issue #37, item 1).

    .venv/bin/python experiments/text_emotion/train.py [--epochs 2] [--out assets/text_encoder/meld.npz]

Input `[CLS] context [SEP] utterance [SEP]`, the context being the previous CONTEXT_TURNS utterances of the
dialogue (its end kept). Trained on MELD train less the held-out slice (every 10th dialogue), class-weighted
cross-entropy (MELD is half neutral); the epoch is chosen on the held-out slice by weighted-F1; MELD dev is
read by report.py only. GoEmotions is not on this machine (no hub access), and ESConv's seeker turns carry
no per-turn emotion label, so both are left out. Sources: MELD (GPL-3.0), MiniLM-L6 (Apache-2.0).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import torch  # noqa: E402
from sklearn.metrics import f1_score  # noqa: E402

from mer_agents import training  # noqa: E402
from mer_agents.labels import EMOTIONS  # noqa: E402
from mer_agents.perception.text_head import normalise_text  # noqa: E402

MELD = ROOT.parent / "shared" / "data" / "meld"
OUT = ROOT / "assets" / "text_encoder" / "meld.npz"
CONTEXT_TURNS = 2
FIRST_MAX, SECOND_MAX = 48, 64
HELDOUT_EVERY = 10


def read(path: Path) -> list[dict]:
    """MELD rows with their context (the previous CONTEXT_TURNS utterances of the dialogue)."""
    with path.open(encoding="utf-8", errors="replace") as f:
        rows = list(csv.DictReader(f))
    out, previous = [], {}
    for r in rows:
        d = int(r["Dialogue_ID"])
        text = normalise_text(r["Utterance"].replace("\x92", "'"))
        ctx = previous.setdefault(d, [])
        out.append(
            {
                "dialogue": d,
                "text": text,
                "context": " ".join(ctx[-CONTEXT_TURNS:]),
                "label": EMOTIONS.index(r["Emotion"]),
            }
        )
        ctx.append(text)
    return out


def encode(tok, rows: list[dict]) -> list:
    return training.encode(tok, [(r["context"], r["text"]) for r in rows], FIRST_MAX, SECOND_MAX)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=float, default=2.0)
    ap.add_argument("--lr", type=float, default=4e-5)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    rows = read(MELD / "train_sent_emo.csv")
    train = [r for r in rows if r["dialogue"] % HELDOUT_EVERY]
    held = [r for r in rows if not r["dialogue"] % HELDOUT_EVERY]
    tok = training.tokenizer()
    counts = np.bincount([r["label"] for r in train], minlength=len(EMOTIONS))
    weights = torch.tensor((counts.sum() / (len(EMOTIONS) * counts)) ** 0.5, dtype=torch.float32)
    groups = [{"pair": p, "label": r["label"]} for p, r in zip(encode(tok, train), train)]

    def loss_fn(model, batch):
        logits = model(*training.batch_tensors([g["pair"] for g in batch]))
        return torch.nn.functional.cross_entropy(
            logits, torch.tensor([g["label"] for g in batch]), weight=weights
        )

    model = training.Scorer(len(EMOTIONS))
    held_pairs, held_y = encode(tok, held), [r["label"] for r in held]
    scores, started, best = [], time.time(), None
    whole = int(args.epochs)
    for epoch in range(max(1, whole)):
        training.train(model, groups, loss_fn, epochs=1.0, lr=args.lr, batch_groups=32, seed=epoch)
        pred = training.predict(model, held_pair := held_pairs).argmax(1)
        f1 = f1_score(held_y, pred, average="weighted")
        scores.append(
            {
                "epoch": epoch + 1,
                "heldout_weighted_f1": round(float(f1), 4),
                "heldout_acc": round(float(np.mean(pred == np.array(held_y))), 4),
            }
        )
        print(scores[-1], flush=True)
        if best is None or f1 > best:
            best = f1
            training.save(
                model,
                args.out,
                name="MiniLM-L6 fine-tuned on MELD train (7 emotions, context)",
                first_max=FIRST_MAX,
                second_max=SECOND_MAX,
            )
        del held_pair
    summary = {
        "train": len(train),
        "heldout": len(held),
        "class_weights": [round(float(w), 3) for w in weights],
        "lr": args.lr,
        "epochs": scores,
        "train_s": round(time.time() - started),
    }
    (Path(__file__).resolve().parent / "selection.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
