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
