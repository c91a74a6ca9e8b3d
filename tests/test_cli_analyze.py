"""`python -m mer_agents analyze` (commands/analyze.py): clear errors, a trace in every case, a real run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mer_agents.cli import main

FIXTURES = Path(__file__).parent / "fixtures"


def test_nothing_to_analyse_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MER_TRACE_DIR", str(tmp_path))
    assert main(["analyze"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: give a clip") and "Traceback" not in err
    (trace,) = tmp_path.glob("analyze-*.json")  # the default trace folder: the run that could not start
    assert json.loads(trace.read_text())["error"].startswith("give a clip")


def test_bad_evidence_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"duration_s": -1}')
    assert main(["analyze", "--evidence", str(bad), "--trace", str(tmp_path / "t.json")]) == 2
    assert "not a valid evidence JSON" in capsys.readouterr().err
    assert "not a valid evidence JSON" in json.loads((tmp_path / "t.json").read_text())["error"]
    missing = tmp_path / "missing.json"
    assert main(["analyze", "--evidence", str(missing), "--trace", str(tmp_path / "m.json")]) == 2


def test_missing_clip_fails_with_a_trace(tmp_path, capsys):
    out = tmp_path / "trace.json"
    assert main(["analyze", str(tmp_path / "nope.mp4"), "--backend", "embedded", "--trace", str(out)]) == 1
    err = capsys.readouterr().err
    assert "clip not found" in err and "Traceback" not in err
    data = json.loads(out.read_text())
    assert "clip not found" in data["error"] and data["reply"] is None and data["events"]


def test_ablation_flags_are_exclusive(capsys):
    with pytest.raises(SystemExit):
        main(["analyze", "--text", "hi", "--one-pass", "--no-reflection"])


@pytest.mark.slow
def test_real_run_on_evidence(tmp_path, capsys):
    out = tmp_path / "trace.json"
    code = main(
        [
            "analyze",
            "--evidence",
            str(FIXTURES / "evidence_conflict.json"),
            "--backend",
            "embedded",
            "--max-rounds",
            "1",
            "--trace",
            str(out),
            "--quiet",
        ]
    )
    stdout = capsys.readouterr().out
    assert code == 0, stdout
    assert "round 0: perception" in stdout and "reply: " in stdout and str(out) in stdout
    data = json.loads(out.read_text())
    assert data["reply"] and data["emotion"] and data["strategy"] and data["verdicts"]
    assert set(data["tokens"]) >= {"perception", "forecast", "strategy", "reply"}
    assert data["settings"]["max_rounds"] == 1
    forecast = [e for e in data["events"] if e["kind"] == "stage_finished" and e["stage"] == "forecast"][0]
    assert "smiling face over sad words: masking or politeness?" in forecast["output"]["conflicts"]


@pytest.mark.slow
def test_real_run_on_an_example_clip(tmp_path, capsys):
    """Clip in → perception models → agents → one audit (no refinement round, to stay short)."""
    clip = Path(__file__).resolve().parents[1] / "examples" / "sad_loss.mp4"
    if not clip.is_file():
        pytest.skip("examples/sad_loss.mp4 not built")
    out = tmp_path / "trace.json"
    args = [
        "analyze",
        str(clip),
        "--backend",
        "embedded",
        "--max-rounds",
        "0",
        "--trace",
        str(out),
        "--quiet",
    ]
    code = main(args)
    assert code == 0, capsys.readouterr()
    data = json.loads(out.read_text())
    evidence = [e for e in data["events"] if e["kind"] == "evidence"][0]["evidence"]
    assert evidence["transcript"] and evidence["modalities"]["audio"]["available"]
    assert data["reply"] and len(data["verdicts"]) == 4 and data["rounds"] == 0


@pytest.mark.slow
def test_a_crisis_message_is_answered_with_the_safety_message(tmp_path, capsys):
    """The crisis guard on the real CLI path: the safety message, the note saying why, and the trace."""
    from mer_agents.agents import crisis

    out = tmp_path / "trace.json"
    code = main(
        [
            "analyze",
            "--text",
            "People keep telling me to kill myself.",
            "--backend",
            "embedded",
            "--trace",
            str(out),
            "--quiet",
        ]
    )
    stdout = capsys.readouterr().out
    assert code == 0, stdout
    assert "crisis guard" in stdout and "best-audited" not in stdout
    assert f"reply: {crisis.REPLIES['self-harm']}" in stdout
    data = json.loads(out.read_text())
    assert data["reply_source"] == "crisis" and "self-harm" in data["note"]


def test_an_over_long_text_is_one_line_naming_the_limit(capsys):
    """The CLI refuses a typed message over the app's limit the same way, before loading any model."""
    from mer_agents.perception import MAX_MESSAGE_CHARS

    code = main(["analyze", "--text", "a" * (MAX_MESSAGE_CHARS + 1)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and f"the limit is {MAX_MESSAGE_CHARS:,}" in err


@pytest.mark.slow
def test_a_stretched_greeting_is_greeted_not_thanked(tmp_path, capsys):
    """The real embedded run: "Hii" is only a greeting, so the reply greets; it had been answered "Thank
    you for telling me. How do you feel about it?" (the opening template, nothing yet told)."""
    out = tmp_path / "trace.json"
    assert main(["analyze", "--text", "Hii", "--backend", "embedded", "--trace", str(out)]) == 0
    reply = json.loads(out.read_text())["reply"]
    assert "thank you for telling" not in reply.lower() and reply.lower().startswith(("hi", "hey", "hello"))


def test_a_sign_off_with_an_apology_is_answered_as_a_goodbye_and_passes_the_audit(tmp_path, capsys):
    """The real embedded run: the words read sad as a whole ("Sorry"), but the reason beside the goodbye,
    read alone, does not (agents/leave.py); it had been "It sounds like your toddler just woke up from her
    nap. What has been the hardest part of it for you?" (graded C, first_messages/closing_only_fresh4/), and
    the audit had called the designed goodbye one "while the person goes on"."""
    out = tmp_path / "trace.json"
    words = "Sorry, my toddler just woke up from her nap. Have to go."
    assert main(["analyze", "--text", words, "--backend", "embedded", "--trace", str(out)]) == 0
    trace = json.loads(out.read_text())
    assert trace["reply"] == "Take care! I'm here whenever you want to talk."
    verdicts = [e["verdict"] for e in trace["events"] if e["kind"] == "audit_verdict"]
    assert verdicts and all(v["verdict"] == "pass" for v in verdicts)
