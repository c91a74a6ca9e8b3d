"""Build the live turn-detection fixtures: espeak-ng sentences joined by silences of known length.

The speech boundaries are measured on the synthesised samples themselves (espeak-ng pads with digital
silence, so the first/last sample above a tiny threshold is exact), then written next to the wav in a JSON
file that the tests compare the streamed turn detector against. Run from the repo root:

    .venv/bin/python scripts/make_live_fixtures.py
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from math import gcd
from pathlib import Path

import numpy as np
import soundfile as sf
from scipy.signal import resample_poly

OUT_DIR = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "live"
SAMPLE_RATE = 16000
VOICE = "en-us"
WORDS_PER_MINUTE = 165
SILENCE_THRESHOLD = 1e-3  # |sample| above this counts as speech when trimming espeak's padding
LEAD_S = 0.5
# (sentence, silence after it in seconds). 1.5 s ends a turn (pause_s = 0.8); 0.4 s does not.
SCRIPT: list[tuple[str, float]] = [
    ("I finally got the job I wanted.", 1.5),
    ("But I am scared I will fail.", 0.4),
    ("Everyone expects so much.", 1.6),
]
PAUSE_S = 0.8  # the detector setting the expected turns assume


def synthesise(text: str) -> np.ndarray:
    """espeak-ng → float32 mono at SAMPLE_RATE with espeak's own leading/trailing silence trimmed."""
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "s.wav"
        subprocess.run(
            ["espeak-ng", "-v", VOICE, "-s", str(WORDS_PER_MINUTE), "-w", str(wav), text], check=True
        )
        audio, rate = sf.read(wav, dtype="float32", always_2d=False)
    if audio.ndim > 1:
        audio = audio.mean(axis=1)
    if rate != SAMPLE_RATE:
        g = gcd(rate, SAMPLE_RATE)
        audio = resample_poly(audio, SAMPLE_RATE // g, rate // g).astype(np.float32)
    loud = np.flatnonzero(np.abs(audio) > SILENCE_THRESHOLD)
    return audio[loud[0] : loud[-1] + 1]


def build() -> dict:
    pieces = [np.zeros(int(LEAD_S * SAMPLE_RATE), np.float32)]
    cursor = LEAD_S
    sentences = []
    for text, silence_after in SCRIPT:
        speech = synthesise(text)
        start = cursor
        end = start + speech.size / SAMPLE_RATE
        sentences.append(
            {"text": text, "start": round(start, 3), "end": round(end, 3), "silence_after": silence_after}
        )
        pieces += [speech, np.zeros(round(silence_after * SAMPLE_RATE), np.float32)]
        cursor = end + round(silence_after * SAMPLE_RATE) / SAMPLE_RATE
    audio = np.concatenate(pieces)
    audio = 0.7 * audio / float(np.abs(audio).max())

    turns: list[dict] = []
    for sentence in sentences:
        if turns and sentence["start"] - turns[-1]["end"] < PAUSE_S:
            turns[-1]["end"] = sentence["end"]
            turns[-1]["text"] += " " + sentence["text"]
        else:
            turns.append({"start": sentence["start"], "end": sentence["end"], "text": sentence["text"]})

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    sf.write(OUT_DIR / "turns.wav", audio, SAMPLE_RATE, subtype="PCM_16")
    meta = {
        "wav": "turns.wav",
        "sample_rate": SAMPLE_RATE,
        "duration_s": round(audio.size / SAMPLE_RATE, 3),
        "voice": VOICE,
        "words_per_minute": WORDS_PER_MINUTE,
        "pause_s": PAUSE_S,
        "sentences": sentences,
        "turns": turns,
    }
    (OUT_DIR / "turns.json").write_text(json.dumps(meta, indent=2) + "\n")
    return meta


if __name__ == "__main__":
    build()
