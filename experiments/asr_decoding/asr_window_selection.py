"""How much of Whisper's zero-padded 30 s window the encoder reads, chosen on the fusion set's selection split
(issue #14: a fixed cost per clip made a 5 s clip cost 0.65 s per media second against 0.21-0.29 for longer
ones).

    .venv/bin/python experiments/asr_decoding/asr_window_selection.py --split selection  # chooses
    .venv/bin/python experiments/asr_decoding/asr_window_selection.py --split report     # chooses nothing
    .venv/bin/python experiments/asr_decoding/asr_window_selection.py \
        --intervals experiments/asr_decoding/asr_window_report.json
        # from a written OUT: each setting's WER minus the full window's, with a paired 95 % interval

Settings: the full window (faster-whisper's behaviour) and the content plus PADS seconds of the padding
(perception.asr.WINDOW_PAD_S), each without the full-window retry (asr.RETRY_FULL_WINDOW, added after the
choice as a safety net). The rule, fixed before the first run: the smallest pad whose corpus word error rate
is at most TOLERANCE above the full window's on the selection split; the full window when none is. The
report split also runs what ships (the chosen pad with the retry) and counts the retries. The reference is
the sentence each clip was made from (espeak-ng speech: clean but mechanical). Clips are transcribed by
mer_agents.evaluation.asr_compare (settings rotated per clip). Writes asr_window_<split>.json beside this
script.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.asr_compare import against, compare, wer_differences, write_result  # noqa: E402
from mer_agents.evaluation.provenance import provenance  # noqa: E402
from mer_agents.perception import asr  # noqa: E402

PADS = (3.0, 2.0, 1.0, 0.5)
TOLERANCE = 0.01
FULL = "full"
SHIPPED = "shipped"
SPLITS = {"selection": ROOT / "eval_sets" / "fusion_selection", "report": ROOT / "eval_sets" / "fusion"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=list(SPLITS), default="selection")
    parser.add_argument("--intervals", type=Path, metavar="OUT.json", help="print intervals from an OUT file")
    args = parser.parse_args(argv)
    if args.intervals:
        out = json.loads(args.intervals.read_text())
        names = list(out["wer"])
        print(json.dumps(wer_differences(out["items"], names, FULL), indent=1))
        return 0
    folder = SPLITS[args.split]
    started = provenance()
    variants = {FULL: {"WINDOW_PAD_S": None}} | {
        f"pad{p:g}": {"WINDOW_PAD_S": p, "RETRY_FULL_WINDOW": False} for p in PADS
    }
    if args.split == "report":
        variants[SHIPPED] = {"WINDOW_PAD_S": asr.WINDOW_PAD_S, "RETRY_FULL_WINDOW": True}
    result = compare(folder, variants, Settings.from_env())
    out = {
        "task": "asr_window",
        "split": args.split,
        "data": str((folder / "labels.json").relative_to(ROOT)),
        **{k: v for k, v in result.items() if k != "items"},
        **against(result, FULL),
        "rule": f"the smallest pad whose WER <= the full window's + {TOLERANCE} on the selection split",
        "command": f"python experiments/asr_decoding/asr_window_selection.py --split {args.split}",
        "provenance": started,
        "items": result["items"],
    }
    if args.split == "selection":
        wer = result["wer"]
        fits = [p for p in PADS if wer[f"pad{p:g}"] <= wer[FULL] + TOLERANCE]
        out["pick"] = min(fits) if fits else None
    write_result(
        Path(__file__).resolve().parent / f"asr_window_{args.split}.json",
        out,
        ("wer", "median_seconds", "time_ratio_to_full"),
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
