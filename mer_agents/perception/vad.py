"""Speech segments with Silero VAD (v6, the ONNX file bundled in the faster-whisper wheel).

Why this copy of Silero: it ships inside a wheel we already need for ASR, runs on onnxruntime without torch
or torchaudio, loads in well under a second and scores audio far faster than real time on one thread, so
the clip pipeline and the live-chat turn detector can both afford it. Works fully offline.
"""

from __future__ import annotations

import numpy as np

from mer_agents.cache import load_once
from mer_agents.errors import ModelError

VAD_RATE = 16000  # Silero scores 512-sample windows at 16 kHz
THRESHOLD = 0.5  # speech probability above which a window is speech (Silero's recommended default)
MIN_SPEECH_S = 0.25  # shorter bursts (clicks, breaths) are dropped
MIN_SILENCE_S = 0.3  # a pause must last this long to split two segments
SPEECH_PAD_S = 0.1  # each segment is widened by this on both sides
MODEL_NAME = "Silero VAD v6 (ONNX, bundled in faster-whisper 1.2.1; MIT)"


@load_once
def _model():
    try:
        from faster_whisper.vad import get_vad_model
    except ImportError as exc:  # pragma: no cover - install problem
        raise ModelError("Silero VAD needs faster-whisper (pip install faster-whisper)") from exc
    return get_vad_model()


def warm_up() -> None:
    """Load the VAD model now (it is shared with faster-whisper's own VAD filter)."""
    _model()


def _to_16k(audio: np.ndarray, sr: int) -> np.ndarray:
    audio = np.asarray(audio, dtype=np.float32).reshape(-1)
    if sr == VAD_RATE:
        return audio
    from scipy.signal import resample_poly

    gcd = np.gcd(int(sr), VAD_RATE)
    return resample_poly(audio, VAD_RATE // gcd, int(sr) // gcd).astype(np.float32)


def speech_segments(
    audio: np.ndarray,
    sr: int = VAD_RATE,
    *,
    threshold: float = THRESHOLD,
    min_speech_s: float = MIN_SPEECH_S,
    min_silence_s: float = MIN_SILENCE_S,
    pad_s: float = SPEECH_PAD_S,
) -> list[tuple[float, float]]:
    """Speech spans in seconds, [(start_s, end_s), ...], in order; [] for silence or non-speech sound."""
    from faster_whisper.vad import VadOptions, get_speech_timestamps

    samples = _to_16k(audio, sr)
    if samples.size < 512:
        return []
    _model()
    options = VadOptions(
        threshold=threshold,
        min_speech_duration_ms=int(min_speech_s * 1000),
        min_silence_duration_ms=int(min_silence_s * 1000),
        speech_pad_ms=int(pad_s * 1000),
    )
    spans = get_speech_timestamps(samples, options, sampling_rate=VAD_RATE)
    return [(round(s["start"] / VAD_RATE, 3), round(s["end"] / VAD_RATE, 3)) for s in spans]
