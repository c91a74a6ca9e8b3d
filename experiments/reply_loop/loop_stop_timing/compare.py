"""Paired cost of two `eval esconv` OUT files on the same turns, run at the same time (one process per core,
so that both see the same load): seconds and tokens per turn, the ratio B/A with a bootstrap 95 % interval
over turns, refinement rounds, and how many kept replies the two share.

    python experiments/reply_loop/loop_stop_timing/compare.py A.json B.json
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

RESAMPLES = 2000


def items(out: Path) -> dict[tuple[str, str], dict]:
    rows = map(json.loads, out.with_suffix("").with_suffix(".items.jsonl").read_text().splitlines())
    return {(r["id"], r["variant"]): r for r in rows}


def main(a_path: str, b_path: str) -> None:
    a, b = items(Path(a_path)), items(Path(b_path))
    pairs = [(ka, kb) for ka in a for kb in b if ka[0] == kb[0]]
    rng = random.Random(0)

    def ratio(key: str, sample) -> float:
        return sum(b[kb][key] for _, kb in sample) / sum(a[ka][key] for ka, _ in sample)

    for r in (*a.values(), *b.values()):
        r["tokens"] = r["prompt_tokens"] + r["completion_tokens"]
    for key in ("seconds", "tokens"):
        boot = sorted(ratio(key, [rng.choice(pairs) for _ in pairs]) for _ in range(RESAMPLES))
        mean_a = sum(a[ka][key] for ka, _ in pairs) / len(pairs)
        mean_b = sum(b[kb][key] for _, kb in pairs) / len(pairs)
        print(
            f"{key} per turn: A {mean_a:.1f}, B {mean_b:.1f}; B/A {ratio(key, pairs):.3f} "
            f"[{boot[int(0.025 * RESAMPLES)]:.3f}, {boot[int(0.975 * RESAMPLES) - 1]:.3f}]"
        )
    rounds_a = sum(a[ka]["rounds"] for ka, _ in pairs) / len(pairs)
    rounds_b = sum(b[kb]["rounds"] for _, kb in pairs) / len(pairs)
    same = sum(a[ka]["reply"] == b[kb]["reply"] for ka, kb in pairs)
    print(f"rounds per turn: A {rounds_a:.3f}, B {rounds_b:.3f}; kept replies shared {same}/{len(pairs)}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
