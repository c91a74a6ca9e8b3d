"""The transformers_omni backend on a TINY random Qwen2.5-Omni built offline here (fp32 and 4-bit): a thinker,
and for spoken replies a full model (thinker + talker + token2wav) with a made-up speaker.

Its output is gibberish by construction; the tests assert the path: the clip's frames and its sound reach
the vision and audio encoders (interleaved, as `use_audio_in_video` lays them out), the sound once; only the
language model's linear layers are 4-bit; text streams back and stops within a few tokens of a cancel or a
stalled stream; the penalty and end tokens generate() gets; the frame budget against the processor's own
counts; spoken mode speaks only the final reply, once, under Qwen's speech system prompt; the app plays it.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from mer_agents.backends import resolve_backend_name, voice  # noqa: E402
from mer_agents.backends.base import GenerationParams, Message, Part  # noqa: E402
from mer_agents.backends.transformers_omni import (  # noqa: E402
    SAMPLE_RATE,
    SPEECH_SYSTEM_PROMPT,
    VIDEO_MAX_PIXELS,
    VIDEO_MIN_PIXELS,
    VIDEO_TOKEN_BUDGET,
    TransformersOmniBackend,
    VideoLimits,
    audio_tokens,
    build_inputs,
    cuda_available,
    decode_audio,
    frame_budget,
)
from mer_agents.config import Settings  # noqa: E402
from mer_agents.errors import BackendError, MediaError, ModelError  # noqa: E402
from mer_agents.runs import Cancelled  # noqa: E402

pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SPECIAL_TOKENS = [  # the 14 added tokens of Qwen2.5-Omni, in its id order
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|AUDIO|>",
    "<|audio_bos|>",
    "<|audio_eos|>",
    "<|box_end|>",
    "<|quad_start|>",
    "<|quad_end|>",
    "<|vision_bos|>",
    "<|vision_eos|>",
    "<|vision_pad|>",
    "<|IMAGE|>",
    "<|VIDEO|>",
]
NAMED_TOKENS = {  # what Qwen2_5OmniProcessor reads off the tokenizer
    "image_token": "<|IMAGE|>",
    "audio_token": "<|AUDIO|>",
    "video_token": "<|VIDEO|>",
    "vision_bos_token": "<|vision_bos|>",
    "vision_eos_token": "<|vision_eos|>",
    "audio_bos_token": "<|audio_bos|>",
    "audio_eos_token": "<|audio_eos|>",
}
CHAT_TEMPLATE = (  # Qwen2.5-Omni's template, trimmed to what the backend sends
    "{% for message in messages %}{% if loop.first and message['role'] != 'system' %}<|im_start|>system\n"
    "You are a helpful assistant.<|im_end|>\n{% endif %}<|im_start|>{{ message['role'] }}\n"
    "{% if message['content'] is string %}{{ message['content'] }}<|im_end|>\n{% else %}"
    "{% for content in message['content'] %}"
    "{% if content['type'] == 'image' %}<|vision_bos|><|IMAGE|><|vision_eos|>"
    "{% elif content['type'] == 'audio' %}<|audio_bos|><|AUDIO|><|audio_eos|>"
    "{% elif content['type'] == 'video' %}<|vision_bos|><|VIDEO|><|vision_eos|>"
    "{% elif content['type'] == 'text' %}{{ content['text'] }}{% endif %}{% endfor %}<|im_end|>\n{% endif %}"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
CORPUS = [
    "You are a kind listener. How do they feel? The person looks sad and sounds tired.",
    "Reply with one JSON object only, matching this JSON schema: emotion, reason, strategy.",
] * 20
TINY_PIXELS = {
    "video_max_pixels": 4 * 28 * 28,
    "video_min_pixels": 4 * 28 * 28,
    "image_max_pixels": 4 * 28 * 28,
    "image_min_pixels": 4 * 28 * 28,
}


def build_tiny_checkpoint(folder: Path) -> Path:
    """A random Qwen2.5-Omni thinker with tiny text/audio/vision towers + a real processor, saved to
    folder."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import (
        PreTrainedTokenizerFast,
        Qwen2_5OmniProcessor,
        Qwen2_5OmniThinkerConfig,
        Qwen2_5OmniThinkerForConditionalGeneration,
        Qwen2VLImageProcessor,
        Qwen2VLVideoProcessor,
        WhisperFeatureExtractor,
    )

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=400,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(CORPUS, trainer)
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=bpe,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        chat_template=CHAT_TEMPLATE,
        **NAMED_TOKENS,
    )
    ids = {token: tokenizer.convert_tokens_to_ids(token) for token in SPECIAL_TOKENS}
    processor = Qwen2_5OmniProcessor(
        image_processor=Qwen2VLImageProcessor(),
        video_processor=Qwen2VLVideoProcessor(),
        feature_extractor=WhisperFeatureExtractor(feature_size=128),
        tokenizer=tokenizer,
        chat_template=CHAT_TEMPLATE,
    )
    hidden, heads = 64, 4  # head_dim 16 -> mrope_section must sum to 8
    config = Qwen2_5OmniThinkerConfig(
        audio_config={
            "num_mel_bins": 128,
            "encoder_layers": 2,
            "encoder_attention_heads": 2,
            "encoder_ffn_dim": 64,
            "d_model": 32,
            "output_dim": hidden,
            "n_window": 50,
        },
        vision_config={
            "depth": 2,
            "hidden_size": 32,
            "intermediate_size": 64,
            "num_heads": 2,
            "out_hidden_size": hidden,
            "patch_size": 14,
            "spatial_merge_size": 2,
            "temporal_patch_size": 2,
            "window_size": 112,
            "fullatt_block_indexes": [1],
        },
        text_config={
            "vocab_size": len(tokenizer),
            "hidden_size": hidden,
            "intermediate_size": 128,
            "num_hidden_layers": 2,
            "num_attention_heads": heads,
            "num_key_value_heads": 2,
            "max_position_embeddings": 4096,
            "tie_word_embeddings": False,
            "rope_parameters": {"rope_type": "default", "rope_theta": 1e6, "mrope_section": [2, 3, 3]},
        },
        audio_token_index=ids["<|AUDIO|>"],
        image_token_index=ids["<|IMAGE|>"],
        video_token_index=ids["<|VIDEO|>"],
        audio_start_token_id=ids["<|audio_bos|>"],
        audio_end_token_id=ids["<|audio_eos|>"],
        vision_start_token_id=ids["<|vision_bos|>"],
        vision_end_token_id=ids["<|vision_eos|>"],
        eos_token_id=ids["<|im_end|>"],
        pad_token_id=ids["<|endoftext|>"],
    )
    torch.manual_seed(0)
    Qwen2_5OmniThinkerForConditionalGeneration(config).save_pretrained(folder)
    processor.save_pretrained(folder)
    return folder


