"""stages.STAGE_SPECS is the one declaration of the agent stages: the stage tuple, the pipeline's READS and
agents, the audit's checks, the timeline's titles, the plots' order and the benchmark's stages all come from
it, and what it declares (prompt file, output type, reads) matches the agents.

SCRIPTED backend and INJECTED retrieval and embeddings (tests/injected_tools.py): one unaudited run gives the
four outputs, for the declared output types and checks; no quality is measured.
"""

from __future__ import annotations

import importlib
import inspect
import typing
from pathlib import Path

import pytest

from mer_agents import events, pipeline, stages, types
from mer_agents.agents import reflection
from mer_agents.agents.base import AgentContext
from mer_agents.agents.checks import CheckResult
from mer_agents.backends.scripted import ScriptedBackend
from mer_agents.config import Settings
from mer_agents.events import StageFinished, StageStarted
from mer_agents.stages import SPECS, STAGE_SPECS, STAGES
from mer_agents.types import Evidence
from mer_agents.ui import plots, timeline
from tests import injected_tools
from tests.injected_tools import TOOLS

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).resolve().parents[1]
# The modules that read the declaration instead of restating the stage list
READERS = (
    "mer_agents/pipeline.py",
    "mer_agents/agents/reflection.py",
    "mer_agents/ui/timeline.py",
    "mer_agents/ui/plots.py",
    "mer_agents/benchmarks/pipeline.py",
)


@pytest.fixture(autouse=True)
def planned_by_code(monkeypatch):
    injected_tools.code_planner(monkeypatch)


@pytest.fixture(scope="module")
def evidence() -> Evidence:
    return Evidence.model_validate_json((FIXTURES / "evidence_sad.json").read_text())


@pytest.fixture
def outputs(evidence) -> dict:
    """The four stage outputs of one unaudited scripted run."""
    settings = Settings(reflection=False, reply_candidates="model")
    run = pipeline.run(pipeline.RunRequest(evidence=evidence), ScriptedBackend(), settings, **TOOLS)
    return {e.stage: e.output for e in run if isinstance(e, StageFinished)}


def test_the_stage_tuple_is_derived_from_the_declaration():
    assert STAGES == tuple(s.name for s in STAGE_SPECS) == ("perception", "forecast", "strategy", "reply")
    assert types.STAGES == typing.get_args(types.StageName) == STAGES  # the Literal names the same, in order
    assert set(typing.get_args(events.AnyStage)) >= set(STAGES)
    assert set(SPECS) == set(STAGES) and len(SPECS) == len(STAGE_SPECS)
    assert pipeline.STAGES is STAGES and reflection.STAGES is STAGES and plots.STAGE_ORDER is STAGES
    assert pipeline.READS == {s.name: s.reads for s in STAGE_SPECS}


def test_no_reader_restates_the_stage_list():
    for path in READERS:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert '"perception", "forecast"' not in source, path
        assert '"perception": (' not in source, path  # READS / the agent map / the audit's checks
    titles = (ROOT / "mer_agents/ui/timeline.py").read_text(encoding="utf-8")
    assert not any(f'"{s.title}"' in titles for s in STAGE_SPECS)


@pytest.mark.parametrize("spec", STAGE_SPECS, ids=lambda s: s.name)
def test_each_spec_matches_its_agent(spec):
    assert spec.prompt_file.is_file()
    agent = importlib.import_module(spec.agent)
    assert f'load_prompt("{spec.prompt}")' in inspect.getsource(agent)
    hints = typing.get_type_hints(agent.run)
    assert hints["return"] is spec.output
    assert spec.output.model_fields["stage"].default == spec.name  # the output's discriminator
    params = list(inspect.signature(agent.run).parameters)
    assert params[0] == "ctx" and len(params) == 1 + len(spec.reads)  # run(ctx, *reads)
    for param, read in zip(params[1:], spec.reads):
        assert STAGES.index(read) < STAGES.index(spec.name)  # only earlier stages
        assert hints[param] is SPECS[read].output
    assert callable(stages._resolve(spec.checks))


def test_the_run_returns_the_declared_outputs_and_the_audit_runs_the_declared_checks(evidence, outputs):
    assert list(outputs) == list(STAGES)
    for spec in STAGE_SPECS:
        assert type(outputs[spec.name]) is spec.output
    ctx = AgentContext(backend=ScriptedBackend(), settings=Settings(), evidence=evidence, **TOOLS)
    results = reflection.run_checks(ctx, *(outputs[s] for s in STAGES))
    assert list(results) == list(STAGES)
    for spec in STAGE_SPECS:
        assert results[spec.name] == spec.check(ctx, outputs)
        assert results[spec.name] and all(isinstance(r, CheckResult) for r in results[spec.name])
        assert {r.stage for r in results[spec.name]} == {spec.name}


def test_the_timeline_titles_come_from_the_declaration():
    for spec in STAGE_SPECS:
        assert timeline.STAGE_TITLES[spec.name] == spec.title
    view = timeline.build_timeline(StageStarted(t=0.0, stage=s, round=0) for s in STAGES)
    titles = {e.stage: e.title for e in view.entries if e.stage in STAGES}
    assert titles == {s.name: s.title for s in STAGE_SPECS}
