"""`python -m mer_agents perceive`: evidence JSON + summary on a real example; one readable line for bad
files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mer_agents.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "no_face.mp4"


@pytest.mark.slow
def test_perceive_writes_evidence_json(tmp_path, capsys):
    out = tmp_path / "ev.json"
    assert main(["perceive", str(EXAMPLE), "--json", str(out), "--fps", "1", "--quiet"]) == 0
    data = json.loads(out.read_text())
    assert {"duration_s", "transcript", "language", "segments", "modalities", "flags"} <= set(data)
    for name in ("text", "audio", "video"):
        assert {"available", "probs", "confidence", "timeline"} <= set(data["modalities"][name])
    assert data["language"] == "en" and "order" in data["transcript"]
    assert "no_face" in {f["code"] for f in data["flags"]}
    printed = capsys.readouterr().out
    assert "no_face.mp4" in printed and "transcript" in printed and "! no_face" in printed


@pytest.mark.slow
def test_first_seconds_option(tmp_path, capsys):
    from tests.media_files import write_video

    clip = write_video(tmp_path / "mute.mp4", size=(160, 120), seconds=4, fps=5)
    out = tmp_path / "ev.json"
    assert (
        main(
            [
                "perceive",
                str(clip),
                "--json",
                str(out),
                "--first-seconds",
                "2",
                "--max-duration",
                "3",
                "--quiet",
            ]
        )
        == 0
    )
    data = json.loads(out.read_text())
    assert data["analysed_s"] == pytest.approx(2.0, abs=0.05) and data["duration_s"] == pytest.approx(
        4.0, abs=0.1
    )
    assert {"truncated", "no_audio_track", "no_face"} <= {f["code"] for f in data["flags"]}
    assert "only the first 2 s" in capsys.readouterr().out


def test_bad_file_exits_with_one_line(tmp_path):
    bad = tmp_path / "notes.mp4"
    bad.write_text("shopping list")
    result = subprocess.run(
        [sys.executable, "-m", "mer_agents", "perceive", str(bad), "--quiet"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: notes.mp4:") and "Traceback" not in result.stderr


def test_over_limit_exits_with_one_line(tmp_path, capsys):
    from tests.media_files import tone, write_audio

    path = write_audio(tmp_path / "long.wav", tone(4, 8000), 8000)
    assert main(["perceive", str(path), "--max-duration", "2", "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "over the 2 s limit" in err[0]
