"""Pool the fourth and fifth dev reports (different dev turns, each graded by two judges) for paired.py.

    .venv/bin/python experiments/reply_loop/dev5/pool.py
    D=experiments/reply_loop/dev5
    .venv/bin/python experiments/reply_loop/paired.py --key $D/pooled.key.json \
        --grades $D/pooled.grades_1.json $D/pooled.grades_2.json

Pooled by paired.pool, as reply_judge_scorer/dev_report/pool.py pools its reports. The reports ran at
different commits (667975e and 1a41346); each is paired within itself, and the pool is the README's reading
of "the replies as shipped".
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from experiments.reply_loop.paired import pool  # noqa: E402

HERE = Path(__file__).resolve().parent
REPORTS = [HERE.parent / "dev4", HERE]


def main() -> int:
    reports = [
        (str(n), d / "dev60.key.json", d / "dev60.grades_A.json", d / "dev60.grades_B.json", None)
        for n, d in enumerate(REPORTS, 4)
    ]
    print(pool(reports, HERE / "pooled"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
