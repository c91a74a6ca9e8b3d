"""Qwen2.5-Omni through transformers: the design card's main path, 4-bit on a GPU, seeing the clip itself.

The thinker (`Qwen2_5OmniThinkerForConditionalGeneration`, text out) is loaded unless the user asks for spoken
replies, which need the full `Qwen2_5OmniForConditionalGeneration` (thinker + talker + token2wav). Weights are
4-bit nf4 with bf16 compute through bitsandbytes; the audio and vision encoders, `lm_head`, and in spoken mode
the talker and the vocoder stay unquantized (small, and the most quantization-sensitive). In transformers 5.24
skip names match as a prefix or a regex, hence `.*audio_tower` / `.*visual`: a plain "audio_tower" would not
match "model.audio_tower" and the encoders would be quantized silently.

Media: frames come from PyAV through `transformers.video_utils.load_video` (torchcodec's wheel needs CUDA
libraries), sampled at <= 2 fps over at most 30 s. Each frame is bounded as upstream bounds it
(qwen_omni_utils: 128-768 x 28² pixels), and the request's frames share one video-token budget
(`VideoLimits`, upstream's VIDEO_TOTAL_PIXELS share): a 30 s clip costs about 4k video + 750 audio tokens, a
5 s clip the same video tokens at a higher resolution (`frame_budget`, printed by scripts/gpu_check.py;
docs/MODELS.md). A video's own sound track is decoded here and handed to the processor as that video's
audio (`load_audio_from_video` + `audio_from_video_indices`), which interleaves it with the frames in 2 s
chunks (TMRoPE); `generate` gets `use_audio_in_video=True` to match, so a separate audio part of the same file
is not fed again, and a silent video beside a sounding one gets a silent track of its length (the positions
stay aligned; upstream asserts).

Generation: the end tokens come from the processor's tokenizer; the repeat penalty is llama.cpp's (the last 64
tokens, omni_controls.RecentRepetitionPenalty) so it means the same on every backend; a stop flag ends a
cancelled or stalled stream at the next token. Spoken replies: `generate` only writes text (drafts are never
spoken); `speak` voices the final reply once, under the system prompt Qwen requires for audio output, and the
app plays it (backends/voice.py, ui/tts.py).

No grammar here: JSON outputs are asked for in the system prompt and the JSON object is pulled out of the
reply; validating it and asking once for a repair is the agents' job (agents/base.generate_json), as with
every backend. Offline by default: weights load with `local_files_only=True`.
"""

from __future__ import annotations

import json
import math
import os
import queue
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

from mer_agents.backends import voice
from mer_agents.backends.base import Generation, GenerationParams, Message, Part, TokenCallback
from mer_agents.backends.json_output import JSON_INSTRUCTION, extract_json
from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.errors import BackendError, MediaError, ModelError

DEFAULT_MODEL = "Qwen/Qwen2.5-Omni-3B"  # "Qwen/Qwen2.5-Omni-7B" is the bigger choice (~ +3 GB in 4-bit)
SKIP_MODULES = ["lm_head", r".*audio_tower", r".*visual"]
# spoken mode: the talker and the vocoder stay in full precision, as upstream runs them (a 4-bit talker's
# speech is untested; Qwen's README puts the two at ~2 GB)
SPOKEN_SKIP_MODULES = [*SKIP_MODULES, r".*talker", r".*token2wav"]
SAMPLE_RATE = 16000  # Whisper feature extractor rate
HOP_LENGTH = 160  # Whisper: one mel frame per 10 ms
SPEECH_RATE = 24000  # token2wav output rate
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
IMAGE_MAX_PIXELS = 512 * 28 * 28
IMAGE_MIN_PIXELS = 16 * 28 * 28
MIN_SOUND_SAMPLES = SAMPLE_RATE // 10
STREAM_TIMEOUT_S = 600.0
END_TOKENS = ("<|im_end|>", "<|endoftext|>")  # Qwen chat models stop on either
# Qwen2.5-Omni's README and the transformers model doc: audio output needs exactly this system prompt.
SPEECH_SYSTEM_PROMPT = (
    "You are Qwen, a virtual human developed by the Qwen Team, Alibaba Group, capable of perceiving auditory "
    "and visual inputs, as well as generating text and speech."
)
SPEECH_REQUEST = "Say your reply to the person aloud."
SPEAKER = "Chelsie"  # the checkpoint's default voice (spk_dict.pt also has "Ethan")
TALKER_MAX_TOKENS = 4096  # upstream default

