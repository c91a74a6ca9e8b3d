"""Trace (trace.py): top-level fields, JSONL mirror, writing after a failure, load/replay.

Runs come from the pipeline on a SCRIPTED backend (mer_agents/backends/scripted.py) with injected retrieval
and embeddings (tests/injected_tools.py): control flow only.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from mer_agents.backends.scripted import ScriptedBackend
from mer_agents.config import Settings
from mer_agents.events import RunFailed
from mer_agents.pipeline import RunRequest, run
from mer_agents.trace import Trace
from mer_agents.types import Evidence
from tests import injected_tools
from tests.injected_tools import TOOLS

FIXTURES = Path(__file__).parent / "fixtures"


def evidence() -> Evidence:
    return Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())


def test_trace_of_a_refined_run(tmp_path, monkeypatch):
    injected_tools.code_planner(monkeypatch)  # scripted: the injected neighbours decide the plan
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
    """Scripted backend (its reply call raises, as a server that went away would): a failed run still
    writes a trace with the error."""
    from mer_agents.errors import BackendError

    def down(messages, params):
        raise BackendError("the model server went away")

    trace = Trace(tmp_path / "fail.json")
    backend = ScriptedBackend(reply=[down])
    settings = Settings(reply_candidates="model")
    events = list(trace.record(run(RunRequest(evidence=evidence()), backend, settings, **TOOLS)))
    assert isinstance(events[-1], RunFailed)
    data = json.loads(trace.write().read_text())
    assert data["reply"] is None and "went away" in data["error"] and data["failed_stage"] == "reply"


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


# ------------------------------------------------------------- every run leaves its own trace


def test_trace_names_are_unique_to_the_microsecond_and_the_run(tmp_path):
    """Names go to the microsecond plus the run id, and are created exclusively: two traces given the same
    name (a clock step back) both survive, the second with a counter suffix; a run without an id gets a
    random one."""
    from datetime import datetime

    from mer_agents.events import RunStarted
    from mer_agents.trace import trace_name

    when = datetime(2026, 1, 2, 3, 4, 5, 678901)
    assert trace_name("abc123", "analyze", when) == "analyze-20260102-030405-678901-abc123.json"
    assert trace_name("", "trace", when) != trace_name("", "trace", when)
    assert trace_name("../../etc/x", "trace", when) == "trace-20260102-030405-678901-etcx.json"
    written = []
    for _ in range(2):
        trace = Trace()
        trace.add(RunStarted(run_id="same"))
        written.append(trace.write(tmp_path / trace_name("same", "trace", when), exclusive=True))
    assert written[0] != written[1] and written[1].name.endswith("-same-1.json")
    assert all(json.loads(p.read_text())["run_id"] == "same" for p in written)


def test_a_folder_trace_is_named_at_its_first_event_and_mirrored(tmp_path):
    """The CLI's default trace: named by the run's own id when its RunStarted arrives, mirrored line by line
    to its .jsonl from then on, its .json created (never overwritten) at the end."""
    from mer_agents.events import RunFinished, RunStarted

    trace = Trace(folder=tmp_path, prefix="analyze")
    trace.add(RunStarted(run_id="r1d"))
    assert trace.path.name.startswith("analyze-") and trace.path.name.endswith("-r1d.json")
    assert len(trace.path.with_suffix(".jsonl").read_text().splitlines()) == 1
    trace.add(RunFinished(reply="ok", emotion="joy", strategy="Question", rounds=0, all_passed=True))
    path = trace.write()
    assert path == trace.path and json.loads(path.read_text())["ended"] == "finished"


def _fake_session(finish: bool, gap_s: float = 0.005):
    """A SCRIPTED run (control flow only, no agents): RunStarted, then progress every `gap_s` until it is
    cancelled, or (finish) a RunFinished after three of them."""
    import time
    import uuid

    from mer_agents.events import Progress, RunFinished, RunStarted

    class FakeSession:
        turns: list = []

        def run(self, clip=None, evidence=None, text=None, cancel=None):
            yield RunStarted(run_id=uuid.uuid4().hex[:12], source="text")
            for i in range(2000):
                if cancel is not None and cancel.is_set():
                    return
                if finish and i == 3:
                    yield RunFinished(
                        reply="ok", emotion="joy", strategy="Question", rounds=0, all_passed=True
                    )
                    return
                yield Progress(t=i * gap_s, stage="media", message=f"step {i}")
                time.sleep(gap_s)

    return FakeSession()


def test_a_burst_of_10_runs_in_one_second_leaves_10_traces(tmp_path, monkeypatch):
    """The probe's case: three CLI runs in one second left one file, cancelled /analyze runs and streamed runs
    none. Now a burst of 10 runs through every door leaves 10 traces, each saying how it ended: 4 CLI runs
    refused at their settings (the probe's loop), 2 Clip-tab runs (one finished, one closed mid-run),
    1 /analyze cancelled, 3 /analyze_stream (one refused, one closed mid-stream, one streamed to its end).

    The app's runs use a SCRIPTED session (_fake_session: control flow only, no agents): what is tested is
    that each run's trace is written under its own name however the run ends."""
    import time

    pytest.importorskip("gradio")
    from mer_agents.cli import build_parser, main
    from mer_agents.ui import handlers

    monkeypatch.setenv("MER_TRACE_DIR", str(tmp_path))
    monkeypatch.setattr(handlers, "POLL_S", 0.01)
    settings = Settings(trace_dir=tmp_path, backend="scripted")
    finishing = {"yes": False}
    monkeypatch.setattr(handlers, "prepare_session", lambda *a: _fake_session(finishing["yes"]))
    from mer_agents import trace

    class FrozenClock(datetime):
        """Every run starts at the same microsecond: the names must still differ (no timing in the test)."""

        @classmethod
        def now(cls, tz=None):
            return datetime(2026, 1, 1, 12, 0, 0)

    monkeypatch.setattr(trace, "datetime", FrozenClock)
    build_parser()
    started = time.monotonic()
    for i in range(4):
        assert main(["analyze", "--text", f"run {i}", "--max-rounds", "9"]) == 2
    finishing["yes"] = True
    assert list(handlers.stream_run(settings, None, "hello", None, {}, None))[-1].view.finished
    finishing["yes"] = False
    snaps = handlers.stream_run(settings, None, "hello", None, {}, None)
    next(snaps)
    snaps.close()  # a closed tab, a cancelled request
    updates = handlers.api_analyze_updates(settings, None, "hello", heartbeat_s=0.0)
    next(updates), next(updates)
    updates.close()  # job.cancel() on /analyze
    assert next(handlers.api_analyze_stream(settings, None, ""))["kind"] == "run_failed"
    stream = handlers.api_analyze_stream(settings, None, "hello")
    assert next(stream)["kind"] == "run_started"
    stream.close()  # job.cancel() on /analyze_stream
    finishing["yes"] = True
    assert [e["kind"] for e in handlers.api_analyze_stream(settings, None, "hello")][-1] == "run_finished"
    took = time.monotonic() - started
    traces = sorted(tmp_path.glob("*.json"))
    ended = sorted(json.loads(p.read_text())["ended"] for p in traces)
    print(f"10 runs in {took:.2f} s: {len(traces)} traces, ended {ended}")
    assert len(traces) == 10
    assert ended == ["bad_input"] * 5 + ["cancelled"] * 3 + ["finished"] * 2
    assert len({p.name.split("-")[1] + p.name.split("-")[2] for p in traces}) == 1  # all in the same second
