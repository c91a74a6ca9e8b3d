"""backends/cpu_share.py: the cores other processes keep busy, and the embedded LLM's threads beside them."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from mer_agents.backends import cpu_share
from mer_agents.backends.base import GenerationParams, Message
from mer_agents.backends.cpu_share import CpuSampler, threads_for
from mer_agents.backends.embedded import EmbeddedBackend
from mer_agents.config import Settings, available_cores

SPIN = "import time\nend = time.monotonic() + {s}\nwhile time.monotonic() < end:\n    pass\n"


def test_threads_leave_a_core_that_another_process_keeps_busy():
    assert threads_for(2, 2, None) == 2  # nothing known yet: every core
    assert [threads_for(2, 2, x) for x in (0.0, 0.5, 0.75)] == [2, 2, 2]  # half a core elsewhere: keep it
    assert [threads_for(2, 2, x) for x in (0.8, 1.1, 2.0)] == [1, 1, 1]  # a whole core: leave it
    assert threads_for(4, 8, 1.0) == 4 and threads_for(4, 4, 1.0) == 3 and threads_for(1, 2, 0.0) == 1


def test_the_sampler_averages_the_recent_window():
    """Scripted readings (the arithmetic only): others = machine busy minus this process, per second."""
    clock = {"t": 0.0, "busy": 0.0, "own": 0.0}
    sampler = CpuSampler(read=lambda: (clock["t"], clock["busy"], clock["own"]))
    sampler.sample()
    assert sampler.others() is None  # no history yet
    for _ in range(12):  # 6 s: this process busy 0.5 core, another 1.0
        clock["t"] += 0.5
        clock["busy"] += 0.75
        clock["own"] += 0.25
        sampler.sample()
    assert sampler.others() == pytest.approx(1.0)
    for _ in range(10):  # the other process stops; the window forgets it within WINDOW_S + SAMPLE_S
        clock["t"] += 0.5
        clock["busy"] += 0.25
        clock["own"] += 0.25
        sampler.sample()
    assert sampler.others() == pytest.approx(0.0)


@pytest.mark.slow
def test_a_real_busy_process_is_seen_and_the_embedded_model_leaves_it_a_core():
    """Real CPU readings and the real engine: a child process spins one core; the sampler sees about a core
    kept busy, and the embedded backend (threads unset) generates on the cores left, as threads_for says."""
    sampler = CpuSampler()
    sampler.start()
    time.sleep(cpu_share.WINDOW_S + 0.5)
    quiet = sampler.others()
    spinner = subprocess.Popen([sys.executable, "-c", SPIN.format(s=30)])
    try:
        time.sleep(cpu_share.WINDOW_S + 1.0)
        busy = sampler.others()
        assert quiet is not None and busy is not None
        assert busy - quiet >= 0.6, (quiet, busy)  # ~1 core more (the machine's noise aside)

        cpu_share.SAMPLER.start()
        time.sleep(cpu_share.WINDOW_S + 0.5)
        backend = EmbeddedBackend(Settings(backend="embedded"))
        others = cpu_share.SAMPLER.others()
        backend.engine()
        assert backend.last_threads == threads_for(backend.threads, available_cores(), others)
        if available_cores() == 2:
            assert backend.last_threads == 1, others
        out = backend.generate([Message(role="user", content="Say hello.")], GenerationParams(max_tokens=8))
        assert out.text.strip() and out.completion_tokens > 0
    finally:
        spinner.kill()
        spinner.wait()
    pinned = EmbeddedBackend(Settings(backend="embedded", llm_threads=2))
    pinned.engine()
    assert pinned.last_threads == 2  # an explicit setting is kept whatever the machine does


@pytest.mark.slow
def test_the_thread_count_changes_the_speed_not_the_reply():
    """The real engine on 1 and on 2 threads, same prompt and seed, each computed afresh (no prompt cache:
    a cached prefix changes the batch shapes, and with them the sums): the same text, since llama.cpp splits
    a matrix product by rows and each sum runs in one thread in one order. Leaving a core costs no reply."""
    from mer_agents.backends.embedded import _parse_response, build_request

    messages = [
        Message(role="system", content="You are a kind listener."),
        Message(role="user", content="I lost my job today and I don't know how to pay the rent."),
    ]
    request = {
        **build_request(messages, GenerationParams(max_tokens=40, temperature=0.7, seed=3), stream=False),
        "cache_prompt": False,
    }
    texts = {}
    for n in (1, 2, 1, 2):
        engine = EmbeddedBackend(Settings(backend="embedded", llm_threads=n)).engine()
        with engine.lock:
            text, _ = _parse_response(engine.server.handle_chat_completions(dict(request)))
        texts.setdefault(n, set()).add(text)
    assert len(texts[1]) == 1 and texts[1] == texts[2], texts
    assert next(iter(texts[1])).strip()