Quantize = Literal["4bit", "none"]


@dataclass
class OmniEngine:
    """A loaded model + processor and the lock that keeps one generation at a time on the device."""

    model: Any
    processor: Any
    ref: str
    load_seconds: float
    spoken: bool
    lock: threading.Lock = field(default_factory=threading.Lock)


# --- discovery (cheap: no torch import unless asked) --------------------------------------------------------
def model_ref(settings: Settings) -> str:
    """settings.model unless it names a GGUF (that one is for the embedded backend)."""
    if settings.model and not settings.model.lower().endswith(".gguf"):
        return settings.model
    return DEFAULT_MODEL


def local_weights(ref: str) -> Path | None:
    """A directory holding config + safetensors for ref: a local path or a complete HF-cache snapshot.

    Never downloads (local_files_only): the offline rule holds at run time.
    """
    path = Path(ref).expanduser()
    if path.is_dir():
        return path if _complete(path) else None
    if ref.count("/") != 1 or os.path.isabs(ref):
        return None
    try:
        from huggingface_hub import snapshot_download

        snapshot = Path(snapshot_download(ref, local_files_only=True))
    except Exception:  # noqa: BLE001 - any failure means: not available locally
        return None
    return snapshot if _complete(snapshot) else None


def ensure_weights(ref: str, settings: Settings) -> Path:
    """local_weights(ref), downloaded first when missing and the user opted in (backends/download.py);
    ModelError naming the opt-in when it is missing."""
    from mer_agents.backends import download

    path = local_weights(ref)
    if (
        path is None
        and download.downloads_allowed(settings)
        and ref.count("/") == 1
        and not Path(ref).expanduser().exists()
    ):
        download.download(ref)
        path = local_weights(ref)
    if path is None:
        raise ModelError(
            f"Qwen2.5-Omni weights not found locally for {ref!r} (or set MER_MODEL to a local "
            f"folder): {download.opt_in_hint(ref)}"
        )
    return path


def _complete(path: Path) -> bool:
    return (path / "config.json").is_file() and any(path.glob("*.safetensors"))


def cuda_available() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def omni_ready(settings: Settings) -> bool:
    """True when "auto" should pick this backend: local weights (checked first: cheap) and CUDA."""
    return local_weights(model_ref(settings)) is not None and cuda_available()


# --- loading ------------------------------------------------------------------------------------------------
@load_once
def load_engine(path: str, quantize: Quantize, spoken: bool, device_map: str) -> OmniEngine:
    """Load processor + model once per process (per path, quantization, talker and placement)."""
    import torch
    from transformers import (
        AutoConfig,
        BitsAndBytesConfig,
        Qwen2_5OmniForConditionalGeneration,
        Qwen2_5OmniProcessor,
        Qwen2_5OmniThinkerForConditionalGeneration,
    )

    start = time.perf_counter()
    on_cuda = torch.cuda.is_available()
    dtype = torch.bfloat16 if on_cuda else torch.float32
    kwargs: dict[str, Any] = {"local_files_only": True, "device_map": device_map, "dtype": dtype}
    if quantize == "4bit":
        kwargs["quantization_config"] = BitsAndBytesConfig(
            load_in_4bit=True,
            bnb_4bit_quant_type="nf4",
            bnb_4bit_compute_dtype=torch.bfloat16,
            bnb_4bit_use_double_quant=True,
            llm_int8_skip_modules=SPOKEN_SKIP_MODULES if spoken else SKIP_MODULES,
        )
    try:
        config = AutoConfig.from_pretrained(path, local_files_only=True)
        processor = Qwen2_5OmniProcessor.from_pretrained(path, local_files_only=True)
        if spoken:
            if getattr(config, "model_type", "") != "qwen2_5_omni":
                raise ModelError(
                    f"spoken replies need the full Qwen2.5-Omni checkpoint (talker + token2wav): {path}"
                )
            model = Qwen2_5OmniForConditionalGeneration.from_pretrained(path, config=config, **kwargs)
        else:
            thinker_config = getattr(config, "thinker_config", config)  # a full checkpoint holds the thinker
            model = Qwen2_5OmniThinkerForConditionalGeneration.from_pretrained(
                path, config=thinker_config, **kwargs
            )
    except ModelError:
        raise
    except (OSError, ValueError, ImportError, RuntimeError) as exc:
        raise ModelError(
            f"could not load Qwen2.5-Omni from {path}: {' '.join(str(exc).split())[:300]}"
        ) from exc
    model.eval()
    return OmniEngine(model, processor, path, time.perf_counter() - start, spoken)


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


