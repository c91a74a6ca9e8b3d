"""Whisper's beam size, chosen on the fusion set's selection split (issue #14: "greedy or beam 1 where WER
allows").

    .venv/bin/python experiments/asr_decoding/asr_beam_selection.py --split selection  # chooses
    .venv/bin/python experiments/asr_decoding/asr_beam_selection.py --split report     # chooses nothing

Every clip is transcribed with each beam size in BEAMS by mer_agents.evaluation.asr_compare (the path
`analyze` runs; the order alternating from clip to clip so the machine's load falls on both alike). The
rule, fixed before the first run: beam 1 when its corpus word error rate is at most TOLERANCE above beam
2's on the selection split, else beam 2. The reference is the sentence each clip was made from (espeak-ng
speech: clean but mechanical, so the WER says little about real voices; what it can show is whether beam 1
loses words that beam 2 keeps).
Writes asr_beam_<split>.json beside this script.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.asr_compare import compare, write_result  # noqa: E402
from mer_agents.evaluation.provenance import provenance  # noqa: E402

BEAMS = (1, 2)
TOLERANCE = 0.01
SPLITS = {"selection": ROOT / "eval_sets" / "fusion_selection", "report": ROOT / "eval_sets" / "fusion"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=list(SPLITS), default="selection")
    args = parser.parse_args(argv)
    folder = SPLITS[args.split]
    started = provenance()
    result = compare(folder, {f"beam{b}": {"BEAM_SIZE": b} for b in BEAMS}, Settings.from_env())
    wer = {b: result["wer"][f"beam{b}"] for b in BEAMS}
    total = result["total_seconds"]
    out = {
        "task": "asr_beam",
        "split": args.split,
        "data": str((folder / "labels.json").relative_to(ROOT)),
        "n_clips": result["n_clips"],
        "reference_words": result["reference_words"],
        "wer": {str(b): wer[b] for b in BEAMS},
        "median_seconds": {str(b): result["median_seconds"][f"beam{b}"] for b in BEAMS},
        "time_ratio_beam1_to_beam2": round(total["beam1"] / total["beam2"], 3),
        "rule": f"beam 1 when its WER <= beam 2's + {TOLERANCE} on the selection split, else beam 2",
        "command": f"python experiments/asr_decoding/asr_beam_selection.py --split {args.split}",
        "provenance": started,
        "items": result["items"],
    }
    if args.split == "selection":
        out["pick"] = 1 if wer[1] <= wer[2] + TOLERANCE else 2
    write_result(
        Path(__file__).resolve().parent / f"asr_beam_{args.split}.json",
        out,
        ("wer", "median_seconds", "time_ratio_beam1_to_beam2"),
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
