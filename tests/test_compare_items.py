"""experiments/run_comparisons/compare_items.py: one variant's per-item outputs of two runs compared on the
turns both answered (pure arithmetic over committed items files)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "results"


def _script():
    path = ROOT / "experiments" / "run_comparisons" / "compare_items.py"
    spec = importlib.util.spec_from_file_location("compare_items", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _item(i: str, strategy: str, reply: str, gold: str = "Question") -> dict:
    return {"id": i, "variant": "full", "strategy": strategy, "gold_strategy": gold, "reply": reply}


def test_only_shared_turns_are_compared_and_changes_are_listed():
    script = _script()
    a = {"t1": _item("t1", "Question", "How are you?"), "t2": _item("t2", "Others", "I see.")}
    b = {
        "t1": _item("t1", "Question", "How are you?"),
        "t2": _item("t2", "Question", "What happened?"),
        "t3": _item("t3", "Question", "Only in b."),
    }
    out = script.compare(a, b)
    assert out["turns"] == {"a": 2, "b": 3, "shared": 2}
    assert out["a"]["strategy_accuracy"] == 0.5 and out["b"]["strategy_accuracy"] == 1.0
    assert out["same_reply"] == 1 and out["same_strategy"] == 1
    assert [c["id"] for c in out["changed_replies"]] == ["t2"]
    assert out["b_minus_a_strategy_accuracy_ci"][1] == 1.0


def test_two_committed_seeds_of_one_commit():
    """Seeds 0 and 1 at a795f1e (200 ESConv dev turns): the same reply on 198, accuracy as reported."""
    script = _script()
    a = script.read_items(RESULTS / "esconv_dev_200_seed0_a795f1e.items.jsonl", "full")
    b = script.read_items(RESULTS / "esconv_dev_200_seed1_a795f1e.items.jsonl", "full")
    out = script.compare(a, b)
    assert out["turns"]["shared"] == 200 and out["same_reply"] == 198
    assert (out["a"]["strategy_accuracy"], out["b"]["strategy_accuracy"]) == (0.31, 0.315)
