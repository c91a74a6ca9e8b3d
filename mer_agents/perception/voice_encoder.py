"""Resemblyzer's GE2E speaker encoder, run from weights vendored in assets/voice_encoder/ (Apache-2.0).

The network (3-layer LSTM over 40 mel channels, 256-d hidden state, linear 256→256, ReLU, L2 norm) and its
mel front end are those of resemblyzer 0.1.4 (voice_encoder.py, audio.wav_to_mel_spectrogram, hparams.py);
only the weights of its `pretrained.pt` are kept (scripts/extract_voice_encoder.py), so diarization needs
neither the package nor its declared dependencies (a `webrtcvad` C build and the obsolete `typing`
backport): a Space that installs requirements.txt alone reads several speakers too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.errors import ModelError

WEIGHTS = Path(__file__).resolve().parents[2] / "assets" / "voice_encoder" / "ge2e.safetensors"
RATE = 16000
N_FFT = 400  # 25 ms window
HOP = 160  # 10 ms step
N_MELS = 40
PARTIAL_FRAMES = 160  # 1.6 s: the encoder's training partial
HIDDEN = 256
LAYERS = 3


def mel_frames(wav: np.ndarray) -> np.ndarray:
    """(frames, 40) power mel spectrogram, as resemblyzer feeds its encoder (not log-scaled)."""
    import librosa

    mel = librosa.feature.melspectrogram(y=wav, sr=RATE, n_fft=N_FFT, hop_length=HOP, n_mels=N_MELS)
    return mel.astype(np.float32).T


@dataclass(frozen=True)
class GE2E:
    """The network's weights as numpy arrays, the matrices transposed once (x @ w + b)."""

    lstm: tuple[tuple[np.ndarray, np.ndarray, np.ndarray], ...]  # per layer: (w_ih.T, w_hh.T, b_ih + b_hh)
    linear: tuple[np.ndarray, np.ndarray]


@load_once
def encoder() -> GE2E:
    """The GE2E network with the vendored weights, run in numpy: diarization imports no torch (issue #14: a
    CPU process without torch is much smaller; docs/RESULTS_LOG.md, "No torch in a CPU process")."""
    if not WEIGHTS.exists():
        raise ModelError(
            f"the voice encoder weights are missing at {WEIGHTS} (rebuild: scripts/extract_voice_encoder.py)"
        )
    from safetensors.numpy import load_file

    from mer_agents.minilm import limit_blas_threads

    limit_blas_threads()  # small matrices, and the cores are the models' (minilm.BLAS_THREADS)
    w = load_file(str(WEIGHTS))
    lstm = tuple(
        (
            np.ascontiguousarray(w[f"lstm.weight_ih_l{k}"].T),
            np.ascontiguousarray(w[f"lstm.weight_hh_l{k}"].T),
            w[f"lstm.bias_ih_l{k}"] + w[f"lstm.bias_hh_l{k}"],
        )
        for k in range(LAYERS)
    )
    return GE2E(lstm=lstm, linear=(np.ascontiguousarray(w["linear.weight"].T), w["linear.bias"]))


def embed(mels: np.ndarray) -> np.ndarray:
    """Unit-length 256-d embeddings of a batch of (PARTIAL_FRAMES, 40) mel spectrograms, in one pass: the
    LSTM (torch's gate order i, f, g, o) over the frames, its last layer's final state through the linear
    map and a ReLU, L2-normalised, as resemblyzer's VoiceEncoder.forward."""
    model = encoder()
    x = np.ascontiguousarray(mels, dtype=np.float32)
    for w_ih, w_hh, bias in model.lstm:
        x = _lstm_layer(x, w_ih, w_hh, bias)
    weight, bias = model.linear
    raw = np.maximum(x[:, -1] @ weight + bias, 0)
    return (raw / np.linalg.norm(raw, axis=1, keepdims=True)).astype(np.float32)


def _lstm_layer(x: np.ndarray, w_ih: np.ndarray, w_hh: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """(batch, frames, in) → (batch, frames, HIDDEN): the input projections of all frames at once, then
    the recurrence frame by frame."""
    batch, frames, _ = x.shape
    gates_in = (x.reshape(batch * frames, -1) @ w_ih + bias).reshape(batch, frames, 4 * HIDDEN)
    h = np.zeros((batch, HIDDEN), dtype=np.float32)
    c = np.zeros((batch, HIDDEN), dtype=np.float32)
    out = np.empty((batch, frames, HIDDEN), dtype=np.float32)
    for t in range(frames):
        gates = gates_in[:, t] + h @ w_hh
        i, f, g, o = (gates[:, k * HIDDEN : (k + 1) * HIDDEN] for k in range(4))
        c = _sigmoid(f) * c + _sigmoid(i) * np.tanh(g)
        h = _sigmoid(o) * np.tanh(c)
        out[:, t] = h
    return out


def _sigmoid(x: np.ndarray) -> np.ndarray:
    """1 / (1 + e^-x), written through tanh, which does not overflow for large |x|."""
    return 0.5 + 0.5 * np.tanh(0.5 * x)
