"""evaluation.asr_compare: the WER differences the ASR selection scripts report (pure arithmetic; the
transcription loop itself runs the real Whisper in experiments/asr_decoding/asr_*_selection.py)."""

from __future__ import annotations

from mer_agents.evaluation.asr_compare import against, wer_differences


def test_wer_difference_and_its_paired_interval():
    """Two clips of 4 words: the variant makes one more error than the baseline on one clip → +1/8 corpus
    WER; the interval is paired over clips and contains the difference."""
    items = [
        {"words": "one two three four", "full": "one two three four", "pad": "one two three fore"},
        {"words": "five six seven eight", "full": "five six seven eight", "pad": "five six seven eight"},
    ]
    out = wer_differences(items, ["full", "pad"], "full")
    assert list(out) == ["pad"]
    assert out["pad"]["wer_minus_full"] == 0.125
    low, high = out["pad"]["ci95"]
    assert low <= 0.125 <= high and low >= 0
    assert out["pad"]["clips_better_same_worse"] == [0, 1, 1]


def test_a_selection_reports_each_setting_against_the_baseline():
    """against(): the WER differences above, keyed by the baseline's name, and each setting's total time over
    the baseline's."""
    items = [{"words": "one two", "one_call": "one two", "spans": "one too"}]
    result = {"wer": {"one_call": 0.0, "spans": 0.5}, "total_seconds": {"one_call": 4.0, "spans": 3.0}}
    out = against({**result, "items": items}, "one_call")
    assert out["wer_minus_one_call"]["spans"]["wer_minus_one_call"] == 0.5
    assert out["time_ratio_to_one_call"] == {"one_call": 1.0, "spans": 0.75}
