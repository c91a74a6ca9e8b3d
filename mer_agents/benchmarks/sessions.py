"""`python -m mer_agents bench sessions`: several people at once, through the running app's API.

Launches the app (ui.app.build_app, settings from the environment) on loopback and warms its models as
app.py does, sends each clip once untimed (first-use costs), then sends the same clips in two ways: one
after another from one client (one session), and all at once from one client each (as many sessions as
clips). Reports each way's wall time and throughput (runs per minute), their ratio (aim: all at once ≥ 0.9 ×
one at a time), each run's latency from submit to result and stage timings, whether every run came back
with a reply (no run lost), and whether each clip got the same reply both ways (runs are seeded: sessions
must not leak into each other). The order of the two ways alternates over `--repeat` rounds, so that a
warming machine favours neither; the load average is printed beside.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from mer_agents.benchmarks import write_report
from mer_agents.commands import MAX_COUNT, number, setting_number

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CLIPS = ("sad_loss.mp4", "happy_news.mp4", "no_face.mp4", "worried_audio_only.mp3")
AIM_THROUGHPUT_RATIO = 0.9
MODES = ("one_at_a_time", "all_at_once")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--clips",
        default=",".join(DEFAULT_CLIPS),
        help="example clips (names in examples/ or paths), comma-separated; one session each",
    )
    parser.add_argument(
        "--repeat", type=number(int, 1, MAX_COUNT), default=1, help="rounds of both ways (order alternates)"
    )
    parser.add_argument(
        "--max-rounds",
        type=setting_number("max_rounds"),
        default=None,
        help="refinement rounds (default setting)",
    )
    parser.add_argument("--json", type=Path, default=None, metavar="OUT.json", help="also write the numbers")


def _clip_path(name: str) -> Path:
    path = Path(name)
    return path if path.is_file() else ROOT / "examples" / name


def _one_run(url: str, clip: Path) -> dict[str, Any]:
    """One session (its own client) sends one clip: its reply and seconds from submit to result."""
    from gradio_client import Client, handle_file

    client = Client(url, verbose=False)
    start = time.perf_counter()
    trace: dict[str, Any] = {}
    try:
        reply, trace_path = client.predict(clip=handle_file(str(clip)), message="", api_name="/analyze")
        trace = json.loads(Path(trace_path).read_text(encoding="utf-8"))
        error = None
    except Exception as exc:  # a lost run is what this benchmark counts, whatever the cause
        reply, error = "", f"{type(exc).__name__}: {exc}"
    seconds = round(time.perf_counter() - start, 2)
    return {
        "clip": clip.name,
        "seconds": seconds,
        "reply": reply,
        "error": error,
        "rounds": trace.get("rounds"),
        "timings": trace.get("timings"),
    }


def run_mode(url: str, clips: list[Path], mode: str) -> dict[str, Any]:
    """Send every clip one after another, or all at once (a thread and a client per clip)."""
    start = time.perf_counter()
    if mode == "one_at_a_time":
        runs = [_one_run(url, clip) for clip in clips]
    else:
        with ThreadPoolExecutor(max_workers=len(clips)) as pool:
            runs = list(pool.map(lambda clip: _one_run(url, clip), clips))
    wall = time.perf_counter() - start
    return {
        "mode": mode,
        "wall_s": round(wall, 2),
        "runs_per_min": round(60 * len(clips) / wall, 3),
        "lost": sum(1 for r in runs if r["error"] or not str(r["reply"]).strip()),
        "runs": runs,
    }


def summarise(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Throughput ratio (all at once ÷ one at a time, summed over rounds), runs lost, latencies, and whether
    each clip's reply was the same in every run."""
    wall = {m: sum(r["wall_s"] for r in rounds if r["mode"] == m) for m in MODES}
    replies: dict[str, set[str]] = {}
    for r in rounds:
        for run in r["runs"]:
            replies.setdefault(run["clip"], set()).add(run["reply"])
    ratio = round(wall["one_at_a_time"] / wall["all_at_once"], 3) if wall["all_at_once"] else None
    return {
        "throughput_ratio": ratio,
        "runs_lost": sum(r["lost"] for r in rounds),
        "median_latency_s": {
            m: statistics.median(run["seconds"] for r in rounds if r["mode"] == m for run in r["runs"])
            for m in MODES
        },
        "max_latency_s": {
            m: max(run["seconds"] for r in rounds if r["mode"] == m for run in r["runs"]) for m in MODES
        },
        "same_reply_every_run": all(len(texts) == 1 for texts in replies.values()),
    }


def main(args: argparse.Namespace) -> int:
    from mer_agents.backends.shared import shared_backend
    from mer_agents.benchmarks.live import free_port
    from mer_agents.config import Settings
    from mer_agents.ui.app import build_app, launch
    from mer_agents.warm import warm_up

    clips = [_clip_path(name) for name in args.clips.split(",") if name]
    missing = [str(c) for c in clips if not c.is_file()]
    if missing:
        print(f"no such clip: {', '.join(missing)}")
        return 1
    settings = Settings.from_env(max_rounds=args.max_rounds)
    demo = build_app(settings)
    warm_up(settings, shared_backend(settings))  # as app.main does at launch
    _, url, _ = launch(demo, "127.0.0.1", free_port(), prevent_thread_lock=True, quiet=True)
    try:
        for clip in clips:  # first-use costs (models, prompt caches) fall outside the timed rounds
            _one_run(url, clip)
        rounds = []
        for k in range(args.repeat):
            for mode in MODES if k % 2 == 0 else MODES[::-1]:
                rounds.append(run_mode(url, clips, mode))
                print(
                    f"{mode}: {rounds[-1]['wall_s']} s for {len(clips)} runs, lost {rounds[-1]['lost']}",
                    file=sys.stderr,
                )
    finally:
        demo.close()
    report = {
        "clips": [c.name for c in clips],
        "sessions": len(clips),
        "max_rounds": settings.max_rounds,
        "rounds": rounds,
        **summarise(rounds),
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        "aim_throughput_ratio": AIM_THROUGHPUT_RATIO,
    }
    print(
        f"{len(clips)} sessions at once: throughput {report['throughput_ratio']} × one session's "
        f"(aim ≥ {AIM_THROUGHPUT_RATIO}); runs lost {report['runs_lost']}; median latency "
        f"{report['median_latency_s']['one_at_a_time']} s one at a time vs "
        f"{report['median_latency_s']['all_at_once']} s all at once (max "
        f"{report['max_latency_s']['all_at_once']} s); same reply every run: "
        f"{report['same_reply_every_run']}; load average {report['load_avg_1m']} on {report['cpus']} CPUs"
    )
    if args.json:
        write_report(args.json, report)
    return 0 if report["runs_lost"] == 0 else 1
