"""Reproduces the choice of diarize.MIN_SPEAKER_S on single-speaker SELECTION cuts (how often one voice is
split into two speakers), to read beside the select set's DER from measure_diarization.py --min-speaker.

    .venv/bin/python experiments/who_speaks/min_speaker_selection.py --values 0,0.5,1,1.5,2

Selection cuts, made in memory: each of the 4 `select` voices of make_speaker_clips.py reading 4 `select`
lines (random.Random(7), pauses of 0.3-0.9 s), and examples/happy_news.mp4 and worried_audio_only.mp3
repeated as benchmarks.growth.make_clip loops them; every source cut every 0.5 s from 3 to 16 s (162 cuts).
A cut ends wherever it ends, often mid-word, as a clip a person trims. The report data (eval_sets/speakers,
cuts of examples/sad_loss.mp4) is not read here.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_speaker_clips as speakers  # noqa: E402

from mer_agents.benchmarks import growth  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.perception import diarize, vad  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402

SEED = 7
LINES_PER_VOICE = 4
EXAMPLE_SOURCES = ("happy_news.mp4", "worried_audio_only.mp3")
CUTS = np.arange(3.0, 16.01, 0.5)
RATE = speakers.RATE


def sources() -> dict[str, np.ndarray]:
    """Name → 16 kHz mono audio of one speaker, long enough for every cut."""
    out: dict[str, np.ndarray] = {}
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        for v, voice in enumerate(speakers.VOICES["select"]):
            audio = np.zeros(int(0.5 * RATE), np.float32)
            for _, text in rng.sample(speakers.LINES["select"], LINES_PER_VOICE):
                gap = np.zeros(int(rng.uniform(0.3, 0.9) * RATE), np.float32)
                audio = np.concatenate([audio, gap, speakers.speak(text, voice, Path(tmp))])
            out[f"voice{v}"] = 0.9 * audio / np.abs(audio).max()
    for name in EXAMPLE_SOURCES:  # looped as benchmarks.growth.make_clip loops a clip
        media = load_media(ROOT / "examples" / name, Settings(sample_rate=RATE))
        out[Path(name).stem] = growth.looped_audio(media, float(CUTS[-1]))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--values", default="0,0.5,1,1.5,2", help="MIN_SPEAKER_S values; 0 = no minimum")
    args = parser.parse_args(argv)
    values = [float(v) for v in args.values.split(",")]
    cuts = []  # (name, embeddings, windows, first labels)
    for name, audio in sources().items():
        for length in CUTS:
            piece = audio[: int(length * RATE)]
            wins = diarize.windows(vad.speech_segments(piece, RATE))
            if len(wins) < 2:
                continue
            emb = diarize.embed_windows(piece, wins)
            cuts.append((f"{name}@{length:.1f}", emb, wins, diarize.cluster(emb)))
    print(f"{len(cuts)} single-speaker selection cuts; threshold {diarize.THRESHOLD}")
    for value in values:
        split = [n for n, emb, wins, lab in cuts if len(set(diarize.absorb_small(emb, wins, lab, value))) > 1]
        voices = sum(n.startswith("voice") for n in split)
        print(
            f"min speaker {value:g} s: {len(split)} cuts split ({voices} voice, {len(split) - voices} "
            f"example){': ' + ', '.join(split) if split else ''}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
