"""Clips in and out: decode a clip once (16 kHz mono float32 audio, RGB frames sampled at a low rate,
duration, flags), and write a live turn as a clip that decoding reads back.

Everything downstream (ASR, VAD, prosody, faces) reads this one decoded `Media`, so the file is demuxed
a single time with PyAV. Frames are downscaled as they are decoded and only the sampled ones are kept, so
a 4K clip costs a few small arrays, not gigabytes. Bad input raises `MediaError` with one readable line.
`write_clip` (with `downscale` for webcam frames) is the way back: a live turn becomes an mp4 or wav that
goes through this same decoder, so a live turn is analysed exactly like an uploaded clip.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.errors import MediaError
from mer_agents.types import Flag

# The one list of accepted file types: the UI's upload check, the CLI help and this decoder all read it.
# Each is decoded in tests/test_perception_media.py from a real file written with PyAV (the container picks
# the demuxer, so a type is only listed here once a file of it decodes).
VIDEO_EXTENSIONS = frozenset({".mp4", ".webm", ".mov", ".mkv", ".avi", ".m4v"})
AUDIO_EXTENSIONS = frozenset({".wav", ".mp3", ".m4a", ".ogg", ".opus", ".flac", ".aac"})
SUPPORTED_EXTENSIONS = VIDEO_EXTENSIONS | AUDIO_EXTENSIONS
# Demuxers FFmpeg picks for still images and text: a renamed picture "opens" as a one-frame video.
IMAGE_OR_TEXT_FORMATS = frozenset({"image2", "tty", "gif", "webp_pipe", "ico", "bmp_pipe", "tiff_pipe"})
CLIP_LEVEL = 0.999  # |sample| at or above this (of full scale) counts as clipped
CLIPPED_FRACTION = 0.001  # more than 0.1% clipped samples → flag
LOW_SAMPLE_RATE = 16000  # source audio below this loses the upper speech band (telephone 8 kHz)
TRUNCATION_TOLERANCE_S = 1.0  # decoded content may end this much before the declared duration
TRUNCATION_RATIO = 0.9
# Frames kept per clip, whatever fps × duration asks: frame rate 10 × 600 s would keep 6,000 frames (GBs of
# RGB arrays, and a face scan each). 300 frames at 640 px are 200-370 MB; the sampling rate is lowered to
# fit, and the clip's evidence gets a "frames_capped" flag that says so.
MAX_FRAMES = 300
# What a too-long clip's refusal suggests on the command line; the app says it its own way (ui/handlers.py).
TOO_LONG_HINT = "ask for the first N seconds, e.g. --first-seconds {limit:g}"
CLIP_SAMPLE_RATE = 16000  # written clips: 16 kHz mono audio (the live stream, silero and Whisper run at it)
VIDEO_CODECS = ("libx264", "mpeg4")  # write_clip takes the first one this PyAV build can encode


@dataclass
class Media:
    """One decoded clip. `audio` is None without an audio track; `frames` is empty without video."""

    path: str
    duration_s: float  # the whole clip, as declared or decoded
    analysed_s: float  # what was decoded (less than duration_s when truncated)
    sample_rate: int
    audio: np.ndarray | None  # mono float32 at sample_rate
    frames: list[np.ndarray] = field(default_factory=list)  # RGB uint8 (H, W, 3)
    frame_times: list[float] = field(default_factory=list)  # seconds, one per frame
    source_sample_rate: int | None = None
    source_channels: int | None = None
    source_size: tuple[int, int] | None = None  # (width, height) of the video stream
    fps: float = 0.0  # the rate frames were sampled at (settings.fps, or lower to stay within MAX_FRAMES)
    container: str = ""
    flags: list[Flag] = field(default_factory=list)

    @property
    def has_audio(self) -> bool:
        return self.audio is not None

    @property
    def has_video(self) -> bool:
        return bool(self.frames)

    def flag_codes(self) -> set[str]:
        return {flag.code for flag in self.flags}


def _scaled_size(width: int, height: int, max_side: int) -> tuple[int, int]:
    """Even (width, height) with the longer side at most max_side, aspect kept."""
    scale = min(1.0, max_side / max(width, height))
    return max(2, int(round(width * scale / 2)) * 2), max(2, int(round(height * scale / 2)) * 2)


def pcm_to_float(samples: np.ndarray) -> np.ndarray:
    """Any PCM sample array (int16/int32/uint8/float) → float32 in [-1, 1]; PyAV frames and browser chunks."""
    if samples.dtype == np.int16:
        return samples.astype(np.float32) / 32768.0
    if samples.dtype == np.int32:
        return samples.astype(np.float32) / 2147483648.0
    if samples.dtype == np.uint8:
        return (samples.astype(np.float32) - 128.0) / 128.0
    return samples.astype(np.float32, copy=False)


def _check_path(path: Path) -> None:
    if not path.exists():
        raise MediaError(f"{path.name}: no such file")
    if path.is_dir():
        raise MediaError(f"{path.name}: is a folder, not a clip")
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED_EXTENSIONS:
        kinds = ", ".join(sorted(ext.lstrip(".") for ext in SUPPORTED_EXTENSIONS))
        raise MediaError(f"{path.name}: unsupported file type '{suffix or '(none)'}' (supported: {kinds})")
    if path.stat().st_size == 0:
        raise MediaError(f"{path.name}: the file is empty (0 bytes)")


def _open(path: Path):
    import av

    try:
        container = av.open(str(path), metadata_errors="ignore")
    except av.error.FFmpegError as exc:
        raise MediaError(
            f"{path.name}: not a readable audio/video file (damaged, truncated or not media: "
            f"{getattr(exc, 'strerror', None) or exc})"
        ) from None
    fmt = container.format.name
    if fmt in IMAGE_OR_TEXT_FORMATS or fmt.endswith("_pipe"):
        container.close()
        raise MediaError(f"{path.name}: this is a still image or text ({fmt}), not a video or audio clip")
    return container


def _declared_duration(container) -> float | None:
    if container.duration is not None and container.duration > 0:
        return container.duration / 1_000_000
    spans = [float(s.duration * s.time_base) for s in container.streams if s.duration and s.time_base]
    return max(spans) if spans else None


def load_media(path: str | Path, settings: Settings) -> Media:
    """Decode `path` once into 16 kHz mono audio and frames sampled at settings.fps (see module doc)."""
    import av

    path = Path(path)
    _check_path(path)
    container = _open(path)
    try:
        return _decode(path, container, settings)
    except av.error.FFmpegError as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise MediaError(
            f"{path.name}: decoding failed, the file looks damaged or truncated ({reason})"
        ) from None
    finally:
        container.close()


def _decode(path: Path, container, settings: Settings) -> Media:
    import av

    audio_stream = container.streams.audio[0] if container.streams.audio else None
    video_streams = [
        s for s in container.streams.video if not (s.disposition & av.stream.Disposition.attached_pic)
    ]
    video_stream = video_streams[0] if video_streams else None
    if audio_stream is None and video_stream is None:
        raise MediaError(f"{path.name}: the file has neither an audio nor a video track")

    flags: list[Flag] = []
    declared = _declared_duration(container)
    limit = _analysis_limit(path, declared, settings)

    streams = [s for s in (audio_stream, video_stream) if s is not None]
    resampler = None
    audio_chunks: list[np.ndarray] = []
    clipped = total_samples = 0
    if audio_stream is not None:
        # keep the channels and average them ourselves: FFmpeg's stereo→mono downmix adds them at -3 dB each,
        # which lifts correlated speech by 3 dB (and the loudness cue with it)
        resampler = av.AudioResampler(format="fltp", rate=settings.sample_rate)
    if video_stream is not None:
        video_stream.thread_type = "AUTO"
    frames: list[np.ndarray] = []
    frame_times: list[float] = []
    next_frame_t = 0.0
    fps = frame_rate(settings, limit if limit is not None else declared)
    step = 1.0 / fps
    out_size: tuple[int, int] | None = None
    last_t = 0.0
    audio_done = audio_stream is None
    video_done = video_stream is None

    for packet in container.demux(streams):
        if audio_done and video_done:
            break
        stream = packet.stream
        for frame in packet.decode():
            if frame.time is None:
                continue
            t = float(frame.time)
            if limit is not None and t >= limit:
                if stream is audio_stream:
                    audio_done = True
                else:
                    video_done = True
                break
            if limit is None and t > settings.max_duration_s:
                raise _too_long(path, t, settings)
            if stream is audio_stream:
                samples = pcm_to_float(frame.to_ndarray())
                clipped += int(np.count_nonzero(np.abs(samples) >= CLIP_LEVEL))
                total_samples += samples.size
                for out in resampler.resample(frame):
                    audio_chunks.append(out.to_ndarray().mean(axis=0))
                last_t = max(last_t, t + frame.samples / max(1, frame.sample_rate))
            else:
                last_t = max(last_t, t + step / 4)
                if t + 1e-6 < next_frame_t:
                    continue
                if len(frames) >= MAX_FRAMES:  # longer than declared: keep every other frame, halve the rate
                    frames, frame_times, fps, step = frames[::2], frame_times[::2], fps / 2, step * 2
                    next_frame_t = (math.floor(frame_times[-1] / step + 1e-6) + 1) * step
                    if t + 1e-6 < next_frame_t:
                        continue
                if out_size is None:
                    out_size = _scaled_size(frame.width, frame.height, settings.max_frame_side)
                rgb = frame.reformat(width=out_size[0], height=out_size[1], format="rgb24")
                frames.append(rgb.to_ndarray())
                frame_times.append(round(t, 3))
                next_frame_t = (math.floor(t / step + 1e-6) + 1) * step

    audio: np.ndarray | None = None
    if resampler is not None:
        for out in resampler.resample(None):
            audio_chunks.append(out.to_ndarray().mean(axis=0))
        audio = np.concatenate(audio_chunks).astype(np.float32) if audio_chunks else np.zeros(0, np.float32)
        if limit is not None:
            audio = audio[: int(limit * settings.sample_rate)]

    if audio_stream is not None and (audio is None or audio.size == 0) and not frames:
        raise MediaError(
            f"{path.name}: no audio or video could be decoded (the file looks damaged or truncated)"
        )
    if video_stream is not None and not frames and audio_stream is None:
        raise MediaError(
            f"{path.name}: no video frame could be decoded (the file looks damaged or truncated)"
        )

    audio_s = audio.size / settings.sample_rate if audio is not None else 0.0
    decoded_s = max(last_t, audio_s)
    if limit is None and decoded_s > settings.max_duration_s:
        raise _too_long(path, decoded_s, settings)
    if (
        declared is not None
        and limit is None
        and declared - decoded_s > TRUNCATION_TOLERANCE_S
        and decoded_s < TRUNCATION_RATIO * declared
    ):
        raise MediaError(
            f"{path.name}: the file is truncated or damaged: it declares {declared:.1f} s but only "
            f"{decoded_s:.1f} s could be decoded"
        )
    duration = declared if declared is not None else decoded_s
    analysed = min(decoded_s, duration) if limit is None else min(duration, limit)
    if limit is not None and duration > limit + 0.05:
        flags.append(
            Flag(
                code="truncated",
                message=(f"only the first {limit:g} s of the {duration:.1f} s clip were analysed"),
            )
        )

    if audio_stream is None:
        flags.append(
            Flag(code="no_audio_track", message="the clip has no audio track: no words or voice to read")
        )
    if video_stream is None:
        flags.append(Flag(code="no_video_track", message="audio only: there is no face to read"))
    src_rate = audio_stream.codec_context.sample_rate if audio_stream is not None else None
    src_channels = audio_stream.codec_context.channels if audio_stream is not None else None
    if src_rate is not None and src_rate < LOW_SAMPLE_RATE:
        flags.append(
            Flag(
                code="low_sample_rate",
                message=(
                    f"the audio was recorded at {src_rate} Hz (below 16 kHz): speech recognition may be less "
                    "accurate"
                ),
            )
        )
    if total_samples and clipped / total_samples > CLIPPED_FRACTION:
        flags.append(
            Flag(
                code="clipped_audio",
                message=(
                    f"{100 * clipped / total_samples:.1f}% of audio samples are clipped: loudness cues are "
                    "unreliable"
                ),
            )
        )
    if frames and fps < settings.fps - 1e-9:
        flags.append(
            Flag(
                code="frames_capped",
                message=(
                    f"frames were sampled at {fps:.3g} per second instead of {settings.fps:g}, "
                    f"to keep at most {MAX_FRAMES} frames of the {analysed:.0f} s analysed"
                ),
            )
        )
    source_size = (
        (video_stream.codec_context.width, video_stream.codec_context.height) if video_stream else None
    )
    if source_size and out_size and out_size[0] < source_size[0]:
        flags.append(
            Flag(
                code="downscaled",
                message=(
                    f"frames were downscaled from {source_size[0]}x{source_size[1]} "
                    f"to {out_size[0]}x{out_size[1]}"
                ),
            )
        )

    return Media(
        path=str(path),
        duration_s=round(duration, 3),
        analysed_s=round(analysed, 3),
        sample_rate=settings.sample_rate,
        audio=audio,
        frames=frames,
        frame_times=frame_times,
        source_sample_rate=src_rate,
        source_channels=src_channels,
        source_size=source_size,
        container=container.format.name,
        flags=flags,
        fps=fps if frames else settings.fps,
    )


def frame_rate(settings: Settings, expected_s: float | None) -> float:
    """settings.fps, lowered so that a clip of `expected_s` seconds (unknown: the duration limit) gives at
    most MAX_FRAMES frames. A clip that runs longer than it declared is thinned while decoding instead."""
    seconds = min(expected_s or settings.max_duration_s, settings.max_duration_s)
    return min(settings.fps, MAX_FRAMES / seconds) if seconds > 0 else settings.fps


def _too_long(path: Path, seconds: float, settings: Settings) -> MediaError:
    return MediaError(
        f"{path.name}: the clip is at least {seconds:.0f} s long, over the {settings.max_duration_s:g} s "
        f"limit ({TOO_LONG_HINT.format(limit=settings.max_duration_s)})"
    )


def _analysis_limit(path: Path, declared: float | None, settings: Settings) -> float | None:
    """Seconds to decode: None for the whole clip; a clip over the limit is refused unless first_seconds."""
    if settings.first_seconds is not None:
        if settings.first_seconds > settings.max_duration_s:
            raise MediaError(
                f"{path.name}: first_seconds ({settings.first_seconds:g}) is over the "
                f"{settings.max_duration_s:g} s limit"
            )
        return settings.first_seconds
    if declared is not None and declared > settings.max_duration_s:
        raise _too_long(path, declared, settings)
    return None


# ------------------------------------------------------------------------- writing (live turns)


def downscale(frame: np.ndarray, side: int) -> np.ndarray:
    """RGB uint8 with the longer side at most `side` (grey and RGBA frames become RGB)."""
    if frame.ndim == 2:
        frame = np.repeat(frame[:, :, None], 3, axis=2)
    if frame.ndim != 3 or frame.shape[2] not in (3, 4):
        raise MediaError(f"webcam frame has shape {frame.shape}: expected (height, width, 3)")
    frame = frame[:, :, :3]
    if frame.dtype != np.uint8:
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    h, w = frame.shape[:2]
    scale = min(1.0, side / max(h, w))
    if scale < 1.0:
        import cv2

        frame = cv2.resize(
            frame, (max(2, int(w * scale)), max(2, int(h * scale))), interpolation=cv2.INTER_AREA
        )
    return np.ascontiguousarray(frame)


def write_clip(
    path_stem: Path, audio: np.ndarray, frames: list[tuple[float, np.ndarray]], start_s: float, fps: float
) -> Path:
    """A turn as a file `perceive()` reads: mp4 (H.264 + AAC) with frames, else a 16 kHz wav.

    Frames are laid on a constant-rate grid (the latest frame at or before each tick), which is what the
    decoder samples anyway and keeps the container simple.
    """
    if audio.size == 0:
        raise MediaError("the turn has no audio")
    if not frames:
        import soundfile as sf

        path = path_stem.with_suffix(".wav")
        sf.write(path, audio, CLIP_SAMPLE_RATE, subtype="PCM_16")
        return path
    import av

    path = path_stem.with_suffix(".mp4")
    duration = audio.size / CLIP_SAMPLE_RATE
    h, w = frames[0][1].shape[:2]
    h, w = h - h % 2, w - w % 2
    rate = Fraction(fps).limit_denominator(1000)
    with av.open(str(path), "w") as container:
        codec = next(c for c in VIDEO_CODECS if _has_encoder(c))
        video = container.add_stream(codec, rate=rate)
        video.width, video.height, video.pix_fmt = w, h, "yuv420p"
        if codec == "libx264":
            video.options = {"preset": "ultrafast", "tune": "zerolatency"}
        sound = container.add_stream("aac", rate=CLIP_SAMPLE_RATE, layout="mono")
        n_ticks = max(1, int(np.ceil(duration * fps)))
        k = 0
        for tick in range(n_ticks):
            t = start_s + tick / fps
            while k + 1 < len(frames) and frames[k + 1][0] <= t:
                k += 1
            image = frames[k][1]
            if image.shape[0] < h or image.shape[1] < w:
                import cv2

                image = cv2.resize(image, (w, h), interpolation=cv2.INTER_AREA)
            vf = av.VideoFrame.from_ndarray(np.ascontiguousarray(image[:h, :w]), format="rgb24")
            vf.pts = tick
            for packet in video.encode(vf):
                container.mux(packet)
        for packet in video.encode(None):
            container.mux(packet)
        af = av.AudioFrame.from_ndarray(audio.astype(np.float32)[None, :], format="flt", layout="mono")
        af.sample_rate = CLIP_SAMPLE_RATE
        af.pts = 0
        for packet in sound.encode(af):
            container.mux(packet)
        for packet in sound.encode(None):
            container.mux(packet)
    return path


@load_once
def _has_encoder(name: str) -> bool:
    import av

    try:
        av.codec.Codec(name, "w")
        return True
    except Exception:  # noqa: BLE001 - PyAV raises several kinds for a missing codec
        return False
