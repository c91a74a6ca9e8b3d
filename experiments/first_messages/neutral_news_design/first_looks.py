"""The first look (agents/first_look.py: code alone, no language model) for each message of messages.json.

    PYTHONPATH=. .venv/bin/python experiments/first_messages/neutral_news_design/first_looks.py DIR OUT.json

Writes {id: {"reply", "source", "emotion", "strategy"}}: the reply the run most often keeps (0.97 of ESConv
dev turns, experiments/first_look/first_look_agreement.json; on a person's first words the template leads).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mer_agents.agents import first_look
from mer_agents.agents.base import AgentContext
from mer_agents.config import Settings
from mer_agents.perception import perceive_text


def main() -> None:
    settings = Settings.from_env(backend="embedded")
    out = {}
    for m in json.loads((Path(sys.argv[2]) / "messages.json").read_text()):
        evidence = perceive_text(m["message"], settings)
        ctx = AgentContext(backend=None, settings=settings, evidence=evidence)
        found = first_look.look(ctx)
        look = found.reply
        out[m["id"]] = {
            "reply": look.text if look else None,
            "source": look.source if look else None,
            "emotion": found.forecast.emotion,
            "strategy": found.plan.strategy,
        }
        print(m["id"], out[m["id"]]["emotion"], "|", m["message"], "->", out[m["id"]]["reply"])
    Path(sys.argv[1]).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
