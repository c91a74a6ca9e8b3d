"""Media and prompt preparation for the transformers_omni backend (no torch): frames, sound, the frame budget.

Frames come from PyAV through `transformers.video_utils.load_video` (torchcodec's wheel needs CUDA
libraries), sampled at <= 2 fps over at most 30 s. Each frame is bounded as upstream bounds it
(qwen_omni_utils: 128-768 x 28² pixels), and the request's frames share one video-token budget
(`VideoLimits`, upstream's VIDEO_TOTAL_PIXELS share): a 30 s clip costs about 4k video + 750 audio tokens, a
5 s clip the same video tokens at a higher resolution (`frame_budget`, printed by scripts/gpu_check.py;
docs/MODELS.md). A video's own sound track is decoded here and handed to the processor as that video's
audio (`load_audio_from_video` + `audio_from_video_indices`), which interleaves it with the frames in 2 s
chunks (TMRoPE); `generate` gets `use_audio_in_video=True` to match, so a separate audio part of the same file
is not fed again, and a silent video beside a sounding one gets a silent track of its length (the positions
stay aligned; upstream asserts).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from mer_agents.backends.base import Message, Part
from mer_agents.errors import MediaError

SAMPLE_RATE = 16000  # Whisper feature extractor rate
HOP_LENGTH = 160  # Whisper: one mel frame per 10 ms
MAX_SECONDS = 30.0  # longer clips: only the first 30 s reach the model (the feature extractor's window too)
VIDEO_FPS = 2.0
TOKEN_PIXELS = 28 * 28  # one merged vision token: 2 x 2 patches of 14 px
FRAME_FACTOR = 2  # frames per temporal patch: the processor makes one grid of tokens per 2 frames
VIDEO_MIN_PIXELS = 128 * TOKEN_PIXELS  # per frame, as upstream (qwen_omni_utils VIDEO_MIN/MAX_PIXELS)
VIDEO_MAX_PIXELS = 768 * TOKEN_PIXELS
MIN_SHARE_FLOOR = 1.05  # upstream never shrinks a frame below 1.05 x the minimum
# A request's video tokens: a 30 s clip at 2 fps at upstream's 128-token minimum per grid, so a prompt stays
# near 6k tokens (the VRAM this costs: docs/MODELS.md); shorter clips get sharper frames.
VIDEO_TOKEN_BUDGET = 3840
REFERENCE_FRAME = (720, 1280)  # (height, width) of the frame frame_budget sizes: 720p
MIN_SOUND_SAMPLES = SAMPLE_RATE // 10


# --- frame budget (no torch) -------------------------------------------------------------------------------
@dataclass(frozen=True)
class VideoLimits:
    """How a request's videos become tokens: one sampling rate, upstream's per-frame pixel bounds, and one
    token budget shared by all of the request's frames (upstream's VIDEO_TOTAL_PIXELS share)."""

    fps: float = VIDEO_FPS
    min_pixels: int = VIDEO_MIN_PIXELS
    max_pixels: int = VIDEO_MAX_PIXELS
    token_budget: int = VIDEO_TOKEN_BUDGET

    def max_frames(self) -> int:
        """The most frames the budget holds at the minimum frame size."""
        return FRAME_FACTOR * max(1, self.token_budget * TOKEN_PIXELS // self.min_pixels)

    def stride(self, total_frames: int) -> int:
        """Keep every stride-th frame when the request has more than max_frames: one stride for all videos,
        because the processor times every video's grids by one fps."""
        return max(1, math.ceil(total_frames / self.max_frames()))

    def frame_pixels(self, total_frames: int) -> int:
        """The per-frame pixel cap: an even share of the budget over the request's frames, within the upstream
        bounds (floored at 1.05 x the minimum, as upstream)."""
        share = self.token_budget * TOKEN_PIXELS * FRAME_FACTOR // max(total_frames, 1)
        return max(min(self.max_pixels, share), int(self.min_pixels * MIN_SHARE_FLOOR))


@dataclass(frozen=True)
class FrameBudget:
    """What one clip costs in the prompt (frame_budget)."""

    seconds: float
    fps: float
    frames: int
    frame_size: tuple[int, int]  # (height, width) each frame is resized to
    video_tokens: int
    audio_tokens: int

    @property
    def tokens(self) -> int:
        return self.video_tokens + self.audio_tokens


