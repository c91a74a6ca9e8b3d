"""Train the ESConv strategy classifier (mer_agents/agents/strategy_classifier.py) on ESConv train.

    .venv/bin/python scripts/train_strategy_classifier.py [--source ESConv_train.json]
        [--out assets/strategy_classifier/esconv_train.npz] [--dev devWithStrategy_short.tsv] [--quick]

Examples: every supporter turn of ESConv_train.json (its reply, its strategy, and the seeker's most recent
words before it as context — mer_agents.evaluation.esconv_data.seeker_words). Training: every dialogue
except the held-out
slice (mer_agents.evaluation.esconv_data.heldout_train_dialogues(), every 10th); selection of the feature
blocks, the n-gram
size and C by held-out macro-F1. The chosen configuration is then refitted on all train dialogues (held-out
slice included) and saved as plain arrays; the held-out numbers reported are those of the fit without it.
`--dev` also reports accuracy on ESConv dev (reporting only; it chooses nothing). Prints a JSON summary
and a Markdown table for the README. About 3-6 minutes on 2 cores (MiniLM embeddings are cached in /tmp).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_NUM_THREADS", "2")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from scipy import sparse  # noqa: E402
from sklearn.feature_extraction.text import TfidfVectorizer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import accuracy_score, f1_score  # noqa: E402

from mer_agents.agents import strategy_classifier as sc  # noqa: E402
from mer_agents.embeddings import embed  # noqa: E402
from mer_agents.evaluation.esconv_data import (  # noqa: E402
    DEFAULT_TRAIN,
    is_heldout,
    read_train,
    seeker_words,
)
from mer_agents.labels import STRATEGIES  # noqa: E402

DEFAULT_OUT = ROOT / "assets" / "strategy_classifier" / "esconv_train.npz"
DEFAULT_DEV = ROOT.parent / "shared" / "data" / "esconv" / "devWithStrategy_short.tsv"
CACHE = Path("/tmp/mer_strategy_embeddings")
MIN_DF = 2
SEED = 0

# The grid searched on the held-out slice: (name, reply n-gram max, context tf-idf, reply emb, context emb).
CONFIGS = [
    ("reply-ngrams2", 2, False, False, False),
    ("reply-ngrams3", 3, False, False, False),
    ("reply-ngrams2+emb", 2, False, True, False),
    ("reply-ngrams3+emb", 3, False, True, False),
    ("reply-ngrams3+emb+ctx-ngrams", 3, True, True, False),
    ("reply-ngrams3+emb+ctx-emb", 3, False, True, True),
    ("reply-ngrams3+emb+ctx-both", 3, True, True, True),
]
CS = (1.0, 3.0, 10.0)
CONTEXT_WEIGHT = 0.5  # the context blocks count half as much as the reply's (fixed, not searched)


def examples(dialogues):
    rows = []
    for d in dialogues:
        for t in d.turns:
            if t.speaker == "supporter" and t.strategy and t.text:
                rows.append((d.id, t.text, seeker_words(d.turns, t.index), STRATEGIES.index(t.strategy)))
    return rows


def cached_embed(texts: list[str]) -> np.ndarray:
    """MiniLM embeddings, cached on disk by the hash of the text list; "" embeds as a zero vector."""
    key = hashlib.sha1("\x00".join(texts).encode()).hexdigest()[:16]
    path = CACHE / f"{key}.npy"
    if path.is_file():
        return np.load(path)
    CACHE.mkdir(parents=True, exist_ok=True)
    vectors = embed(texts)
    vectors[[not t.strip() for t in texts]] = 0.0
    np.save(path, vectors)
    return vectors


def fit_blocks(replies, contexts, ngram_max, use_ctx):
    rv = TfidfVectorizer(analyzer=lambda t: sc.analyzer(t, ngram_max), min_df=MIN_DF, sublinear_tf=True)
    rv.fit(replies)
    cv = None
    if use_ctx:
        cv = TfidfVectorizer(analyzer=lambda t: sc.analyzer(t, 2, "c:"), min_df=MIN_DF, sublinear_tf=True)
        cv.fit([c for c in contexts if c])
    return rv, cv


def design(rv, cv, replies, contexts, emb_r, emb_c, use_re, use_ce):
    parts = [rv.transform(replies)]
    if cv is not None:
        parts.append(cv.transform(contexts) * CONTEXT_WEIGHT)
    if use_re:
        parts.append(sparse.csr_matrix(emb_r))
    if use_ce:
        parts.append(sparse.csr_matrix(emb_c * CONTEXT_WEIGHT))
    return sparse.hstack(parts).tocsr()


def fit(X, y, C):
    return LogisticRegression(C=C, max_iter=2000, random_state=SEED).fit(X, y)


def scores(y_true, y_pred) -> dict:
    return {
        "accuracy": round(float(accuracy_score(y_true, y_pred)), 4),
        "macro_f1": round(float(f1_score(y_true, y_pred, average="macro", labels=range(len(STRATEGIES)))), 4),
        "per_class_f1": {
            s: round(float(f), 4)
            for s, f in zip(
                STRATEGIES,
                f1_score(y_true, y_pred, average=None, labels=range(len(STRATEGIES)), zero_division=0),
            )
        },
    }


def save(path: Path, rv, cv, clf, cfg, name: str) -> None:
    _, ngram_max, use_ctx, use_re, use_ce = cfg
    coef = clf.coef_.astype(np.float32)
    nr = len(rv.vocabulary_)
    arrays = {
        "classes": np.array(STRATEGIES),
        "intercept": clf.intercept_.astype(np.float32),
        "reply_vocab": np.array(sorted(rv.vocabulary_, key=rv.vocabulary_.get)),
        "reply_idf": rv.idf_.astype(np.float32),
        "reply_ngram_max": np.array(ngram_max),
        "reply_prefix": np.array(""),
        "coef_reply": coef[:, :nr],
        "name": np.array(name),
    }
    col = nr
    weights = {"reply": 1.0}
    if cv is not None:
        nc = len(cv.vocabulary_)
        arrays |= {
            "context_vocab": np.array(sorted(cv.vocabulary_, key=cv.vocabulary_.get)),
            "context_idf": cv.idf_.astype(np.float32),
            "context_ngram_max": np.array(2),
            "context_prefix": np.array("c:"),
            "coef_context": coef[:, col : col + nc],
        }
        col += nc
        weights["context"] = CONTEXT_WEIGHT
    if use_re:
        arrays["coef_reply_emb"] = coef[:, col : col + 384]
        col += 384
        weights["reply_emb"] = 1.0
    if use_ce:
        arrays["coef_context_emb"] = coef[:, col : col + 384]
        col += 384
        weights["context_emb"] = CONTEXT_WEIGHT
    assert col == coef.shape[1]
    arrays["weight_names"] = np.array(list(weights))
    arrays["weight_values"] = np.array(list(weights.values()), dtype=np.float32)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_TRAIN)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--dev", type=Path, default=DEFAULT_DEV, help="ESConv dev TSV to report on ('' to skip)"
    )
    parser.add_argument("--quick", action="store_true", help="only the first config and C (for tests)")
    args = parser.parse_args(argv)
    t0 = time.time()

    rows = examples(read_train(args.source))
    ids, replies, contexts, y = (list(c) for c in zip(*rows))
    y = np.array(y)
    held = np.array([is_heldout(i) for i in ids])
    emb_r, emb_c = cached_embed(replies), cached_embed(contexts)
    tr, ho = ~held, held
    R, C_ = np.array(replies, dtype=object), np.array(contexts, dtype=object)
    majority = int(np.bincount(y[tr]).argmax())
    summary = {
        "train_turns": int(tr.sum()),
        "heldout_turns": int(ho.sum()),
        "heldout_dialogues": len({i for i, h in zip(ids, held) if h}),
        "majority_class": STRATEGIES[majority],
        "majority_heldout_accuracy": round(float((y[ho] == majority).mean()), 4),
        "grid": [],
    }
    configs, cs = (CONFIGS[:1], CS[:1]) if args.quick else (CONFIGS, CS)
    best = None
    for cfg in configs:
        name, ngram_max, use_ctx, use_re, use_ce = cfg
        rv, cv = fit_blocks(list(R[tr]), list(C_[tr]), ngram_max, use_ctx)
        Xtr = design(rv, cv, list(R[tr]), list(C_[tr]), emb_r[tr], emb_c[tr], use_re, use_ce)
        Xho = design(rv, cv, list(R[ho]), list(C_[ho]), emb_r[ho], emb_c[ho], use_re, use_ce)
        for C in cs:
            clf = fit(Xtr, y[tr], C)
            s = scores(y[ho], clf.predict(Xho))
            summary["grid"].append(
                {"config": name, "C": C, "accuracy": s["accuracy"], "macro_f1": s["macro_f1"]}
            )
            print(f"{name:32s} C={C:<5} acc={s['accuracy']:.4f} macroF1={s['macro_f1']:.4f}", flush=True)
            if best is None or s["macro_f1"] > best[0]["macro_f1"]:
                best = (s, cfg, C)
    s, cfg, C = best
    summary |= {"chosen": {"config": cfg[0], "C": C}, "heldout": s}

    # the same fit (without the held-out slice) through the numpy runtime: must agree with sklearn
    rv, cv = fit_blocks(list(R[tr]), list(C_[tr]), cfg[1], cfg[2])
    clf = fit(design(rv, cv, list(R[tr]), list(C_[tr]), emb_r[tr], emb_c[tr], cfg[3], cfg[4]), y[tr], C)
    tmp = args.out.with_suffix(".heldout.npz")
    save(tmp, rv, cv, clf, cfg, "check")
    sc.WEIGHTS = tmp
    probs = sc.predict_proba(list(R[ho]), list(C_[ho]))
    runtime_acc = float((probs.argmax(1) == y[ho]).mean())
    summary["heldout_runtime_accuracy"] = round(runtime_acc, 4)
    assert abs(runtime_acc - s["accuracy"]) < 0.005, (runtime_acc, s["accuracy"])
    tmp.unlink()

    # final fit on all of train, the held-out slice included
    rv, cv = fit_blocks(replies, contexts, cfg[1], cfg[2])
    clf = fit(design(rv, cv, replies, contexts, emb_r, emb_c, cfg[3], cfg[4]), y, C)
    name = (
        f"ESConv-train strategy classifier (held-out acc {s['accuracy']:.2f}, macro-F1 {s['macro_f1']:.2f}; "
        f"{cfg[0]}{' over MiniLM-L6' if cfg[3] or cfg[4] else ''})"
    )
    save(args.out, rv, cv, clf, cfg, name)
    sc.WEIGHTS = args.out
    sc._load.cache_clear()
    summary["name"] = name
    summary["file_bytes"] = args.out.stat().st_size

    if args.dev and str(args.dev) and Path(args.dev).is_file():
        from mer_agents.evaluation.readers import read_esconv

        items = read_esconv(args.dev)
        probs = sc.predict_proba([it.reply for it in items], [it.message for it in items])
        gold = np.array([STRATEGIES.index(it.strategy) for it in items])
        d = scores(gold, probs.argmax(1))
        d["items"] = len(items)
        d["majority_accuracy"] = round(float((gold == majority).mean()), 4)
        summary["dev_report"] = d
    summary["seconds"] = round(time.time() - t0, 1)
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
