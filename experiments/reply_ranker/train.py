"""Train the reply ranker (mer_agents/agents/reply_ranker.py): a cross-encoder over the moment and a reply.

    .venv/bin/python experiments/reply_ranker/train.py [--groups 8000] [--epochs 1] [--out PATH]

Each ESConv *train* supporter turn that follows seeker words is one group: the moment (the supporter turn
the person was answering and the person's words, `reply_ranker.moment_text`), the true reply, and hard
negatives drawn the way the responder's pool draws its candidates: N_POOL same-strategy supporter replies of
*other* dialogues that the reply selector ranks highest for this moment and that pass guard.transfers (the
exemplars the pool would offer), the grounded template built from the person's words, and the supporter's
own previous turn (a near-copy is never the answer) or, at the opening, a random reply. Listwise softmax
loss, true reply first. Trained on every train dialogue but the held-out slice (every 10th); the script
then reports recall@1 on the held-out slice's groups for the ranker and the reply selector (the shipped
fit), and writes the weights. Selection on the graded held-out candidates: experiments/reply_ranker/choose.py.
Source: ESConv train (thu-coai/Emotional-Support-Conversation, CC BY-NC 4.0); MiniLM-L6 (Apache-2.0).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from experiments.reply_ranker import ranker as reply_ranker  # noqa: E402
from mer_agents import training  # noqa: E402
from mer_agents.agents import guard, reply_selector  # noqa: E402
from mer_agents.agents.retrieval import default_bank  # noqa: E402
from mer_agents.agents.templates import grounded_reply  # noqa: E402
from mer_agents.embeddings import embed  # noqa: E402
from mer_agents.evaluation.esconv_data import (  # noqa: E402
    is_heldout,
    previous_supporter,
    read_train,
    seeker_words,
)

OUT = reply_ranker.WEIGHTS
N_POOL = 2  # pool-like exemplars per group (drawn from the selector's top K_POOL that transfer)
K_POOL = 8
TONE = {
    "anxiety": "fear",
    "depression": "sadness",
    "sadness": "sadness",
    "anger": "anger",
    "fear": "fear",
    "disgust": "disgust",
    "shame": "sadness",
    "nervousness": "fear",
    "jealousy": "anger",
    "guilt": "sadness",
    "pain": "sadness",
}
SEED = 0


def turns_of(dialogues):
    for d in dialogues:
        for t in d.turns:
            if t.speaker != "supporter" or not t.strategy:
                continue
            words = seeker_words(d.turns, t.index)
            if not words.strip():
                continue
            yield d, t, words, previous_supporter(d.turns, t.index)


def build_groups(dialogues, rng: random.Random, limit: int | None) -> list[dict]:
    items = list(turns_of(dialogues))
    rng.shuffle(items)
    items = items[:limit] if limit else items
    bank = default_bank()
    bank_vectors = reply_selector.reply_vectors(bank.reply_vectors)
    all_replies = [e.reply for e in bank.exemplars]
    groups = []
    started = time.time()
    for n, (d, t, words, prev) in enumerate(items):
        moment = reply_selector.context_vector(words, prev)
        found = bank.rank_replies(
            bank_vectors @ moment,
            k=K_POOL * 3,
            exclude={d.id},
            strategy=t.strategy,
            closing=guard.closes(words),
        )
        said = [words, prev]
        pool = [e.reply for e in found if guard.transfers(e.reply, said, closing=guard.closes(words))]
        pool = [r for r in pool[:K_POOL] if r.strip().lower() != t.text.strip().lower()]
        negatives = rng.sample(pool, min(N_POOL, len(pool)))
        template = grounded_reply(words, TONE.get(d.emotion_type, "sadness"), t.strategy)
        negatives.append(template)
        negatives.append(prev if prev.strip() else rng.choice(all_replies))
        while len(negatives) < N_POOL + 2:
            negatives.append(rng.choice(all_replies))
        groups.append(
            {
                "dialogue": d.id,
                "words": words,
                "prev": prev,
                "moment": reply_ranker.moment_text(words, prev),
                "replies": [t.text, *negatives],
            }
        )
        if n % 1000 == 0:
            print(f"groups {n}/{len(items)} ({time.time() - started:.0f} s)", flush=True)
    return groups


def loss_fn(model, batch):
    pairs = [p for g in batch for p in g["pairs"]]
    logits = model(*training.batch_tensors(pairs)).view(len(batch), -1)
    first = torch.zeros(len(batch), dtype=torch.long, device=logits.device)  # the true reply leads each group
    return torch.nn.functional.cross_entropy(logits, first)


def recall_at_1(scores_by_group) -> float:
    return float(np.mean([int(np.argmax(s) == 0) for s in scores_by_group]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--groups", type=int, default=8000)
    ap.add_argument("--heldout-groups", type=int, default=600)
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--lr", type=float, default=3e-5)
    ap.add_argument("--batch", type=int, default=8, help="groups per step")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    rng = random.Random(SEED)
    dialogues = read_train()
    train_d = [d for d in dialogues if not is_heldout(d.id)]
    held_d = [d for d in dialogues if is_heldout(d.id)]
    tok = training.tokenizer()
    first, second = reply_ranker.FIRST_MAX, reply_ranker.SECOND_MAX
    train_groups = build_groups(train_d, rng, args.groups)
    held_groups = build_groups(held_d, rng, args.heldout_groups)
    for g in train_groups + held_groups:
        g["pairs"] = training.encode(tok, [(g["moment"], r) for r in g["replies"]], first, second)
    # the shipped fit (reply selector) on the held-out groups, for comparison
    sel = []
    for g in held_groups:
        words, prev = g["words"], g["prev"]
        sel.append(
            reply_selector.reply_vectors(embed(g["replies"])) @ reply_selector.context_vector(words, prev)
        )
    model = training.Scorer(1)
    flat = [p for g in held_groups for p in g["pairs"]]
    sizes = [len(g["pairs"]) for g in held_groups]

    def held_scores():
        out, i = [], 0
        s = training.predict(model, flat)[:, 0]
        for k in sizes:
            out.append(s[i : i + k])
            i += k
        return out

    before = recall_at_1(held_scores())
    started = time.time()
    training.train(model, train_groups, loss_fn, epochs=args.epochs, lr=args.lr, batch_groups=args.batch)
    after = recall_at_1(held_scores())
    summary = {
        "train_groups": len(train_groups),
        "heldout_groups": len(held_groups),
        "epochs": args.epochs,
        "lr": args.lr,
        "batch": args.batch,
        "train_s": round(time.time() - started),
        "heldout_recall_at_1": {
            "chance": round(1 / (N_POOL + 3), 3),
            "untrained": round(before, 3),
            "reply_selector": round(recall_at_1(sel), 3),
            "ranker": round(after, 3),
        },
    }
    print(json.dumps(summary, indent=1))
    training.save(
        model,
        args.out,
        name="MiniLM-L6 cross-encoder fine-tuned on ESConv train (reply ranker)",
        first_max=first,
        second_max=second,
    )
    args.out.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n")


if __name__ == "__main__":
    main()
