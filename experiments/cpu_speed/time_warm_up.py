"""Time what the app does at launch: import and load every model a CPU run uses (`mer_agents.warm.warm_up`,
the embedded LLM included), each time in a fresh process; report seconds, peak RSS and the seconds per part.

    .venv/bin/python experiments/cpu_speed/time_warm_up.py --repeat 2 \
        --json experiments/cpu_speed/warm_up_<commit>.json

Run from the checkout to time (the package is imported from the working directory): to compare two commits,
copy this file into the other one's worktree and run it there, alternating.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = """
import json, resource, time
start = time.perf_counter()
from mer_agents.backends import get_backend
from mer_agents.config import Settings
from mer_agents.warm import warm_up
settings = Settings.from_env()
parts = warm_up(settings, get_backend(settings))
seconds = time.perf_counter() - start
print(json.dumps({"seconds": round(seconds, 2),
                  "peak_rss_gb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2, 3),
                  "parts": parts}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="fresh processes, one after the other")
    parser.add_argument("--json", type=Path, default=None, metavar="OUT.json")
    args = parser.parse_args()
    sys.path.insert(0, os.getcwd())
    from mer_agents.benchmarks import write_report

    runs = []
    for _ in range(args.repeat):
        out = subprocess.run(
            [sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, cwd=os.getcwd()
        )
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        print(f"warm-up {runs[-1]['seconds']} s, peak RSS {runs[-1]['peak_rss_gb']} GB", file=sys.stderr)
    report = {
        "runs": runs,
        "median_seconds": statistics.median(r["seconds"] for r in runs),
        "median_peak_rss_gb": statistics.median(r["peak_rss_gb"] for r in runs),
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }
    if args.json:
        write_report(args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
