"""`bench sessions` (mer_agents/benchmarks/sessions.py): clips sent one at a time and all at once through the
app's API. Speed is not asserted here (it lives in the benchmark's output); what is tested is the summary's
arithmetic and, on the real path (the app on loopback, gradio_client, the real models), that every run comes
back and each figure is reported."""

from __future__ import annotations

import json

import pytest

from mer_agents.benchmarks.sessions import summarise


def _round(mode: str, wall: float, replies: dict[str, str], lost: int = 0) -> dict:
    runs = [{"clip": c, "seconds": wall / 2, "reply": r, "error": None} for c, r in replies.items()]
    return {"mode": mode, "wall_s": wall, "lost": lost, "runs": runs}


def test_the_summary_compares_throughput_and_replies():
    """Throughput ratio = one-at-a-time wall ÷ all-at-once wall (same runs); a clip whose reply differs
    between runs is reported; lost runs are summed."""
    same = {"a.mp4": "x", "b.mp4": "y"}
    rounds = [_round("one_at_a_time", 20.0, same), _round("all_at_once", 25.0, same, lost=1)]
    summary = summarise(rounds)
    assert summary["throughput_ratio"] == 0.8 and summary["runs_lost"] == 1
    assert summary["same_reply_every_run"] and summary["median_latency_s"]["all_at_once"] == 12.5
    rounds.append(_round("all_at_once", 25.0, {"a.mp4": "x", "b.mp4": "z"}))
    assert not summarise(rounds)["same_reply_every_run"]


@pytest.mark.slow
def test_two_sessions_at_once_lose_no_run_on_the_real_app(tmp_path):
    """Real path: the app on loopback with the real models; two short clips sent one at a time, then both at
    once from two clients: every run returns a reply, the same reply both ways, with stage timings."""
    from mer_agents.cli import main

    out = tmp_path / "sessions.json"
    args = ["bench", "sessions", "--clips", "worried_audio_only.mp3,no_face.mp4", "--max-rounds", "0"]
    assert main([*args, "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["sessions"] == 2 and report["runs_lost"] == 0 and report["same_reply_every_run"]
    assert [r["mode"] for r in report["rounds"]] == ["one_at_a_time", "all_at_once"]
    for r in report["rounds"]:
        assert all(run["reply"].strip() and run["timings"] and run["rounds"] == 0 for run in r["runs"])
    assert report["throughput_ratio"] > 0
