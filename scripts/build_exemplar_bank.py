"""Build the strategy exemplar bank from ESConv dev (thu-coai/Emotional-Support-Conversation, CC BY-NC 4.0).

    .venv/bin/python scripts/build_exemplar_bank.py [--source PATH] [--out assets/exemplars]
        [--exclude-dialogues IDS.txt] [--holdout-fraction 0.2 --holdout-out HELDOUT.txt]

One exemplar per supporter turn that follows a seeker turn: the seeker's most recent words in the context
window, the supporter's reply and its strategy (tags mapped to the 8 canonical names), the dialogue id
(`esconv-dev-NNN`, see mer_agents/esconv.py) and the turn index. The seeker words are embedded with MiniLM.
`--exclude-dialogues` leaves listed dialogues out; `--holdout-fraction` leaves out every n-th dialogue and
writes their ids, so an evaluation can run on dialogues the bank never saw. At run time,
`retrieve(..., exclude={dialogue_id})` is the other guard against leakage.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from mer_agents.embeddings import embed  # noqa: E402
from mer_agents.esconv import read_lines  # noqa: E402
from mer_agents.retrieval import BANK_NAME, Exemplar, save_bank  # noqa: E402

DEFAULT_SOURCE = ROOT.parent / "shared" / "data" / "esconv" / "devWithStrategy_short.tsv"
MAX_CHARS = 400


def build(source: Path, exclude: set[str]) -> list[Exemplar]:
    seen: set[tuple[str, int]] = set()
    out: list[Exemplar] = []
    for line in read_lines(source):
        target = line.target
        key = (line.dialogue, target.index)
        if line.dialogue in exclude or key in seen or target.speaker != "supporter" or not target.strategy:
            continue
        seeker = [t.text for t in line.context if t.speaker == "seeker"]
        if not seeker or not target.text:
            continue
        seen.add(key)
        out.append(
            Exemplar(
                id=f"{line.dialogue}/{target.index}",
                dialogue=line.dialogue,
                turn=target.index,
                seeker=seeker[-1][:MAX_CHARS],
                reply=target.text[:MAX_CHARS],
                strategy=target.strategy,
            )
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "exemplars")
    parser.add_argument("--name", default=BANK_NAME)
    parser.add_argument(
        "--exclude-dialogues", type=Path, help="file with one dialogue id per line to leave out"
    )
    parser.add_argument(
        "--holdout-fraction", type=float, default=0.0, help="leave out this share of dialogues"
    )
    parser.add_argument("--holdout-out", type=Path, help="where to write the held-out dialogue ids")
    args = parser.parse_args(argv)

    exclude: set[str] = set()
    if args.exclude_dialogues:
        exclude |= {s.strip() for s in args.exclude_dialogues.read_text().split() if s.strip()}
    if args.holdout_fraction > 0:
        dialogues = sorted({line.dialogue for line in read_lines(args.source)})
        step = max(1, round(1 / args.holdout_fraction))
        held = dialogues[::step]
        exclude |= set(held)
        if args.holdout_out:
            args.holdout_out.write_text("\n".join(held) + "\n")
    exemplars = build(args.source, exclude)
    vectors = embed([e.seeker for e in exemplars])
    save_bank(exemplars, vectors, args.out, args.name)
    print(
        f"{len(exemplars)} exemplars from {len({e.dialogue for e in exemplars})} dialogues "
        f"({len(exclude)} excluded) → {args.out}/{args.name}.{{jsonl,npz}}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
