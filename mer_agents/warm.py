"""Load, before the first run, everything a first run would otherwise load inside its own timeline.

The app warms up in the background while the page opens; the benchmarks warm up before they time anything.
Perception has its own `perception.warm_up`; this adds what the reasoning stages load on first use: the
MiniLM embedding model (retrieval, relevance, the reply selector), the exemplar bank, the strategy
classifier and reply selector weights, the guard's word lists, the fine-tuned encoders of the crisis guard,
the planner and the reply judge, the multilingual encoder when a setting reads other languages with it,
and the backend's model when it runs in this process (the embedded GGUF). In bench live, before this, the
first spoken turn loaded them and was answered far later than the turns after it; the encoders and the
multilingual one took about 1.4 s more on a first run (2 cores).
"""

from __future__ import annotations

import time
from typing import Any

from mer_agents.config import Settings

WORDS = "warming up"


def warm_up(settings: Settings, backend: Any = None) -> dict[str, float]:
    """Seconds per part loaded (perception's models, the reasoning's tools, the backend's model)."""
    from mer_agents import multilingual
    from mer_agents.agents import (
        crisis,
        guard,
        reply_judge,
        reply_selector,
        retrieval,
        strategy_classifier,
        strategy_encoder,
    )
    from mer_agents.embeddings import embed
    from mer_agents.perception import warm_up as warm_perception

    timings: dict[str, float] = dict(warm_perception(settings))

    def timed(name: str, fn) -> Any:
        start = time.perf_counter()
        value = fn()
        timings[name] = round(time.perf_counter() - start, 4)
        return value

    vectors = timed("embeddings", lambda: embed([WORDS]))
    timed("exemplar bank", lambda: retrieval.retrieve(WORDS, k=1, settings=settings))
    timed("strategy classifier", lambda: strategy_classifier.predict_proba([WORDS], None, settings))
    timed("reply selector", lambda: reply_selector.reply_vectors(vectors, settings))
    timed("guard words", lambda: (guard.vocabulary(), guard.dictionary()))
    timed("crisis detector", lambda: crisis.classify([WORDS], settings))
    timed("strategy encoder", lambda: strategy_encoder.probs("", WORDS, []))
    if settings.judge_ranks:
        timed("reply judge", lambda: reply_judge.logits([], WORDS, [WORDS], settings))
    if settings.crisis_languages or settings.text_languages:
        timed("multilingual encoder", multilingual.encoder)
    load = getattr(backend, "warm_up", None)
    if callable(load):
        timed("language model", load)
    return timings
