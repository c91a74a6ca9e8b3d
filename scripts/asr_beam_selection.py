"""Whisper's beam size, chosen on the fusion set's selection split (issue #14: "greedy or beam 1 where WER
allows").

    .venv/bin/python scripts/asr_beam_selection.py --split selection   # chooses
    .venv/bin/python scripts/asr_beam_selection.py --split report      # reports the choice, chooses nothing

Every clip's audio is decoded once, then transcribed by perception.asr.transcribe (the path `analyze` runs:
VAD, decoding options, dropped segments) with each beam size in BEAMS, the order alternating from clip to
clip so the machine's load falls on both alike. The rule, fixed before the first run: beam 1 when its
corpus word error rate is at most TOLERANCE above beam 2's on the selection split, else beam 2. The
reference is the sentence each clip was made from (espeak-ng speech: clean but mechanical, so the WER says
little about real voices; what it can show is whether beam 1 loses words that beam 2 keeps).
Writes docs/results/asr_beam_<split>.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.metrics import word_edits  # noqa: E402
from mer_agents.evaluation.provenance import provenance  # noqa: E402
from mer_agents.perception import asr  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402

BEAMS = (1, 2)
TOLERANCE = 0.01
SPLITS = {"selection": ROOT / "examples" / "fusion_selection", "report": ROOT / "examples" / "fusion"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=list(SPLITS), default="selection")
    args = parser.parse_args(argv)
    folder = SPLITS[args.split]
    settings = Settings.from_env()
    specs = json.loads((folder / "labels.json").read_text())
    started = provenance()
    audio = {s["name"]: load_media(folder / "clips" / s["name"], settings).audio for s in specs}
    asr.transcribe(next(iter(audio.values())), settings)  # load the model before timing
    edits = {b: 0 for b in BEAMS}
    seconds: dict[int, list[float]] = {b: [] for b in BEAMS}
    words, items = 0, []
    for i, spec in enumerate(specs):
        row = {"name": spec["name"], "words": spec["words"]}
        for beam in BEAMS if i % 2 == 0 else BEAMS[::-1]:
            asr.BEAM_SIZE = beam
            t0 = time.perf_counter()
            text = asr.transcribe(audio[spec["name"]], settings).text
            seconds[beam].append(time.perf_counter() - t0)
            e, n = word_edits(spec["words"], text)
            edits[beam] += e
            row[f"beam{beam}"] = text
        words += n
        items.append(row)
        print(i, {b: row[f"beam{b}"][:60] for b in BEAMS}, file=sys.stderr)
    wer = {b: edits[b] / words for b in BEAMS}
    out = {
        "task": "asr_beam",
        "split": args.split,
        "data": str((folder / "labels.json").relative_to(ROOT)),
        "n_clips": len(specs),
        "reference_words": words,
        "wer": {str(b): round(wer[b], 4) for b in BEAMS},
        "median_seconds": {str(b): round(statistics.median(seconds[b]), 3) for b in BEAMS},
        "time_ratio_beam1_to_beam2": round(sum(seconds[1]) / sum(seconds[2]), 3),
        "rule": f"beam 1 when its WER <= beam 2's + {TOLERANCE} on the selection split, else beam 2",
        "command": f"python scripts/asr_beam_selection.py --split {args.split}",
        "provenance": started,
        "items": items,
    }
    if args.split == "selection":
        out["pick"] = 1 if wer[1] <= wer[2] + TOLERANCE else 2
    path = ROOT / "docs" / "results" / f"asr_beam_{args.split}.json"
    path.write_text(json.dumps(out, indent=1) + "\n")
    print({k: out[k] for k in ("wer", "median_seconds", "time_ratio_beam1_to_beam2")}, out.get("pick"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
