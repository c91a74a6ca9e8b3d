"""media.load_media: every supported container decodes to 16 kHz mono + sampled frames; every bad input gets
a clear one-line MediaError. All files are real media written in a temporary folder (tests/media_files.py).
media.write_clip: a live turn written as a clip decodes back to the same audio and frames."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf

from mer_agents.config import Settings
from mer_agents.errors import MediaError
from mer_agents.perception.media import CLIP_SAMPLE_RATE, load_media, write_clip
from tests.media_files import tone, write_audio, write_video

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LIVE_SPEECH = Path(__file__).parent / "fixtures" / "live" / "turns.wav"
SETTINGS = Settings()


def _error(path: Path, settings: Settings = SETTINGS) -> str:
    with pytest.raises(MediaError) as info:
        load_media(path, settings)
    message = str(info.value)
    assert "\n" not in message and path.name in message or "first_seconds" in message
    return message


def _dominant_hz(audio: np.ndarray, sr: int) -> float:
    spectrum = np.abs(np.fft.rfft(audio * np.hanning(audio.size)))
    return float(np.fft.rfftfreq(audio.size, 1 / sr)[np.argmax(spectrum)])


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("media")


@pytest.fixture(scope="module")
def talking_clip(folder) -> Path:
    return write_video(folder / "clip.mp4", seconds=3, fps=10, audio=tone(3, 16000), faststart=True)


# ------------------------------------------------------------------------------------------ bad input


def test_zero_byte_file(folder):
    path = folder / "empty.mp4"
    path.write_bytes(b"")
    assert "empty (0 bytes)" in _error(path)


def test_missing_file(folder):
    assert "no such file" in _error(folder / "nope.mp4")


def test_text_renamed_mp4(folder):
    path = folder / "notes.mp4"
    path.write_text("this is a shopping list, not a video\n" * 20)
    assert "not a readable audio/video file" in _error(path)


@pytest.mark.parametrize("picture", ["astronaut.png", "rocket.jpg"])
def test_image_renamed_mp4(folder, picture):
    skimage_data = pytest.importorskip("skimage.data")
    path = folder / f"{Path(picture).stem}.mp4"
    shutil.copy(Path(skimage_data.__file__).parent / picture, path)
    assert "still image" in _error(path)


def test_truncated_mp4_without_index(folder, talking_clip):
    """moov at the end (ffmpeg's default layout): cutting the file loses the index."""
    whole = write_video(folder / "moov_last.mp4", seconds=3, fps=10, audio=tone(3, 16000))
    data = whole.read_bytes()
    path = folder / "cut_index.mp4"
    path.write_bytes(data[: len(data) // 2])
    assert "damaged, truncated or not media" in _error(path)


def test_truncated_mp4_with_index(folder, talking_clip):
    """faststart layout: the index survives, the media data stops halfway."""
    data = talking_clip.read_bytes()
    path = folder / "cut_data.mp4"
    path.write_bytes(data[: len(data) // 2])
    assert "truncated" in _error(path)


@pytest.mark.parametrize("name", ["clip.wmv", "clip.txt", "clip"])
def test_unsupported_extension(folder, name):
    path = folder / name
    path.write_bytes(b"RIFF....")
    message = _error(path)
    assert "unsupported file type" in message and "mp4" in message


def test_no_audio_and_no_video_stream(folder):
    if shutil.which("ffmpeg") is None:
        pytest.skip("ffmpeg CLI not installed")
    srt = folder / "subs.srt"
    srt.write_text("1\n00:00:00,000 --> 00:00:01,000\nhello\n")
    path = folder / "subtitles_only.mkv"
    subprocess.run(
        ["ffmpeg", "-y", "-loglevel", "error", "-i", str(srt), "-c:s", "srt", str(path)], check=True
    )
    assert "neither an audio nor a video track" in _error(path)


def test_clip_over_the_limit_is_refused(folder):
    path = write_audio(folder / "long.wav", np.zeros(121 * 8000, np.float32), 8000)
    message = _error(path)
    assert "over the 120 s limit" in message and "--first-seconds" in message


def test_first_seconds_truncates_and_flags(folder, talking_clip):
    media = load_media(talking_clip, Settings(max_duration_s=2, first_seconds=1.5))
    assert media.duration_s == pytest.approx(3.0, abs=0.1)
    assert media.analysed_s == pytest.approx(1.5, abs=0.05)
    assert media.audio.size == int(1.5 * 16000)
    assert max(media.frame_times) < 1.5
    assert "truncated" in media.flag_codes()


def test_first_seconds_over_the_limit_is_refused(talking_clip):
    assert "over the 2 s limit" in _error(talking_clip, Settings(max_duration_s=2, first_seconds=5))


# ------------------------------------------------------------------------------------ audio handling


@pytest.mark.parametrize("ext", [".wav", ".mp3", ".m4a", ".ogg", ".opus", ".flac", ".aac"])
def test_audio_formats_decode_to_16k_mono(folder, ext):
    sr = 48000 if ext in (".ogg", ".opus") else 44100
    path = write_audio(folder / f"tone{ext}", tone(2, sr, 440), sr)
    media = load_media(path, SETTINGS)
    assert media.audio.dtype == np.float32 and media.audio.ndim == 1
    assert media.audio.size / 16000 == pytest.approx(2.0, abs=0.05)
    assert _dominant_hz(media.audio, 16000) == pytest.approx(440, abs=5)
    assert media.frames == [] and "no_video_track" in media.flag_codes()


def test_stereo_48k_is_mixed_and_resampled(folder):
    left, right = tone(2, 48000, 440, 0.4), tone(2, 48000, 440, 0.2)
    media = load_media(write_audio(folder / "stereo.wav", np.stack([left, right], 1), 48000), SETTINGS)
    assert media.source_channels == 2 and media.source_sample_rate == 48000
    assert media.audio.size == 32000
    assert np.abs(media.audio).max() == pytest.approx(0.3, abs=0.03)  # the mean of both channels
    assert not media.flag_codes() & {"low_sample_rate", "clipped_audio"}


def test_8k_audio_is_resampled_and_flagged(folder):
    media = load_media(write_audio(folder / "phone.wav", tone(2, 8000, 300), 8000), SETTINGS)
    assert media.audio.size == 32000 and _dominant_hz(media.audio, 16000) == pytest.approx(300, abs=5)
    assert "low_sample_rate" in media.flag_codes()


def test_clipped_audio_is_flagged(folder):
    loud = np.clip(tone(2, 16000, 200, level=3.0), -1, 1)
    media = load_media(write_audio(folder / "clipped.wav", loud, 16000), SETTINGS)
    assert "clipped_audio" in media.flag_codes()


# ------------------------------------------------------------------------------------ video handling


@pytest.mark.parametrize("ext", [".mp4", ".mov", ".mkv", ".webm", ".avi", ".m4v"])
def test_video_containers_decode_frames_at_fps(folder, ext):
    sr = 48000 if ext == ".webm" else 16000  # Opus in WebM runs at 48 kHz
    path = write_video(folder / f"small{ext}", size=(160, 120), seconds=2, fps=10, audio=tone(2, sr), sr=sr)
    media = load_media(path, SETTINGS)
    assert media.frame_times == pytest.approx([0.0, 0.5, 1.0, 1.5], abs=0.06)
    assert media.frames[0].shape == (120, 160, 3) and media.frames[0].dtype == np.uint8
    assert media.audio.size / 16000 == pytest.approx(2.0, abs=0.1)
    assert not media.flag_codes()


def test_fps_setting_changes_the_sampling(talking_clip):
    media = load_media(talking_clip, Settings(fps=1))
    assert media.frame_times == pytest.approx([0.0, 1.0, 2.0], abs=0.06)


def test_video_without_audio(folder):
    media = load_media(write_video(folder / "mute.mp4", size=(160, 120), seconds=1, fps=10), SETTINGS)
    assert media.audio is None and not media.has_audio and media.has_video
    assert "no_audio_track" in media.flag_codes()


def test_4k_frames_are_downscaled_as_decoded(folder):
    path = write_video(folder / "uhd.mp4", size=(3840, 2160), seconds=1, fps=2)
    media = load_media(path, SETTINGS)
    assert media.source_size == (3840, 2160)
    assert all(max(f.shape[:2]) <= SETTINGS.max_frame_side for f in media.frames)
    assert media.frames[0].shape == (360, 640, 3)
    assert "downscaled" in media.flag_codes()


# ----------------------------------------------------------------------------------------- examples


def test_example_clip_decodes(tmp_path):
    media = load_media(EXAMPLES / "happy_news.mp4", SETTINGS)
    assert 5 < media.duration_s <= 15 and media.has_audio and media.has_video
    assert len(media.frames) == pytest.approx(media.duration_s * SETTINGS.fps, abs=2)
    assert not media.flag_codes()


# ------------------------------------------------------------------------- one list of accepted types


def test_every_type_the_ui_accepts_decodes(folder):
    """The app's upload check reads the decoder's list, and a real file of each accepted type decodes."""
    pytest.importorskip("gradio")
    from mer_agents.perception.media import AUDIO_EXTENSIONS, SUPPORTED_EXTENSIONS, VIDEO_EXTENSIONS
    from mer_agents.ui.validation import AUDIO_TYPES, CLIP_TYPES, VIDEO_TYPES, check_clip

    assert set(CLIP_TYPES) == SUPPORTED_EXTENSIONS
    assert set(VIDEO_TYPES) == VIDEO_EXTENSIONS and set(AUDIO_TYPES) == AUDIO_EXTENSIONS
    for ext in CLIP_TYPES:
        if ext in VIDEO_EXTENSIONS:
            sr = 48000 if ext == ".webm" else 16000
            path = write_video(
                folder / f"accepted{ext}", size=(96, 64), seconds=1, fps=4, audio=tone(1, sr), sr=sr
            )
        else:
            sr = 48000 if ext in (".ogg", ".opus") else 16000
            path = write_audio(folder / f"accepted{ext}", tone(1, sr), sr)
        assert check_clip(str(path)) == str(path)
        media = load_media(path, SETTINGS)
        assert media.has_audio and media.has_video == (ext in VIDEO_EXTENSIONS), ext


def test_frames_are_capped_whatever_fps_and_duration_ask(folder):
    """The probe's case at test size: the highest frame rate with a long duration limit. The clip keeps at
    most MAX_FRAMES frames spread over its whole length, and a flag says at what rate."""
    import time

    from mer_agents.perception.media import MAX_FRAMES

    clip = write_video(folder / "long.mp4", size=(64, 48), seconds=60, fps=10)
    started = time.monotonic()
    media = load_media(clip, Settings(fps=30, max_duration_s=600))
    assert len(media.frames) <= MAX_FRAMES and media.fps == pytest.approx(MAX_FRAMES / 60)
    assert media.frame_times[-1] > 58 and media.frame_times[0] < 0.5
    flag = next(f for f in media.flags if f.code == "frames_capped")
    assert flag.message == (
        "frames were sampled at 5 per second instead of 30, to keep at most "
        f"{MAX_FRAMES} frames of the 60 s analysed"
    )
    print(f"60 s at fps 30: {len(media.frames)} frames in {time.monotonic() - started:.2f}s")
    default = load_media(write_video(folder / "short.mp4", size=(64, 48), seconds=3, fps=10), Settings())
    assert default.fps == 2.0 and "frames_capped" not in default.flag_codes()


def test_a_clip_longer_than_it_declares_is_thinned_while_decoding(folder, monkeypatch):
    """A header may understate the length (the rate is chosen from it); decoding then keeps every other frame
    whenever MAX_FRAMES is reached. The lying header is simulated; the decode is real."""
    from mer_agents.perception import media as media_module

    monkeypatch.setattr(media_module, "MAX_FRAMES", 20)
    monkeypatch.setattr(media_module, "_declared_duration", lambda container: 2.0)
    clip = write_video(folder / "liar.mp4", size=(64, 48), seconds=12, fps=10)
    media = load_media(clip, Settings(fps=10, max_duration_s=60))
    assert len(media.frames) <= 20 and media.frame_times[-1] > 10
    gaps = np.diff(media.frame_times)
    assert gaps.min() > 0 and gaps.max() < 1.0 + 1e-6  # still spread evenly over the whole clip
    assert media.fps < 10 and "frames_capped" in media.flag_codes()


def test_a_turn_clip_round_trips_through_the_media_decoder(tmp_path):
    audio, rate = sf.read(LIVE_SPEECH, dtype="float32")
    assert rate == CLIP_SAMPLE_RATE
    turn = audio[CLIP_SAMPLE_RATE : 3 * CLIP_SAMPLE_RATE]
    frames = [(1.0 + i * 0.5, np.full((120, 160, 3), 40 * i, np.uint8)) for i in range(4)]
    clip = write_clip(tmp_path / "turn", turn, frames, start_s=1.0, fps=2.0)
    assert clip.suffix == ".mp4"
    media = load_media(clip, Settings())
    assert media.has_audio and media.has_video
    assert media.duration_s == pytest.approx(2.0, abs=0.15)
    assert len(media.frames) == 4 and media.frames[0].shape[:2] == (120, 160)
    assert abs(float(media.frames[3].mean()) - 120) < 8  # the last frame is the last one given
    wav = write_clip(tmp_path / "audio_only", turn, [], start_s=1.0, fps=2.0)
    assert wav.suffix == ".wav" and load_media(wav, Settings()).audio.size == turn.size
    with pytest.raises(MediaError, match="no audio"):
        write_clip(tmp_path / "empty", np.zeros(0, np.float32), frames, 0.0, 2.0)