def build_tiny_spoken_checkpoint(folder: Path) -> Path:
    """A random full Qwen2.5-Omni (the tiny thinker above + a tiny talker and token2wav) with a made-up
    "Chelsie" in spk_dict.pt, saved to folder: the checkpoint spoken mode loads."""
    import shutil

    from transformers import AutoConfig, AutoTokenizer, Qwen2_5OmniConfig, Qwen2_5OmniForConditionalGeneration

    thinker_dir = build_tiny_checkpoint(folder / "thinker")
    thinker = AutoConfig.from_pretrained(thinker_dir)
    tokenizer = AutoTokenizer.from_pretrained(thinker_dir)
    ids = {t: tokenizer.convert_tokens_to_ids(t) for t in ("<|box_end|>", "<|quad_start|>", "<|quad_end|>")}
    talker = {
        "vocab_size": 40,
        "embedding_size": thinker.text_config.hidden_size,
        "hidden_size": 32,
        "intermediate_size": 64,
        "num_hidden_layers": 2,
        "num_attention_heads": 2,
        "num_key_value_heads": 1,
        "head_dim": 16,
        "rope_parameters": {"rope_type": "default", "rope_theta": 1e6, "mrope_section": [2, 3, 3]},
        "tts_text_start_token_id": ids["<|box_end|>"],
        "tts_text_end_token_id": ids["<|quad_start|>"],
        "tts_text_pad_token_id": ids["<|quad_end|>"],
        "tts_codec_pad_token_id": 32,
        "tts_codec_start_token_id": 33,
        "tts_codec_end_token_id": 34,
        "tts_codec_mask_token_id": 36,
        **{
            key: getattr(thinker, key)
            for key in (
                "audio_token_index",
                "image_token_index",
                "video_token_index",
                "vision_start_token_id",
                "vision_end_token_id",
                "audio_start_token_id",
                "audio_end_token_id",
            )
        },
    }
    token2wav = {
        "dit_config": {
            "hidden_size": 32,
            "num_hidden_layers": 2,
            "num_attention_heads": 2,
            "head_dim": 16,
            "emb_dim": 16,
            "num_embeds": 40,
            "enc_emb_dim": 16,
            "enc_dim": 16,
            "enc_channels": [16, 16, 16, 16, 48],
            "enc_attention_channels": 8,
            "enc_se_channels": 8,
            "look_ahead_layers": [1],
            "look_backward_layers": [0],
        },
        "bigvgan_config": {"upsample_initial_channel": 64},  # halved by each of the 6 upsamplings
    }
    config = Qwen2_5OmniConfig(
        thinker_config=thinker.to_dict(), talker_config=talker, token2wav_config=token2wav
    )
    torch.manual_seed(0)
    out = folder / "full"
    Qwen2_5OmniForConditionalGeneration(config).save_pretrained(out)
    for item in thinker_dir.iterdir():  # the processor's files
        if not (out / item.name).exists():
            shutil.copy(item, out / item.name)
    speaker = {"bos_token": ids["<|box_end|>"], "cond": torch.randn(1, 16), "ref_mel": torch.randn(1, 8, 80)}
    torch.save({"Chelsie": speaker}, out / "spk_dict.pt")
    return out


