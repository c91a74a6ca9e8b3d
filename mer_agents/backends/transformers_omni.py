"""Qwen2.5-Omni through transformers: the design card's main path, 4-bit on a GPU, seeing the clip itself.

The thinker (`Qwen2_5OmniThinkerForConditionalGeneration`, text out) is loaded unless the user asks for spoken
replies, which need the full `Qwen2_5OmniForConditionalGeneration` (thinker + talker + token2wav). Weights are
4-bit nf4 with bf16 compute through bitsandbytes; the audio and vision encoders, `lm_head`, and in spoken mode
the talker and the vocoder stay unquantized (small, and the most quantization-sensitive). In transformers 5.24
skip names match as a prefix or a regex, hence `.*audio_tower` / `.*visual`: a plain "audio_tower" would not
match "model.audio_tower" and the encoders would be quantized silently.

Media (frames, sound, the frame budget: `VideoLimits`, `frame_budget`, `build_inputs`) is prepared in
omni_media.py; generation control (end tokens, the repeat penalty, streaming with a stop flag, the spoken
reply's prompt) in omni_generation.py, its torch-side pieces in omni_controls.py. The names callers import
from this module (tests, scripts/gpu_check.py) are re-exported here.

Spoken replies: `generate` only writes text (drafts are never spoken); `speak` voices the final reply once,
under the system prompt Qwen requires for audio output, and the app plays it (backends/voice.py, ui/tts.py).

No grammar here: JSON outputs are asked for in the system prompt and the JSON object is pulled out of the
reply; validating it and asking once for a repair is the agents' job (agents/base.generate_json), as with
every backend. Offline by default: weights load with `local_files_only=True`.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from mer_agents.backends import voice
from mer_agents.backends.base import Generation, GenerationParams, Message, TokenCallback
from mer_agents.backends.json_output import extract_json
from mer_agents.backends.omni_generation import (
    SPEECH_SYSTEM_PROMPT,
    cut_at_stop,
    decode_reply,
    end_token_ids,
    speech_conversation,
    stream_generate,
    thinker_kwargs,
    with_json_instruction,
)
from mer_agents.backends.omni_media import (
    SAMPLE_RATE,
    VIDEO_FPS,
    VIDEO_MAX_PIXELS,
    VIDEO_MIN_PIXELS,
    VIDEO_TOKEN_BUDGET,
    MediaInputs,
    VideoLimits,
    audio_tokens,
    build_inputs,
    decode_audio,
    decode_video,
    frame_budget,
)
from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.errors import BackendError, ModelError

DEFAULT_MODEL = "Qwen/Qwen2.5-Omni-3B"  # "Qwen/Qwen2.5-Omni-7B" is the bigger choice (~ +3 GB in 4-bit)
SKIP_MODULES = ["lm_head", r".*audio_tower", r".*visual"]
# spoken mode: the talker and the vocoder stay in full precision, as upstream runs them (a 4-bit talker's
# speech is untested; Qwen's README puts the two at ~2 GB)
SPOKEN_SKIP_MODULES = [*SKIP_MODULES, r".*talker", r".*token2wav"]
SPEECH_RATE = 24000  # token2wav output rate
IMAGE_MAX_PIXELS = 512 * 28 * 28
IMAGE_MIN_PIXELS = 16 * 28 * 28
STREAM_TIMEOUT_S = 600.0
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
            messages = with_json_instruction(messages, params.json_schema)
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
                output = stream_generate(
                    engine.processor.tokenizer, generator, kwargs, on_token, self.stream_timeout_s
                )
        except torch.cuda.OutOfMemoryError as exc:
            raise BackendError("the GPU ran out of memory: use a shorter clip or the 3B model") from exc
        text, new_tokens = decode_reply(engine.processor.tokenizer, output, prompt_tokens)
        text = cut_at_stop(text, params.stop)
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


def _text_model(engine: OmniEngine) -> Any:
    """What writes text: the thinker (inside the full model in spoken mode; its generate would speak)."""
    return getattr(engine.model, "thinker", engine.model)


def _device(model: Any) -> Any:
    return next(model.parameters()).device


def _audio_dtype(model: Any):
    tower = getattr(getattr(model, "thinker", model), "model").audio_tower
    return next(tower.parameters()).dtype


__all__ = [
    "DEFAULT_MODEL",
    "SAMPLE_RATE",
    "SPEECH_SYSTEM_PROMPT",
    "VIDEO_FPS",
    "VIDEO_MAX_PIXELS",
    "VIDEO_MIN_PIXELS",
    "VIDEO_TOKEN_BUDGET",
    "MediaInputs",
    "OmniEngine",
    "TransformersOmniBackend",
    "VideoLimits",
    "audio_tokens",
    "build_inputs",
    "cuda_available",
    "decode_audio",
    "decode_video",
    "display_name",
    "end_token_ids",
    "ensure_weights",
    "frame_budget",
    "load_engine",
    "local_weights",
    "model_ref",
    "omni_ready",
    "speech_conversation",
    "thinker_kwargs",
]
