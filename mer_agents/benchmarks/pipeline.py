"""`python -m mer_agents bench pipeline`: a full audited run, timed after warm-up.

Reports per run: wall time, tokens per stage, RTF (wall time ÷ clip duration; for an evidence file the
perception models are skipped, so it is the reasoning-only RTF), peak RSS of the process, refinement rounds,
and the refinement/rerun token ratio: completion tokens generated in one refinement round (the re-entered
stages, plus its audit) ÷ those of the first, full pass (all four stages plus its audit). What a person
waits for: submit → first timeline event, perception RTF (evidence ready ÷ clip duration), and perception →
the first readable reply (the first look, then the agents' round-0 draft, both shown before the audit).
`--seconds 10` cuts the clips to 10 s first (growth.make_clip). Each timed run reads a clip it has not seen
(the example clips in turn, after a warm-up on another clip): a clip run twice is answered mostly from
llama.cpp's prompt cache, and the report gives each run's cached share of prompt tokens. Aims on 2 cores
(issue #14, warm 10 s clip): perception RTF ≤ 0.35, first reply ≤ 4 s after perception, full audited run
RTF ≤ 1.0 (0.8 ideally), first event ≤ 0.5 s, refinement/rerun ratio ≤ 0.4, peak RSS ≤ 2.0 GB.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from mer_agents.benchmarks import peak_rss_gb, write_report
from mer_agents.commands import MAX_COUNT, MAX_SECONDS, number, setting_number

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_EVIDENCE = ROOT / "tests" / "fixtures" / "evidence_sad.json"
# Each timed run reads a clip it has not seen: llama.cpp keeps earlier prompts' KV in RAM, so a clip run
# twice is answered almost wholly from the cache (docs/RESULTS_LOG.md, "Correction"), which a person's new
# clip is not.
DEFAULT_CLIPS = ("sad_loss.mp4", "happy_news.mp4", "no_face.mp4")  # examples/README.md
WARMUP_CLIP = "worried_audio_only.mp3"  # other words: warms every path without caching the timed prompts
AIMS = {
    "rtf": 1.0,
    "perception_rtf": 0.35,
    "draft_after_perception_s": 4.0,
    "first_event_s": 0.5,
    "ratio": 0.4,
    "rss_gb": 2.0,
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--clip",
        type=Path,
        nargs="+",
        help="clips to run end to end, one per timed run in turn (default: "
        f"{', '.join(DEFAULT_CLIPS)} of examples/)",
    )
    parser.add_argument("--evidence", type=Path, help="an evidence JSON instead of a clip (reasoning only)")
    parser.add_argument(
        "--seconds",
        type=number(float, 0, MAX_SECONDS, above=True),
        default=None,
        help="cut (or loop) the clips to this length",
    )
    parser.add_argument(
        "--runs",
        type=number(int, 1, MAX_COUNT),
        default=None,
        help="timed runs after the warm-up (default: one per clip, or 3)",
    )
    parser.add_argument(
        "--warmup",
        type=number(int, 0, MAX_COUNT),
        default=1,
        help=f"untimed warm-up runs (1), on --warmup-clip ({WARMUP_CLIP}) when the input is a clip",
    )
    parser.add_argument("--warmup-clip", type=Path, default=ROOT / "examples" / WARMUP_CLIP)
    parser.add_argument("--max-rounds", type=setting_number("max_rounds"), default=None)
    parser.add_argument("--backend", default=None)
    parser.add_argument("--json", type=Path, default=None, metavar="OUT.json", help="write the numbers here")
    parser.add_argument(
        "--esconv",
        type=number(int, 0, MAX_COUNT),
        default=0,
        metavar="N",
        help="instead: run N ESConv dev contexts (typed text) and report how often the reflection "
        "loop fixes a reply whose first audit failed",
    )


def _default_clips() -> list[Path]:
    return [ROOT / "examples" / name for name in DEFAULT_CLIPS if (ROOT / "examples" / name).is_file()]


def round_tokens(events, stages_only: bool = False, computed: bool = False) -> dict[int, int]:
    """Completion tokens per round (stage outputs plus that round's audit); `stages_only`: the four
    agents' prompt and completion tokens (what a round's stages read and write, without the audit's critic,
    which is asked only when the rules find something); with `computed`, less the prompt tokens the backend
    served from its prompt cache (what the model actually read)."""
    from mer_agents.events import AuditVerdictEvent, StageFinished

    out: dict[int, int] = {}
    for e in events:
        if stages_only and isinstance(e, StageFinished):
            read = e.prompt_tokens - (e.cached_tokens if computed else 0)
            out[e.round] = out.get(e.round, 0) + e.completion_tokens + read
        elif not stages_only and isinstance(e, (StageFinished, AuditVerdictEvent)):
            out[e.round] = out.get(e.round, 0) + e.completion_tokens
    return out


def prompt_tokens(tokens: dict[str, dict[str, int]]) -> tuple[int, int]:
    """(prompt tokens, of which served from the backend's prompt cache) over a run's stages."""
    return (
        sum(t.get("prompt", 0) for t in tokens.values()),
        sum(t.get("cached", 0) for t in tokens.values()),
    )


ESCONV_TSV = ROOT.parent / "shared" / "data" / "esconv" / "devWithStrategy_short.tsv"


def esconv_contexts(n: int) -> list[tuple[str, str, list]]:
    """n contexts spread over ESConv dev that end with the seeker's words: (dialogue id, the seeker's last
    words, earlier turns as history), read as `eval esconv` reads them (readers.message_and_history: a
    window that starts mid-dialogue keeps a marker turn, so it is not taken for the person's first words)."""
    from mer_agents.evaluation.readers import read_esconv

    items = [it for it in read_esconv(ESCONV_TSV) if it.context and it.context[-1].speaker == "seeker"]
    step = max(1, len(items) // max(n, 1))
    return [(it.dialogue_id, it.message, it.history) for it in items[::step][:n]]


def traced_run(request, backend, settings):
    """(the run's Trace, wall seconds, seconds from the call to the first event the run yields: what a person
    sees first); a failed run stops the benchmark with its error."""
    from mer_agents.errors import MerError
    from mer_agents.events import RunFailed
    from mer_agents.pipeline import run
    from mer_agents.trace import Trace

    trace, first_event = Trace(), None
    start = time.perf_counter()
    for _ in trace.record(run(request, backend, settings)):
        first_event = time.perf_counter() - start if first_event is None else first_event
    wall = time.perf_counter() - start
    if isinstance(trace.events[-1], RunFailed):
        raise MerError(f"benchmark run failed: {trace.events[-1].error}")
    return trace, wall, first_event


def waits(events, duration: float | None) -> dict:
    """What a person waits for, from the trace's event times: perception's end (and its RTF), the first
    readable reply (the first DraftReply: the first look) and the agents' first (the round-0 draft) after
    perception; None where the run has no such event."""
    from mer_agents.events import DraftReply, EvidenceReady

    perceived = next((e.t for e in events if isinstance(e, EvidenceReady)), None)
    draft = next((e.t for e in events if isinstance(e, DraftReply)), None)
    agents = next((e.t for e in events if isinstance(e, DraftReply) and e.basis == "round"), None)

    def after(t: float | None) -> float | None:
        return round(t - perceived, 3) if t is not None and perceived is not None else None

    return {
        "perception_s": perceived,
        "perception_rtf": round(perceived / duration, 3) if perceived is not None and duration else None,
        "draft_after_perception_s": after(draft),
        "round_draft_after_perception_s": after(agents),
    }


def fix_rate(args: argparse.Namespace) -> int:
    """How often a reply that failed its first audit passes after refinement, on ESConv dev contexts."""
    from mer_agents.backends import get_backend
    from mer_agents.config import Settings
    from mer_agents.events import AuditVerdictEvent, RunFailed, RunFinished
    from mer_agents.pipeline import RunRequest, run

    settings = Settings.from_env(max_rounds=args.max_rounds, backend=args.backend)
    backend = get_backend(settings)
    rows = []
    for dialogue, text, history in esconv_contexts(args.esconv):
        req = RunRequest(text=text, history=history, exclude_dialogues=[dialogue])
        events = list(run(req, backend, settings))
        last = events[-1]
        verdicts = [e for e in events if isinstance(e, AuditVerdictEvent)]
        first_fail = [v.verdict.issues[0] for v in verdicts if v.round == 0 and v.verdict.verdict == "revise"]
        reply_failed_first = any(
            v.round == 0 and v.verdict.stage == "reply" and v.verdict.verdict == "revise" for v in verdicts
        )
        rows.append(
            {
                "dialogue": dialogue,
                "text": text[:120],
                "failed_first": bool(first_fail),
                "reply_failed_first": reply_failed_first,
                "first_issues": first_fail,
                "fixed": isinstance(last, RunFinished) and last.all_passed,
                "rounds": last.rounds if isinstance(last, RunFinished) else None,
                "reply": last.reply if isinstance(last, RunFinished) else None,
                "error": last.error if isinstance(last, RunFailed) else None,
            }
        )
        print(json.dumps(rows[-1]), file=sys.stderr)
    failed = [r for r in rows if r["failed_first"]]
    result = {
        "contexts": len(rows),
        "failed_first_audit": len(failed),
        "reply_failed_first_audit": sum(r["reply_failed_first"] for r in rows),
        "fixed_by_refinement": sum(r["fixed"] for r in failed),
        "passed_first_audit": sum(r["fixed"] and not r["failed_first"] for r in rows),
        "errors": sum(r["error"] is not None for r in rows),
        "rows": rows,
    }
    print(
        f"{result['contexts']} ESConv dev contexts: {result['failed_first_audit']} failed the first audit "
        f"({result['reply_failed_first_audit']} at the reply); "
        f"refinement fixed {result['fixed_by_refinement']} "
        f"of them (max {settings.max_rounds} rounds)"
    )
    if args.json:
        write_report(args.json, result)
    return 0


def main(args: argparse.Namespace) -> int:
    if args.esconv:
        return fix_rate(args)
    from mer_agents.backends import get_backend
    from mer_agents.config import Settings
    from mer_agents.types import Evidence
    from mer_agents.warm import warm_up

    settings = Settings.from_env(max_rounds=args.max_rounds, backend=args.backend)
    clips = [] if args.evidence else (args.clip or _default_clips())
    evidence = (
        Evidence.model_validate_json((args.evidence or DEFAULT_EVIDENCE).read_text()) if not clips else None
    )
    backend = get_backend(settings)
    start = time.perf_counter()
    warm_up(settings, backend)  # as the app does at launch: loading is not a run's latency
    warm_up_s = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as tmp:
        if clips and args.seconds:
            from mer_agents.benchmarks.growth import make_clip

            cuts = [Path(tmp) / str(i) for i in range(len(clips))]  # a folder each: a clip may repeat
            for folder in cuts:
                folder.mkdir()
            clips = [
                make_clip(Path(c), args.seconds, folder / f"{Path(c).stem}_{args.seconds:g}s")
                for c, folder in zip(clips, cuts)
            ]
        rows = _timed_runs(args, clips, evidence, backend, settings)
    return _report(args, clips, backend, rows, warm_up_s)


def _timed_runs(args, clips: list[Path], evidence, backend, settings) -> list[dict]:
    """The warm-up runs (on the warm-up clip, or the evidence), then the timed runs: run i on clips[i mod
    len(clips)], so that no timed clip was seen before unless there are more runs than clips (`repeat`)."""
    from mer_agents.events import EvidenceReady
    from mer_agents.pipeline import RunRequest
    from mer_agents.types import Evidence

    runs = args.runs if args.runs is not None else (len(clips) or 3)
    rows = []
    for i in range(args.warmup + runs):
        s = settings.model_copy(update={"seed": settings.seed + i})
        timed = i - args.warmup
        if timed < 0:  # on the warm-up clip; without one, on the evidence fixture (the reasoning only)
            warm = args.warmup_clip if clips and args.warmup_clip.is_file() else None
            fixture = None if warm else evidence or Evidence.model_validate_json(DEFAULT_EVIDENCE.read_text())
            traced_run(RunRequest(clip=str(warm) if warm else None, evidence=fixture), backend, s)
            continue
        clip = clips[timed % len(clips)] if clips else None
        request = RunRequest(clip=str(clip) if clip else None, evidence=evidence)
        trace, wall, first_event = traced_run(request, backend, s)
        summary = trace.summary()
        duration = next(e.evidence.duration_s for e in trace.events if isinstance(e, EvidenceReady))
        per_round = round_tokens(trace.events)
        ratios = [per_round[r] / per_round[0] for r in per_round if r > 0 and per_round.get(0)]
        prompt, cached = prompt_tokens(summary["tokens"])
        rows.append(
            {
                "input": Path(clip).name if clip else "evidence",
                "repeat": timed >= len(clips) if clips else i > 0,  # an input run before
                "prompt_cached_share": round(cached / prompt, 3) if prompt else None,
                "wall_s": round(wall, 2),
                "duration_s": duration,
                "rtf": round(wall / duration, 3) if duration else None,
                "first_event_s": round(first_event, 4) if first_event is not None else None,
                **(waits(trace.events, duration) if clip else {}),
                "rounds": summary["rounds"],
                "all_passed": summary["all_passed"],
                "tokens": summary["tokens"],
                "round_tokens": per_round,
                "refine_ratio": round(statistics.mean(ratios), 3) if ratios else None,
                "timings": summary["timings"],
                "reply": summary["reply"],
            }
        )
        print(
            f"run {len(rows)} ({rows[-1]['input']}): {wall:.1f} s, RTF {rows[-1]['rtf']}, rounds "
            f"{summary['rounds']}, tokens/round {per_round}, prompt cached "
            f"{rows[-1]['prompt_cached_share']}, reply: {summary['reply']!r}",
            file=sys.stderr,
        )
    return rows


def _median(rows: list[dict], key: str) -> float | None:
    values = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(values) if values else None


def _input_name(args, clips) -> str:
    """What was run, in words (cut clips by their sources: the cuts themselves were temporary files)."""
    if not clips:
        return f"evidence {args.evidence or DEFAULT_EVIDENCE.name} (reasoning only)"
    names = ", ".join(
        str(c.relative_to(ROOT) if c.is_relative_to(ROOT) else c) for c in args.clip or _default_clips()
    )
    return f"{names} cut to {args.seconds:g} s" if args.seconds else names


def _report(args, clip, backend, rows: list[dict], warm_up_s: float) -> int:
    from mer_agents.stages import STAGES

    ratios = [r["refine_ratio"] for r in rows if r["refine_ratio"] is not None]
    result = {
        "backend": backend.describe(),
        "threads": getattr(backend, "threads", None),
        # engine() calls per thread count (backends/cpu_share.py: fewer beside busy processes)
        "threads_used": dict(getattr(backend, "threads_used", {})),
        "input": _input_name(args, clip),
        "runs": rows,
        "median_wall_s": statistics.median(r["wall_s"] for r in rows),
        "median_rtf": statistics.median(r["rtf"] for r in rows if r["rtf"] is not None),
        "mean_refine_ratio": round(statistics.mean(ratios), 3) if ratios else None,
        "median_first_event_s": _median(rows, "first_event_s"),
        "median_perception_rtf": _median(rows, "perception_rtf"),
        "median_draft_after_perception_s": _median(rows, "draft_after_perception_s"),
        "median_round_draft_after_perception_s": _median(rows, "round_draft_after_perception_s"),
        "peak_rss_gb": round(peak_rss_gb(), 3),
        "warm_up_s": round(warm_up_s, 2),  # loading every model, as the app does at launch
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "aims": AIMS,
    }
    print(f"backend: {result['backend']}\ninput: {result['input']}")
    print(
        f"median wall {result['median_wall_s']:.1f} s · "
        f"median RTF {result['median_rtf']:.2f} (aim ≤ {AIMS['rtf']}) · "
        f"refinement/rerun tokens {result['mean_refine_ratio']} (aim ≤ {AIMS['ratio']}) · "
        f"peak RSS {result['peak_rss_gb']:.2f} GB (aim ≤ {AIMS['rss_gb']}) · "
        f"warm-up (loading) {result['warm_up_s']:.1f} s"
    )
    print(
        f"submit → first event {result['median_first_event_s']} s (aim ≤ {AIMS['first_event_s']}) · "
        f"perception RTF {result['median_perception_rtf']} (aim ≤ {AIMS['perception_rtf']}) · "
        f"first readable reply {result['median_draft_after_perception_s']} s after perception "
        f"(aim ≤ {AIMS['draft_after_perception_s']}; the agents' round-0 draft: "
        f"{result['median_round_draft_after_perception_s']} s) · load average {result['load_avg_1m']} on "
        f"{result['cpus']} CPUs"
    )
    stages = (*STAGES, "audit")
    print(
        "completion tokens per stage (median): "
        + ", ".join(
            f"{st} {statistics.median(r['tokens'].get(st, {}).get('completion', 0) for r in rows):.0f}"
            for st in stages
        )
    )
    prompt, cached = zip(*(prompt_tokens(r["tokens"]) for r in rows))
    result["prompt_tokens_cached_share"] = round(sum(cached) / sum(prompt), 3) if sum(prompt) else None
    print(  # llama.cpp keeps earlier prompts' KV in RAM and reuses the longest shared prefix
        f"prompt tokens per run (median) {statistics.median(prompt):.0f}, of which served from the "
        f"backend's prompt cache: {result['prompt_tokens_cached_share']}"
    )
    if args.json:
        write_report(args.json, result)
    return 0