def make_clip(
    path: Path, seconds: float = 2.0, fps: int = 10, sample_rate: int = 16000, sound: bool = True
) -> Path:
    """A 2 s mp4 with H.264 frames (a moving colour) and an AAC sine tone (unless not `sound`), by PyAV."""
    import av

    with av.open(str(path), "w") as container:
        video = container.add_stream("libx264", rate=fps)
        video.width, video.height, video.pix_fmt = 128, 96, "yuv420p"
        audio = container.add_stream("aac", rate=sample_rate) if sound else None
        if audio is not None:
            audio.layout = "mono"
        for index in range(int(seconds * fps)):
            image = np.zeros((96, 128, 3), np.uint8)
            image[..., 0] = (index * 12) % 256
            image[20:60, 30:90, 1] = 200
            for packet in video.encode(av.VideoFrame.from_ndarray(image, format="rgb24")):
                container.mux(packet)
        for packet in video.encode():
            container.mux(packet)
        if audio is None:
            return path
        wave = (0.3 * np.sin(2 * np.pi * 220 * np.arange(int(seconds * sample_rate)) / sample_rate)).astype(
            np.float32
        )
        for start in range(0, wave.size, 1024):
            frame = av.AudioFrame.from_ndarray(wave[None, start : start + 1024], format="flt", layout="mono")
            frame.sample_rate, frame.pts = sample_rate, start
            for packet in audio.encode(frame):
                container.mux(packet)
        for packet in audio.encode():
            container.mux(packet)
    return path


@pytest.fixture(scope="module")
def checkpoint(tmp_path_factory) -> Path:
    return build_tiny_checkpoint(tmp_path_factory.mktemp("tiny-omni"))


@pytest.fixture(scope="module")
def spoken_checkpoint(tmp_path_factory) -> Path:
    return build_tiny_spoken_checkpoint(tmp_path_factory.mktemp("tiny-omni-spoken"))


@pytest.fixture(scope="module")
def clip(tmp_path_factory) -> Path:
    found = sorted(EXAMPLES.glob("*.mp4"))
    return found[0] if found else make_clip(tmp_path_factory.mktemp("clip") / "clip.mp4")


def omni(checkpoint: Path, quantize: str, **kwargs) -> TransformersOmniBackend:
    settings = Settings(backend="transformers_omni", model=str(checkpoint))
    return TransformersOmniBackend(
        settings, quantize=quantize, require_cuda=False, device_map="cpu", **{**TINY_PIXELS, **kwargs}
    )


class Recorder:
    """Forward hooks: which encoders ran, on what, the prompt ids of each generation's first forward pass,
    and how many forward passes (one per generated token) the model made."""

    def __init__(self, model):
        self.calls: dict[str, list[tuple[int, ...]]] = {"audio": [], "visual": []}
        self.prompts: list[list[int]] = []
        self.forwards = 0
        core = model.model
        self.handles = [
            core.audio_tower.register_forward_hook(
                lambda m, a, o: self.calls["audio"].append(tuple(a[0].shape))
            ),
            core.visual.register_forward_hook(lambda m, a, o: self.calls["visual"].append(tuple(a[0].shape))),
            model.register_forward_pre_hook(self._ids, with_kwargs=True),
        ]

    @property
    def input_ids(self) -> list[int] | None:
        return self.prompts[0] if self.prompts else None

    def _ids(self, module, args, kwargs):
        self.forwards += 1
        ids = kwargs.get("input_ids")
        if ids is not None and ids.shape[1] > 1:
            self.prompts.append(ids[0].tolist())

    def close(self):
        for handle in self.handles:
            handle.remove()


