"""Non-English test clips with known words: slow, clear espeak-ng speech, labels written beside them.

    .venv/bin/python scripts/make_language_clips.py --out examples/languages

Each clip is a 16 kHz mono FLAC; `<clip>.json` holds the language, the words, an English rendering and the
emotion the words state, and the espeak-ng voice and options. Speech: espeak-ng (GPL-3.0 program; the audio
it synthesises carries no license restriction); the lines are written for this project (MIT).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import soundfile as sf
import soxr

RATE = 16000
CLIPS = {  # name: (language, espeak voice, options, words, English, stated emotion)
    "spanish_job_loss": (
        "es",
        "es",
        ["-s", "105", "-g", "4"],
        "Perdí mi trabajo hoy. Trabajé allí durante ocho años, y ahora no sé cómo voy a pagar el alquiler.",
        "I lost my job today. I worked there for eight years, and now I don't know how I will pay the rent.",
        "sadness",
    ),
    "french_flight_anger": (
        "fr",
        "fr-fr",
        ["-s", "95", "-g", "6"],
        "Je suis tellement en colère. Ils ont annulé mon vol, encore une fois, sans me prévenir.",
        "I am so angry. They cancelled my flight, once again, without telling me.",
        "anger",
    ),
}


def speak(words: str, voice: str, options: list[str]) -> np.ndarray:
    """`words` spoken by espeak-ng in `voice`: 16 kHz mono float32."""
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "speech.wav"
        subprocess.run(["espeak-ng", "-v", voice, *options, "-w", str(wav), words], check=True)
        audio, rate = sf.read(wav, dtype="float32", always_2d=True)
    return soxr.resample(audio.mean(axis=1), rate, RATE).astype(np.float32)


def make(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, (language, voice, options, words, english, emotion) in CLIPS.items():
        audio = speak(words, voice, options)
        sf.write(out / f"{name}.flac", audio, RATE)
        label = {
            "language": language,
            "words": words,
            "english": english,
            "emotion": emotion,
            "espeak": {"voice": voice, "options": options},
            "duration_s": round(audio.size / RATE, 2),
        }
        (out / f"{name}.json").write_text(json.dumps(label, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"{name}.flac {label['duration_s']} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("examples/languages"))
    make(parser.parse_args(argv).out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
