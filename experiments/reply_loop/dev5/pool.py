"""Pool dev reports (different dev turns, each graded by two judges) for paired.py.

    .venv/bin/python experiments/reply_loop/dev5/pool.py             # dev4 + dev5 → dev5/pooled.*
    .venv/bin/python experiments/reply_loop/dev5/pool.py dev4 dev5 dev6 --out dev6/pooled
    D=experiments/reply_loop/dev5
    .venv/bin/python experiments/reply_loop/paired.py --key $D/pooled.key.json \
        --grades $D/pooled.grades_1.json $D/pooled.grades_2.json

Pooled by paired.pool, as reply_judge_scorer/dev_report/pool.py pools its reports. The reports ran at
different commits (dev4 667975e, dev5 1a41346, dev6 64dd3a0); each is paired within itself, and the pool is
the README's reading of "the replies as shipped". Each report's entries are prefixed by its folder's number.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from experiments.reply_loop.paired import pool  # noqa: E402

LOOP = Path(__file__).resolve().parents[1]  # experiments/reply_loop


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "reports", nargs="*", default=["dev4", "dev5"], help="folders under experiments/reply_loop"
    )
    ap.add_argument(
        "--out", default="dev5/pooled", help="the pooled files' stem under experiments/reply_loop"
    )
    args = ap.parse_args(argv)
    reports = [
        (
            name.removeprefix("dev"),
            LOOP / name / "dev60.key.json",
            LOOP / name / "dev60.grades_A.json",
            LOOP / name / "dev60.grades_B.json",
            None,
        )
        for name in args.reports
    ]
    print(pool(reports, LOOP / args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
