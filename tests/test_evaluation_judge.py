"""Blind-judging packet and scoring: shuffled, keyed, and scored per source (pure functions, no model)."""

from __future__ import annotations

import json

from mer_agents.evaluation.judge import entries, packet, score, trace_entries

RECORDS = [
    {
        "variant": "full",
        "id": f"i{n}",
        "message": f"message {n}",
        "history": [],
        "reply": f"system {n}",
        "gold_reply": f"gold {n}",
    }
    for n in range(5)
]


def test_packet_mixes_sources_hides_the_key_and_is_seeded():
    text, key = packet(entries(RECORDS, "full"), seed=3)
    assert len(key) == 10 and {v["source"] for v in key.values()} == {"full", "gold"}
    assert "source" not in text and "system 0" in text and "gold 0" in text
    assert packet(entries(RECORDS, "full"), seed=3) == (text, key)
    assert packet(entries(RECORDS, "full"), seed=4)[1] != key


def test_score_reports_rates_per_source_and_missing_grades():
    _, key = packet(entries(RECORDS, "full"), seed=0)
    grades = {n: ("A" if info["source"] == "gold" else "C") for n, info in key.items()}
    grades.pop("1")
    report = score(key, grades)
    assert report["missing"] == ["1"]
    assert report["gold"]["A"] == 1.0 or report["gold"]["n"] < 5
    assert report["full"]["C"] == 1.0 and report["full"]["A_ci95"] == [0.0, 0.0]


def test_clip_traces_become_entries(tmp_path):
    trace = {
        "reply": "That sounds hard.",
        "events": [{"kind": "evidence", "evidence": {"transcript": "I am sad."}}],
    }
    path = tmp_path / "clip.json"
    path.write_text(json.dumps(trace))
    (entry,) = trace_entries([path])
    assert entry["source"] == "clip" and entry["conversation"] == ["Person: I am sad."]
