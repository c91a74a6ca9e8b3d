"""The scripted backend: it replays canned generations per stage. It is NOT a model and reads nothing.

What it is for: model-free demos of the run's control flow (`--backend scripted`, `MER_BACKEND=scripted`:
the whole loop of stages, audit and refinement rounds, streamed tokens and traces, without loading a
language model) and control-flow tests, which script what each stage "says" and check what the pipeline
does with it. Its replies are the same whatever the person said (by default a reply about losing a job); the
perception models, retrieval and embeddings still run for real unless the caller injects its own
(`pipeline.run(..., retrieve=, embed=)`, agents/base.py).

The stage of a call is read from the JSON schema title of the agent's LLM-output model (PerceptionOutput,
ForecastOutput, PlanOutput, CritiqueOutput, OnePassOutput, ReplyOutput); a call without a schema is the
responder's free-text first draft.
Each script entry is a string, or a callable (messages, params) -> str. The last entry repeats.
"""

from __future__ import annotations

import json
import threading
from typing import Callable

from mer_agents.backends.base import Generation, GenerationParams, Message, TokenCallback
from mer_agents.config import Settings

Script = list[str | Callable[[list[Message], GenerationParams], str]]

TITLES = {
    "ReplyOutput": "reply",
    "PerceptionOutput": "perception",
    "ForecastOutput": "forecast",
    "PlanOutput": "strategy",
    "CritiqueOutput": "audit",
    "OnePassOutput": "one_pass",
}


def first_candidate(messages: list[Message], params: GenerationParams) -> str:
    """Planner script: pick the code's top-ranked candidate (first in the schema enum)."""
    prop = params.json_schema["properties"]["strategy"]
    enum = prop.get("enum") or [prop["const"]]  # one allowed value is written as a const
    return json.dumps({"strategy": enum[0], "reason": "Because they sound sad, the feeling comes first."})


DEFAULTS: dict[str, Script] = {
    "perception": [
        json.dumps({"summary": "The person seems sad: words, voice and face all read sadness about the job."})
    ],
    "forecast": [
        json.dumps(
            {
                "explanation": "The words show sadness, and so do the voice and face.",
                "boost_label": "none",
                "boost": 0,
            }
        )
    ],
    "strategy": [first_candidate],
    "reply": ["Losing your job is hard, and it makes sense that you feel empty right now."],
    "audit": [
        json.dumps(
            {
                "critique": "The reply missed the person's feeling.",
                "instruction": "Acknowledge the sadness first.",
            }
        )
    ],
    "one_pass": [
        json.dumps(
            {
                "emotion": "sadness",
                "strategy": "Reflection of feelings",
                "reply": "That sounds really hard; losing your job can leave you feeling empty.",
            }
        )
    ],
}


class ScriptedBackend:
    """Replays `scripts` (stage → entries, over DEFAULTS) and records every call in `calls`."""

    name = "scripted"
    trusted_drafts = False
    modalities = frozenset({"text"})

    def __init__(self, settings: Settings | None = None, **scripts: Script):
        """`settings` is accepted so get_backend can build it like every backend; nothing in it is read."""
        self.scripts = {stage: list(entries) for stage, entries in {**DEFAULTS, **scripts}.items()}
        self.calls: list[tuple[str, list[Message], GenerationParams]] = []
        self.lock = threading.Lock()
        self.on_call: Callable[[str], None] | None = None

    def stage_of(self, params: GenerationParams) -> str:
        if params.json_schema is None:
            return "reply"
        return TITLES[params.json_schema.get("title", "")]

    def count(self, stage: str) -> int:
        return sum(1 for s, _, _ in self.calls if s == stage)

    def generate(
        self, messages: list[Message], params: GenerationParams, on_token: TokenCallback | None = None
    ) -> Generation:
        with self.lock:
            stage = self.stage_of(params)
            self.calls.append((stage, messages, params))
            queue = self.scripts[stage]
            entry = queue.pop(0) if len(queue) > 1 else queue[0]
            if self.on_call:
                self.on_call(stage)
            text = entry(messages, params) if callable(entry) else entry
            if stage == "reply" and params.json_schema is not None:  # a refinement draft under a grammar
                text = json.dumps({"reply": text})
            if on_token:
                for i, word in enumerate(text.split(" ")):
                    on_token(word if i == 0 else " " + word)
            prompt = sum(len(m.text().split()) for m in messages)
            return Generation(
                text=text, prompt_tokens=prompt, completion_tokens=len(text.split()), model="scripted"
            )

    def describe(self) -> str:
        return "scripted backend (canned replies, not a model: control-flow demos and tests)"