@pytest.mark.parametrize("quantize", ["none", "4bit"])
def test_clip_with_video_and_audio_reaches_the_model(checkpoint, clip, quantize):
    backend = omni(checkpoint, quantize)
    engine = backend.engine()
    recorder = Recorder(engine.model)
    messages = [
        Message(role="system", content="You are a kind listener."),
        Message(
            role="user",
            content=[Part(type="video", path=str(clip)), Part(type="text", text="How do they feel?")],
        ),
    ]
    deltas: list[str] = []
    try:
        gen = backend.generate(messages, GenerationParams(max_tokens=6, seed=1), on_token=deltas.append)
    finally:
        recorder.close()

    assert recorder.calls["visual"] and recorder.calls["audio"], recorder.calls
    tokenizer = engine.processor.tokenizer
    ids = recorder.input_ids
    video_id, audio_id = (tokenizer.convert_tokens_to_ids(t) for t in ("<|VIDEO|>", "<|AUDIO|>"))
    assert ids.count(video_id) > 0 and ids.count(audio_id) > 0
    vision_bos = ids.index(tokenizer.convert_tokens_to_ids("<|vision_bos|>"))
    assert ids[vision_bos + 1] == tokenizer.convert_tokens_to_ids(
        "<|audio_bos|>"
    )  # sound interleaved with frames

    assert isinstance(gen.text, str) and gen.completion_tokens > 0 and gen.prompt_tokens == len(ids)
    assert "".join(deltas) == gen.text
    assert gen.seconds > 0 and {"decode_media_s", "process_s", "generate_s", "load_s"} <= set(
        backend.last_timings
    )


@pytest.mark.parametrize("quantize", ["none", "4bit"])
def test_only_language_model_linears_are_4bit(checkpoint, quantize):
    model = omni(checkpoint, quantize).engine().model
    try:
        from bitsandbytes.nn import Linear4bit
    except ImportError:
        pytest.skip("bitsandbytes is not installed")
    language = [m for m in model.model.language_model.modules() if isinstance(m, torch.nn.Linear)]
    encoders = [
        m
        for part in (model.model.audio_tower, model.model.visual)
        for m in part.modules()
        if isinstance(m, torch.nn.Linear)
    ]
    assert language and encoders
    if quantize == "4bit":
        assert all(isinstance(m, Linear4bit) for m in language)
    else:
        assert not any(isinstance(m, Linear4bit) for m in language)
    assert not any(isinstance(m, Linear4bit) for m in encoders)
    assert not isinstance(model.lm_head, Linear4bit)


def test_image_and_standalone_audio_parts(checkpoint, clip, tmp_path):
    from PIL import Image

    image = tmp_path / "face.png"
    Image.fromarray(np.full((64, 64, 3), 180, np.uint8)).save(image)
    backend = omni(checkpoint, "none")
    recorder = Recorder(backend.engine().model)
    message = Message(
        role="user",
        content=[
            Part(type="image", path=str(image)),
            Part(type="audio", path=str(clip)),
            Part(type="text", text="Describe."),
        ],
    )
    try:
        gen = backend.generate([message], GenerationParams(max_tokens=3, temperature=0))
    finally:
        recorder.close()
    assert recorder.calls["visual"] and recorder.calls["audio"] and gen.completion_tokens > 0


def test_json_output_is_one_generation(checkpoint, clip):
    """The backend asks for JSON and pulls the object out, in one pass; validating and repairing it is
    agents/base.generate_json's (one layer), so gibberish comes back as it is, without a second pass."""
    backend = omni(checkpoint, "none")
    recorder = Recorder(backend.engine().model)
    schema = {"type": "object", "properties": {"emotion": {"type": "string"}}, "required": ["emotion"]}
    messages = [
        Message(role="user", content=[Part(type="video", path=str(clip)), Part(type="text", text="Emotion?")])
    ]
    try:
        gen = backend.generate(messages, GenerationParams(max_tokens=3, seed=2, json_schema=schema))
    finally:
        recorder.close()
    assert len(recorder.calls["audio"]) == 1
    assert isinstance(gen.text, str) and 0 < gen.completion_tokens <= 3
    json.dumps(gen.text)


def test_missing_weights_is_a_model_error(tmp_path):
    backend = TransformersOmniBackend(Settings(model=str(tmp_path / "nowhere")), require_cuda=False)
    with pytest.raises(ModelError, match="not found locally"):
        backend.generate([Message(role="user", content="hi")], GenerationParams(max_tokens=2))


@pytest.mark.skipif(cuda_available(), reason="this machine has CUDA")
def test_missing_cuda_is_a_model_error(checkpoint):
    backend = TransformersOmniBackend(Settings(model=str(checkpoint)))
    with pytest.raises(ModelError, match="CUDA"):
        backend.generate([Message(role="user", content="hi")], GenerationParams(max_tokens=2))
    assert resolve_backend_name(Settings(backend="auto", model=str(checkpoint))) == "embedded"


