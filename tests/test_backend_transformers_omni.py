"""The transformers_omni backend on a TINY random Qwen2.5-Omni thinker built offline here (fp32 and 4-bit).

Its output is gibberish by construction; the tests assert the path: the clip's frames and its sound reach
the vision and audio encoders (interleaved, as `use_audio_in_video` lays them out), only the language model's
linear layers are 4-bit, text streams back, and timings are recorded.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from mer_agents.backends import resolve_backend_name  # noqa: E402
from mer_agents.backends.base import GenerationParams, Message, Part  # noqa: E402
from mer_agents.backends.transformers_omni import TransformersOmniBackend, cuda_available  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.errors import MediaError, ModelError  # noqa: E402

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


def make_clip(path: Path, seconds: float = 2.0, fps: int = 10, sample_rate: int = 16000) -> Path:
    """A 2 s mp4 with H.264 frames (a moving colour) and an AAC sine tone, written with PyAV."""
    import av

    with av.open(str(path), "w") as container:
        video = container.add_stream("libx264", rate=fps)
        video.width, video.height, video.pix_fmt = 128, 96, "yuv420p"
        audio = container.add_stream("aac", rate=sample_rate)
        audio.layout = "mono"
        for index in range(int(seconds * fps)):
            image = np.zeros((96, 128, 3), np.uint8)
            image[..., 0] = index * 12
            image[20:60, 30:90, 1] = 200
            for packet in video.encode(av.VideoFrame.from_ndarray(image, format="rgb24")):
                container.mux(packet)
        for packet in video.encode():
            container.mux(packet)
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
def clip(tmp_path_factory) -> Path:
    found = sorted(EXAMPLES.glob("*.mp4"))
    return found[0] if found else make_clip(tmp_path_factory.mktemp("clip") / "clip.mp4")


def omni(checkpoint: Path, quantize: str) -> TransformersOmniBackend:
    settings = Settings(backend="transformers_omni", model=str(checkpoint))
    return TransformersOmniBackend(
        settings, quantize=quantize, require_cuda=False, device_map="cpu", **TINY_PIXELS
    )


class Recorder:
    """Forward hooks: which encoders ran, on what, and the prompt ids of the first forward pass."""

    def __init__(self, model):
        self.calls: dict[str, list[tuple[int, ...]]] = {"audio": [], "visual": []}
        self.input_ids = None
        core = model.model
        self.handles = [
            core.audio_tower.register_forward_hook(
                lambda m, a, o: self.calls["audio"].append(tuple(a[0].shape))
            ),
            core.visual.register_forward_hook(lambda m, a, o: self.calls["visual"].append(tuple(a[0].shape))),
            model.register_forward_pre_hook(self._ids, with_kwargs=True),
        ]

    def _ids(self, module, args, kwargs):
        if self.input_ids is None and kwargs.get("input_ids") is not None:
            self.input_ids = kwargs["input_ids"][0].tolist()

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
