"""Concurrent first use of lazily built resources: a warm-up thread, first runs and a second process at once.

The resources are the real ones (the Whisper folder assembled from its wheels into a cold cache dir, the real
model loaders). The only instrumentation is a counter wrapped around the real file writer.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mer_agents.cache import Recent, assembly_lock, load_once, unique_temp, written_in_place
from mer_agents.config import Settings
from mer_agents.perception import asr

ROOT = Path(__file__).resolve().parents[1]
THREADS = 5
OTHER_PROCESS = (
    "import sys; from mer_agents.config import Settings; from mer_agents.perception import asr; "
    "print(asr.model_dir(Settings(cache_dir=sys.argv[1])))"
)


def _run_together(jobs: list) -> list:
    """Start every job in its own thread at the same instant; results (or the exception raised) in order."""
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)

    def go(i: int, job) -> None:
        barrier.wait()
        try:
            results[i] = job()
        except Exception as exc:  # noqa: BLE001 - reported by the assertions
            results[i] = exc

    threads = [threading.Thread(target=go, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    return results


def _sha(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as handle:
            while chunk := handle.read(8 << 20):
                digest.update(chunk)
    return digest.hexdigest()


def test_whisper_folder_assembles_once_under_concurrent_first_use(tmp_path, monkeypatch):
    """Cold cache: a second process, a warm-up and several first runs assemble at once; all succeed."""
    settings = Settings(cache_dir=tmp_path / "cache")
    target = settings.cache_dir / asr.MODEL_DIR_NAME
    writes: list[str] = []
    real_write = asr._write_atomically

    def counted(dest: Path, sources: list[Path]) -> None:
        writes.append(dest.name)
        real_write(dest, sources)

    monkeypatch.setattr(asr, "_write_atomically", counted)
    other = subprocess.Popen(  # another process (a second app, the CLI) on the same cache dir
        [sys.executable, "-c", OTHER_PROCESS, str(settings.cache_dir)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    jobs = [lambda: asr.model_dir(settings)] * THREADS + [lambda: (asr.warm_up(settings), target)[1]]
    results = _run_together(jobs)
    out, err = other.communicate(timeout=300)

    assert results == [target] * len(jobs), results
    assert other.returncode == 0 and out.strip() == str(target), err
    assert writes.count("model.bin") <= 1  # this process copied it once, or found the other's copy
    part1, part2 = asr._part_dirs()
    assert _sha(target / "model.bin") == _sha(part1 / "model.bin.part1", part2 / "model.bin.part2")
    for name in asr.PLAIN_FILES:
        assert (target / name).read_bytes() == (part1 / name).read_bytes()
    assert {p.name for p in target.iterdir()} == {"model.bin", *asr.PLAIN_FILES, asr.MANIFEST}  # no temp left
    assert asr.model_dir(settings) == target


@pytest.mark.parametrize("loader", ["vad", "face", "text_head", "minilm"])
def test_real_loaders_load_once_under_concurrent_first_use(loader):
    """Each real model loader, called from several threads at once, yields one shared object."""
    if loader == "vad":
        from mer_agents.perception.vad import _model as load
    elif loader == "face":
        from mer_agents.perception.face import _interpreter as load
    elif loader == "text_head":
        from mer_agents.perception.text import load_head as load
    else:
        from mer_agents.embeddings import _model as load
    load.cache_clear()
    results = _run_together([load] * THREADS)
    assert not any(isinstance(r, Exception) for r in results), results
    assert all(r is results[0] for r in results)


def test_load_once_runs_the_loader_once():
    """Control flow of the helper itself: concurrent callers wait for the one load."""
    calls: list[int] = []

    @load_once
    def slow(x: int) -> list[int]:
        calls.append(x)
        time.sleep(0.05)
        return [x]

    results = _run_together([lambda: slow(1)] * 8)
    assert calls == [1] and all(r is results[0] for r in results)


def test_recent_computes_each_missing_key_once_and_keeps_the_latest():
    """Control flow of the helper itself (embeddings.embed and reply_judge.logits use it with real models):
    duplicates in a call are computed once, kept values are read back, the least recently used goes first,
    and threads asking at once all get every value."""
    asked: list[list[str]] = []

    def upper(keys: list[str]) -> list[str]:
        asked.append(keys)
        return [k.upper() for k in keys]

    kept = Recent(2)
    assert kept.values(["a", "b", "a"], upper) == ["A", "B", "A"] and asked == [["a", "b"]]
    assert kept.values(["b"], upper) == ["B"] and len(asked) == 1  # read back; "b" now the most recent
    assert kept.values(["c"], upper) == ["C"]  # drops "a", the least recently used
    assert kept.values(["a", "b"], upper) == ["A", "B"] and asked[-1] == ["a"]
    shared = Recent(100)
    keys = [str(i) for i in range(50)]
    results = _run_together([lambda: shared.values(keys, upper)] * 8)
    assert all(r == [k.upper() for k in keys] for r in results)


def test_assembly_lock_admits_one_holder_and_temp_names_never_collide(tmp_path):
    inside, peak = [0], [0]
    names: list[Path] = []
    guard = threading.Lock()

    def hold() -> None:
        with assembly_lock(tmp_path / ".x.lock"):
            with guard:
                inside[0] += 1
                peak[0] = max(peak[0], inside[0])
                names.append(unique_temp(tmp_path / "model.bin"))
            time.sleep(0.02)
            with guard:
                inside[0] -= 1

    _run_together([hold] * 6)
    assert peak == [1] and len(set(names)) == 6
    assert all(n.parent == tmp_path and n.name.startswith(".model.bin.") for n in names)


def test_a_file_is_renamed_into_place_only_when_written_whole(tmp_path):
    dest = tmp_path / "model.bin"
    with written_in_place(dest) as tmp:
        tmp.write_bytes(b"complete")
        assert not dest.exists()
    assert dest.read_bytes() == b"complete"
    with pytest.raises(RuntimeError), written_in_place(dest) as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("killed while writing")
    assert dest.read_bytes() == b"complete" and sorted(p.name for p in tmp_path.iterdir()) == ["model.bin"]
