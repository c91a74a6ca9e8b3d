"""Measure how well the voice rules (mer_agents/perception/voice.py) separate calm from agitated speech.

Synthesises the same sentences with espeak-ng in several voices at a calm and an agitated setting (and a
milder contrast), runs the real decode → VAD → prosody path on each file, and reports the arousal of each
condition, ROC AUC (agitated vs calm) and accuracy of the sign of arousal. Needs espeak-ng on PATH.

    .venv/bin/python experiments/voice_rules/measure_voice_rules.py [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mer_agents.config import Settings  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402
from mer_agents.perception.vad import speech_segments  # noqa: E402
from mer_agents.perception.voice import voice_evidence  # noqa: E402

SENTENCES = [
    "I went to the station this morning and the train was late again.",
    "They told me the results would be ready by the end of the week.",
    "We moved the furniture into the other room yesterday afternoon.",
    "My sister called to say she is coming to visit next month.",
    "The meeting ran for two hours and nobody made a decision.",
    "I can't find my keys anywhere, I have looked in every drawer.",
    "The shop on the corner closed down after twenty years.",
    "He said he would fix the car but it is still broken.",
    "We waited outside the office for most of the afternoon.",
    "She finally got the letter she was waiting for.",
    "The neighbours are painting their house a different colour.",
    "I have to finish this report before I can go home tonight.",
]
VOICES = ["en-us", "en-us+f3", "en-gb+m3", "en-us+f4"]
CONDITIONS = {  # name: (words per minute, pitch 0-99, amplitude 0-200)
    "calm": (120, 35, 60),
    "agitated": (220, 75, 180),
    "mild_calm": (150, 45, 90),
    "mild_agitated": (185, 60, 130),
}


def auc(neg: list[float], pos: list[float]) -> float:
    """P(agitated reading > calm reading), ties count half (Mann-Whitney form of ROC AUC)."""
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    settings = Settings()
    arousal: dict[str, list[float]] = {c: [] for c in CONDITIONS}
    top: dict[str, list[str]] = {c: [] for c in CONDITIONS}
    with tempfile.TemporaryDirectory() as tmp:
        for i, sentence in enumerate(SENTENCES):
            for voice in VOICES:
                for cond, (wpm, pitch, amp) in CONDITIONS.items():
                    wav = Path(tmp) / f"{i}_{voice}_{cond}.wav"
                    subprocess.run(
                        [
                            "espeak-ng",
                            "-v",
                            voice,
                            "-s",
                            str(wpm),
                            "-p",
                            str(pitch),
                            "-a",
                            str(amp),
                            "-w",
                            str(wav),
                            sentence,
                        ],
                        check=True,
                    )
                    media = load_media(wav, settings)
                    ev, _ = voice_evidence(
                        media.audio, media.sample_rate, speech_segments(media.audio, media.sample_rate)
                    )
                    arousal[cond].append(ev.cues["arousal"])
                    top[cond].append(max(ev.probs, key=ev.probs.__getitem__))
    report = {
        "n_per_condition": len(SENTENCES) * len(VOICES),
        "mean_arousal": {c: round(float(np.mean(v)), 3) for c, v in arousal.items()},
        "std_arousal": {c: round(float(np.std(v)), 3) for c, v in arousal.items()},
        "auc_strong": round(auc(arousal["calm"], arousal["agitated"]), 3),
        "auc_mild": round(auc(arousal["mild_calm"], arousal["mild_agitated"]), 3),
        "sign_accuracy_strong": round(
            float(np.mean([a < 0 for a in arousal["calm"]] + [a > 0 for a in arousal["agitated"]])), 3
        ),
        "sign_accuracy_mild": round(
            float(np.mean([a < 0 for a in arousal["mild_calm"]] + [a > 0 for a in arousal["mild_agitated"]])),
            3,
        ),
        # same sentence, same voice: does the agitated rendering read as more aroused than the calm one?
        "paired_accuracy_strong": round(
            float(np.mean(np.array(arousal["agitated"]) > np.array(arousal["calm"]))), 3
        ),
        "paired_accuracy_mild": round(
            float(np.mean(np.array(arousal["mild_agitated"]) > np.array(arousal["mild_calm"]))), 3
        ),
        "top_label": {c: {lab: v.count(lab) for lab in sorted(set(v))} for c, v in top.items()},
    }
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
