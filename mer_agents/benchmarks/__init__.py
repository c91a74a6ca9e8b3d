"""Benchmarks behind `python -m mer_agents bench`: one module per target."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any


def write_report(path: Path, report: dict[str, Any]) -> None:
    """Write a benchmark's numbers with what produced them: the command line and the code's provenance
    (commit, dirty flag, code hash), so that a number quoted elsewhere can be traced and rerun."""
    from mer_agents.evaluation.provenance import provenance

    command = "python -m mer_agents " + shlex.join(sys.argv[1:]) if sys.argv[1:2] == ["bench"] else None
    extra = {"command": command, "provenance": provenance()}
    path.write_text(json.dumps({**report, **extra}, indent=2) + "\n")
