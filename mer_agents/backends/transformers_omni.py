"""Qwen2.5-Omni through transformers: the design card's main path, 4-bit on a GPU, seeing the clip itself.

The thinker (`Qwen2_5OmniThinkerForConditionalGeneration`, text out) is loaded unless the user asks for spoken
replies, which need the full `Qwen2_5OmniForConditionalGeneration` (thinker + talker + token2wav). Weights are
4-bit nf4 with bf16 compute through bitsandbytes; the audio and vision encoders and `lm_head` stay unquantized
(small, and the most quantization-sensitive). In transformers 5.24 skip names match as a prefix or a regex,
hence `.*audio_tower` / `.*visual`: a plain "audio_tower" would not match "model.audio_tower" and the encoders
would be quantized silently.

Media: frames come from PyAV through `transformers.video_utils.load_video` (torchcodec's wheel needs CUDA
libraries), sampled at <= 2 fps for at most 30 s and capped in pixels, so a 30 s clip costs about 2k video
tokens + 750 audio tokens and fits in ~12 GB with the 3B model. A video's own sound track is decoded here and
handed to the processor as that video's audio (`load_audio_from_video` + `audio_from_video_indices`), which
interleaves it with the frames in 2 s chunks (TMRoPE); `generate` gets `use_audio_in_video=True` to match.

No grammar here: JSON outputs are asked for in the system prompt and the JSON object is pulled out of the
reply; validating it and asking once for a repair is the agents' job (agents/base.generate_json), as with
every backend. Offline by default: weights load with `local_files_only=True`.
"""

from __future__ import annotations

import json
import os
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

from mer_agents.backends.base import Generation, GenerationParams, Message, Part, TokenCallback
from mer_agents.backends.json_output import JSON_INSTRUCTION, extract_json
from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.errors import BackendError, MediaError, ModelError

DEFAULT_MODEL = "Qwen/Qwen2.5-Omni-3B"  # "Qwen/Qwen2.5-Omni-7B" is the bigger choice (~ +6 GB in 4-bit)
SKIP_MODULES = ["lm_head", r".*audio_tower", r".*visual"]
SPOKEN_SKIP_MODULES = [*SKIP_MODULES, r".*token2wav"]  # the vocoder stays in full precision
SAMPLE_RATE = 16000  # Whisper feature extractor rate
SPEECH_RATE = 24000  # token2wav output rate
MAX_SECONDS = 30.0  # longer clips: only the first 30 s reach the model (the feature extractor's window too)
VIDEO_FPS = 2.0
VIDEO_MIN_PIXELS = 32 * 28 * 28
VIDEO_MAX_PIXELS = 128 * 28 * 28  # 128 merged tokens per 2-frame grid: 30 s at 2 fps -> ~1.9k video tokens
IMAGE_MAX_PIXELS = 512 * 28 * 28
IMAGE_MIN_PIXELS = 16 * 28 * 28
STREAM_TIMEOUT_S = 600.0

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
    conversation: list[dict[str, Any]]
    images: list[Any]
    videos: list[np.ndarray]
    audio: list[np.ndarray]
    audio_slots: list[int | None]  # per audio: None = standalone, i = the sound of videos[i]

    @property
    def audio_in_video(self) -> bool:
        return any(slot is not None for slot in self.audio_slots)


