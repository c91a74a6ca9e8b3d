"""Streaming silero VAD: speech probability per 32 ms window, scored chunk by chunk as the browser sends."""

from __future__ import annotations

import numpy as np

from mer_agents.live.settings import SAMPLE_RATE

VAD_WINDOW = 512  # samples per silero window at 16 kHz (32 ms)
VAD_CONTEXT = 64  # samples of the previous window silero prepends (as silero_vad.OnnxWrapper does)
VAD_WINDOW_S = VAD_WINDOW / SAMPLE_RATE


class StreamingVad:
    """Silero speech probability per 32 ms window of a 16 kHz stream, carrying the LSTM state between chunks.

    It drives the very model perception's `speech_segments` loads (Silero v6 from the faster-whisper wheel,
    loaded once per process), one batched ONNX call per chunk; scoring a stream chunk by chunk gives exactly
    the probabilities of scoring it whole.
    """

    def __init__(self) -> None:
        from mer_agents.perception import vad as perception_vad

        self._session = perception_vad._model().session
        self._h = np.zeros((1, 1, 128), np.float32)
        self._c = np.zeros((1, 1, 128), np.float32)
        self._context = np.zeros(VAD_CONTEXT, np.float32)
        self._rest = np.zeros(0, np.float32)

    def __call__(self, audio: np.ndarray) -> np.ndarray:
        """Probabilities for every complete window not yet scored (leftover samples wait for the next one)."""
        samples = np.concatenate([self._rest, audio.astype(np.float32, copy=False)])
        n = samples.size // VAD_WINDOW
        self._rest = samples[n * VAD_WINDOW :].copy()
        if n == 0:
            return np.zeros(0, np.float32)
        windows = samples[: n * VAD_WINDOW].reshape(n, VAD_WINDOW)
        context = np.concatenate([self._context[None, :], windows[:-1, -VAD_CONTEXT:]], axis=0)
        probs, self._h, self._c = self._session.run(
            None, {"input": np.concatenate([context, windows], axis=1), "h": self._h, "c": self._c}
        )
        self._context = windows[-1, -VAD_CONTEXT:].copy()
        return np.asarray(probs, np.float32).reshape(-1)
