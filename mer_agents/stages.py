"""The agent stages, declared once: name, title, what each reads, its output, prompt, agent and checks.

The list "perception, forecast, strategy, reply" used to be restated by the pipeline (its READS and agent
map), the audit (its checks per stage), the timeline (its titles), the plots (their order) and the pipeline
benchmark; a new or renamed stage had to be changed in each. They all read STAGE_SPECS now, and STAGES is
derived from it. `types.StageName` stays the Literal for typing (tests/test_stages.py checks that it names
the same stages in the same order).

This module imports only types.py, so every layer (the UI included) can read it without importing the
agents; a stage's agent and checks are named by module and resolved when called, which keeps imports acyclic.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from pydantic import BaseModel

from mer_agents.types import EmotionForecast, PerceptionReport, Reply, StageName, StrategyPlan

if TYPE_CHECKING:
    from mer_agents.agents.base import AgentContext
    from mer_agents.agents.checks import CheckResult

PROMPTS = Path(__file__).parent / "agents" / "prompts"


def _resolve(ref: str) -> Callable[..., Any]:
    """ "package.module:function" → the function (imported on first use)."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class StageSpec:
    name: StageName
    title: str  # what the timeline calls the stage's entries
    reads: tuple[StageName, ...]  # the earlier stages' outputs its agent takes, in `run`'s argument order
    output: type[BaseModel]  # what its agent returns (types.py)
    prompt: str  # agents/prompts/<prompt>.yaml
    agent: str  # the module whose run(ctx, *reads) makes the output
    checks: str  # "module:function", (ctx, outputs) → list[CheckResult]: the audit's checks of the output

    @property
    def prompt_file(self) -> Path:
        return PROMPTS / f"{self.prompt}.yaml"

    def run(self, ctx: AgentContext, outputs: Mapping[str, Any]) -> BaseModel:
        """The stage's agent on the current outputs of the stages it reads."""
        return _resolve(f"{self.agent}:run")(ctx, *(outputs[d] for d in self.reads))

    def check(self, ctx: AgentContext, outputs: Mapping[str, Any]) -> list[CheckResult]:
        """The audit's code checks of this stage's output (agents/reflection.py)."""
        return _resolve(self.checks)(ctx, outputs)


STAGE_SPECS: tuple[StageSpec, ...] = (
    StageSpec(
        name="perception",
        title="Perception agent",
        reads=(),
        output=PerceptionReport,
        prompt="perception",
        agent="mer_agents.agents.perception",
        checks="mer_agents.agents.stage_checks:audit_perception",
    ),
    StageSpec(
        name="forecast",
        title="Emotion forecaster",
        reads=(),
        output=EmotionForecast,
        prompt="forecaster",
        agent="mer_agents.agents.forecaster",
        checks="mer_agents.agents.stage_checks:audit_forecast",
    ),
    StageSpec(
        name="strategy",
        title="Strategy planner",
        reads=("forecast",),
        output=StrategyPlan,
        prompt="planner",
        agent="mer_agents.agents.planner",
        checks="mer_agents.agents.stage_checks:audit_strategy",
    ),
    StageSpec(
        name="reply",
        title="Responder",
        reads=("forecast", "strategy"),
        output=Reply,
        prompt="responder",
        agent="mer_agents.agents.responder",
        checks="mer_agents.agents.stage_checks:audit_reply",
    ),
)
STAGES: tuple[StageName, ...] = tuple(s.name for s in STAGE_SPECS)
SPECS: dict[str, StageSpec] = {s.name: s for s in STAGE_SPECS}