def end_token_ids(tokenizer: Any) -> list[int]:
    """The reply's end tokens, from the processor's tokenizer: its eos, then Qwen's <|im_end|> and
    <|endoftext|> where the vocabulary has them (the checkpoint's generation config is not relied on)."""
    ids: list[int] = []
    for token in (tokenizer.eos_token, *END_TOKENS):
        token_id = tokenizer.convert_tokens_to_ids(token) if token else None
        if isinstance(token_id, int) and token_id != tokenizer.unk_token_id and token_id not in ids:
            ids.append(token_id)
    return ids


def display_name(ref: str) -> str:
    """What Generation.model shows: the hub id as given, or a local folder's name (never a snapshot hash)."""
    path = Path(ref).expanduser()
    return path.name if path.is_dir() else ref


# --- backend ------------------------------------------------------------------------------------------------
class TransformersOmniBackend:
    """Qwen2.5-Omni (3B by default, 7B selectable) on the GPU; takes text, images, audio and video."""

    name = "transformers_omni"
    trusted_drafts = True  # Qwen2.5-Omni 3B/7B
    modalities: frozenset[str] = frozenset({"text", "image", "audio", "video"})
    # use_audio_in_video: a video part brings its own sound; no audio part is added (perception.media_parts)
    video_carries_audio = True

    def __init__(
        self,
        settings: Settings,
        *,
        quantize: Quantize = "4bit",
        require_cuda: bool = True,
        device_map: str = "auto",
        video_fps: float | None = None,
        video_max_pixels: int = VIDEO_MAX_PIXELS,
        video_min_pixels: int = VIDEO_MIN_PIXELS,
        video_token_budget: int = VIDEO_TOKEN_BUDGET,
        image_max_pixels: int = IMAGE_MAX_PIXELS,
        image_min_pixels: int = IMAGE_MIN_PIXELS,
        stream_timeout_s: float = STREAM_TIMEOUT_S,
        talker_max_tokens: int = TALKER_MAX_TOKENS,
    ):
        self.settings = settings
        self.ref = model_ref(settings)
        self.quantize = quantize
        self.require_cuda = require_cuda
        self.device_map = device_map
        self.video = VideoLimits(
            fps=min(video_fps or settings.fps, VIDEO_FPS),
            min_pixels=video_min_pixels,
            max_pixels=video_max_pixels,
            token_budget=video_token_budget,
        )
        self.image_size = {"shortest_edge": image_min_pixels, "longest_edge": image_max_pixels}
        self.stream_timeout_s = stream_timeout_s
        self.talker_max_tokens = talker_max_tokens
        self.last_timings: dict[str, float] = {}
        if settings.spoken_reply:
            voice.register(self.speak)  # the app plays the model's own voice (ui/tts.speak)

    def describe(self) -> str:
        bits = "4-bit nf4" if self.quantize == "4bit" else "full precision"
        talker = " + talker" if self.settings.spoken_reply else ""
        return f"transformers_omni: {self.ref}{talker}, {bits}"

    def engine(self) -> OmniEngine:
        """The loaded model (loads on first use); ModelError when weights or CUDA are missing."""
        path = ensure_weights(self.ref, self.settings)
        if self.require_cuda and not cuda_available():
            raise ModelError(
                "the transformers_omni backend needs a CUDA GPU for 4-bit Qwen2.5-Omni; "
                "use --backend embedded on a CPU"
            )
        return load_engine(str(path), self.quantize, self.settings.spoken_reply, self.device_map)

    def generate(
        self, messages: list[Message], params: GenerationParams, on_token: TokenCallback | None = None
    ) -> Generation:
        """One text reply from the clip and the text (never speech: drafts are not spoken; `speak` voices the
        final reply); JSON asked for is the object pulled out of the reply (one generation: the caller
        validates and repairs)."""
        engine = self.engine()
        if params.json_schema is not None:
            messages = _with_json_instruction(messages, params.json_schema)
        with engine.lock:
            generation = self._generate(engine, messages, params, on_token)
        if params.json_schema is None:
            return generation
        return generation.model_copy(update={"text": extract_json(generation.text)})

    def speak(self, text: str, emotion: str | None = None) -> str:
        """`text` in the model's own voice, as a WAV path. The thinker is forced through exactly `text` under
        the system prompt Qwen requires for audio output, and the talker speaks from its hidden states; the
        app calls this once, for the final reply (ui/tts.speak through backends/voice.py)."""
        engine = self.engine()
        if not engine.spoken:
            raise ModelError(
                "the model's own voice needs the full Qwen2.5-Omni model: set MER_SPOKEN_REPLY=1"
            )
        with engine.lock:
            wave = self._speak(engine, text, emotion)
        return self._save_speech(wave)

    # --- one pass ---------------------------------------------------------------------------------------
    def _generate(
        self,
        engine: OmniEngine,
        messages: list[Message],
        params: GenerationParams,
        on_token: TokenCallback | None,
    ) -> Generation:
        import torch

        start = time.perf_counter()
        media = build_inputs(messages, self.modalities, self.video)
        decoded = time.perf_counter()
        inputs = self._process(engine, media)
        inputs = inputs.to(_device(engine.model))
        if "input_features" in inputs:
            inputs["input_features"] = inputs["input_features"].to(_audio_dtype(engine.model))
        processed = time.perf_counter()

        generator = _text_model(engine)
        kwargs = {
            **inputs,
            **thinker_kwargs(engine.processor.tokenizer, params),
            "use_audio_in_video": media.audio_in_video,
        }
        torch.manual_seed(params.seed)
        prompt_tokens = int(inputs["input_ids"].shape[1])
        try:
            if on_token is None:
                with torch.inference_mode():
                    output = generator.generate(**kwargs)
            else:
                output = self._stream(engine, generator, kwargs, on_token)
        except torch.cuda.OutOfMemoryError as exc:
            raise BackendError("the GPU ran out of memory: use a shorter clip or the 3B model") from exc
        text, new_tokens = _decode(engine.processor.tokenizer, output, prompt_tokens)
        text = _cut_at_stop(text, params.stop)
        done = time.perf_counter()
        self.last_timings = {
            "decode_media_s": decoded - start,
            "process_s": processed - decoded,
            "generate_s": done - processed,
            "load_s": engine.load_seconds,
        }
        return Generation(
            text=text,
            prompt_tokens=prompt_tokens,
            completion_tokens=new_tokens,
            seconds=done - start,
            model=display_name(self.ref),
        )

    def _process(self, engine: OmniEngine, media: MediaInputs):
        processor = engine.processor
        prompt = processor.apply_chat_template(media.conversation, add_generation_prompt=True, tokenize=False)
        kwargs: dict[str, Any] = {
            "text": [prompt],
            "return_tensors": "pt",
            "padding": True,
            "videos_kwargs": {
                "fps": media.fps,
                "size": {
                    "shortest_edge": self.video.min_pixels,
                    "longest_edge": self.video.frame_pixels(media.frames),
                },
                "do_sample_frames": False,
                "cap_pixels_per_frame": True,
            },
            "images_kwargs": {"size": dict(self.image_size)},
        }
        if media.images:
            kwargs["images"] = media.images
        if media.videos:
            kwargs["videos"] = media.videos
        if media.audio:
            kwargs["audio"] = media.audio
        if media.audio_in_video:
            kwargs["load_audio_from_video"] = True
            kwargs["audio_from_video_indices"] = media.audio_slots
        try:
            return processor(**kwargs)
        except ValueError as exc:
            raise BackendError(
                f"Qwen2.5-Omni processor refused the inputs: {' '.join(str(exc).split())[:300]}"
            ) from exc

    def _stream(
        self, engine: OmniEngine, generator: Any, kwargs: dict[str, Any], on_token: TokenCallback
    ) -> Any:
        """Generate on a worker thread while this one hands each piece to on_token. A raising on_token
        (Cancelled) or a stream silent for stream_timeout_s sets the stop flag, which ends generation at the
        next token; the worker has ended before this returns, so the engine lock is freed with the GPU."""
        from transformers import StoppingCriteriaList, TextIteratorStreamer

        from mer_agents.backends.omni_controls import StopOnFlag

        stop = threading.Event()
        streamer = TextIteratorStreamer(
            engine.processor.tokenizer,
            skip_prompt=True,
            skip_special_tokens=True,
            timeout=self.stream_timeout_s,
        )
        kwargs = {
            **kwargs,
            "streamer": streamer,
            "stopping_criteria": StoppingCriteriaList([StopOnFlag(stop)]),
        }
        result: dict[str, Any] = {}
        thread = threading.Thread(
            target=_generate_into,
            args=(generator, kwargs, result, streamer),
            name="omni-generate",
            daemon=True,
        )
        thread.start()
        stalled, callback_error = False, None
        try:
            callback_error = _feed(streamer, on_token)
        except queue.Empty:
            stalled = True
        finally:
            stop.set()  # a no-op once generation has ended
            thread.join()
        if "error" in result:
            raise result["error"]
        if stalled:
            raise BackendError(
                f"Qwen2.5-Omni wrote nothing for {self.stream_timeout_s:.0f} s: generation stopped"
            )
        if callback_error is not None:
            raise callback_error
        return result["output"]

    def _speak(self, engine: OmniEngine, text: str, emotion: str | None) -> Any:
        import torch
        from transformers import LogitsProcessorList

        from mer_agents.backends.omni_controls import ForcedReply

        processor, tokenizer = engine.processor, engine.processor.tokenizer
        prompt = processor.apply_chat_template(
            speech_conversation(emotion), add_generation_prompt=True, tokenize=False
        )
        inputs = processor(text=[prompt], return_tensors="pt", padding=True).to(_device(engine.model))
        reply = tokenizer(text, add_special_tokens=False)["input_ids"]
        ends = end_token_ids(tokenizer)
        forced = ForcedReply(reply, ends[0], int(inputs["input_ids"].shape[1]))
        torch.manual_seed(self.settings.seed)
        try:
            with torch.inference_mode():
                _, wave = engine.model.generate(
                    **inputs,
                    speaker=SPEAKER,
                    generation_mode="audio",
                    thinker_max_new_tokens=len(reply) + 1,
                    thinker_do_sample=False,
                    thinker_repetition_penalty=1.0,
                    thinker_eos_token_id=ends,
                    thinker_logits_processor=LogitsProcessorList([forced]),
                    talker_max_new_tokens=self.talker_max_tokens,
                )
        except torch.cuda.OutOfMemoryError as exc:
            raise BackendError("the GPU ran out of memory while speaking the reply") from exc
        return wave

    def _save_speech(self, audio: Any) -> str:
        import soundfile

        folder = Path(self.settings.cache_dir) / "spoken"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"reply-{uuid.uuid4().hex[:12]}.wav"
        wave = audio.reshape(-1).detach().float().cpu().numpy()
        soundfile.write(path, wave, SPEECH_RATE)
        return str(path)