def build_inputs(messages: list[Message], modalities: frozenset[str], fps: float) -> MediaInputs:
    """Chat-template conversation + decoded media, in the order their placeholders appear in the text."""
    from PIL import Image

    conversation: list[dict[str, Any]] = []
    images: list[Any] = []
    videos: list[np.ndarray] = []
    audio: list[np.ndarray] = []
    slots: list[int | None] = []
    for message in messages:
        if isinstance(message.content, str):
            conversation.append(
                {"role": message.role, "content": [{"type": "text", "text": message.content}]}
            )
            continue
        content: list[dict[str, Any]] = []
        for part in message.content:
            if part.type == "text":
                content.append({"type": "text", "text": part.text or ""})
            elif part.type not in modalities:
                continue
            elif part.type == "image":
                try:
                    images.append(Image.open(_path(part)).convert("RGB"))
                except OSError as exc:
                    raise MediaError(f"cannot read image {Path(_path(part)).name}: {exc}") from None
                content.append({"type": "image"})
            elif part.type == "audio":
                wave = decode_audio(_path(part))
                if wave is None or wave.size < SAMPLE_RATE // 10:
                    raise MediaError(f"{Path(_path(part)).name} has no usable sound")
                audio.append(wave)
                slots.append(None)
                content.append({"type": "audio"})
            elif part.type == "video":
                videos.append(decode_video(_path(part), fps))
                wave = decode_audio(_path(part))
                if wave is not None and wave.size >= SAMPLE_RATE // 10:
                    audio.append(wave)
                    slots.append(len(videos) - 1)
                content.append({"type": "video"})
        conversation.append({"role": message.role, "content": content})
    return MediaInputs(conversation, images, videos, audio, slots)


def _path(part: Part) -> str:
    if not part.path:
        raise MediaError(f"{part.type} part has no file path")
    if not Path(part.path).is_file():
        raise MediaError(f"{part.type} file not found: {part.path}")
    return part.path


