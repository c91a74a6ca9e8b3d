"""The model's own voice, when the loaded backend has one (Qwen2.5-Omni's talker with MER_SPOKEN_REPLY=1).

The app speaks the final reply once, through ui/tts.speak; that asks here first and falls back to espeak-ng.
A backend registers its speaker when it is built (one per process, like the app's shared backends), so the
app needs no backend handle to play the model's voice.
"""

from __future__ import annotations

import threading
from typing import Callable

# speaker(text, emotion) -> path of a WAV file holding `text` spoken
Speaker = Callable[[str, "str | None"], str]

_speaker: Speaker | None = None
_lock = threading.Lock()


def register(speaker: Speaker | None) -> None:
    """Make `speaker` the process's model voice (None: no model voice)."""
    global _speaker
    with _lock:
        _speaker = speaker


def model_voice() -> Speaker | None:
    """The registered model voice, or None."""
    with _lock:
        return _speaker