def thinker_kwargs(tokenizer: Any, params: GenerationParams) -> dict[str, Any]:
    """generate() arguments for the thinker: end tokens from the processor's tokenizer, and llama.cpp's repeat
    penalty (the last 64 tokens) in place of transformers' whole-prompt one (omni_controls)."""
    from transformers import LogitsProcessorList

    from mer_agents.backends.omni_controls import RecentRepetitionPenalty

    sampling = params.temperature > 0
    kwargs: dict[str, Any] = {
        "max_new_tokens": params.max_tokens,
        "do_sample": sampling,
        "repetition_penalty": 1.0,
        "pad_token_id": tokenizer.pad_token_id,
        "eos_token_id": end_token_ids(tokenizer),
    }
    if params.repeat_penalty != 1.0:
        kwargs["logits_processor"] = LogitsProcessorList([RecentRepetitionPenalty(params.repeat_penalty)])
    if sampling:
        kwargs.update(temperature=params.temperature, top_p=params.top_p)
    if params.stop:
        kwargs.update(stop_strings=list(params.stop), tokenizer=tokenizer)
    return kwargs


def speech_conversation(emotion: str | None) -> list[dict[str, Any]]:
    """The prompt the final reply is spoken under: Qwen's speech system prompt, exactly, then the request."""
    request = SPEECH_REQUEST + (f" They seem to feel {emotion}." if emotion else "")
    return [
        {"role": "system", "content": [{"type": "text", "text": SPEECH_SYSTEM_PROMPT}]},
        {"role": "user", "content": [{"type": "text", "text": request}]},
    ]