def audio_tokens(seconds: float) -> int:
    """Audio tokens for `seconds` of sound (at most 30 s): Whisper's 100 mel frames a second, halved by the
    audio encoder's strided conv and again by its pooling (the processor's own formula)."""
    frames = int(min(seconds, MAX_SECONDS) * SAMPLE_RATE) // HOP_LENGTH
    return ((frames - 1) // 2 + 1 - 2) // 2 + 1 if frames > 2 else 0


def frame_budget(
    seconds: float, limits: VideoLimits | None = None, frame: tuple[int, int] = REFERENCE_FRAME
) -> FrameBudget:
    """The prompt cost of one clip of `seconds` with sound: frames sampled as decode_video samples them
    (strided to the budget), each resized as the processor resizes it (smart_resize under the per-frame cap),
    and the sound's tokens. scripts/gpu_check.py prints it; docs/MODELS.md's VRAM budget comes from it."""
    from transformers.models.qwen2_vl.image_processing_qwen2_vl import smart_resize

    limits = limits or VideoLimits()
    seconds = min(seconds, MAX_SECONDS)
    sampled = max(1, math.ceil(seconds * limits.fps))
    stride = limits.stride(sampled)
    frames = math.ceil(sampled / stride)
    height, width = smart_resize(
        *frame, factor=28, min_pixels=limits.min_pixels, max_pixels=limits.frame_pixels(frames)
    )
    grids = math.ceil(frames / FRAME_FACTOR)
    return FrameBudget(
        seconds=seconds,
        fps=limits.fps / stride,
        frames=frames,
        frame_size=(height, width),
        video_tokens=grids * height * width // TOKEN_PIXELS,
        audio_tokens=audio_tokens(seconds),
    )


# --- media --------------------------------------------------------------------------------------------------
def decode_audio(path: str, seconds: float = MAX_SECONDS) -> np.ndarray | None:
    """The first sound track as 16 kHz mono float32 (at most `seconds`), None when there is none."""
    import av

    try:
        container = av.open(path)
    except (av.error.FFmpegError, OSError) as exc:
        raise MediaError(f"cannot open {Path(path).name}: {exc}") from None
    with container:
        if not container.streams.audio:
            return None
        resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
        limit = int(seconds * SAMPLE_RATE)
        chunks: list[np.ndarray] = []
        total = 0
        try:
            for frame in container.decode(audio=0):
                for out in resampler.resample(frame):
                    chunk = out.to_ndarray().reshape(-1)
                    chunks.append(chunk)
                    total += chunk.size
                if total >= limit:
                    break
            for out in resampler.resample(None):
                chunks.append(out.to_ndarray().reshape(-1))
        except av.error.FFmpegError as exc:
            raise MediaError(f"cannot decode the sound of {Path(path).name}: {exc}") from None
    if not chunks:
        return None
    return np.concatenate(chunks)[:limit].astype(np.float32)


def decode_video(path: str, fps: float, seconds: float = MAX_SECONDS) -> np.ndarray:
    """Frames (T, H, W, 3) uint8 sampled at `fps` over the first `seconds`, with PyAV via transformers."""
    from transformers.video_utils import load_video

    def indices(metadata, **_):
        native = metadata.fps or 25.0
        total = metadata.total_num_frames or int(native * seconds)
        last = min(total, int(native * seconds))
        step = max(native / fps, 1.0)
        picked = np.arange(0, last, step).astype(int)
        return picked if picked.size else np.array([0])

    try:
        frames, _ = load_video(path, backend="pyav", sample_indices_fn=indices)
    except Exception as exc:  # noqa: BLE001 - av/transformers raise many kinds for a bad file
        raise MediaError(
            f"cannot decode the video of {Path(path).name}: {' '.join(str(exc).split())[:200]}"
        ) from None
    if len(frames) == 0:
        raise MediaError(f"{Path(path).name} has no video frames")
    return np.asarray(frames)


@dataclass
class MediaInputs:
    conversation: list[dict[str, Any]] = field(default_factory=list)
    images: list[Any] = field(default_factory=list)
    videos: list[np.ndarray] = field(default_factory=list)
    audio: list[np.ndarray | None] = field(default_factory=list)  # None: a silent video's slot, for now
    audio_slots: list[int | None] = field(
        default_factory=list
    )  # per audio: None = standalone, i = videos[i]'s
    fps: float = VIDEO_FPS  # the rate the videos were sampled at (after the budget's stride)

    @property
    def audio_in_video(self) -> bool:
        return any(slot is not None for slot in self.audio_slots)

    @property
    def frames(self) -> int:
        return sum(len(video) for video in self.videos)


def build_inputs(
    messages: list[Message], modalities: frozenset[str], limits: VideoLimits | None = None
) -> MediaInputs:
    """Chat-template conversation + decoded media, in the order their placeholders appear in the text. A video
    carries its own sound (use_audio_in_video), so an audio part naming a video's file is not fed again."""
    limits = limits or VideoLimits()
    media = MediaInputs(fps=limits.fps)
    carried = _video_paths(messages, modalities)
    for message in messages:
        content = _content(message, modalities, media, carried)
        media.conversation.append({"role": message.role, "content": content})
    _fit_videos(media, limits)
    _settle_video_sound(media)
    return media


def _video_paths(messages: list[Message], modalities: frozenset[str]) -> set[str]:
    if "video" not in modalities:
        return set()
    return {
        p.path
        for m in messages
        if not isinstance(m.content, str)
        for p in m.content
        if p.type == "video" and p.path
    }


def _content(
    message: Message, modalities: frozenset[str], media: MediaInputs, carried: set[str]
) -> list[dict[str, Any]]:
    if isinstance(message.content, str):
        return [{"type": "text", "text": message.content}]
    content: list[dict[str, Any]] = []
    for part in message.content:
        if part.type == "text":
            content.append({"type": "text", "text": part.text or ""})
        elif part.type not in modalities or (part.type == "audio" and part.path in carried):
            continue
        elif part.type == "image":
            media.images.append(_read_image(part))
            content.append({"type": "image"})
        elif part.type == "audio":
            media.audio.append(_sound(part))
            media.audio_slots.append(None)
            content.append({"type": "audio"})
        elif part.type == "video":
            media.videos.append(decode_video(_path(part), media.fps))
            media.audio.append(_usable(decode_audio(_path(part))))
            media.audio_slots.append(len(media.videos) - 1)
            content.append({"type": "video"})
    return content


def _read_image(part: Part) -> Any:
    from PIL import Image

    try:
        return Image.open(_path(part)).convert("RGB")
    except OSError as exc:
        raise MediaError(f"cannot read image {Path(_path(part)).name}: {exc}") from None


def _sound(part: Part) -> np.ndarray:
    wave = _usable(decode_audio(_path(part)))
    if wave is None:
        raise MediaError(f"{Path(_path(part)).name} has no usable sound")
    return wave


def _usable(wave: np.ndarray | None) -> np.ndarray | None:
    return wave if wave is not None and wave.size >= MIN_SOUND_SAMPLES else None


def _fit_videos(media: MediaInputs, limits: VideoLimits) -> None:
    """Thin every video by one stride when the request has more frames than the budget holds."""
    stride = limits.stride(media.frames)
    if stride > 1:
        media.videos = [video[::stride] for video in media.videos]
        media.fps = limits.fps / stride


def _settle_video_sound(media: MediaInputs) -> None:
    """A silent video beside a sounding one gets a silent track of its own length: with use_audio_in_video
    the model places every video's frames between its sound's chunks (get_rope_index), so a video without one
    would take wrong positions silently (upstream asserts instead). With no sounding video, none is added."""
    sounding = any(wave is not None for wave, slot in zip(media.audio, media.audio_slots) if slot is not None)
    kept: list[tuple[np.ndarray, int | None]] = []
    for wave, slot in zip(media.audio, media.audio_slots):
        if wave is None and sounding:
            wave = np.zeros(int(len(media.videos[slot]) / media.fps * SAMPLE_RATE), np.float32)
        if wave is not None:
            kept.append((wave, slot))
    media.audio = [wave for wave, _ in kept]
    media.audio_slots = [slot for _, slot in kept]


def _path(part: Part) -> str:
    if not part.path:
        raise MediaError(f"{part.type} part has no file path")
    if not Path(part.path).is_file():
        raise MediaError(f"{part.type} file not found: {part.path}")
    return part.path
