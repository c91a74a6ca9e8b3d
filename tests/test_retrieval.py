"""Exemplar bank and retrieval (retrieval.py, scripts/build_exemplar_bank.py) on the real MiniLM model."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from mer_agents.esconv import read_lines
from mer_agents.labels import STRATEGIES
from mer_agents.retrieval import Bank, default_bank

ROOT = Path(__file__).resolve().parents[1]
TSV = (
    "1.0 0 0 My dog died yesterday and I can't stop crying.  EOS 1.0 1 1 [Reflection of feelings] "
    "You must be heartbroken, losing a dog hurts so much.\n"
    "0.0 0 0 My dog died yesterday and I can't stop crying.  EOS 0.0 1 1 [Reflection of feelings] "
    "You must be heartbroken.  EOS 1.0 0 2 Yes. I keep looking for him.  EOS 1.0 1 3 [Questions] "
    "How long did you have him?\n"
    "1.0 0 0 I failed my exam and my parents will be furious.  EOS 1.0 1 1 [Providing Suggestions] "
    "Maybe talk to your teacher about a retake.\n"
)


def _builder():
    spec = importlib.util.spec_from_file_location(
        "build_exemplar_bank", ROOT / "scripts" / "build_exemplar_bank.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reader_assigns_dialogue_ids_and_canonical_strategies(tmp_path):
    path = tmp_path / "dev.tsv"
    path.write_text(TSV)
    lines = read_lines(path)
    assert [line.dialogue for line in lines] == ["esconv-dev-000", "esconv-dev-000", "esconv-dev-001"]
    assert lines[1].target.strategy == "Question" and lines[0].target.strategy == "Reflection of feelings"


@pytest.mark.slow
def test_build_and_search_with_exclusion(tmp_path):
    path = tmp_path / "dev.tsv"
    path.write_text(TSV)
    builder = _builder()
    assert builder.main(["--source", str(path), "--out", str(tmp_path / "bank")]) == 0
    bank = Bank.load(tmp_path / "bank")
    assert len(bank.exemplars) == 3
    assert np.allclose(np.linalg.norm(bank.vectors, axis=1), 1.0, atol=1e-2)
    top = bank.search("my cat passed away and I am crying", k=1)[0]
    assert top.dialogue == "esconv-dev-000"
    # leakage guard: the dialogue under evaluation is skipped
    top = bank.search("my cat passed away and I am crying", k=3, exclude={"esconv-dev-000"})
    assert [e.dialogue for e in top] == ["esconv-dev-001"]
    # hold-out: every n-th dialogue left out, ids written
    held = tmp_path / "held.txt"
    builder.main(
        [
            "--source",
            str(path),
            "--out",
            str(tmp_path / "b2"),
            "--holdout-fraction",
            "0.5",
            "--holdout-out",
            str(held),
        ]
    )
    assert held.read_text().split() == ["esconv-dev-000"]
    assert {e.dialogue for e in Bank.load(tmp_path / "b2").exemplars} == {"esconv-dev-001"}


@pytest.mark.slow
def test_shipped_bank():
    bank = default_bank()
    assert len(bank.exemplars) > 2000 and {e.strategy for e in bank.exemplars} == set(STRATEGIES)
    hits = bank.search("I lost my job and feel empty", k=4)
    assert len(hits) == 4 and hits[0].score >= hits[-1].score
    assert all(
        e.dialogue != hits[0].dialogue
        for e in bank.search("I lost my job and feel empty", k=8, exclude={hits[0].dialogue})
    )