# --- backend ------------------------------------------------------------------------------------------------
class TransformersOmniBackend:
    """Qwen2.5-Omni (3B by default, 7B selectable) on the GPU; takes text, images, audio and video."""

    name = "transformers_omni"
    trusted_drafts = True  # Qwen2.5-Omni 3B/7B
    modalities: frozenset[str] = frozenset({"text", "image", "audio", "video"})

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
        image_max_pixels: int = IMAGE_MAX_PIXELS,
        image_min_pixels: int = IMAGE_MIN_PIXELS,
    ):
        self.settings = settings
        self.ref = model_ref(settings)
        self.quantize = quantize
        self.require_cuda = require_cuda
        self.device_map = device_map
        self.fps = min(video_fps or settings.fps, VIDEO_FPS)
        self.video_size = {"shortest_edge": video_min_pixels, "longest_edge": video_max_pixels}
        self.image_size = {"shortest_edge": image_min_pixels, "longest_edge": image_max_pixels}
        self.last_timings: dict[str, float] = {}
        self.last_audio_path: str | None = None

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
        """One reply from the clip and the text; JSON asked for is the object pulled out of the reply (one
        generation: the caller validates and repairs)."""
        engine = self.engine()
        if params.json_schema is not None:
            messages = _with_json_instruction(messages, params.json_schema)
        with engine.lock:
            generation = self._generate(engine, messages, params, on_token)
        if params.json_schema is None:
            return generation
        return generation.model_copy(update={"text": extract_json(generation.text)})

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
        media = build_inputs(messages, self.modalities, self.fps)
        decoded = time.perf_counter()
        inputs = self._process(engine, media)
        device = next(engine.model.parameters()).device
        inputs = inputs.to(device)
        if "input_features" in inputs:
            inputs["input_features"] = inputs["input_features"].to(_audio_dtype(engine.model))
        processed = time.perf_counter()

        tokenizer = engine.processor.tokenizer
        sampling = params.temperature > 0
        thinker: dict[str, Any] = {
            "max_new_tokens": params.max_tokens,
            "do_sample": sampling,
            "repetition_penalty": params.repeat_penalty,
            "pad_token_id": tokenizer.pad_token_id,
        }
        if sampling:
            thinker.update(temperature=params.temperature, top_p=params.top_p)
        if params.stop:
            thinker.update(stop_strings=list(params.stop), tokenizer=tokenizer)
        speak = engine.spoken and params.json_schema is None  # speech only for free-text replies
        gen_kwargs: dict[str, Any] = {**inputs, "use_audio_in_video": media.audio_in_video}
        if engine.spoken:
            # the full model shares unprefixed kwargs with talker and token2wav: keep sampling to the thinker
            gen_kwargs.update({f"thinker_{key}": value for key, value in thinker.items()})
            gen_kwargs["generation_mode"] = "audio" if speak else "text"
        else:
            gen_kwargs.update(thinker)

        torch.manual_seed(params.seed)
        prompt_tokens = int(inputs["input_ids"].shape[1])
        try:
            if on_token is None:
                with torch.inference_mode():
                    output = engine.model.generate(**gen_kwargs)
                text, new_tokens, audio = self._decode(engine, output, prompt_tokens, speak)
            else:
                text, new_tokens, audio = self._stream(engine, gen_kwargs, prompt_tokens, speak, on_token)
        except torch.cuda.OutOfMemoryError as exc:
            raise BackendError("the GPU ran out of memory: use a shorter clip or the 3B model") from exc
        text = _cut_at_stop(text, params.stop)
        self.last_audio_path = self._save_speech(audio) if audio is not None else None
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
            model=Path(engine.ref).name,
        )

    def _process(self, engine: OmniEngine, media: MediaInputs):
        processor = engine.processor
        prompt = processor.apply_chat_template(media.conversation, add_generation_prompt=True, tokenize=False)
        kwargs: dict[str, Any] = {
            "text": [prompt],
            "return_tensors": "pt",
            "padding": True,
            "videos_kwargs": {
                "fps": self.fps,
                "size": dict(self.video_size),
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

    @staticmethod
    def _decode(engine: OmniEngine, output: Any, prompt_tokens: int, speak: bool) -> tuple[str, int, Any]:
        audio = None
        if isinstance(output, tuple):
            output, audio = output
        sequences = getattr(output, "sequences", output)
        new = sequences[0, prompt_tokens:]
        text = engine.processor.tokenizer.decode(new, skip_special_tokens=True)
        return text, int(new.shape[0]), audio if speak else None

    def _stream(
        self,
        engine: OmniEngine,
        gen_kwargs: dict[str, Any],
        prompt_tokens: int,
        speak: bool,
        on_token: TokenCallback,
    ) -> tuple[str, int, Any]:
        import torch
        from transformers import TextIteratorStreamer

        streamer = TextIteratorStreamer(
            engine.processor.tokenizer, skip_prompt=True, skip_special_tokens=True, timeout=STREAM_TIMEOUT_S
        )
        key = "thinker_streamer" if engine.spoken else "streamer"
        result: dict[str, Any] = {}

        def work() -> None:
            try:
                with torch.inference_mode():
                    result["output"] = engine.model.generate(**gen_kwargs, **{key: streamer})
            except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread below
                result["error"] = exc
                streamer.end()

        thread = threading.Thread(target=work, name="omni-generate", daemon=True)
        thread.start()
        pieces: list[str] = []
        callback_error: BaseException | None = None
        for piece in streamer:
            if piece:
                pieces.append(piece)
                if callback_error is None:
                    try:
                        on_token(piece)
                    except BaseException as exc:  # noqa: BLE001 - raised once generation has stopped
                        callback_error = exc
        thread.join()
        if "error" in result:
            raise result["error"]
        if callback_error is not None:
            raise callback_error
        text, new_tokens, audio = self._decode(engine, result["output"], prompt_tokens, speak)
        return text, new_tokens, audio

    def _save_speech(self, audio: Any) -> str:
        import soundfile

        folder = Path(self.settings.cache_dir) / "spoken"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"reply-{uuid.uuid4().hex[:12]}.wav"
        wave = audio.reshape(-1).detach().float().cpu().numpy()
        soundfile.write(path, wave, SPEECH_RATE)
        return str(path)


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
    "omni_ready",
    "local_weights",
    "model_ref",
    "decode_video",
    "decode_audio",
]
