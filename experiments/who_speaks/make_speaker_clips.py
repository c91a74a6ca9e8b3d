"""Multi-speaker test clips with known turns: espeak-ng voices taking turns, labels written beside them.

    .venv/bin/python experiments/who_speaks/make_speaker_clips.py --set report --out eval_sets/speakers
    .venv/bin/python experiments/who_speaks/make_speaker_clips.py --set select --out /tmp/speakers_select

Each clip is a 16 kHz mono FLAC of 2 or 3 distinct espeak-ng voices (different voice, variant, pitch and rate)
speaking alternating turns with pauses of 0.3-0.9 s; some clips hold an overlap (a turn starting 0.4 s before
the previous one ends) or a listener who never speaks. `<clip>.json` holds every turn: speaker, start and end
(s), the words and the emotion the line states. The `select` set (other lines, other voice pairs, other seed)
is where the diarization threshold is chosen; the `report` set is only measured
(experiments/who_speaks/measure_diarization.py). Speech: espeak-ng (GPL-3.0 tool; the audio it synthesises is
not covered).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import soundfile as sf

RATE = 16000
# (voice, pitch 0-99, words per minute, vocal-tract factor): espeak-ng's voices share one formant synthesiser
# and a voice encoder hears them as near-alike, so each is also played back at `factor` × its rate (formants
# and pitch scaled as by a shorter or longer vocal tract, duration by 1 / factor), as different people differ
VOICES = {
    "report": [
        ("en-us+m3", 35, 150, 0.86),
        ("en-gb+f3", 70, 165, 1.18),
        ("en-gb-scotland+m1", 50, 140, 1.0),
        ("en+f4", 80, 175, 1.3),
    ],
    "select": [
        ("en-us+m1", 40, 155, 0.9),
        ("en-gb+f2", 75, 160, 1.22),
        ("en-029+m4", 45, 145, 1.04),
        ("en+f1", 65, 170, 1.34),
    ],
}
LINES = {  # (emotion, line); the two sets share no line
    "report": [
        ("anger", "You promised you would call me and you never did. I am so angry right now."),
        ("sadness", "I know. I am sorry. Things have been really hard since my father got sick."),
        ("anger", "That does not give you the right to ignore me for a whole week."),
        ("sadness", "I feel terrible about it. I just could not face talking to anyone."),
        ("joy", "Guess what, I got the job at the library! I start on Monday."),
        ("joy", "That is wonderful news, I am so happy for you!"),
        ("fear", "I am a bit scared though. What if I make a mistake on the first day?"),
        ("fear", "The doctor called again and I am really worried about the test results."),
        ("sadness", "Our dog died this morning. The house feels so empty without him."),
        ("surprise", "Wait, you are moving to Canada? I had no idea!"),
        ("disgust", "The kitchen at that place was filthy. It was disgusting."),
        ("neutral", "The meeting is at ten, and the room is on the second floor."),
    ],
    "select": [
        ("sadness", "I miss my grandmother so much. I cannot stop crying."),
        ("joy", "We won the final! I still cannot believe it, this is the best day."),
        ("anger", "They cancelled my flight again without telling me. I am furious."),
        ("fear", "I am nervous about the exam tomorrow. I have not slept at all."),
        ("neutral", "The bus leaves at half past eight from the main square."),
        ("surprise", "You painted this yourself? Wow, I did not expect that."),
        ("disgust", "He lied to everyone and laughed about it. That is just revolting."),
        ("sadness", "My best friend moved away and I feel so alone now."),
    ],
}
CLIPS = {  # name: (speakers, turns, overlap, silent listener)
    "report": [
        ("two_speakers_a", 2, 4, False, False),
        ("two_speakers_b", 2, 4, False, False),
        ("two_speakers_overlap", 2, 5, True, False),
        ("two_speakers_listener", 3, 4, False, True),
        ("three_speakers", 3, 6, False, False),
        ("three_speakers_overlap", 3, 6, True, False),
    ],
    "select": [
        ("select_two_a", 2, 4, False, False),
        ("select_two_b", 2, 5, True, False),
        ("select_three_a", 3, 6, False, False),
        ("select_three_b", 3, 5, False, False),
    ],
}
SEEDS = {"report": 1, "select": 0}


def speak(text: str, voice: tuple[str, int, int, float], folder: Path) -> np.ndarray:
    """One line in one voice, as 16 kHz float32 (played back at `factor` × the synthesis rate)."""
    from scipy.signal import resample_poly

    name, pitch, wpm, factor = voice
    wav = folder / "line.wav"
    cmd = ["espeak-ng", "-v", name, "-p", str(pitch), "-s", str(round(wpm / factor)), "-w", str(wav), text]
    subprocess.run(cmd, check=True, capture_output=True)
    audio, sr = sf.read(wav, dtype="float32")
    source = int(round(sr * factor / 100)) * 100  # treat the samples as recorded at sr × factor
    g = np.gcd(source, RATE)
    audio = resample_poly(audio, RATE // g, source // g).astype(np.float32)
    nonzero = np.flatnonzero(np.abs(audio) > 1e-3)  # espeak pads with silence: keep the spoken part
    return audio[nonzero[0] : nonzero[-1] + 1] if nonzero.size else audio


def build_clip(spec: tuple, which: str, rng: random.Random, folder: Path) -> tuple[np.ndarray, dict]:
    name, n_speakers, n_turns, overlap, listener = spec
    voices = rng.sample(VOICES[which], n_speakers)
    talkers = list(range(n_speakers - 1 if listener else n_speakers))
    lines = rng.sample(LINES[which], n_turns)
    audio = np.zeros(int(0.5 * RATE), np.float32)
    turns = []
    for k, (emotion, text) in enumerate(lines):
        speaker = talkers[k % len(talkers)]
        said = speak(text, voices[speaker], folder)
        gap = rng.uniform(0.3, 0.9)
        start = len(audio) / RATE + gap
        if overlap and k == n_turns - 2:
            start = max(turns[-1]["end"] - 0.4, turns[-1]["start"] + 0.5)
        begin = int(start * RATE)
        end = begin + len(said)
        if end > len(audio):
            audio = np.concatenate([audio, np.zeros(end - len(audio), np.float32)])
        audio[begin:end] += said
        turns.append(
            {
                "speaker": f"S{speaker + 1}",
                "start": round(begin / RATE, 3),
                "end": round(end / RATE, 3),
                "text": text,
                "emotion": emotion,
                "voice": voices[speaker][0],
            }
        )
    audio = np.concatenate([audio, np.zeros(int(0.5 * RATE), np.float32)])
    audio = 0.9 * audio / max(1e-6, float(np.abs(audio).max()))
    label = {
        "clip": f"{name}.flac",
        "speakers": n_speakers,
        "talking_speakers": len(talkers),
        "overlap": overlap,
        "silent_listener": listener,
        "answer": turns[-1]["speaker"],  # the last to speak: whom the pipeline answers by default
        "turns": turns,
    }
    return audio, label


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=sorted(CLIPS), required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEEDS[args.set])
    with tempfile.TemporaryDirectory() as tmp:
        for spec in CLIPS[args.set]:
            audio, label = build_clip(spec, args.set, rng, Path(tmp))
            sf.write(args.out / label["clip"], audio, RATE, format="FLAC", subtype="PCM_16")
            (args.out / f"{spec[0]}.json").write_text(json.dumps(label, indent=1) + "\n", encoding="utf-8")
            print(f"{label['clip']}: {len(audio) / RATE:.1f} s, {len(label['turns'])} turns")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
