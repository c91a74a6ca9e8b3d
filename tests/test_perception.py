"""perception.perceive / perceive_text end to end on the real models (Whisper-base, MiniLM head, Silero, FER)
over the example clips and generated bad inputs; no mocks."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mer_agents.config import Settings
from mer_agents.errors import MediaError, MerError
from mer_agents.evaluation.metrics import wer
from mer_agents.perception import perceive, perceive_text
from mer_agents.types import Evidence
from tests.media_files import tone, write_audio, write_video

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SCRIPTS = json.loads((EXAMPLES / "scripts.json").read_text())
SPANISH = ROOT / "tests" / "fixtures" / "perception" / "spanish.mp3"
SETTINGS = Settings()


@pytest.fixture(scope="module")
def evidence() -> dict[str, Evidence]:
    """Each example clip perceived once (models load once per process)."""
    cache: dict[str, Evidence] = {}

    def get(name: str) -> Evidence:
        if name not in cache:
            cache[name] = perceive(EXAMPLES / name, SETTINGS)
        return cache[name]

    return get  # type: ignore[return-value]


def test_wer_helper():
    assert wer("I am so happy!", "i am so happy") == 0.0
    assert wer("a b c d", "a x c") == pytest.approx(0.5)


@pytest.mark.parametrize("name", ["happy_news.mp4", "sad_loss.mp4", "no_face.mp4"])
def test_transcript_matches_the_script(evidence, name):
    ev = evidence(name)
    assert wer(SCRIPTS[name]["text"], ev.transcript) <= 0.15, ev.transcript
    assert ev.language == "en" and ev.segments
    assert "non_english" not in ev.flag_codes()


def test_happy_clip_reads_joy_in_face_and_words(evidence):
    ev = evidence("happy_news.mp4")
    video, text, audio = ev.modalities.video, ev.modalities.text, ev.modalities.audio
    assert video.available and max(video.probs, key=video.probs.get) == "joy" and video.probs["joy"] > 0.9
    assert text.available and max(text.probs, key=text.probs.get) == "joy"
    assert audio.available and audio.timeline and audio.cues["arousal"] > 0
    assert ev.has_audio and ev.has_video and not ev.flags
    assert set(ev.timings) >= {"decode", "vad", "voice", "asr", "text", "face", "total"}
    assert ev.media_path == str((EXAMPLES / "happy_news.mp4").resolve()) and ev.source == "happy_news.mp4"


def test_sad_clip_words_read_sadness(evidence):
    ev = evidence("sad_loss.mp4")
    assert max(ev.modalities.text.probs, key=ev.modalities.text.probs.get) == "sadness"
    assert ev.modalities.audio.cues["arousal"] < evidence("happy_news.mp4").modalities.audio.cues["arousal"]


def test_no_face_clip_is_flagged(evidence):
    ev = evidence("no_face.mp4")
    assert "no_face" in ev.flag_codes() and not ev.modalities.video.available
    assert ev.modalities.text.available and ev.modalities.audio.available


def test_audio_only_clip(evidence):
    ev = evidence("worried_audio_only.mp3")
    assert not ev.has_video and "no_video_track" in ev.flag_codes()
    assert not ev.modalities.video.available and ev.modalities.text.available and ev.transcript


def test_evidence_round_trips_through_json(evidence):
    ev = evidence("happy_news.mp4")
    data = json.loads(json.dumps(ev.model_dump(mode="json")))
    assert Evidence.model_validate(data) == ev
    assert {"duration_s", "transcript", "language", "segments", "modalities", "flags"} <= set(data)
    for name in ("text", "audio", "video"):
        assert {"available", "probs", "confidence", "timeline"} <= set(data["modalities"][name])


def test_silent_clip_is_flagged(tmp_path):
    frames = [np.full((240, 320, 3), 120, np.uint8)] * 4
    path = write_video(tmp_path / "silent.mp4", frames, fps=2, audio=np.zeros(2 * 16000, np.float32))
    ev = perceive(path, SETTINGS)
    assert "silence" in ev.flag_codes() and "no_face" in ev.flag_codes()
    assert ev.transcript == "" and not ev.modalities.text.available and not ev.modalities.audio.available
    assert "asr" not in ev.timings  # no speech: Whisper is not asked (it would hallucinate on silence)


def test_video_without_audio(tmp_path):
    skimage_data = pytest.importorskip("skimage.data")
    path = write_video(tmp_path / "mute.mp4", [skimage_data.astronaut()] * 3, fps=2)
    ev = perceive(path, SETTINGS)
    assert "no_audio_track" in ev.flag_codes() and not ev.has_audio
    assert not ev.modalities.text.available and not ev.modalities.audio.available
    assert ev.modalities.video.available


def test_non_english_speech_is_transcribed_and_flagged():
    ev = perceive(SPANISH, SETTINGS)
    assert ev.language == "es" and ev.transcript
    assert "non_english" in ev.flag_codes()
    assert "herman" in ev.transcript.lower()  # hermana / hermano: Whisper-base varies on the ending


def test_context_is_trimmed_and_recorded():
    ev = perceive_text("Tell me more.", SETTINGS, context=["Hi.", "How are you?", "", "Not great, honestly."])
    assert ev.context == ["How are you?", "Not great, honestly."][-SETTINGS.text_context_turns :]


def test_progress_messages(tmp_path):
    messages: list[str] = []
    path = write_audio(tmp_path / "beep.wav", tone(1, 16000), 16000)
    perceive(path, SETTINGS, progress=messages.append)
    assert messages[0].startswith("decoding") and any("voice" in m for m in messages)


def test_bad_file_raises_media_error(tmp_path):
    path = tmp_path / "broken.mp4"
    path.write_text("not a video")
    with pytest.raises(MediaError):
        perceive(path, SETTINGS)


def test_perceive_text():
    ev = perceive_text(
        "I just lost my job and I don't know what to do.", SETTINGS, context=["Hi, how are you?"]
    )
    assert ev.source == "text" and ev.modalities.text.available
    assert not ev.modalities.audio.available and not ev.modalities.video.available
    assert not ev.flags  # no complaints about missing tracks: a typed message has none
    assert max(ev.modalities.text.probs, key=ev.modalities.text.probs.get) in {"sadness", "fear"}
    with pytest.raises(MerError):
        perceive_text("   ", SETTINGS)
