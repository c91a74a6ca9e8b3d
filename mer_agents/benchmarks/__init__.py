"""Benchmarks behind `python -m mer_agents bench`: one module per target."""

from __future__ import annotations

import json
import os
import resource
import shlex
import sys
from pathlib import Path
from typing import Any

SECRET_WORDS = ("KEY", "TOKEN", "SECRET", "PASSWORD")


def peak_rss_gb() -> float:
    """This process's peak resident memory so far, in GB (ru_maxrss is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2


def settings_env() -> dict[str, str]:
    """The MER_* variables that set this run's Settings (MER_LLM_WEIGHTS=shipped, ...): part of the command.
    Secrets (API keys, tokens) are left out."""
    return {
        k: v
        for k, v in sorted(os.environ.items())
        if k.startswith("MER_") and not any(word in k for word in SECRET_WORDS)
    }


def write_report(path: Path, report: dict[str, Any]) -> None:
    """Write a benchmark's numbers with what produced them: the command line and the code's provenance
    (commit, dirty flag, code hash), so that a number quoted elsewhere can be traced and rerun."""
    from mer_agents.evaluation.provenance import provenance

    command = None
    if sys.argv[1:2] == ["bench"]:
        command = "python -m mer_agents " + shlex.join(sys.argv[1:])
    elif sys.argv[0].endswith(".py"):  # a script of scripts/, by its path from the working directory
        script = os.path.relpath(sys.argv[0])
        command = ".venv/bin/python " + shlex.join([script, *sys.argv[1:]])
    extra = {"command": command, "settings_env": settings_env(), "provenance": provenance()}
    path.write_text(json.dumps({**report, **extra}, indent=2) + "\n")
