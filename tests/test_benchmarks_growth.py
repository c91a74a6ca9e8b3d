"""`bench growth` (mer_agents/benchmarks/growth.py): clips of each length from one source, then the real
perception models and the real embedded model on each. Speed is not asserted here (it lives in the
benchmark's output); what is tested is that the clips are what they claim and the report is complete."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mer_agents.benchmarks import growth
from mer_agents.config import Settings
from mer_agents.perception.media import load_media

SOURCE = Path(__file__).resolve().parents[1] / "examples" / "sad_loss.mp4"


@pytest.mark.parametrize("seconds", [5.0, 20.0])
def test_a_clip_is_cut_or_looped_to_the_length_asked(tmp_path, seconds):
    """Cut (5 s of a 14.3 s clip) or looped (20 s): the written clip decodes to that length, with sound
    throughout and frames to its end."""
    clip = growth.make_clip(SOURCE, seconds, tmp_path / "clip")
    media = load_media(clip, Settings())
    assert abs(media.duration_s - seconds) < 0.25 and media.has_audio and media.has_video
    assert media.frame_times[-1] > seconds - 1.0
    last_second = media.audio[-16000:]
    assert float(abs(last_second).max()) > 0.01  # the looped speech reaches the end, not silence


def test_spread_is_max_over_min():
    assert growth.spread([0.4, 0.5, 0.44]) == 1.25 and growth.spread([]) is None


@pytest.mark.slow
def test_the_benchmark_reports_every_length_on_the_real_models(tmp_path, monkeypatch):
    """Real path: Whisper, the face and voice readers and SmolLM2 on 3 s and 8 s cuts, one pass each: a row
    per length with its RTF, tokens, words heard and reply, and the spreads over lengths. SmolLM2 writes the
    agents' reasoning here (MER_REASONING=model; on "auto" code writes it on this model), so the stages'
    shared prompt prefix is there to be read from the cache."""
    from mer_agents.cli import main

    monkeypatch.setenv("MER_REASONING", "model")

    out = tmp_path / "growth.json"
    args = ["bench", "growth", "--lengths", "3,8", "--repeat", "1", "--warmup", "0", "--max-rounds", "0"]
    assert main([*args, "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert [round(r["clip_s"]) for r in report["rows"]] == [3, 8]
    for row in report["rows"]:
        assert row["perception_rtf"] > 0 and row["tokens"] >= row["first_pass_tokens"] > 0 and row["reply"]
    assert all(row["words"] > 0 for row in report["rows"])
    assert report["perception_rtf_spread"] >= 1.0 and report["token_spread"] >= 1.0
    assert report["first_pass_token_spread"] >= 1.0 and report["first_pass_computed_spread"] >= 1.0
    for row in report["rows"]:  # the stages after perception read the shared prefix from the cache
        assert row["first_pass_computed"] < row["first_pass_tokens"] - 200
