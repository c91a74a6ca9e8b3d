"""A conversation: the turns so far, handed to the agents of the next turn.

Each finished run adds a Turn (what the person said, the perception summary, the emotion, the strategy and
the reply); the next run's perception text head gets the earlier user texts as context, and the planner and
responder prompts get the turns themselves.
"""

from __future__ import annotations

import threading
from typing import Any, Iterator

from mer_agents.agents.base import Embed, Retrieve
from mer_agents.backends.base import Backend
from mer_agents.config import Settings
from mer_agents.events import Event, EvidenceReady, RunFinished, StageFinished
from mer_agents.pipeline import RunRequest, perception_context, run
from mer_agents.types import Evidence, Turn

MAX_TURNS = 20


class Session:
    def __init__(
        self,
        backend: Backend,
        settings: Settings,
        turns: list[Turn] | None = None,
        *,
        retrieve: Retrieve | None = None,
        embed: Embed | None = None,
    ):
        """`retrieve` / `embed`: as in pipeline.run, for every turn."""
        self.backend = backend
        self.settings = settings
        self.turns: list[Turn] = list(turns or [])
        self.tools: dict[str, Any] = {"retrieve": retrieve, "embed": embed}

    def run(
        self,
        clip: str | None = None,
        evidence: Evidence | None = None,
        text: str | None = None,
        cancel: threading.Event | None = None,
    ) -> Iterator[Event]:
        """Run one turn with the dialogue so far; the turn is kept only when the run finishes."""
        request = RunRequest(clip=clip, evidence=evidence, text=text, history=self.turns[-MAX_TURNS:])
        user_text, summary = text or "", ""
        for event in run(request, self.backend, self.settings, cancel, **self.tools):
            if isinstance(event, EvidenceReady):
                user_text = event.evidence.transcript or user_text
            elif isinstance(event, StageFinished) and event.stage == "perception":
                summary = event.output.summary
            elif isinstance(event, RunFinished):
                self.turns.append(
                    Turn(
                        user_text=user_text,
                        emotion=event.emotion,
                        strategy=event.strategy,
                        reply=event.reply,
                        summary=summary,
                    )
                )
            yield event

    def perceive(self, clip: str) -> Evidence:
        """The evidence `run(clip=clip)` would perceive now: the live tab reads a turn ahead of its run and
        hands the result to `run(clip, evidence=...)`."""
        from mer_agents.perception import perceive

        return perceive(clip, self.settings, context=perception_context(self.turns[-MAX_TURNS:]))

    def reset(self) -> None:
        self.turns.clear()
