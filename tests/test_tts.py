"""Spoken reply through the real espeak-ng, voice parameters, and the plain message when it is missing."""

from __future__ import annotations

import wave

import pytest

from mer_agents.ui import tts


def test_voice_follows_emotion_and_strategy():
    sad = tts.voice_for("sadness", "Reflection of feelings")
    happy = tts.voice_for("joy", "Question")
    assert sad.rate_wpm < tts.BASE_RATE_WPM < happy.rate_wpm
    assert sad.pitch < tts.BASE_PITCH < happy.pitch
    assert tts.voice_for(None, None).rate_wpm == tts.BASE_RATE_WPM


@pytest.mark.skipif(not tts.tts_available(), reason="espeak-ng is not installed")
def test_speak_writes_a_wav(tmp_path):
    path = tts.speak("I'm sorry you lost your job. How are you holding up?", "sadness", "Question", tmp_path)
    with wave.open(str(path)) as w:
        assert w.getnframes() / w.getframerate() > 1.0


def test_missing_espeak_gives_a_plain_message(monkeypatch):
    monkeypatch.setattr(tts, "ESPEAK_BINARY", "espeak-ng-not-installed-here")
    assert not tts.tts_available()
    with pytest.raises(tts.TTSError, match="espeak-ng is not installed"):
        tts.speak("hello", "joy", None)
