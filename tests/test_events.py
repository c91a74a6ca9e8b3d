"""Every event kind round-trips through JSON (events.py), including the pipeline's stage outputs."""

from __future__ import annotations

import json
from pathlib import Path

from mer_agents.events import (
    AuditVerdictEvent,
    EvidenceReady,
    Progress,
    RegenerationRequested,
    RunFailed,
    RunFinished,
    RunStarted,
    StageFailed,
    StageFinished,
    StageStarted,
    TokenDelta,
    event_from_json,
    event_to_json,
)
from mer_agents.types import AuditVerdict, EmotionForecast, Evidence, PerceptionReport, Reply, StrategyPlan

FIXTURES = Path(__file__).parent / "fixtures"


def all_events():
    ev = Evidence.model_validate_json((FIXTURES / "evidence_conflict.json").read_text())
    probs = ev.modalities.text.probs
    outputs = [
        PerceptionReport(
            words="sadness 0.74", voice="neutral 0.46", face="joy 0.86", summary="Smiling, sad words."
        ),
        EmotionForecast(
            emotion="sadness",
            probs=probs,
            confidence=0.6,
            intensity=0.5,
            agreement=0.4,
            fused_probs=probs,
            conflicts=["smiling face over sad words: masking or politeness?"],
        ),
        StrategyPlan(
            strategy="Reflection of feelings", secondary="Question", reason="grief", exemplars=["..."]
        ),
        Reply(text="That sounds so hard.", candidates=["Great!"]),
    ]
    return [
        RunStarted(run_id="abc", source="x.mp4", settings={"max_rounds": 2}, backend="embedded"),
        Progress(t=0.1, stage="media", message="transcribing…"),
        EvidenceReady(t=0.2, evidence=ev),
        StageStarted(t=0.3, stage="reply", round=1, instruction="drop cheer"),
        TokenDelta(t=0.4, stage="audit", text=" tok"),
        *[
            StageFinished(
                t=0.5,
                stage=o.stage,
                output=o,
                summary="s",
                duration_s=0.1,
                prompt_tokens=3,
                completion_tokens=4,
            )
            for o in outputs
        ],
        StageFailed(t=0.6, stage="forecast", error="forecast: bad"),
        AuditVerdictEvent(
            t=0.7,
            round=0,
            verdict=AuditVerdict(
                stage="reply",
                verdict="revise",
                issues=["cheer"],
                evidence=["found 'great!'"],
                instruction="x",
            ),
        ),
        RegenerationRequested(t=0.8, round=1, target_stage="reply", instruction="x"),
        RunFinished(
            t=0.9, reply="r", emotion="sadness", strategy="Question", rounds=1, all_passed=True, best_round=1
        ),
        RunFailed(t=1.0, stage="media", error="clip not found", detail="Traceback ..."),
    ]


def close(a, b, tol=1e-9) -> bool:
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) or isinstance(b, float):
        return abs(a - b) <= tol
    return a == b


def test_every_kind_round_trips():
    events = all_events()
    kinds = {e.kind for e in events}
    assert kinds == {
        "run_started",
        "progress",
        "evidence",
        "stage_started",
        "token",
        "stage_finished",
        "stage_failed",
        "audit_verdict",
        "regeneration_requested",
        "run_finished",
        "run_failed",
    }
    for e in events:
        back = event_from_json(json.loads(json.dumps(event_to_json(e))))
        assert type(back) is type(e) and close(event_to_json(back), event_to_json(e))


def test_a_stage_finished_from_an_older_trace_still_loads():
    """Traces written before StageFinished.reused was dropped (it was never set) carry `"reused": false`."""
    finished = next(e for e in all_events() if isinstance(e, StageFinished))
    old = {**event_to_json(finished), "reused": False}
    assert event_to_json(event_from_json(old)) == event_to_json(finished)


# ------------------------------------------------------------------ events carry no path of the machine


def test_run_started_keeps_only_the_names_of_the_servers_files():
    """The probe found the server's cache_dir in traces handed to any client: a run's settings keep the last
    part of every path (a folder, a model file); a hub id or a bundled model name stays as it is."""
    from mer_agents.config import Settings

    settings = Settings(
        cache_dir="/srv/secret/cache",
        trace_dir="/srv/secret/traces",
        model="/srv/secret/models/mine.gguf",
        exemplar_bank="/srv/secret/bank",
    )
    started = RunStarted(run_id="r", settings=settings.model_dump(mode="json"))
    text = json.dumps(event_to_json(started))
    assert "/srv" not in text and "secret" not in text
    assert started.settings["cache_dir"] == "cache" and started.settings["model"] == "mine.gguf"
    assert started.settings["exemplar_bank"] == "bank" and started.settings["max_rounds"] == 2
    for kept in ("Qwen/Qwen2.5-Omni-3B", "qwen2.5-coder-1.5b", None):
        assert RunStarted(run_id="r", settings={"model": kept}).settings["model"] == kept
    windows = RunStarted(run_id="r", settings={"cache_dir": "C:\\Users\\op\\cache"})
    assert windows.settings["cache_dir"] == "cache"


def test_errors_progress_and_the_clip_carry_no_absolute_path():
    from mer_agents.events import without_paths

    failed = RunFailed(
        error="crisis detector weights missing at /srv/app/assets/crisis_detector/crisis.npz (rebuild)",
        detail='Traceback:\n  File "/srv/app/mer_agents/pipeline.py", line 5, in run',
    )
    assert failed.error == "crisis detector weights missing at crisis.npz (rebuild)"
    assert failed.detail == 'Traceback:\n  File "pipeline.py", line 5, in run'
    assert StageFailed(stage="reply", error="cannot read ~/.cache/m/x.gguf").error == "cannot read x.gguf"
    assert Progress(stage="media", message="loading /opt/w/whisper.bin").message == "loading whisper.bin"
    assert without_paths("C:\\models\\m.gguf not found") == "m.gguf not found"
    for text in ("see http://10.0.0.5:8000/v1/models", "and/or 1/2 of it", "a / b", "I'm 50/50 on it"):
        assert without_paths(text) == text
    ev = Evidence.model_validate_json((FIXTURES / "evidence_conflict.json").read_text())
    ready = EvidenceReady(evidence=ev.model_copy(update={"media_path": "/tmp/gradio/ab12/clip.mp4"}))
    assert ready.evidence.media_path == "clip.mp4"
    assert event_from_json(event_to_json(ready)).evidence.media_path == "clip.mp4"
