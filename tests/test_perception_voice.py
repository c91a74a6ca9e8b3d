"""perception.vad + perception.voice: Silero speech segments and the documented prosody rules, on real audio
(the example clips and espeak-ng renderings) and on the pure rule functions."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from mer_agents.config import Settings
from mer_agents.labels import EMOTIONS
from mer_agents.perception import vad, voice
from mer_agents.perception.media import load_media
from mer_agents.perception.voice import Prosody, arousal_valence, emotion_probs

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SR = 16000
SENTENCE = "They told me the results would be ready by the end of the week, so I waited at home."


def _prosody(**changes) -> Prosody:
    base = dict(
        seconds=3.0,
        f0_median_hz=150.0,
        pitch_level_st=7.0,
        pitch_range_st=6.5,
        voiced_fraction=0.8,
        loudness_dbfs=-23.0,
        loudness_range_db=10.0,
        rate_syl_s=4.5,
    )
    return Prosody(**{**base, **changes})


@pytest.fixture(scope="module")
def sad_audio() -> np.ndarray:
    return load_media(EXAMPLES / "sad_loss.mp4", Settings()).audio


# --------------------------------------------------------------------------------------------- rules


@pytest.mark.parametrize(
    "cue,low,high",
    [
        ("loudness_dbfs", -32.0, -14.0),
        ("pitch_range_st", 3.0, 10.0),
        ("rate_syl_s", 3.0, 6.0),
        ("pitch_level_st", -3.0, 9.0),
    ],
)
def test_each_arousal_cue_raises_arousal(cue, low, high):
    assert arousal_valence(_prosody(**{cue: high}))[0] > arousal_valence(_prosody(**{cue: low}))[0]


def test_extremes_map_to_the_circumplex():
    calm, _ = arousal_valence(
        _prosody(loudness_dbfs=-34, pitch_range_st=2, rate_syl_s=2.5, pitch_level_st=-4)
    )
    agitated, _ = arousal_valence(
        _prosody(loudness_dbfs=-12, pitch_range_st=11, rate_syl_s=6.5, pitch_level_st=10)
    )
    assert calm == pytest.approx(-1.0) and agitated == pytest.approx(1.0)
    top = lambda a, v: max(emotion_probs(a, v).items(), key=lambda kv: kv[1])[0]  # noqa: E731
    assert top(-0.1, 0.0) == "neutral"
    assert top(-0.6, -0.6) == "sadness"
    assert top(0.45, 0.7) == "joy"
    assert top(0.75, -0.6) == "anger"
    assert set(emotion_probs(0.0, 0.0)) == set(EMOTIONS)
    assert sum(emotion_probs(0.3, -0.2).values()) == pytest.approx(1.0)


def test_missing_pitch_falls_back_to_loudness_and_rate():
    arousal, valence = arousal_valence(_prosody(pitch_range_st=None, pitch_level_st=None, f0_median_hz=None))
    assert -1 <= arousal <= 1 and -1 <= valence <= 1


# ----------------------------------------------------------------------------------------------- VAD


def test_vad_finds_the_speech_of_an_example(sad_audio):
    spans = vad.speech_segments(sad_audio, SR)
    assert spans and spans[0][0] < 1.0 and spans[-1][1] > len(sad_audio) / SR - 2.0
    assert all(0 <= s < e for s, e in spans)
    speech = sum(e - s for s, e in spans)
    assert 0.6 * len(sad_audio) / SR < speech <= len(sad_audio) / SR


def test_vad_ignores_silence_and_noise():
    rng = np.random.default_rng(0)
    assert vad.speech_segments(np.zeros(3 * SR, np.float32), SR) == []
    assert vad.speech_segments((0.05 * rng.standard_normal(3 * SR)).astype(np.float32), SR) == []


def test_vad_resamples_other_rates(sad_audio):
    from scipy.signal import resample_poly

    at_48k = resample_poly(sad_audio, 3, 1).astype(np.float32)
    spans16, spans48 = vad.speech_segments(sad_audio, SR), vad.speech_segments(at_48k, 48000)
    assert len(spans48) == len(spans16)
    assert np.allclose(np.array(spans48), np.array(spans16), atol=0.1)


# ---------------------------------------------------------------------------------------------- voice


@pytest.mark.slow
def test_voice_evidence_on_an_example(sad_audio):
    spans = vad.speech_segments(sad_audio, SR)
    reading, flags = voice.voice_evidence(sad_audio, SR, spans)
    assert reading.available and flags == []
    assert 0 < reading.confidence <= voice.MAX_CONFIDENCE
    cues = reading.cues
    assert 100 < cues["f0_median_hz"] < 300 and cues["pitch_range_st"] > 0
    assert -40 < cues["loudness_dbfs"] < -10 and 1.5 < cues["rate_syl_s"] < 7
    assert cues["pause_count"] == len(spans) - 1 or cues["pause_count"] <= len(spans)
    assert reading.timeline and all(p.end - p.start <= voice.WINDOW_S + 1e-6 for p in reading.timeline)
    assert reading.cues["arousal"] < 0  # slow, low, quiet voice


def test_silence_is_flagged():
    reading, flags = voice.voice_evidence(np.zeros(2 * SR, np.float32), SR, [])
    assert not reading.available and [f.code for f in flags] == ["silence"]


def test_sound_without_speech_is_flagged():
    noise = (0.05 * np.random.default_rng(1).standard_normal(2 * SR)).astype(np.float32)
    reading, flags = voice.voice_evidence(noise, SR, vad.speech_segments(noise, SR))
    assert not reading.available and [f.code for f in flags] == ["no_speech"]


def test_no_audio_track_is_simply_unavailable():
    reading, flags = voice.voice_evidence(None, SR, [])
    assert not reading.available and flags == []


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")
def test_agitated_rendering_reads_as_more_aroused(tmp_path):
    """Same sentence and voice, calm vs agitated espeak-ng settings (the measurement script's conditions)."""
    readings = {}
    for name, (wpm, pitch, amp) in {"calm": (120, 35, 60), "agitated": (220, 75, 180)}.items():
        wav = tmp_path / f"{name}.wav"
        subprocess.run(
            [
                "espeak-ng",
                "-v",
                "en-us",
                "-s",
                str(wpm),
                "-p",
                str(pitch),
                "-a",
                str(amp),
                "-w",
                str(wav),
                SENTENCE,
            ],
            check=True,
        )
        audio = load_media(wav, Settings()).audio
        readings[name], _ = voice.voice_evidence(audio, SR, vad.speech_segments(audio, SR))
    calm, agitated = readings["calm"].cues, readings["agitated"].cues
    assert agitated["arousal"] > calm["arousal"] + 0.3
    assert agitated["rate_syl_s"] > calm["rate_syl_s"] and agitated["loudness_dbfs"] > calm["loudness_dbfs"]
    assert calm["arousal"] < 0 < agitated["arousal"]