def test_bad_media_is_a_media_error(checkpoint, tmp_path):
    broken = tmp_path / "broken.mp4"
    broken.write_bytes(b"not a video")
    backend = omni(checkpoint, "none")
    with pytest.raises(MediaError):
        backend.generate(
            [Message(role="user", content=[Part(type="video", path=str(broken))])],
            GenerationParams(max_tokens=2),
        )


@pytest.mark.gpu
@pytest.mark.skipif(not cuda_available(), reason="needs CUDA")
def test_gpu_check_script_on_real_weights():
    """The maintainer's check: real 4-bit Qwen2.5-Omni-3B on an example clip (skipped without weights)."""
    import subprocess
    import sys

    from mer_agents.backends.transformers_omni import DEFAULT_MODEL, local_weights

    if local_weights(DEFAULT_MODEL) is None or not list(EXAMPLES.glob("*.mp4")):
        pytest.skip("Qwen2.5-Omni-3B weights or example clips not on this machine")
    script = Path(__file__).resolve().parents[1] / "scripts" / "gpu_check.py"
    done = subprocess.run(
        [sys.executable, str(script), "--max-tokens", "48"],
        capture_output=True,
        text=True,
        timeout=900,
        env={**__import__("os").environ, "HF_HUB_OFFLINE": "1"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["reply"].strip() and report["four_bit_linears"] > 0 and report["vram_peak_gb"] < 16


# --- the clip's sound, once (issue 39, item 1) --------------------------------------------------------------
def clip_evidence(clip: Path, has_video: bool = True):
    """Evidence for a clip as perception hands it to the agents (no readings: only the media count here)."""
    from mer_agents.types import Evidence, Modalities, ModalityEvidence

    off = ModalityEvidence(available=False, note="not read in this test")
    return Evidence(
        source=clip.name,
        duration_s=2.0,
        has_audio=True,
        has_video=has_video,
        modalities=Modalities(text=off, audio=off, video=off),
        media_path=str(clip),
    )


def sound_blocks(ids: list[int], tokenizer) -> list[int]:
    """The number of audio tokens in each <|audio_bos|> … <|audio_eos|> block of a prompt."""
    audio, bos, eos = (
        tokenizer.convert_tokens_to_ids(t) for t in ("<|AUDIO|>", "<|audio_bos|>", "<|audio_eos|>")
    )
    starts = [i for i, token in enumerate(ids) if token == bos]
    return [ids[start : ids.index(eos, start)].count(audio) for start in starts]


def test_pipeline_message_feeds_the_clips_sound_once(checkpoint, clip):
    """perception's real message for a video with sound: one video part, whose sound is interleaved once."""
    from mer_agents.agents import perception
    from mer_agents.agents.base import AgentContext, load_prompt

    backend = omni(checkpoint, "none")
    evidence = clip_evidence(clip)
    ctx = AgentContext(backend=backend, settings=backend.settings, evidence=evidence)
    parts = perception.media_parts(ctx)
    assert [p.type for p in parts] == ["video"]
    messages = load_prompt("perception").render(
        media=parts, digest=perception.digest(evidence), instruction="", context=""
    )
    tokenizer = backend.engine().processor.tokenizer
    recorder = Recorder(backend.engine().model)
    try:
        backend.generate(messages, GenerationParams(max_tokens=2, temperature=0))
    finally:
        recorder.close()
    seconds = decode_audio(str(clip)).size / SAMPLE_RATE
    assert len(recorder.calls["audio"]) == 1
    assert sound_blocks(recorder.input_ids, tokenizer) == [audio_tokens(seconds)]


def test_a_second_audio_part_of_the_same_clip_is_not_fed_again(checkpoint, clip):
    backend = omni(checkpoint, "none")
    message = Message(
        role="user",
        content=[
            Part(type="video", path=str(clip)),
            Part(type="audio", path=str(clip)),
            Part(type="text", text="?"),
        ],
    )
    recorder = Recorder(backend.engine().model)
    try:
        backend.generate([message], GenerationParams(max_tokens=2, temperature=0))
    finally:
        recorder.close()
    assert len(sound_blocks(recorder.input_ids, backend.engine().processor.tokenizer)) == 1


def test_audio_part_only_for_a_clip_without_a_video_part(checkpoint, clip):
    """An audio-only clip keeps its audio part; a backend whose video parts do not carry their sound (a
    stand-in object with only `modalities`, like the OpenAI-compatible backend) gets both parts."""
    from types import SimpleNamespace

    from mer_agents.agents import perception
    from mer_agents.agents.base import AgentContext

    backend = omni(checkpoint, "none")
    settings = backend.settings
    audio_only = AgentContext(
        backend=backend, settings=settings, evidence=clip_evidence(clip, has_video=False)
    )
    assert [p.type for p in perception.media_parts(audio_only)] == ["audio"]
    served = SimpleNamespace(modalities=frozenset({"text", "audio", "video"}))
    both = AgentContext(backend=served, settings=settings, evidence=clip_evidence(clip))
    assert [p.type for p in perception.media_parts(both)] == ["video", "audio"]


# --- cancel and stalled streams (item 2) --------------------------------------------------------------------
def omni_threads() -> list[str]:
    import threading

    return [t.name for t in threading.enumerate() if t.name == "omni-generate"]


def assert_engine_free(backend: TransformersOmniBackend) -> None:
    lock = backend.engine().lock
    assert lock.acquire(blocking=False), "the engine lock is still held"
    lock.release()
    assert not omni_threads(), "the generation worker is still running"


def test_cancel_mid_generation_stops_within_a_few_tokens(checkpoint):
    backend = omni(checkpoint, "none")
    params = GenerationParams(max_tokens=120, temperature=0, repeat_penalty=1.0)
    messages = [Message(role="user", content="How do they feel? The person looks sad and sounds tired.")]
    recorder = Recorder(backend.engine().model)
    at_cancel: list[int] = []

    def cancel(piece: str) -> None:
        at_cancel.append(recorder.forwards)
        raise Cancelled()

    try:
        uncancelled = backend.generate(messages, params)
        recorder.forwards = 0
        with pytest.raises(Cancelled):
            backend.generate(messages, params, on_token=cancel)
    finally:
        recorder.close()
    assert uncancelled.completion_tokens > 20, "the tiny model stopped early: this test would mean nothing"
    assert at_cancel and recorder.forwards - at_cancel[0] <= 3, (at_cancel, recorder.forwards)
    assert recorder.forwards < uncancelled.completion_tokens
    assert_engine_free(backend)


def test_stream_timeout_stops_the_worker(checkpoint):
    """A stream silent past its timeout: an injected delay (each forward pass of the real tiny model sleeps
    0.5 s) against a 0.2 s timeout. The worker must stop within a token, and the lock be free."""
    import time

    backend = omni(checkpoint, "none", stream_timeout_s=0.2)
    model = backend.engine().model
    passes: list[float] = []
    handle = model.register_forward_pre_hook(lambda *_: passes.append(time.sleep(0.5) or time.monotonic()))
    start = time.monotonic()
    try:
        with pytest.raises(BackendError, match="wrote nothing"):
            backend.generate(
                [Message(role="user", content="How do they feel?")],
                GenerationParams(max_tokens=200, temperature=0),
                on_token=lambda piece: None,
            )
    finally:
        handle.remove()
    assert len(passes) <= 2 and time.monotonic() - start < 5
    assert_engine_free(backend)


# --- spoken mode (item 3) -----------------------------------------------------------------------------------
@pytest.fixture
def spoken(spoken_checkpoint, tmp_path):
    settings = Settings(
        backend="transformers_omni", model=str(spoken_checkpoint), spoken_reply=True, cache_dir=tmp_path
    )
    backend = TransformersOmniBackend(
        settings, quantize="none", require_cuda=False, device_map="cpu", talker_max_tokens=24, **TINY_PIXELS
    )
    yield backend
    voice.register(None)


class GenerateSpy:
    """Wraps a model's generate: records each call's kwargs and output, then returns the real output."""

    def __init__(self, model):
        self.model, self.real, self.calls = model, model.generate, []
        model.generate = self

    def __call__(self, **kwargs):
        output = self.real(**kwargs)
        self.calls.append((kwargs, output))
        return output

    def close(self):
        del self.model.generate  # the class's generate again


def test_spoken_mode_speaks_only_the_final_reply_once_under_qwens_prompt(spoken, clip):
    from mer_agents.ui import tts

    engine = spoken.engine()
    talker_runs: list[int] = []
    handle = engine.model.talker.register_forward_pre_hook(lambda *_: talker_runs.append(1))
    video = Message(
        role="user", content=[Part(type="video", path=str(clip)), Part(type="text", text="Reply.")]
    )
    final = "I'm sorry you feel sad. How are you holding up?"
    try:
        drafts = [spoken.generate([video], GenerationParams(max_tokens=4, seed=s)) for s in (1, 2)]
        assert all(d.completion_tokens > 0 for d in drafts)
        assert (
            not talker_runs and not (spoken.settings.cache_dir / "spoken").exists()
        )  # drafts are not spoken
        spy = GenerateSpy(engine.model)
        try:
            path, note = tts.speak_with_note(final, "sadness", "Question")
        finally:
            spy.close()
    finally:
        handle.remove()

    assert note == tts.MODEL_VOICE_NOTE and path.parent == spoken.settings.cache_dir / "spoken"
    import soundfile

    wave, rate = soundfile.read(path)
    assert rate == 24000 and wave.size > 0 and talker_runs
    assert len(spy.calls) == 1  # one speech generation, for the final reply
    kwargs, (text_ids, _) = spy.calls[0]
    tokenizer = engine.processor.tokenizer
    prompt = kwargs["input_ids"]
    assert SPEECH_SYSTEM_PROMPT in tokenizer.decode(prompt[0])
    assert tokenizer.decode(text_ids[0, prompt.shape[1] :], skip_special_tokens=True) == final


def test_the_app_plays_the_models_own_voice(spoken):
    """The app's own spoken-reply step (ui/handlers.spoken_reply) returns the model's WAV, not espeak-ng's."""
    from mer_agents.ui.handlers import spoken_reply
    from mer_agents.ui.timeline import TimelineView

    path, note = spoken_reply(TimelineView(reply="That sounds hard.", emotion="sadness", strategy="Question"))
    assert path is not None and Path(path).parent == spoken.settings.cache_dir / "spoken"
    assert "model's own voice" in note and "espeak" not in note


def test_spoken_4bit_keeps_talker_and_vocoder_in_full_precision(spoken_checkpoint, tmp_path):
    try:
        from bitsandbytes.nn import Linear4bit
    except ImportError:
        pytest.skip("bitsandbytes is not installed")
    settings = Settings(model=str(spoken_checkpoint), spoken_reply=True, cache_dir=tmp_path)
    try:
        model = TransformersOmniBackend(settings, require_cuda=False, device_map="cpu").engine().model
    finally:
        voice.register(None)
    language = [m for m in model.thinker.model.language_model.modules() if isinstance(m, torch.nn.Linear)]
    assert language and all(isinstance(m, Linear4bit) for m in language)
    assert not any(isinstance(m, Linear4bit) for m in [*model.talker.modules(), *model.token2wav.modules()])


# --- repetition penalty and end tokens (items 4, 5) ---------------------------------------------------------
def test_repeat_penalty_reaches_back_64_tokens_as_llama_cpp():
    from mer_agents.backends.omni_controls import RecentRepetitionPenalty

    ids = torch.arange(100).unsqueeze(0)  # tokens 0..99, one each: 36..99 are the last 64
    scores = torch.full((1, 120), 4.0)
    scores[0, 99] = -4.0
    out = RecentRepetitionPenalty(2.0)(ids, scores.clone())
    assert torch.all(out[0, :36] == 4.0) and torch.all(out[0, 100:] == 4.0)  # older or unseen: untouched
    assert torch.all(out[0, 36:99] == 2.0) and out[0, 99] == -8.0  # divided, or multiplied when negative


def test_generate_gets_the_windowed_penalty_and_the_tokenizers_end_tokens(checkpoint, clip):
    from mer_agents.backends.omni_controls import RecentRepetitionPenalty

    backend = omni(checkpoint, "none")
    engine = backend.engine()
    spy = GenerateSpy(engine.model)
    message = Message(role="user", content=[Part(type="video", path=str(clip)), Part(type="text", text="?")])
    try:
        backend.generate(
            [message], GenerationParams(max_tokens=3, repeat_penalty=1.3), on_token=lambda p: None
        )
    finally:
        spy.close()
    kwargs, _ = spy.calls[0]
    tokenizer = engine.processor.tokenizer
    assert kwargs["repetition_penalty"] == 1.0  # transformers' whole-prompt penalty is off
    (penalty,) = [p for p in kwargs["logits_processor"] if isinstance(p, RecentRepetitionPenalty)]
    assert (penalty.penalty, penalty.last_n) == (1.3, 64)
    assert kwargs["eos_token_id"] == [
        tokenizer.convert_tokens_to_ids(t) for t in ("<|im_end|>", "<|endoftext|>")
    ]
    assert kwargs["use_audio_in_video"] is True


# --- frame bounds, budget, silent videos, model name (item 5) -----------------------------------------------
def test_frame_bounds_are_upstreams_and_the_budget_holds():
    assert (VIDEO_MIN_PIXELS, VIDEO_MAX_PIXELS) == (128 * 28 * 28, 768 * 28 * 28)
    for seconds in (2.0, 5.0, 12.5, 30.0):
        budget = frame_budget(seconds)
        height, width = budget.frame_size
        assert budget.fps == 2.0 and budget.frames == int(np.ceil(seconds * 2))
        assert height * width <= VIDEO_MAX_PIXELS
        assert budget.video_tokens <= VIDEO_TOKEN_BUDGET * 1.05  # upstream floors a frame at 1.05 x min
    assert frame_budget(30.0).audio_tokens == 750
    assert frame_budget(5.0).frame_size == (560, 1008)  # a 720p frame at the upstream maximum
    assert VideoLimits().stride(120) == 2  # two 30 s clips: every other frame, one rate for both


def test_frame_budget_matches_the_processor(checkpoint, clip):
    """frame_budget's counts (what gpu_check prints, what docs/MODELS.md's VRAM budget rests on) are the
    processor's own, at the upstream bounds, for a real clip."""
    import av

    backend = omni(checkpoint, "none", video_min_pixels=VIDEO_MIN_PIXELS, video_max_pixels=VIDEO_MAX_PIXELS)
    message = Message(role="user", content=[Part(type="video", path=str(clip))])
    media = build_inputs([message], backend.modalities, backend.video)
    inputs = backend._process(backend.engine(), media)
    with av.open(str(clip)) as container:
        stream = container.streams.video[0]
        seconds, frame = stream.frames / float(stream.average_rate), (stream.height, stream.width)
    budget = frame_budget(seconds, backend.video, frame)
    grid = inputs["video_grid_thw"][0].tolist()
    assert budget.frames == len(media.videos[0])
    assert budget.video_tokens == grid[0] * grid[1] * grid[2] // 4
    counts = sound_blocks(inputs["input_ids"][0].tolist(), backend.engine().processor.tokenizer)
    assert counts == [audio_tokens(media.audio[0].size / SAMPLE_RATE)]


def test_silent_video_beside_a_sounding_one_gets_a_silent_track(checkpoint, clip, tmp_path):
    silent = make_clip(tmp_path / "silent.mp4", seconds=3.0, sound=False)
    backend = omni(checkpoint, "none")
    tokenizer = backend.engine().processor.tokenizer
    message = Message(
        role="user",
        content=[
            Part(type="video", path=str(clip)),
            Part(type="video", path=str(silent)),
            Part(type="text", text="?"),
        ],
    )
    recorder = Recorder(backend.engine().model)
    try:
        gen = backend.generate([message], GenerationParams(max_tokens=2, temperature=0))
    finally:
        recorder.close()
    ids = recorder.input_ids
    vision_bos, audio_bos = (tokenizer.convert_tokens_to_ids(t) for t in ("<|vision_bos|>", "<|audio_bos|>"))
    starts = [i for i, token in enumerate(ids) if token == vision_bos]
    assert len(starts) == 2 and all(ids[i + 1] == audio_bos for i in starts)  # both interleaved
    assert sound_blocks(ids, tokenizer)[1] == audio_tokens(3.0)  # 6 frames at 2 fps: 3 s of silence
    assert gen.completion_tokens > 0


def test_generation_names_the_model_id_not_the_snapshot(checkpoint, tmp_path, monkeypatch):
    """Weights found in a Hugging Face cache snapshot (a folder named by its commit): the model id shows."""
    import shutil

    import huggingface_hub.constants

    commit = "0123456789abcdef0123456789abcdef01234567"
    repo = tmp_path / "hub" / "models--tiny-org--tiny-omni"
    shutil.copytree(checkpoint, repo / "snapshots" / commit)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(commit)
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_CACHE", str(tmp_path / "hub"))
    backend = TransformersOmniBackend(
        Settings(model="tiny-org/tiny-omni"),
        quantize="none",
        require_cuda=False,
        device_map="cpu",
        **TINY_PIXELS,
    )
    gen = backend.generate([Message(role="user", content="hi")], GenerationParams(max_tokens=2))
    assert gen.model == "tiny-org/tiny-omni"


# --- the GPU check script without a GPU or weights ----------------------------------------------------------
def test_gpu_check_without_weights_says_so_in_one_line(tmp_path):
    import os
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[1] / "scripts" / "gpu_check.py"
    env = {**os.environ, "HF_HUB_CACHE": str(tmp_path / "empty-cache"), "HF_HUB_OFFLINE": "1"}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)
    lines = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, lines
    assert "no Qwen2.5-Omni weights for Qwen/Qwen2.5-Omni-3B" in lines[0]
