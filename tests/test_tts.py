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


def test_model_voice_speaks_first_without_espeak(monkeypatch, tmp_path):
    """A registered model voice (a scripted stand-in that names a fixed file; the real one, Qwen2.5-Omni's
    talker, is tested in test_backend_transformers_omni.py) speaks the reply, with espeak-ng absent."""
    from mer_agents.backends import voice

    monkeypatch.setattr(tts, "ESPEAK_BINARY", "espeak-ng-not-installed-here")
    said: list[tuple[str, str | None]] = []
    out = tmp_path / "model.wav"
    voice.register(lambda text, emotion: said.append((text, emotion)) or str(out))
    try:
        assert tts.tts_available()
        path, note = tts.speak_with_note("  That   sounds hard. ", "sadness", "Question")
    finally:
        voice.register(None)
    assert path == out and note == tts.MODEL_VOICE_NOTE and said == [("That sounds hard.", "sadness")]


@pytest.mark.skipif(not tts.tts_available(), reason="espeak-ng is not installed")
def test_a_failing_model_voice_falls_back_to_espeak(tmp_path):
    """A model voice that raises (a scripted stand-in) does not cost the reply its sound: espeak-ng speaks."""
    from mer_agents.backends import voice

    def broken(text: str, emotion: str | None) -> str:
        raise RuntimeError("the GPU ran out of memory")

    voice.register(broken)
    try:
        path, note = tts.speak_with_note("That sounds hard.", "sadness", None, tmp_path)
    finally:
        voice.register(None)
    assert path.parent == tmp_path and note.startswith("Spoken with espeak-ng")
