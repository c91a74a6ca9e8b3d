"""Average fine-tuned weight files into one (a 'model soup'): the same model as each, at no cost at run time.

    python experiments/gpu_runs/soup.py A.npz B.npz C.npz --out SOUP.npz

Why: runs of one recipe from the same wheel that differ only in their seed land near each other, and their
mean often reads better than any one of them (Wortsman et al. 2022). The name and the token budgets are
the first file's; a value stamped beside the weights (a blend weight, a threshold) is not carried: stamp it
after choosing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402

from mer_agents import training  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("weights", type=Path, nargs="+")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    with np.load(args.weights[0], allow_pickle=False) as data:
        name, first_max, second_max = str(data["name"]), int(data["first_max"]), int(data["second_max"])
    model = training.soup(args.weights)
    training.save(
        model, args.out, name=f"{name}-soup{len(args.weights)}", first_max=first_max, second_max=second_max
    )
    print("wrote", args.out, "from", ", ".join(p.name for p in args.weights))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
