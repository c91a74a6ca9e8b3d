"""The scripted backend (backends/scripted.py) as a selectable backend: canned replies, NOT a model.

`--backend scripted` / MER_BACKEND=scripted build it through get_backend like every backend; the CLI run
below uses it on a fixture's evidence (real retrieval and embeddings: only the language model is scripted).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mer_agents.backends import available_backends, get_backend
from mer_agents.backends.scripted import ScriptedBackend
from mer_agents.cli import main
from mer_agents.config import Settings

FIXTURES = Path(__file__).parent / "fixtures"


def test_get_backend_builds_it_from_settings_and_the_environment(monkeypatch):
    assert isinstance(get_backend(Settings(backend="scripted")), ScriptedBackend)
    monkeypatch.setenv("MER_BACKEND", "scripted")
    backend = get_backend(Settings.from_env())
    assert isinstance(backend, ScriptedBackend) and "not a model" in backend.describe()
    assert "scripted" in dict((name, label) for label, name in available_backends())


@pytest.mark.slow
def test_analyze_with_backend_scripted_runs_the_loop_without_a_model(tmp_path):
    trace = tmp_path / "run.json"
    code = main(
        [
            "analyze",
            "--evidence",
            str(FIXTURES / "evidence_sad.json"),
            "--backend",
            "scripted",
            "--trace",
            str(trace),
            "--quiet",
        ]
    )
    data = json.loads(trace.read_text())
    assert code == 0 and data["reply"] and data["error"] is None
    assert data["events"][0]["backend"].startswith("scripted backend")
