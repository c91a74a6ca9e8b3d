"""How well one blind judge, used as the audit, finds the replies the other judge rejects (#34's audit bar).

    .venv/bin/python experiments/reply_audit/judge_vs_judge.py   # judge_vs_judge.json

Why: #34 asks the audit for recall ≥ 0.8 on judged-C replies at ≤ 0.15 false alarms on judged-A ones. The
yardstick for that bar is a reader as good as the judges: here each judge of a pair flags what it graded C
(or not A), and is scored against the other judge's grades, over the ESConv dev packets that two judges
graded item by item (the loop's reports: every entry a system reply or a supporter's own). Nothing is chosen.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOOP = HERE.parent / "reply_loop"
PACKETS = (  # (grades of judge 1, grades of judge 2): dev packets graded by two judges each
    (LOOP / "judge_dev60.grades_A.json", LOOP / "judge_dev60.grades_B.json"),
    (LOOP / "rejudge" / "dev60.grades_A.json", LOOP / "rejudge" / "dev60.grades_B.json"),
    (LOOP / "dev4" / "dev60.grades_A.json", LOOP / "dev4" / "dev60.grades_B.json"),
    (LOOP / "dev5" / "dev60.grades_A.json", LOOP / "dev5" / "dev60.grades_B.json"),
    (LOOP / "dev6" / "dev60.grades_A.json", LOOP / "dev6" / "dev60.grades_B.json"),
)


def as_check(pairs: list[tuple[str, str]], flags: set[str]) -> dict:
    """The second grade as a check of the first: recall on the first's C, false alarms on the first's A."""
    c = [second for first, second in pairs if first == "C"]
    a = [second for first, second in pairs if first == "A"]
    return {
        "recall_on_C": round(sum(g in flags for g in c) / len(c), 3),
        "false_alarms_on_A": round(sum(g in flags for g in a) / len(a), 3),
        "n_C": len(c),
        "n_A": len(a),
    }


def main() -> int:
    pairs = []
    for one, two in PACKETS:
        g1, g2 = json.loads(one.read_text()), json.loads(two.read_text())
        pairs += [(g1[k], g2[k]) for k in g1 if k in g2]
    both_ways = pairs + [(b, a) for a, b in pairs]
    result = {
        "entries": len(pairs),
        "agreement": round(sum(a == b for a, b in pairs) / len(pairs), 3),
        "judge 2 checks judge 1, flags C": as_check(pairs, {"C"}),
        "judge 1 checks judge 2, flags C": as_check([(b, a) for a, b in pairs], {"C"}),
        "either way, flags C": as_check(both_ways, {"C"}),
        "either way, flags B or C": as_check(both_ways, {"B", "C"}),
    }
    print(json.dumps(result, indent=1))
    (HERE / "judge_vs_judge.json").write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
