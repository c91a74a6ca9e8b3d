"""`python -m mer_agents bench perception`: seconds per perception step, RTF per clip, peak RSS.

Loads every model first (warm-up, timed on its own), then runs `perceive` on each clip `--repeat` times and
reports the median of each step. RTF = wall seconds / seconds of media analysed. Peak RSS is the process
high-water mark (resource.getrusage), i.e. models + decoded media + working memory.
CPU RTF = CPU seconds (all threads) / media seconds: unlike wall time it does not grow when other processes
share the cores, and on an otherwise idle machine it bounds the wall RTF from above (wall ≤ CPU time).
Targets on 2 CPU cores: RTF ≤ 0.35 for a 10 s clip, peak RSS ≤ 1.5 GB. Diarization's share of the
perception time is printed for every clip where it ran (voice embeddings and clustering; it runs on every clip
with speech, and a clip found to hold one speaker is then read as before).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from mer_agents.benchmarks import peak_rss_gb, write_report
from mer_agents.commands import MAX_COUNT, number

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CLIP_SUFFIXES = {".mp4", ".webm", ".mov", ".mkv", ".wav", ".mp3", ".m4a", ".ogg", ".flac"}
TARGET_RTF = 0.35
TARGET_RSS_GB = 1.5


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("clips", nargs="*", type=Path, help="clips to time (default: examples/)")
    parser.add_argument(
        "--repeat", type=number(int, 1, MAX_COUNT), default=3, help="runs per clip; the median is reported"
    )
    parser.add_argument(
        "--json", type=Path, default=None, metavar="OUT.json", help="also write the numbers here"
    )


def main(args: argparse.Namespace) -> int:
    from mer_agents.config import Settings
    from mer_agents.perception import perceive, warm_up

    settings = Settings.from_env()
    clips = args.clips or sorted(p for p in EXAMPLES.iterdir() if p.suffix.lower() in CLIP_SUFFIXES)
    started = time.perf_counter()
    warm = warm_up(settings)
    warm_total = time.perf_counter() - started
    print(
        f"warm-up {warm_total:.2f} s ("
        + ", ".join(f"{k} {v:.2f}" for k, v in warm.items())
        + f"), RSS after warm-up {peak_rss_gb():.2f} GB",
        flush=True,
    )

    rows = []
    for clip in clips:
        runs, cpu = [], []
        for _ in range(max(1, args.repeat)):
            before = time.process_time()
            runs.append(perceive(clip, settings).timings)
            cpu.append(time.process_time() - before)
        steps = {step: statistics.median(run.get(step, 0.0) for run in runs) for step in runs[0]}
        media_s = _analysed_seconds(clip, settings)
        rows.append(
            {
                "clip": clip.name,
                "media_s": round(media_s, 2),
                "steps": {k: round(v, 3) for k, v in steps.items()},
                "rtf": round(steps["total"] / media_s, 3) if media_s else None,
                "cpu_s": round(statistics.median(cpu), 3),
                "cpu_rtf": round(statistics.median(cpu) / media_s, 3) if media_s else None,
                # telling speakers apart by voice, as a share of perception (a speaker's face is in "face")
                "diarize_share": round(steps.get("diarize", 0.0) / steps["total"], 3)
                if steps["total"]
                else None,
            }
        )
    report = {
        "warm_up_s": round(warm_total, 2),
        "warm_up": warm,
        "clips": rows,
        "peak_rss_gb": round(peak_rss_gb(), 3),
        "threads": settings.n_threads,
        "cpus": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "targets": {"rtf": TARGET_RTF, "peak_rss_gb": TARGET_RSS_GB},
    }
    _print(report)
    if args.json is not None:
        write_report(args.json, report)
    return 0


def _analysed_seconds(clip: Path, settings) -> float:
    from mer_agents.perception.media import load_media

    return load_media(clip, settings).analysed_s


def _print(report: dict) -> None:
    order = ["decode", "vad", "voice", "asr", "text", "face"]
    steps = sorted(
        {s for row in report["clips"] for s in row["steps"]} - {"total"},
        key=lambda s: order.index(s) if s in order else len(order),
    )
    header = (
        f"{'clip':<26}{'media s':>8}"
        + "".join(f"{s:>8}" for s in steps)
        + f"{'total':>8}{'RTF':>7}{'CPU s':>8}{'CPU RTF':>8}"
    )
    print(header)
    for row in report["clips"]:
        print(
            f"{row['clip']:<26}{row['media_s']:>8.1f}"
            + "".join(f"{row['steps'].get(s, 0.0):>8.2f}" for s in steps)
            + f"{row['steps']['total']:>8.2f}{row['rtf']:>7.3f}{row['cpu_s']:>8.2f}{row['cpu_rtf']:>8.3f}"
        )
    for row in report["clips"]:
        if row["steps"].get("diarize"):
            print(
                f"{row['clip']}: diarization {row['steps']['diarize']:.2f} s = "
                f"{100 * row['diarize_share']:.0f}% of perception"
            )
    print(
        f"load average {report['load_avg_1m']:.1f} on {report['cpus']} CPUs; "
        f"peak RSS {report['peak_rss_gb']:.2f} GB (target ≤ {TARGET_RSS_GB} GB); "
        f"target RTF ≤ {TARGET_RTF} for a 10 s clip"
    )
