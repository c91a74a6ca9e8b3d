"""Pool the reply judge's dev reports into one key and two grade files (experiments/reply_loop/paired.py).

    .venv/bin/python experiments/reply_judge_scorer/dev_report/pool.py

Each report is one packet graded by two blind judges. Its entries are renumbered "<report>-<n>", its sources
renamed to `judge:judge` (the pipeline ranking with the reply judge) and `before:before` (the rank before
it), and each report's first judge goes to grades_1, its second to grades_2: every turn is still graded
by two judges who saw it once. Writes dev_pooled3.key.json, dev_pooled3.grades_1.json and
dev_pooled3.grades_2.json (the first two reports alone: dev_pooled.*, pooled the same way in session 27).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from experiments.reply_loop.paired import pool  # noqa: E402

HERE = Path(__file__).resolve().parent
SAME = {"judge:judge": "judge:judge", "before:before": "before:before", "gold": "gold"}
REPORTS = [  # (key, first judge's grades, second judge's grades, source → pooled source)
    ("dev60.key.json", "dev60.grades_A.json", "dev60.grades_B.json", SAME),
    (
        "dev120.key.json",
        "dev120.grades_C.json",
        "dev120.grades_D.json",
        {"judge2:judge": "judge:judge", "before2:before": "before:before", "gold": "gold"},
    ),
    (  # the third report ran both at one commit: full (the judge ranks) and no-judge (Settings.judge_ranks)
        "dev3.key.json",
        "dev3.grades_G.json",
        "dev3.grades_H.json",
        {"dev3:full": "judge:judge", "dev3:no-judge": "before:before", "gold": "gold"},
    ),
]


def main() -> int:
    reports = [
        (str(n), HERE / k, HERE / g1, HERE / g2, rename) for n, (k, g1, g2, rename) in enumerate(REPORTS, 1)
    ]
    print(pool(reports, HERE / "dev_pooled3"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
