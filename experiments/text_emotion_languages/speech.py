"""Speech in another language: does the probe on the original words help beside Whisper's translation? (#37)

    .venv/bin/python experiments/text_emotion_languages/speech.py            # select/: speech_choice.json
    .venv/bin/python experiments/text_emotion_languages/speech.py --report   # report/, once

Each message of a set is spoken by espeak-ng in its language (synthetic, slow and clear; no other speech in
12 languages is on this machine) and transcribed by the app's Whisper (perception/asr.py: the language
detected, and the English translation where it passes the quality bar). "now" is the app's reading of the
words (perception/text.py: the translation when there is one, else the words with the probe). The issue asks
for the original words too where a reader is multilingual: the probe's reading of the transcript mixed in at
weight w. Rule, stated before it ran: the w in SPEECH_MIX with the best accuracy on select/ ships if it beats
w = 0; report/ is read once at the chosen w. Transcripts are cached in speech_<set>.jsonl.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE.parents[1] / "scripts")]

import numpy as np  # noqa: E402
from make_language_clips import speak  # noqa: E402

from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.metrics import bootstrap_ci  # noqa: E402
from mer_agents.labels import EMOTIONS  # noqa: E402
from mer_agents.perception import text_languages  # noqa: E402
from mer_agents.perception.asr import transcribe  # noqa: E402
from mer_agents.perception.text import text_evidence  # noqa: E402

# espeak-ng's voice for each set language
VOICES = {"es": "es", "pt": "pt-br", "fr": "fr-fr", "de": "de", "it": "it", "nl": "nl", "pl": "pl"}
VOICES |= {"tr": "tr", "ru": "ru", "ar": "ar", "id": "id", "vi": "vi"}
SPEECH_MIX = (0.0, 0.25, 0.5, 0.75)


def spoken(name: str, settings: Settings) -> list[dict]:
    """The set's messages spoken and transcribed (cached)."""
    cache = HERE / f"speech_{name}.jsonl"
    if cache.exists():
        return [json.loads(x) for x in cache.read_text(encoding="utf-8").splitlines() if x]
    out = []
    for line in (HERE / name / "messages.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        t = transcribe(speak(row["text"], VOICES[row["language"]], ["-s", "120"]), settings)
        out.append(
            row
            | {
                "transcript": t.text,
                "heard": t.language,
                "translation": t.translation,
                "unsure": t.translation_unsure,
            }
        )
        print(len(out), row["language"], t.language, "|", t.text[:60], "|", t.translation[:60], flush=True)
    cache.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), encoding="utf-8")
    return out


def readings(rows: list[dict], settings: Settings) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(labels, the app's reading now, the probe on the original words, translated?) per row."""
    now = []
    for r in rows:
        translated = bool(r["translation"])
        ev = text_evidence(
            r["translation"] or r["transcript"] or " ",
            [],
            [],
            settings,
            language=r["heard"],
            translated=translated,
            unsure=r["unsure"],
        )
        now.append([ev.probs.get(e, 0.0) for e in EMOTIONS] if ev.available else [1 / 7] * 7)
    y = np.array([EMOTIONS.index(r["label"]) for r in rows])
    original = text_languages.probs([r["transcript"] or " " for r in rows])
    return y, np.array(now), original, np.array([bool(r["translation"]) for r in rows])


def mixed(now: np.ndarray, original: np.ndarray, translated: np.ndarray, w: float) -> np.ndarray:
    return np.where(translated[:, None], (1 - w) * now + w * original, now)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args()
    settings = Settings()
    name = "report" if args.report else "select"
    rows = spoken(name, settings)
    y, now, original, translated = readings(rows, settings)
    out: dict = {"set": name, "n": len(rows), "translated": round(float(translated.mean()), 3)}
    out["heard_right_language"] = round(float(np.mean([r["heard"] == r["language"] for r in rows])), 3)
    if args.report:
        w = json.loads((HERE / "speech_choice.json").read_text())["chosen"]
        a = (now.argmax(1) == y).astype(float)
        b = (mixed(now, original, translated, w).argmax(1) == y).astype(float)
        out |= {"w": w, "now": round(a.mean(), 4), "with_original": round(b.mean(), 4)}
        out["difference"] = [round(float((b - a).mean()), 4), *bootstrap_ci(b - a, 10000)]
    else:
        acc = {
            w: round(float((mixed(now, original, translated, w).argmax(1) == y).mean()), 4)
            for w in SPEECH_MIX
        }
        out["accuracy"] = acc
        best = max(SPEECH_MIX, key=lambda w: (acc[w], -w))
        out["chosen"] = best
        out["ships"] = best > 0 and acc[best] > acc[0.0]
    print(json.dumps(out, indent=1))
    (HERE / f"speech_{'report' if args.report else 'choice'}.json").write_text(
        json.dumps(out, indent=1) + "\n"
    )


if __name__ == "__main__":
    main()
