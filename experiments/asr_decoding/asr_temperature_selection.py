"""Whisper's temperature fallback, chosen on the fusion set's selection split: the same clip should read the
same words every time (issue #37: the French example clip read differently from run to run).

    .venv/bin/python experiments/asr_decoding/asr_temperature_selection.py --split selection  # chooses
    .venv/bin/python experiments/asr_decoding/asr_temperature_selection.py --split report  # chooses nothing

When a window's decode loops or is unsure, faster-whisper decodes it again by *sampling* at the next
temperature (asr.TEMPERATURES), and CTranslate2's sampler cannot be reseeded per call (its generator is per
worker thread, seeded once: OpenNMT/CTranslate2#1757), so such a clip reads differently from run to run.
Greedy/beam decoding alone (TEMPERATURES (0.0,)) is deterministic; the pipeline keeps its own retry of a
broken trimmed window on the full window (asr.looks_broken).

Every clip is transcribed by mer_agents.evaluation.asr_compare (the path `analyze` runs, the order
alternating) with the shipped temperatures twice ("warmer", "warmer_again": how often a clip reads
differently from one run to the next) and with (0.0,) ("greedy"); then each non-English example clip
(examples/languages/) RUNS times with each, counting distinct readings. The rule, fixed before the first run:
(0.0,) when its corpus word error rate on the selection split is at most TOLERANCE above the shipped
temperatures' first run, else the shipped ones. Writes asr_temperature_<split>.json beside this script.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.asr_compare import _overridden, compare, write_result  # noqa: E402
from mer_agents.evaluation.provenance import provenance  # noqa: E402
from mer_agents.perception import asr  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402

WARMER = (0.0, 0.3, 0.6)  # the temperatures shipped when this ran
GREEDY = (0.0,)
TOLERANCE = 0.01
RUNS = 3
LANGUAGE_CLIPS = ROOT / "examples" / "languages"
SPLITS = {"selection": ROOT / "eval_sets" / "fusion_selection", "report": ROOT / "eval_sets" / "fusion"}


def language_readings(settings: Settings) -> dict[str, dict[str, list[str]]]:
    """Each example clip in another language, RUNS readings ("transcript | English translation") with each
    temperature setting."""
    out: dict[str, dict[str, list[str]]] = {}
    for clip in sorted(LANGUAGE_CLIPS.glob("*.flac")):
        audio = load_media(clip, settings).audio
        out[clip.name] = {}
        for name, temps in (("warmer", WARMER), ("greedy", GREEDY)):
            readings = []
            with _overridden({"TEMPERATURES": temps}):
                for _ in range(RUNS):
                    asr.forget_encodings(settings)
                    heard = asr.transcribe(audio, settings)
                    readings.append(f"{heard.text} | {heard.translation}")
            out[clip.name][name] = readings
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=list(SPLITS), default="selection")
    args = parser.parse_args(argv)
    folder, settings = SPLITS[args.split], Settings.from_env()
    started = provenance()
    variants = {
        "warmer": {"TEMPERATURES": WARMER},
        "warmer_again": {"TEMPERATURES": WARMER},
        "greedy": {"TEMPERATURES": GREEDY},
    }
    result = compare(folder, variants, settings)
    wer = result["wer"]
    differ = [r["name"] for r in result["items"] if r["warmer"] != r["warmer_again"]]
    languages = language_readings(settings)
    out = {
        "task": "asr_temperature",
        "split": args.split,
        "data": str((folder / "labels.json").relative_to(ROOT)),
        "n_clips": result["n_clips"],
        "reference_words": result["reference_words"],
        "wer": wer,
        "median_seconds": result["median_seconds"],
        "time_ratio_greedy_to_warmer": round(
            result["total_seconds"]["greedy"] / result["total_seconds"]["warmer"], 3
        ),
        "clips_read_differently_by_two_warmer_runs": differ,
        "clips_greedy_differs_from_warmer": sum(r["warmer"] != r["greedy"] for r in result["items"]),
        "language_clips_distinct_readings": {
            clip: {name: len(set(r)) for name, r in runs.items()} for clip, runs in languages.items()
        },
        "language_clip_readings": languages,
        "rule": f"TEMPERATURES (0.0,) when its WER <= the shipped ones' + {TOLERANCE} on the selection split",
        "command": f"python experiments/asr_decoding/asr_temperature_selection.py --split {args.split}",
        "provenance": started,
        "items": result["items"],
    }
    if args.split == "selection":
        out["pick"] = list(GREEDY) if wer["greedy"] <= wer["warmer"] + TOLERANCE else list(WARMER)
    write_result(
        Path(__file__).resolve().parent / f"asr_temperature_{args.split}.json",
        out,
        (
            "wer",
            "time_ratio_greedy_to_warmer",
            "clips_read_differently_by_two_warmer_runs",
            "language_clips_distinct_readings",
            "pick",
        ),
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
