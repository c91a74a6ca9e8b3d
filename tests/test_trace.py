"""Trace (trace.py): top-level fields, JSONL mirror, writing after a failure, load/replay.

Runs come from the pipeline on a SCRIPTED backend (mer_agents/backends/scripted.py) with injected retrieval
and embeddings (tests/injected_tools.py): control flow only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mer_agents.backends.scripted import ScriptedBackend
from mer_agents.config import Settings
from mer_agents.events import RunFailed
from mer_agents.pipeline import RunRequest, run
from mer_agents.trace import Trace
from mer_agents.types import Evidence
from tests.injected_tools import TOOLS

FIXTURES = Path(__file__).parent / "fixtures"


def evidence() -> Evidence:
    return Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())


def test_trace_of_a_refined_run(tmp_path):
    """Scripted backend: a run with one refinement round → reply, rounds, verdicts, timings, tokens."""
    trace = Trace(tmp_path / "run.json")
    backend = ScriptedBackend(reply=["That's great!", "Losing your job is hard; feeling empty makes sense."])
    # model drafts only: the scripted drafts are what the audit sees (candidate ranking: test_responder.py)
    settings = Settings(reply_candidates="model")
    for _ in trace.record(run(RunRequest(evidence=evidence()), backend, settings, **TOOLS)):
        pass
    path = trace.write()
    data = json.loads(path.read_text())
    assert data["reply"].startswith("Losing your job") and data["emotion"] == "sadness" and data["strategy"]
    assert data["rounds"] == 1 and data["error"] is None and data["all_passed"]
    assert len(data["verdicts"]) == 8 and {v["round"] for v in data["verdicts"]} == {0, 1}
    for stage in ("perception", "forecast", "strategy", "reply"):
        assert stage in data["timings"] and data["tokens"][stage]["completion"] > 0
    assert data["timings"]["total"] > 0
    # the JSONL mirror holds the same events, line by line
    lines = path.with_suffix(".jsonl").read_text().splitlines()
    assert len(lines) == len(data["events"])
    replay = Trace.load(path)
    assert replay.summary()["reply"] == data["reply"] and len(replay.events) == len(trace.events)
    assert len(Trace.load(path.with_suffix(".jsonl")).events) == len(lines)


def test_trace_after_failure(tmp_path):
    """Scripted backend: a failed run still writes a trace with the error."""
    trace = Trace(tmp_path / "fail.json")
    backend = ScriptedBackend(forecast=["not json"])
    events = list(trace.record(run(RunRequest(evidence=evidence()), backend, Settings(), **TOOLS)))
    assert isinstance(events[-1], RunFailed)
    data = json.loads(trace.write().read_text())
    assert data["reply"] is None and "forecast" in data["error"] and data["failed_stage"] == "forecast"


# ------------------------------------------------------------- a replayed trace is checked before use


def _trace_error(path: Path) -> str:
    from mer_agents.trace import TraceError

    with pytest.raises(TraceError) as info:
        Trace.load(path)
    message = str(info.value)
    assert "\n" not in message and path.name in message
    return message


def _progress(n: int) -> list[dict]:
    return [{"kind": "progress", "stage": "media", "message": f"step {i}"} for i in range(n)]


def test_replay_refuses_an_oversized_file(tmp_path):
    from mer_agents.trace import MAX_TRACE_BYTES

    path = tmp_path / "big.json"
    path.write_text(json.dumps({"events": [], "padding": "x" * (MAX_TRACE_BYTES + 1)}))
    assert "a trace may be at most 5 MB" in _trace_error(path)


def test_replay_refuses_too_many_events(tmp_path):
    from mer_agents.trace import MAX_TRACE_EVENTS

    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in _progress(MAX_TRACE_EVENTS + 1)))
    assert f"{MAX_TRACE_EVENTS + 1:,} events" in _trace_error(path)
    path.write_text("\n".join(json.dumps(e) for e in _progress(MAX_TRACE_EVENTS)))
    assert len(Trace.load(path).events) == MAX_TRACE_EVENTS


def test_replay_refuses_deep_nesting_bad_json_and_non_traces(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"events": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert "nested too deeply" in _trace_error(deep)
    broken = tmp_path / "broken.json"
    broken.write_text('{"events": [')
    assert "bad JSON" in _trace_error(broken)
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    assert "no list of events" in _trace_error(other)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert "not UTF-8" in _trace_error(binary)
    assert "not found" in _trace_error(tmp_path / "absent.json")


def test_replay_names_the_first_invalid_event(tmp_path):
    path = tmp_path / "bad_event.json"
    path.write_text(json.dumps({"events": _progress(1) + [{"kind": "no_such_kind"}]}))
    assert "event 2 is not a valid timeline event" in _trace_error(path)


def test_replay_refuses_rounds_no_run_reaches(tmp_path):
    from mer_agents.trace import MAX_ROUND

    path = tmp_path / "rounds.json"
    started = {"kind": "stage_started", "stage": "reply", "round": MAX_ROUND + 1}
    path.write_text(json.dumps({"events": [started]}))
    assert f"round {MAX_ROUND + 1}" in _trace_error(path)
    path.write_text(json.dumps({"events": [{"kind": "stage_started", "stage": "reply", "round": -1}]}))
    assert "round -1" in _trace_error(path)
