"""Pool the fourth and fifth dev reports (different dev turns, each graded by two judges) for paired.py.

    .venv/bin/python experiments/reply_loop/dev5/pool.py
    D=experiments/reply_loop/dev5
    .venv/bin/python experiments/reply_loop/paired.py --key $D/pooled.key.json \
        --grades $D/pooled.grades_1.json $D/pooled.grades_2.json

Entries are renumbered "<report>-<n>"; each report's first judge goes to grades_1, its second to grades_2, so
every turn is still graded by two judges who saw it once. The reports ran at different commits (667975e and
1a41346); each is paired within itself, and the pool is the README's reading of "the replies as shipped".
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPORTS = [HERE.parent / "dev4", HERE]


def main() -> int:
    key, first, second = {}, {}, {}
    for n, folder in enumerate(REPORTS, 4):
        part = json.loads((folder / "dev60.key.json").read_text(encoding="utf-8"))
        grades = [json.loads((folder / f"dev60.grades_{j}.json").read_text(encoding="utf-8")) for j in "AB"]
        for entry, value in part.items():
            pooled = f"{n}-{entry}"
            key[pooled] = value
            first[pooled], second[pooled] = grades[0][entry], grades[1][entry]
    for name, data in (("key", key), ("grades_1", first), ("grades_2", second)):
        (HERE / f"pooled.{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(key)} entries, {len({v['item'] for v in key.values()})} turns → pooled.*.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
