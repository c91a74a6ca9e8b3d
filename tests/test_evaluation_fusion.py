"""The synthetic fusion set and `eval fusion` (evaluation/fusion.py,
experiments/fusion_weights/make_fusion_clips.py).

The set's tests read the committed files; the evaluation tests run the REAL perception (Whisper, the text
head, the voice rules, the face model) on committed clips, then the forecaster's real fusion.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mer_agents.cli import main
from mer_agents.config import Settings
from mer_agents.evaluation.fusion import evaluate_fusion, read_clips
from mer_agents.evaluation.readers import DataError

ROOT = Path(__file__).resolve().parents[1]
SPLITS = {"report": ROOT / "eval_sets" / "fusion", "selection": ROOT / "eval_sets" / "fusion_selection"}
sys.path.insert(0, str(ROOT / "experiments" / "fusion_weights"))
import make_fusion_clips  # noqa: E402


@pytest.mark.parametrize("split", list(SPLITS))
def test_the_committed_set_is_what_the_script_builds(split):
    """labels.json is specs(split); every clip and face file is there; the faces' README names each face;
    each label follows its condition's rule (the words' emotion, or the face's for face_led)."""
    folder = SPLITS[split]
    labels = json.loads((folder / "labels.json").read_text())
    assert labels == make_fusion_clips.specs(split)
    assert len(labels) >= 60
    readme = (folder / "faces" / "README.md").read_text()
    for spec in labels:
        assert (folder / "clips" / spec["name"]).is_file(), spec["name"]
        if spec["face"]:
            assert (folder / "faces" / spec["face"]).is_file() and spec["face"].split("_")[0] in readme
        expected = spec["face_emotion"] if spec["condition"] == "face_led" else spec["words_emotion"]
        assert spec["label"] == expected, spec
    assert len(read_clips(folder / "labels.json")) == len(labels)


def test_the_splits_share_no_sentence_and_no_face():
    report, selection = (json.loads((f / "labels.json").read_text()) for f in SPLITS.values())
    assert not {s["words"] for s in report} & {s["words"] for s in selection}
    assert not {s["face"] for s in report if s["face"]} & {s["face"] for s in selection if s["face"]}


def test_a_missing_set_is_a_clear_error(tmp_path):
    with pytest.raises(DataError, match="make_fusion_clips"):
        read_clips(tmp_path / "labels.json")


@pytest.mark.slow
def test_real_perception_and_both_fusions_on_two_clips():
    """REAL perception of two committed clips (a smiling face with joyful words; plain words with a smiling
    face): every reader is scored, both fusions are, and the per-item record says what each read."""
    out = evaluate_fusion(SPLITS["report"] / "labels.json", Settings(), limit=2, progress=False)
    assert out["n"] == 2 and out["failed"] == 0
    records = out["items"]["fusion"]
    assert [r["condition"] for r in records] == ["congruent", "face_led"]
    for record in records:
        assert record["modalities"] == ["text", "audio", "video"]
        assert record["words"] and record["face"] and record["voice"] and record["transcript"]
        assert record["full"] in record["full_probs"] and record["no-consistency"]
    assert set(out["readers"]) == {"words", "face", "voice"} and out["readers"]["face"]["n"] == 2
    assert set(out["variants"]) == {"full", "no-consistency"}
    assert out["paired"]["full_minus_no_consistency"] is not None


@pytest.mark.slow
def test_eval_fusion_cli_writes_out_items_and_a_report_section(tmp_path):
    """REAL path through the CLI: one clip, the OUT file, its per-item JSONL, and the report's section."""
    out = tmp_path / "fusion.json"
    assert main(["eval", "fusion", "--limit", "1", "--no-cache", "--no-progress", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["task"] == "fusion" and data["n"] == 1 and data["provenance"]["commit"]
    assert "eval fusion --labels eval_sets/fusion/labels.json --no-cache --limit 1" in data["command"]
    assert len((tmp_path / "fusion.items.jsonl").read_text().splitlines()) == 1
    assert (
        main(["eval", "report", "--in", str(tmp_path), "--out", str(tmp_path / "r.md"), "--no-charts"]) == 0
    )
    report = (tmp_path / "r.md").read_text()
    assert "### Fusion — synthetic clips (fusion.json)" in report and "reader: face" in report
