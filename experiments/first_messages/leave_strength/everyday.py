"""Everyday first words that take leave now but did not at fb91bb6 (a safety count for 37576a5): every
first-message set's messages except the closing_* sets, and the `situation` of every ESConv train dialogue,
read as the app reads text (perceive_text, the code forecast).

    git worktree add /tmp/wt fb91bb6
    PYTHONPATH=. .venv/bin/python experiments/first_messages/leave_strength/everyday.py /tmp/wt
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from experiments.first_messages.leave_strength.choose import everyday_texts  # noqa: E402
from mer_agents.agents import checks, forecaster, leave, templates  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.perception import perceive_text  # noqa: E402

SETS = ROOT / "experiments" / "first_messages"


def old_templates(tree: Path):
    """templates.py of the older tree, its imports resolved in this one (guard and lexicon are unchanged)."""
    spec = importlib.util.spec_from_file_location("old_templates", tree / "mer_agents/agents/templates.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    old = old_templates(Path(sys.argv[1]))
    texts = everyday_texts()
    settings = Settings()
    newly, before = [], 0
    for text in texts:
        announced = templates.leave_reason(text) is not None or old.GOODBYE_SAID.search(text)
        if not (announced or templates.leaving(text)):
            continue
        evidence = perceive_text(text, settings)
        forecast = forecaster.code_forecast(evidence, ["text"])
        was = old.takes_leave(text, checks.tone_emotion(forecast.emotion, evidence))
        now = templates.takes_leave(text, leave.hard_feeling(forecast.emotion, evidence))
        before += was
        if now and not was:
            newly.append(text)
    print(json.dumps({"n": len(texts), "took_leave_before": before, "newly": newly}, indent=1))


if __name__ == "__main__":
    main()
