"""Spoken reply: the model's own voice when the loaded backend has one, else the local espeak-ng.

Qwen2.5-Omni with MER_SPOKEN_REPLY=1 registers its talker (backends/voice.py); `speak` then returns the final
reply in that voice, spoken once, and falls back to espeak-ng only when the model cannot speak it. With
espeak-ng, rate and pitch follow the planned emotion and strategy: a calm, slower and lower voice for someone
sad or afraid, a brighter one for joy; questions lift the pitch a little. When neither is there the app says
so plainly (`UNAVAILABLE_MESSAGE`).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import tempfile
from pathlib import Path

from pydantic import BaseModel, Field

from mer_agents.backends import voice
from mer_agents.errors import MerError

ESPEAK_BINARY = "espeak-ng"
BASE_RATE_WPM = 165
BASE_PITCH = 50
VOICE = "en-us"
TIMEOUT_S = 30
MAX_CHARS = 1200
UNAVAILABLE_MESSAGE = "Spoken reply unavailable: espeak-ng is not installed (apt-get install espeak-ng)."
MODEL_VOICE_NOTE = "Spoken in the model's own voice (Qwen2.5-Omni)."

log = logging.getLogger(__name__)

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
    """Whether a reply can be spoken: by the model's own voice or by espeak-ng."""
    return voice.model_voice() is not None or espeak_path() is not None


def voice_for(emotion: str | None, strategy: str | None) -> VoiceParams:
    """Rate and pitch from the person's emotion and the reply's strategy."""
    rate_e, pitch_e = EMOTION_VOICE.get(emotion or "neutral", (0, 0))
    rate_s, pitch_s = STRATEGY_VOICE.get(strategy or "Others", (0, 0))
    return VoiceParams(
        rate_wpm=min(450, max(80, BASE_RATE_WPM + rate_e + rate_s)),
        pitch=min(99, max(0, BASE_PITCH + pitch_e + pitch_s)),
    )


def speak(text: str, emotion: str | None, strategy: str | None, out_dir: Path | None = None) -> Path:
    """Synthesise the reply to a WAV file and return its path: in the model's own voice when the backend has
    one (its WAV stays where the backend wrote it), else with espeak-ng; TTSError when that cannot be done."""
    return speak_with_note(text, emotion, strategy, out_dir)[0]


def speak_with_note(
    text: str, emotion: str | None, strategy: str | None, out_dir: Path | None = None
) -> tuple[Path, str]:
    """speak(), and one line saying which voice spoke (for the app's note under the player)."""
    text = " ".join(text.split())[:MAX_CHARS]
    if not text:
        raise TTSError("Spoken reply unavailable: the reply is empty.")
    own = _model_voice(text, emotion)
    if own is not None:
        return own, MODEL_VOICE_NOTE
    params = voice_for(emotion, strategy)
    path = _espeak(text, params, out_dir)
    return path, f"Spoken with espeak-ng at {params.rate_wpm} wpm, pitch {params.pitch}."


def _model_voice(text: str, emotion: str | None) -> Path | None:
    """The reply in the model's voice, or None (no model voice, or it failed: espeak-ng speaks instead)."""
    speaker = voice.model_voice()
    if speaker is None:
        return None
    try:
        return Path(speaker(text, emotion))
    except Exception as exc:  # noqa: BLE001 - a reply the model cannot speak is still spoken, by espeak-ng
        log.warning("the model's voice failed, espeak-ng speaks instead: %s", exc)
        return None


def _espeak(text: str, params: VoiceParams, out_dir: Path | None) -> Path:
    binary = espeak_path()
    if binary is None:
        raise TTSError(UNAVAILABLE_MESSAGE)
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
