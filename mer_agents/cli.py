"""Command line: `python -m mer_agents perceive | analyze | eval | bench | download`.

A thin adapter: each subcommand lives in mer_agents/commands/<name>.py with `add_arguments(parser)` and
`main(args) -> int`. User-facing errors (MerError, a bad option, a path that cannot be read or written)
print one line and exit 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

PROG = "python -m mer_agents"
COMMANDS = {
    "perceive": "turn a clip into per-modality emotional evidence",
    "analyze": "run the agents and the reflection loop on a clip, evidence or text",
    "eval": "evaluate on MELD / ESConv and write reports",
    "bench": "time the perception models or the full pipeline",
    "download": "fetch a Hugging Face checkpoint once into the hub cache (explicit opt-in)",
}


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (argparse prints the whole usage block first)."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()
        self.exit(2, f"error: {command + ': ' if command else ''}{message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog=PROG, description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in COMMANDS.items():
        module = importlib.import_module(f"mer_agents.commands.{name}")
        module.add_arguments(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: list[str] | None = None) -> int:
    from mer_agents.errors import MerError

    args = build_parser().parse_args(argv)
    module = importlib.import_module(f"mer_agents.commands.{args.command}")
    try:
        return int(module.main(args) or 0)
    except MerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a path given on the command line that cannot be read or written
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
