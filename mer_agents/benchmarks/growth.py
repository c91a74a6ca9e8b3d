"""`python -m mer_agents bench growth`: how the cost grows with the clip's length (issue #14).

One source clip (default examples/long/grief_monologue.mp4: a minute of one person talking, in sad_loss.mp4's
voice over its picture, no sentence said twice) is cut to each length in `--lengths` (5, 15, 30, 60 s by
default), or looped past its end. A looped short clip is not the default source: its person says the same
lines again, and Whisper's own loop guard (a window whose text compresses by more than 2.4x) decoded such a
window again at two higher temperatures with best-of-5 sampling (until asr.TEMPERATURES became the beam
alone, for clips that read the same way each run). 60 s of sad_loss.mp4 looped cost more ASR
time per second than its shorter cuts, where 60 s of distinct sentences did not: a cost of the repetition,
not of the length (docs/RESULTS_LOG.md, "Cost as the clip grows"). For each length, after `--warmup`
untimed runs (on another clip): the perception RTF (median of `--repeat` runs; wall and CPU seconds per
media second) and one audited run of the reasoning stages on that evidence (its LLM tokens, the first pass's
completion tokens, refinement rounds, wall seconds). The perception runs go round the lengths in turn
(5, 15, 30, 60, 5, ...), so that a slow spell of the machine falls on every length rather than on one.
Perception is timed apart from the reasoning so that each figure names what it measures; a clip's
end-to-end wall time is their sum.

What the aims ask: perception RTF within ±20 % across lengths (a fixed cost per clip, such as a Whisper
window, shows up as a higher RTF on short clips), and LLM tokens per run flat (prompts carry bounded digests,
not the whole transcript). Tokens per run include the refinement rounds, which follow from what the audit
finds in that clip's reading, not from its length; the first pass's tokens (the four agents' prompts and
completions in round 0, without the audit's critic) are printed beside them, the part that a longer clip
would grow if the prompts did, and of those the tokens the model computed (less the prompt tokens
llama.cpp's prompt cache served: the stages share a prefix, agents/base.py). The spread is printed as
max/min over lengths; the load average is printed beside it, since two shared cores make wall time noisy
(CPU RTF is not inflated by other processes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from mer_agents.benchmarks import peak_rss_gb, write_report
from mer_agents.benchmarks.perception import EXAMPLES
from mer_agents.commands import MAX_COUNT, MAX_SECONDS, number, numbers, setting_number

DEFAULT_SOURCE = EXAMPLES / "long" / "grief_monologue.mp4"
DEFAULT_LENGTHS = (5.0, 15.0, 30.0, 60.0)
# Other words than the source's: warming up on a cut of the source put its prompts in llama.cpp's cache, and
# the timed row of the same length then computed far fewer tokens than the others (docs/RESULTS_LOG.md,
# "Cost as the clip grows").
WARMUP_CLIP = "worried_audio_only.mp3"
AIM_RTF_SPREAD = 1.2  # max/min perception RTF across lengths: within ±20 %
AIM_TOKEN_SPREAD = 1.2  # max/min LLM tokens per run across lengths: flat


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--clip",
        type=Path,
        default=DEFAULT_SOURCE,
        help="the source clip (examples/long/grief_monologue.mp4)",
    )
    parser.add_argument(
        "--lengths",
        type=numbers(float, 0, MAX_SECONDS, above=True),
        default=",".join(f"{x:g}" for x in DEFAULT_LENGTHS),
        help="clip lengths in seconds, comma-separated (5,15,30,60)",
    )
    parser.add_argument(
        "--repeat",
        type=number(int, 1, MAX_COUNT),
        default=3,
        help="perception runs per length, round the lengths; median reported",
    )
    parser.add_argument(
        "--warmup",
        type=number(int, 0, MAX_COUNT),
        default=1,
        help=f"untimed runs first (first-use costs), on {WARMUP_CLIP} cut to the shortest length",
    )
    parser.add_argument(
        "--max-rounds",
        type=setting_number("max_rounds"),
        default=None,
        help="refinement rounds (default setting)",
    )
    parser.add_argument("--json", type=Path, default=None, metavar="OUT.json", help="also write the numbers")


def looped_audio(media, seconds: float) -> np.ndarray:
    """The clip's sound repeated to `seconds`: each pass padded with silence to the clip's length (the sound
    may end before the picture), so that sound and picture loop on one clock (`loop_period`)."""
    rate = media.sample_rate
    one = np.zeros(int(round(loop_period(media) * rate)), dtype=np.float32)
    one[: media.audio.size] = media.audio
    n = int(round(seconds * rate))
    return np.tile(one, -(-n // one.size))[:n]


def loop_period(media) -> float:
    """Seconds of one pass through the clip: the longer of its analysed picture and its sound."""
    return max(media.analysed_s, media.audio.size / media.sample_rate)


def make_clip(source: Path, seconds: float, out_stem: Path) -> Path:
    """`source` looped (or cut) to `seconds`: the whole clip repeated (its sound, `looped_audio`, and its
    sampled frames, on one clock), written as H.264 + AAC by media.write_clip (the Live tab's writer)."""
    from mer_agents.config import Settings
    from mer_agents.errors import MediaError
    from mer_agents.perception.media import CLIP_SAMPLE_RATE, load_media, write_clip

    media = load_media(source, Settings(sample_rate=CLIP_SAMPLE_RATE))
    if media.audio is None or not media.audio.size:
        raise MediaError(f"{source.name} has no audio to loop")
    period = loop_period(media)
    frames = [
        (k * period + t, frame)
        for k in range(int(np.ceil(seconds / period)))
        for t, frame in zip(media.frame_times, media.frames)
        if k * period + t < seconds
    ]
    return write_clip(out_stem, looped_audio(media, seconds), frames, 0.0, media.fps)


def spread(values: list[float]) -> float | None:
    """max/min of positive values (1.0 = flat)."""
    values = [v for v in values if v]
    return round(max(values) / min(values), 3) if values else None


def perceive_timed(clip: Path, settings) -> tuple[Any, float, float]:
    """(evidence, wall seconds, CPU seconds of this process) of one perception of `clip`."""
    from mer_agents.perception import perceive

    cpu = time.process_time()
    evidence = perceive(clip, settings)
    return evidence, evidence.timings.get("total", 0.0), time.process_time() - cpu


def measure(clips: list[Path], settings, backend, repeat: int) -> list[dict]:
    """Per clip: perception timings (median of `repeat`, the runs taken round the clips in turn), then one
    audited run of the reasoning on its evidence: LLM tokens per run (prompt + completion), the first pass's
    tokens, computed tokens and completion tokens, rounds, wall seconds."""
    walls: dict[Path, list[float]] = {clip: [] for clip in clips}
    cpus: dict[Path, list[float]] = {clip: [] for clip in clips}
    evidence: dict[Path, Any] = {}
    for _ in range(max(1, repeat)):
        for clip in clips:
            evidence[clip], wall, cpu = perceive_timed(clip, settings)
            walls[clip].append(wall)
            cpus[clip].append(cpu)
    return [reason(evidence[c], walls[c], cpus[c], settings, backend) for c in clips]


def reason(evidence, walls: list[float], cpus: list[float], settings, backend) -> dict:
    """One row: the perception timings of a clip and one audited run of the reasoning on its evidence."""
    from mer_agents.benchmarks.pipeline import round_tokens, traced_run
    from mer_agents.pipeline import RunRequest

    media_s = evidence.analysed_s or evidence.duration_s
    trace, reasoning_s, _ = traced_run(RunRequest(evidence=evidence), backend, settings)
    summary = trace.summary()
    tokens = summary["tokens"]
    per_round = round_tokens(trace.events)
    perception_s = statistics.median(walls)
    return {
        "clip_s": round(media_s, 2),
        "words": len(evidence.transcript.split()),
        "perception_s": round(perception_s, 2),
        "perception_rtf": round(perception_s / media_s, 3) if media_s else None,
        "perception_cpu_rtf": round(statistics.median(cpus) / media_s, 3) if media_s else None,
        "reasoning_s": round(reasoning_s, 2),
        "end_to_end_rtf": round((perception_s + reasoning_s) / media_s, 3) if media_s else None,
        "tokens": sum(t.get("prompt", 0) + t.get("completion", 0) for t in tokens.values()),
        "first_pass_tokens": round_tokens(trace.events, stages_only=True).get(0, 0),
        "first_pass_computed": round_tokens(trace.events, stages_only=True, computed=True).get(0, 0),
        "first_pass_completion": per_round.get(0, 0),
        "rounds": summary["rounds"],
        "reply": summary["reply"],
    }


def main(args: argparse.Namespace) -> int:
    from mer_agents.backends import get_backend
    from mer_agents.config import Settings
    from mer_agents.errors import MediaError
    from mer_agents.perception import warm_up

    if not args.clip.exists():
        raise MediaError(f"clip not found: {args.clip}")
    lengths = list(args.lengths)
    settings = Settings.from_env(**({"max_rounds": args.max_rounds} if args.max_rounds is not None else {}))
    warm_up(settings)
    backend = get_backend(settings)
    rows = []
    with tempfile.TemporaryDirectory(prefix="mer-growth-") as tmp:
        for i in range(args.warmup):
            warm = make_clip(EXAMPLES / WARMUP_CLIP, min(lengths), Path(tmp) / f"warmup_{i}")
            measure([warm], settings, backend, 1)
        clips = [make_clip(args.clip, s, Path(tmp) / f"{args.clip.stem}_{s:g}s") for s in lengths]
        for seconds, row in zip(lengths, measure(clips, settings, backend, args.repeat)):
            rows.append({"length_s": seconds, **row})
            print(f"{seconds:g} s done: {rows[-1]}", flush=True)
    report = {
        "source": args.clip.name,
        "backend": backend.describe(),
        "rows": rows,
        "perception_rtf_spread": spread([r["perception_rtf"] for r in rows]),
        "perception_cpu_rtf_spread": spread([r["perception_cpu_rtf"] for r in rows]),
        "first_pass_token_spread": spread([r["first_pass_tokens"] for r in rows]),
        "first_pass_computed_spread": spread([r["first_pass_computed"] for r in rows]),
        "first_pass_completion_spread": spread([r["first_pass_completion"] for r in rows]),
        "token_spread": spread([r["tokens"] for r in rows]),
        "aims": {"rtf_spread": AIM_RTF_SPREAD, "token_spread": AIM_TOKEN_SPREAD},
        "peak_rss_gb": round(peak_rss_gb(), 3),
        "cpus": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }
    _print(report)
    if args.json is not None:
        write_report(args.json, report)
    return 0


def _print(report: dict) -> None:
    print(f"source {report['source']} looped or cut; backend {report['backend']}")
    print(
        f"{'length s':>9}{'words':>7}{'perc. s':>9}{'RTF':>7}{'CPU RTF':>9}{'reason s':>10}"
        f"{'e2e RTF':>9}{'tokens':>8}{'pass 0':>8}{'comp. 0':>8}{'compl. 0':>9}{'rounds':>7}"
    )
    for r in report["rows"]:
        print(
            f"{r['clip_s']:>9.1f}{r['words']:>7}{r['perception_s']:>9.2f}{r['perception_rtf']:>7.3f}"
            f"{r['perception_cpu_rtf']:>9.3f}{r['reasoning_s']:>10.1f}{r['end_to_end_rtf']:>9.3f}"
            f"{r['tokens']:>8}{r['first_pass_tokens']:>8}{r['first_pass_computed']:>8}"
            f"{r['first_pass_completion']:>9}{r['rounds']:>7}"
        )
    print(
        f"max/min over lengths: perception RTF {report['perception_rtf_spread']} "
        f"(CPU RTF {report['perception_cpu_rtf_spread']}; aim ≤ {AIM_RTF_SPREAD}); LLM tokens per run "
        f"{report['token_spread']} (first pass {report['first_pass_token_spread']}, computed "
        f"{report['first_pass_computed_spread']}, its completion "
        f"{report['first_pass_completion_spread']}; aim ≤ {AIM_TOKEN_SPREAD}); load average "
        f"{report['load_avg_1m']:.1f} on {report['cpus']} CPUs; peak RSS {report['peak_rss_gb']:.2f} GB"
    )
