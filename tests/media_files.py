"""Write small real media files for the perception tests (PyAV + numpy), so nothing big is committed."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
import numpy as np

AUDIO_CODECS = {
    ".wav": "pcm_s16le",
    ".mp3": "libmp3lame",
    ".m4a": "aac",
    ".ogg": "libopus",
    ".flac": "flac",
    ".opus": "libopus",
    ".aac": "aac",
    ".mp4": "aac",
    ".mov": "aac",
    ".mkv": "aac",
    ".webm": "libopus",
    ".avi": "pcm_s16le",
    ".m4v": "aac",
}
VIDEO_CODECS = {
    ".mp4": "libx264",
    ".mov": "libx264",
    ".mkv": "libx264",
    ".webm": "libvpx",
    ".avi": "mpeg4",
    ".m4v": "libx264",
}
OPUS_SUFFIXES = (".ogg", ".opus")  # Opus only runs at 8/12/16/24/48 kHz
OPUS_RATE = 48000


def tone(seconds: float, sr: int, freq: float = 220.0, level: float = 0.3) -> np.ndarray:
    t = np.arange(int(seconds * sr)) / sr
    return (level * np.sin(2 * np.pi * freq * t)).astype(np.float32)


def _audio_frames(audio: np.ndarray, sr: int, chunk: int = 1024):
    """PyAV float frames of `audio` ((n,) mono or (n, 2) stereo); the encoder converts format and frame
    size."""
    audio = audio.reshape(len(audio), -1).astype(np.float32)
    layout = "mono" if audio.shape[1] == 1 else "stereo"
    for start in range(0, len(audio), chunk):
        frame = av.AudioFrame.from_ndarray(
            audio[start : start + chunk].reshape(1, -1), format="flt", layout=layout
        )
        frame.sample_rate = sr
        frame.pts = start
        frame.time_base = Fraction(1, sr)
        yield frame


def write_audio(path: Path, audio: np.ndarray, sr: int) -> Path:
    """An audio file in the format its extension names; `audio` is (n,) mono or (n, 2) stereo float."""
    path = Path(path)
    if path.suffix in OPUS_SUFFIXES and sr not in (8000, 12000, 16000, 24000, 48000):
        raise ValueError("opus needs 8/12/16/24/48 kHz")
    channels = 1 if audio.ndim == 1 else audio.shape[1]
    with av.open(str(path), "w") as container:
        stream = container.add_stream(AUDIO_CODECS[path.suffix], rate=sr)
        stream.layout = "mono" if channels == 1 else "stereo"
        for frame in _audio_frames(audio, sr):
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode(None):
            container.mux(packet)
    return path


def write_video(
    path: Path,
    frames: list[np.ndarray] | None = None,
    *,
    size: tuple[int, int] = (320, 240),
    seconds: float = 2.0,
    fps: int = 10,
    audio: np.ndarray | None = None,
    sr: int = 16000,
    faststart: bool = False,
) -> Path:
    """A video (RGB frames, or a drifting grey gradient of `size`) with an optional audio track."""
    path = Path(path)
    n = len(frames) if frames is not None else int(seconds * fps)
    width, height = (frames[0].shape[1], frames[0].shape[0]) if frames is not None else size
    options = {"movflags": "+faststart"} if faststart else {}
    ramp = np.add.outer(np.arange(height) // 8, np.arange(width) // 8).astype(np.int64)
    with av.open(str(path), "w", options=options) as container:
        vstream = container.add_stream(VIDEO_CODECS[path.suffix], rate=fps)
        vstream.width, vstream.height, vstream.pix_fmt = width, height, "yuv420p"
        if vstream.codec_context.name == "libx264":
            vstream.options = {"preset": "ultrafast"}
        elif vstream.codec_context.name == "libvpx":
            vstream.options = {"deadline": "realtime", "cpu-used": "8"}
        astream = None
        if audio is not None:
            rate = OPUS_RATE if path.suffix == ".webm" else sr
            astream = container.add_stream(AUDIO_CODECS[path.suffix], rate=rate)
            astream.layout = "mono"
        for i in range(n):
            if frames is not None:
                rgb = frames[i]
            else:
                grey = (60 + (ramp + 3 * i) % 120).astype(np.uint8)
                rgb = np.repeat(grey[:, :, None], 3, axis=2)
            for packet in vstream.encode(av.VideoFrame.from_ndarray(rgb, format="rgb24")):
                container.mux(packet)
        for packet in vstream.encode(None):
            container.mux(packet)
        if astream is not None:
            if astream.rate != sr:
                from scipy.signal import resample_poly

                audio = resample_poly(audio, astream.rate, sr).astype(np.float32)
            for frame in _audio_frames(audio, astream.rate):
                for packet in astream.encode(frame):
                    container.mux(packet)
            for packet in astream.encode(None):
                container.mux(packet)
    return path
