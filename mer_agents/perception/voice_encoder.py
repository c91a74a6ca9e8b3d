"""Resemblyzer's GE2E speaker encoder, run from weights vendored in assets/voice_encoder/ (Apache-2.0).

The network (3-layer LSTM over 40 mel channels, 256-d hidden state, linear 256→256, ReLU, L2 norm) and its
mel front end are those of resemblyzer 0.1.4 (voice_encoder.py, audio.wav_to_mel_spectrogram, hparams.py);
only the weights of its `pretrained.pt` are kept (scripts/extract_voice_encoder.py), so diarization needs
neither the package nor its declared dependencies (a `webrtcvad` C build and the obsolete `typing`
backport): a Space that installs requirements.txt alone reads several speakers too.
"""

from __future__ import annotations

import threading
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

_LOCK = threading.Lock()  # one forward at a time: the encoder is shared by every run


def mel_frames(wav: np.ndarray) -> np.ndarray:
    """(frames, 40) power mel spectrogram, as resemblyzer feeds its encoder (not log-scaled)."""
    import librosa

    mel = librosa.feature.melspectrogram(y=wav, sr=RATE, n_fft=N_FFT, hop_length=HOP, n_mels=N_MELS)
    return mel.astype(np.float32).T


@load_once
def encoder():
    """The GE2E network with the vendored weights, on the CPU, in eval mode."""
    import torch
    from torch import nn

    if not WEIGHTS.exists():
        raise ModelError(
            f"the voice encoder weights are missing at {WEIGHTS} (rebuild: scripts/extract_voice_encoder.py)"
        )
    from safetensors.torch import load_file

    class GE2E(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.lstm = nn.LSTM(N_MELS, HIDDEN, LAYERS, batch_first=True)
            self.linear = nn.Linear(HIDDEN, HIDDEN)

        def forward(self, mels: torch.Tensor) -> torch.Tensor:
            _, (hidden, _) = self.lstm(mels)
            raw = torch.relu(self.linear(hidden[-1]))
            return raw / torch.norm(raw, dim=1, keepdim=True)

    model = GE2E()
    model.load_state_dict(load_file(str(WEIGHTS)))
    return model.eval()


def embed(mels: np.ndarray) -> np.ndarray:
    """Unit-length 256-d embeddings of a batch of (PARTIAL_FRAMES, 40) mel spectrograms, in one pass."""
    import torch

    model = encoder()
    with _LOCK, torch.inference_mode():
        out = model(torch.from_numpy(np.ascontiguousarray(mels, dtype=np.float32)))
    return out.numpy().astype(np.float32)
