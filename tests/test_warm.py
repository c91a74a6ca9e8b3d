"""mer_agents.warm: what the app and the benchmarks load before the first run, on the real models."""

from __future__ import annotations

import pytest

from mer_agents.backends import get_backend
from mer_agents.config import Settings
from mer_agents.warm import warm_up


@pytest.mark.slow
def test_warm_up_loads_perception_the_reasoning_tools_and_the_language_model():
    """Every part is loaded and timed; afterwards the embedded model is the one a run gets (loaded once)."""
    settings = Settings()
    backend = get_backend(settings)
    timings = warm_up(settings, backend)
    reasoning = {"embeddings", "exemplar bank", "strategy classifier", "reply selector", "guard words"}
    reasoning |= {"crisis detector", "strategy encoder", "reply judge", "multilingual encoder"}
    assert reasoning | {"language model", "asr", "face", "voice"} <= set(timings), timings
    assert all(seconds >= 0 for seconds in timings.values())
    assert backend.engine() is backend.engine()  # load_once: the run reuses what warm-up loaded
    assert "language model" not in warm_up(settings, backend=None)  # nothing to load for no backend
    quiet = Settings(judge_ranks=False, crisis_languages=False, text_languages=False)
    assert not {"reply judge", "multilingual encoder"} & set(warm_up(quiet))  # off: not loaded
