"""`bench llm` (mer_agents/benchmarks/llm.py): the agents' requests recorded, then replayed uncached at
several thread counts on the real embedded model. Speed is not asserted (it lives in the benchmark's
output); what is tested is that every replay computes its prompt anew and the report is complete."""

from __future__ import annotations

import json

import pytest

from mer_agents.backends.base import GenerationParams, Message
from mer_agents.backends.embedded import EmbeddedBackend
from mer_agents.benchmarks import llm
from mer_agents.config import Settings
from mer_agents.errors import MerError

SYSTEM = Message(role="system", content="You are a kind listener who answers in one short sentence. " * 8)
OTHER = Message(role="system", content="Say in one sentence how the person feels, from their words. " * 8)
REQUESTS = [  # two stages' requests: long prompts that share no prefix, as the agents' do
    ([SYSTEM, Message(role="user", content="I lost my job today.")], GenerationParams(max_tokens=6, seed=1)),
    ([OTHER, Message(role="user", content="My sister is getting married!")], GenerationParams(max_tokens=6)),
]


def test_thread_counts_default_to_one_and_the_default(monkeypatch):
    monkeypatch.setattr("mer_agents.config.default_llm_threads", lambda: 2)
    assert llm.thread_counts(None) == [1, 2] and llm.thread_counts("2,1,4") == [2, 1, 4]
    monkeypatch.setattr("mer_agents.config.default_llm_threads", lambda: 1)
    assert llm.thread_counts(None) == [1]
    for bad in ("two", "", "0,1"):
        with pytest.raises(MerError, match="--threads"):
            llm.thread_counts(bad)


def test_weights_default_to_the_configured_one_and_label_only_when_compared():
    assert llm.weight_kinds(None, "q8_0") == ["q8_0"]
    assert llm.weight_kinds("shipped, q8_0", "q8_0") == ["shipped", "q8_0"]
    for bad in ("q4_0", "", "shipped,,fp16"):
        with pytest.raises(MerError, match="--weights"):
            llm.weight_kinds(bad, "q8_0")
    assert llm.configurations([1, 2], ["q8_0"]) == [("1", 1, "q8_0"), ("2", 2, "q8_0")]
    assert llm.configurations([2], ["shipped", "q8_0"]) == [
        ("2 threads, shipped", 2, "shipped"),
        ("2 threads, q8_0", 2, "q8_0"),
    ]


def test_the_marker_opens_the_first_message_and_leaves_the_rest():
    messages = llm.marked(REQUESTS[0][0], "[round 1, 2 threads]")
    assert messages[0].content.startswith("[round 1, 2 threads]\n") and messages[0].role == "system"
    assert messages[0].content.endswith(SYSTEM.content) and messages[1] == REQUESTS[0][0][1]


def test_the_recorder_passes_calls_through_and_keeps_them():
    """Real embedded model behind the recorder."""
    recorder = llm.Recorder(EmbeddedBackend(Settings(backend="embedded")))
    out = recorder.generate(*REQUESTS[0])
    assert out.text.strip() and recorder.requests == [REQUESTS[0]]
    assert recorder.name == "embedded"  # everything else is the inner backend's


@pytest.mark.slow
def test_replays_alternate_and_are_never_served_from_a_cache(capsys):
    """Real path: two rounds over 1 and 2 threads, the order reversed in the second; each long system prompt
    is computed anew in every replay, though the rounds before sent the same (cached: ~100 tokens each)."""
    report = llm.compare(REQUESTS, Settings(backend="embedded"), [1, 2], repeat=2)
    assert [(r["round"], r["threads"]) for r in report["rounds"]] == [(0, 1), (0, 2), (1, 2), (1, 1)]
    for row in report["rounds"]:
        assert row["prompt"] > 200 and row["completion"] > 0 and row["seconds"] > 0
        assert row["cached"] < 40, row  # at most the chat template's opening, per request
    assert report["ratio_to_first"]["1"] == 1.0 and report["ratio_to_first"]["2"] > 0
    json.dumps(report)
    assert "round 1, 1 thread(s)" in capsys.readouterr().err


@pytest.mark.slow
def test_the_two_weight_files_replay_side_by_side():
    """Real path: the wheel's Q4_1 file and its Q8_0 copy each answer the same requests, computed anew."""
    report = llm.compare(REQUESTS, Settings(backend="embedded"), [1], repeat=1, kinds=["shipped", "q8_0"])
    assert [r["label"] for r in report["rounds"]] == ["1 threads, shipped", "1 threads, q8_0"]
    for row in report["rounds"]:
        assert row["prompt"] > 200 and row["completion"] > 0 and row["cached"] < 40, row
    assert set(report["ratio_to_first"]) == {"1 threads, shipped", "1 threads, q8_0"}