def _generate_into(generator: Any, kwargs: dict[str, Any], result: dict[str, Any], streamer: Any) -> None:
    import torch

    try:
        with torch.inference_mode():
            result["output"] = generator.generate(**kwargs)
    except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
        result["error"] = exc
        streamer.end()


def _feed(streamer: Any, on_token: TokenCallback) -> BaseException | None:
    """Hand each streamed piece to on_token; what it raises (Cancelled) is returned, to raise once the worker
    has stopped. queue.Empty (the stream timeout) propagates."""
    for piece in streamer:
        if not piece:
            continue
        try:
            on_token(piece)
        except BaseException as exc:  # noqa: BLE001 - raised once generation has stopped
            return exc
    return None


def _decode(tokenizer: Any, output: Any, prompt_tokens: int) -> tuple[str, int]:
    sequences = getattr(output, "sequences", output)
    new = sequences[0, prompt_tokens:]
    return tokenizer.decode(new, skip_special_tokens=True), int(new.shape[0])


def _text_model(engine: OmniEngine) -> Any:
    """What writes text: the thinker (inside the full model in spoken mode; its generate would speak)."""
    return getattr(engine.model, "thinker", engine.model)


def _device(model: Any) -> Any:
    return next(model.parameters()).device


def _audio_dtype(model: Any):
    tower = getattr(getattr(model, "thinker", model), "model").audio_tower
    return next(tower.parameters()).dtype


def _with_json_instruction(messages: list[Message], schema: dict[str, Any]) -> list[Message]:
    instruction = JSON_INSTRUCTION.format(schema=json.dumps(schema))
    out = list(messages)
    for index, message in enumerate(out):
        if message.role == "system":
            if isinstance(message.content, str):
                out[index] = Message(role="system", content=f"{message.content}\n\n{instruction}")
            else:
                out[index] = Message(
                    role="system", content=[*message.content, Part(type="text", text=instruction)]
                )
            return out
    return [Message(role="system", content=instruction), *out]


def _cut_at_stop(text: str, stops: tuple[str, ...]) -> str:
    cut = min((text.find(s) for s in stops if s and s in text), default=-1)
    return text[:cut] if cut >= 0 else text


__all__ = [
    "TransformersOmniBackend",
    "VideoLimits",
    "audio_tokens",
    "frame_budget",
    "omni_ready",
    "local_weights",
    "model_ref",
    "decode_video",
    "decode_audio",
]
