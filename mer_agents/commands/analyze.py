"""`python -m mer_agents analyze [PATH] [--evidence E.json] [--text "..."] --trace OUT.json`: one audited run.

Prints the reply and a compact account of the rounds (which stage each audit sent back, and why); progress
goes to stderr. The JSON trace (trace.py) is written in every case, also when the run fails (exit 1).
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path

from pydantic import ValidationError

from mer_agents.commands import add_setting, settings_from_args
from mer_agents.errors import MerError

MARK = {"pass": "✓", "revise": "✗"}
TRACE_PREFIX = "analyze"  # <trace_dir>/analyze-<time to the µs>-<run id>.json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", type=Path, help="a clip (video or audio) to perceive and answer")
    parser.add_argument(
        "--evidence", type=Path, metavar="EVIDENCE.json", help="skip perception: use this evidence"
    )
    parser.add_argument("--text", help="a typed message instead of a clip")
    add_setting(parser, "max_rounds", "refinement rounds the audit may request")
    add_setting(parser, "speaker", "several speakers: whom to answer (S1, S2, …; default: the last to speak)")
    ablation = parser.add_mutually_exclusive_group()
    ablation.add_argument("--no-reflection", action="store_true", help="ablation: no audit, no refinement")
    ablation.add_argument(
        "--no-consistency",
        action="store_true",
        help="ablation: fuse by plain confidence-weighted averaging (no consistency machinery)",
    )
    ablation.add_argument(
        "--one-pass", action="store_true", help="ablation: one prompt from evidence to reply"
    )
    add_setting(parser, "backend", "the language-model backend")
    add_setting(parser, "model", "model id / local path (transformers_omni, openai_http)")
    add_setting(parser, "base_url", "OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1", metavar="URL")
    add_setting(parser, "seed", "sampling seed")
    parser.add_argument(
        "--trace",
        type=Path,
        default=None,
        metavar="OUT.json",
        help="where to write the JSON trace, also when the run cannot start "
        "(default: a new <trace_dir>/analyze-<time to the microsecond>-<run id>.json)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def _load_evidence(path: Path):
    from mer_agents.types import Evidence

    try:
        return Evidence.model_validate_json(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MerError(f"evidence file not found: {path}") from None
    except (ValidationError, ValueError) as exc:
        first = str(exc).splitlines()[0]
        raise MerError(f"{path.name} is not a valid evidence JSON ({first})") from None


def account(summary: dict) -> list[str]:
    """`round 0: perception ✓ forecast ✓ strategy ✓ reply ✗ (issue)` per round."""
    lines: list[str] = []
    rounds: dict[int, list[dict]] = {}
    for v in summary["verdicts"]:
        rounds.setdefault(v["round"], []).append(v)
    for r, verdicts in sorted(rounds.items()):
        marks = " ".join(f"{v['stage']} {MARK[v['verdict']]}" for v in verdicts)
        first_bad = next((v for v in verdicts if v["verdict"] == "revise"), None)
        why = (
            f"  ({first_bad['stage']}: {first_bad['issues'][0]})" if first_bad and first_bad["issues"] else ""
        )
        lines.append(f"round {r}: {marks}{why}")
    return lines


def _prepare(args: argparse.Namespace):
    """The run's settings and request from the arguments (MerError, one line, when they are unusable)."""
    from mer_agents.pipeline import RunRequest

    if not (args.path or args.evidence or args.text):
        raise MerError('give a clip PATH, --evidence EVIDENCE.json or --text "..."')
    if args.text is not None:
        from mer_agents.perception import check_message

        check_message(args.text)
    evidence = _load_evidence(args.evidence) if args.evidence else None
    settings = settings_from_args(
        args,
        reflection=False if args.no_reflection else None,
        consistency=False if args.no_consistency else None,
        one_pass=True if args.one_pass else None,
    )
    return settings, RunRequest(clip=str(args.path) if args.path else None, evidence=evidence, text=args.text)


def _open_trace(args: argparse.Namespace):
    """The run's trace: --trace, else a new file in Settings.trace_dir (MER_TRACE_DIR, read on its own: the
    other settings may be the problem the trace reports), named at the first event by its time to the
    microsecond and the run's id and created exclusively (trace.trace_name), so runs never share a file."""
    from mer_agents.config import Settings
    from mer_agents.trace import Trace

    target = args.trace or Path(Settings.env_field("trace_dir"))
    try:
        if args.trace:
            return Trace(args.trace)
        target.mkdir(parents=True, exist_ok=True)
        if not os.access(target, os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, "Permission denied")
        return Trace(folder=target, prefix=TRACE_PREFIX)
    except OSError as exc:
        raise MerError(f"cannot write the trace to {target}: {exc.strerror or exc}") from None


def main(args: argparse.Namespace) -> int:
    from mer_agents.backends import get_backend
    from mer_agents.events import RunFailed, StageStarted
    from mer_agents.pipeline import run

    trace = _open_trace(args)
    try:
        settings, request = _prepare(args)
        backend = get_backend(settings)
    except MerError as exc:  # the run cannot start: its trace still says why
        trace.add(RunFailed(error=str(exc), reason="bad_input"))
        print(f"trace: {trace.write()}")
        raise
    try:
        for event in trace.record(run(request, backend, settings)):
            if isinstance(event, StageStarted) and not args.quiet:
                print(
                    f"… {event.stage}" + (f" (round {event.round})" if event.round else ""), file=sys.stderr
                )
    except KeyboardInterrupt:  # Ctrl-C: the trace says the run was cancelled
        trace.end("Run interrupted (Ctrl-C).", "cancelled")
        raise
    finally:
        trace.end("The run ended without a final event.", "error")
        trace_path = trace.write()
    summary = trace.summary()
    for line in account(summary):
        print(line)
    failed = trace.events and isinstance(trace.events[-1], RunFailed)
    if failed:
        print(f"error: {summary['error']}", file=sys.stderr)
        print(f"trace: {trace_path}")
        return 1
    print(
        f"emotion: {summary['emotion']} · strategy: {summary['strategy']} · refinement rounds: "
        f"{summary['rounds']}"
        + (
            ""
            if summary["all_passed"]
            or not settings.reflection
            or settings.one_pass
            or summary["reply_source"] == "crisis"
            else " (some checks still fail; best-audited reply kept)"
        )
    )
    if summary["note"]:
        print(summary["note"])
    print(f"reply: {summary['reply']}")
    print(f"trace: {trace_path}")
    return 0
