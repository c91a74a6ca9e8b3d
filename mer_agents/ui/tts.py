"""Spoken reply with the local espeak-ng: rate and pitch follow the planned emotion and strategy.

A calm, slower and lower voice for someone sad or afraid, a brighter one for joy; questions lift the pitch a
little. When espeak-ng is not installed the app says so plainly (`UNAVAILABLE_MESSAGE`).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from pydantic import BaseModel, Field

from mer_agents.errors import MerError

ESPEAK_BINARY = "espeak-ng"
BASE_RATE_WPM = 165
BASE_PITCH = 50
VOICE = "en-us"
TIMEOUT_S = 30
MAX_CHARS = 1200
UNAVAILABLE_MESSAGE = "Spoken reply unavailable: espeak-ng is not installed (apt-get install espeak-ng)."

# (rate change in words per minute, pitch change) per emotion the person shows.
EMOTION_VOICE: dict[str, tuple[int, int]] = {
    "sadness": (-25, -8),
    "fear": (-20, -6),
    "anger": (-20, -10),
    "disgust": (-10, -5),
    "neutral": (0, 0),
    "surprise": (5, 6),
    "joy": (10, 8),
}
# ... and per support strategy the reply follows.
STRATEGY_VOICE: dict[str, tuple[int, int]] = {
    "Reflection of feelings": (-10, -2),
    "Affirmation and Reassurance": (-10, 0),
    "Question": (0, 5),
    "Restatement or Paraphrasing": (-5, 0),
    "Self-disclosure": (-5, 0),
    "Providing Suggestions": (0, 0),
    "Information": (5, 0),
    "Others": (0, 0),
}


class TTSError(MerError):
    """The local speech synthesiser is missing or failed."""


class VoiceParams(BaseModel):
    rate_wpm: int = Field(ge=80, le=450)
    pitch: int = Field(ge=0, le=99)


def espeak_path() -> str | None:
    return shutil.which(ESPEAK_BINARY)


def tts_available() -> bool:
    return espeak_path() is not None


def voice_for(emotion: str | None, strategy: str | None) -> VoiceParams:
    """Rate and pitch from the person's emotion and the reply's strategy."""
    rate_e, pitch_e = EMOTION_VOICE.get(emotion or "neutral", (0, 0))
    rate_s, pitch_s = STRATEGY_VOICE.get(strategy or "Others", (0, 0))
    return VoiceParams(
        rate_wpm=min(450, max(80, BASE_RATE_WPM + rate_e + rate_s)),
        pitch=min(99, max(0, BASE_PITCH + pitch_e + pitch_s)),
    )


def speak(text: str, emotion: str | None, strategy: str | None, out_dir: Path | None = None) -> Path:
    """Synthesise the reply to a WAV file and return its path; TTSError when that cannot be done."""
    binary = espeak_path()
    if binary is None:
        raise TTSError(UNAVAILABLE_MESSAGE)
    text = " ".join(text.split())[:MAX_CHARS]
    if not text:
        raise TTSError("Spoken reply unavailable: the reply is empty.")
    params = voice_for(emotion, strategy)
    directory = Path(out_dir) if out_dir else Path(tempfile.mkdtemp(prefix="mer_tts_"))
    directory.mkdir(parents=True, exist_ok=True)
    out = Path(tempfile.mkstemp(suffix=".wav", prefix="reply_", dir=directory)[1])
    cmd = [
        binary,
        "-v",
        VOICE,
        "-s",
        str(params.rate_wpm),
        "-p",
        str(params.pitch),
        "-w",
        str(out),
        "--stdin",
    ]
    try:
        proc = subprocess.run(cmd, input=text.encode("utf-8"), capture_output=True, timeout=TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise TTSError(
            f"Spoken reply failed: {ESPEAK_BINARY} did not run ({exc.__class__.__name__})."
        ) from exc
    if proc.returncode != 0 or not out.exists() or out.stat().st_size <= 44:
        detail = proc.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no audio written"]
        raise TTSError(f"Spoken reply failed: {detail[0]}")
    return out
