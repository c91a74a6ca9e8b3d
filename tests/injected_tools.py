"""Retrieval and embeddings that control-flow tests inject into the agents (pipeline.run(retrieve=, embed=),
AgentContext.retrieve / .embed) instead of patching module globals: no exemplar neighbours, and one flat
vector for every text, so neither the exemplar bank nor MiniLM is loaded and every text looks alike to the
relevance, fit and similarity scorers (control flow only, never a measure of quality)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mer_agents.agents.retrieval import Exemplar
from mer_agents.embeddings import DIM


def no_neighbours(
    query: str,
    k: int = 2,
    exclude: Any = frozenset(),
    strategy: str | None = None,
) -> list[Exemplar]:
    return []


def neighbours(found: list[Exemplar]):
    """A retrieval that answers every query with `found` (at most k of them)."""

    def retrieve(
        query: str,
        k: int = 2,
        exclude: Any = frozenset(),
        strategy: str | None = None,
    ) -> list[Exemplar]:
        return found[:k]

    return retrieve


def flat_embed(texts: Sequence[str]) -> np.ndarray:
    return np.ones((len(texts), DIM), dtype=np.float32) / np.sqrt(DIM)


TOOLS: dict[str, Any] = {"retrieve": no_neighbours, "embed": flat_embed}


def code_planner(monkeypatch) -> None:
    """For scripted control-flow tests: the plan is the planner's code ranking alone (the strategy encoder's
    blend weight set to 0), so the injected neighbours decide it; the encoder is tested in test_planner.py."""
    from mer_agents.agents import strategy_encoder

    monkeypatch.setattr(strategy_encoder, "mix_weight", lambda path=None: 0.0)
