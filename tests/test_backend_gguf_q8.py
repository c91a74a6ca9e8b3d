"""SmolLM2's Q8_0 copy (mer_agents/backends/gguf_q8.py): written once from the installed wheel, the same
network as the shipped Q4_1 file up to rounding far below its own quantisation step, chosen by default,
named without being written, and run by the real engine."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from mer_agents.backends import gguf_q8
from mer_agents.backends.base import GenerationParams, Message
from mer_agents.backends.embedded import EmbeddedBackend, default_gguf_path, resolve_gguf_path
from mer_agents.config import Settings

gguf = pytest.importorskip("gguf")
Q = gguf.GGMLQuantizationType
BLOCK = 32


@pytest.fixture(scope="module")
def copied(tmp_path_factory):
    """The copy written into a fresh cache folder (real conversion of the installed wheel, ~6 s)."""
    return gguf_q8.q8_copy(default_gguf_path(), tmp_path_factory.mktemp("cache"))


def test_every_q4_1_weight_moves_less_than_a_tenth_of_its_step(copied):
    source, copy = gguf.GGUFReader(str(default_gguf_path())), gguf.GGUFReader(str(copied))
    widened = {t.name: t for t in copy.tensors}
    assert len(widened) == len(source.tensors)
    checked = 0
    for t in source.tensors:
        new = widened[t.name]
        if t.tensor_type != Q.Q4_1:  # norms (F32) and the embedding (Q8_0): the same bytes
            assert new.tensor_type == t.tensor_type and np.array_equal(new.data, t.data), t.name
            continue
        assert new.tensor_type == Q.Q8_0
        before = gguf.quants.dequantize(t.data, Q.Q4_1).reshape(-1, BLOCK)
        after = gguf.quants.dequantize(new.data, Q.Q8_0).reshape(-1, BLOCK)
        q4_step = (before.max(axis=1) - before.min(axis=1)) / 15  # Q4_1: 16 levels from min to max
        error = np.abs(after - before).max(axis=1)
        q8_step = np.abs(before).max(axis=1) / 127
        assert np.all(error <= q8_step * 0.6 + 1e-7), t.name  # half a Q8_0 step + its fp16 scale's rounding
        assert np.all(error <= q4_step * 0.1 + 1e-7), t.name  # measured: at most 0.055 of a Q4_1 step
        checked += 1
    assert checked == 210  # SmolLM2-135M's linear layers


def test_metadata_is_copied_and_the_source_is_named(copied):
    source, copy = gguf.GGUFReader(str(default_gguf_path())), gguf.GGUFReader(str(copied))
    for name, f in source.fields.items():
        if name.startswith("GGUF.") or name == gguf.Keys.General.FILE_TYPE:
            continue
        assert copy.fields[name].contents() == f.contents(), name
    assert copy.fields[gguf.Keys.General.FILE_TYPE].contents() == gguf.LlamaFileType.MOSTLY_Q8_0
    assert "Apache-2.0" in copy.fields["mer_agents.derived_from"].contents()
    assert "Apache-2.0" in (copied.parent / "SOURCE.md").read_text()
    assert copied.parent.name == gguf_q8.source_digest(default_gguf_path())


def test_a_second_call_finds_the_copy_and_leaves_no_temporary_files(copied):
    cache = copied.parents[2]
    mtime = copied.stat().st_mtime_ns
    assert gguf_q8.q8_copy(default_gguf_path(), cache) == copied and copied.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in copied.parent.iterdir()) == [".widen.lock", "SOURCE.md", copied.name]


def test_concurrent_first_users_get_one_complete_file(tmp_path):
    paths: list = []
    threads = [
        threading.Thread(target=lambda: paths.append(gguf_q8.q8_copy(default_gguf_path(), tmp_path)))
        for _ in range(2)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(paths) == 2 and paths[0] == paths[1] and paths[0].stat().st_size > 100e6
    assert not list(paths[0].parent.glob(".*.tmp"))


def test_the_default_runs_the_copy_and_shipped_runs_the_wheel(tmp_path):
    default, shipped = Settings(cache_dir=tmp_path), Settings(cache_dir=tmp_path, llm_weights="shipped")
    assert resolve_gguf_path(shipped) == default_gguf_path()
    backend = EmbeddedBackend(default)
    assert "SmolLM2-135M-Instruct.Q8_0.gguf" in backend.describe()
    assert not (tmp_path / gguf_q8.FOLDER).exists()  # describing names the copy, never writes it
    assert "Q4_1" in EmbeddedBackend(shipped).describe()
    named = Settings(cache_dir=tmp_path, model=str(default_gguf_path()))
    assert resolve_gguf_path(named) == default_gguf_path()  # a named .gguf file runs as it is


def test_the_engine_answers_from_the_copy(copied):
    """Real engine on the Q8_0 file: grammar-constrained JSON, as the agents ask for it."""
    backend = EmbeddedBackend(Settings(backend="embedded", model=str(copied)))
    schema = {"type": "object", "properties": {"feeling": {"type": "string"}}, "required": ["feeling"]}
    out = backend.generate(
        [Message(role="user", content="I lost my job today. How do I feel? Answer in JSON.")],
        GenerationParams(max_tokens=30, json_schema=schema, seed=0),
    )
    assert out.model == copied.name and out.text.strip().startswith("{") and '"feeling"' in out.text
