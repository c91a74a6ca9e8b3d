"""`python -m mer_agents bench perception|pipeline|growth|live|sessions|llm`: timings, RTF and peak memory
after a warm-up.

Speed lives here, not in timed tests; each target is a module in mer_agents/benchmarks/.
"""

from __future__ import annotations

import argparse
import importlib

TARGETS = {
    "perception": "time per perception step, RTF per example clip, peak RSS",
    "pipeline": "full audited run: wall time, tokens per stage, RTF, peak RSS, refinement/rerun token ratio",
    "growth": "cost as the clip grows: perception RTF and LLM tokens per run for 5, 15, 30, 60 s clips",
    "live": "Live tab in headless Chromium: idle CPU while streaming, end-of-turn to first event latency",
    "sessions": "several sessions at once through the app's API: throughput vs one session, runs lost",
    "llm": "the embedded LLM at several thread counts on the agents' recorded requests, uncached",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="target", required=True)
    for name, help_text in TARGETS.items():
        module = importlib.import_module(f"mer_agents.benchmarks.{name}")
        module.add_arguments(sub.add_parser(name, help=help_text, description=help_text))


def main(args: argparse.Namespace) -> int:
    return int(importlib.import_module(f"mer_agents.benchmarks.{args.target}").main(args) or 0)
