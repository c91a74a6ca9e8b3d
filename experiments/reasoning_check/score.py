"""Score a reader's grades of packet.md: the OK share per stage and per writer, n, a Wilson 95% interval.

    .venv/bin/python experiments/reasoning_check/score.py --grades GRADES.json [--key runs/key.json]

GRADES.json is the reader's answer, {"1": "OK" | "NOT OK", ...}; a number the reader left out is counted
apart (missing), not as NOT OK.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_KEY = HERE / "runs" / "key.json"
Z = 1.959964  # 95%
LABELS = {"OK": True, "NOT OK": False}


def wilson(ok: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = ok / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grades", type=Path, required=True)
    parser.add_argument("--key", type=Path, default=DEFAULT_KEY)
    args = parser.parse_args()
    key = json.loads(args.key.read_text(encoding="utf-8"))
    grades = json.loads(args.grades.read_text(encoding="utf-8"))
    bad = {k: v for k, v in grades.items() if k not in key or str(v).strip().upper() not in LABELS}
    if bad:
        raise SystemExit(f"grades not in the key or not OK / NOT OK: {bad}")
    groups: dict[str, list[bool]] = defaultdict(list)
    for number, entry in key.items():
        if number not in grades:
            continue
        ok = LABELS[grades[number].strip().upper()]
        for name in ("all", f"stage {entry['stage']}.{entry['field']}", f"writer {entry['writer']}"):
            groups[name].append(ok)
        groups[f"{entry['writer']} · {entry['stage']}.{entry['field']}"].append(ok)
    graded = sum(k in grades for k in key)
    print(f"graded {graded} of {len(key)} (missing {len(key) - graded})")
    for name in sorted(groups, key=lambda g: (g != "all", not g.startswith("stage"), g)):
        marks = groups[name]
        low, high = wilson(sum(marks), len(marks))
        share = sum(marks) / len(marks)
        print(f"{name:<34} OK {share:6.1%}  n {len(marks):>3}  95% CI [{low:.1%}, {high:.1%}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
