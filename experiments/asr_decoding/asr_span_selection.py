"""Speech longer than one Whisper window: in one call on full windows, or in spans of at most 24 s of speech
each on a trimmed window (perception.asr.SPAN_HEARD_S), chosen on streams built from the fusion set's
selection split (issue #14: 29 s of speech cost two full 30 s windows and 59 s three).

    .venv/bin/python experiments/asr_decoding/asr_span_selection.py --split selection  # chooses
    .venv/bin/python experiments/asr_decoding/asr_span_selection.py --split report     # chooses nothing

A stream is the split's clips, in labels.json order, played one after another with STREAM_GAP_S of silence
between them until it is at least as long as its target (targets cycle through TARGETS_S: past one window,
the case the setting is about); its reference is their sentences joined. The rule, fixed before the first
run: spans when their corpus WER is at most TOLERANCE above the one call's on the selection split. Both
settings keep everything else as it ships (trimmed windows, the full-window retry). Streams are transcribed
by mer_agents.evaluation.asr_compare (settings rotated per stream, each paying for its own encodings).
Writes asr_span_<split>.json beside this script.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.asr_compare import against, compare, write_result  # noqa: E402
from mer_agents.evaluation.provenance import provenance  # noqa: E402
from mer_agents.perception import asr  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402

TARGETS_S = (32.0, 45.0, 60.0)
STREAM_GAP_S = 0.6  # longer than the VAD's min_silence_duration_ms, as between two people's sentences
TOLERANCE = 0.01
ONE_CALL = "one_call"
SPANS = "spans"
SPLITS = {"selection": ROOT / "eval_sets" / "fusion_selection", "report": ROOT / "eval_sets" / "fusion"}


def write_streams(folder: Path, out: Path, settings: Settings) -> int:
    """The split's clips joined into streams (out/clips/stream_NN.wav, out/labels.json); how many."""
    import soundfile

    specs = json.loads((folder / "labels.json").read_text())
    gap = np.zeros(int(STREAM_GAP_S * asr.SAMPLE_RATE), np.float32)
    (out / "clips").mkdir(parents=True)
    streams, audio, words = [], [], []
    for spec in specs:
        audio += [load_media(folder / "clips" / spec["name"], settings).audio, gap]
        words.append(spec["words"])
        target = TARGETS_S[len(streams) % len(TARGETS_S)]
        if sum(a.size for a in audio) >= target * asr.SAMPLE_RATE:
            name = f"stream_{len(streams):02d}.wav"
            soundfile.write(out / "clips" / name, np.concatenate(audio), asr.SAMPLE_RATE)
            streams.append({"name": name, "words": " ".join(words), "seconds": target})
            audio, words = [], []
    (out / "labels.json").write_text(json.dumps(streams, indent=1))
    return len(streams)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=list(SPLITS), default="selection")
    args = parser.parse_args(argv)
    started = provenance()
    settings = Settings.from_env()
    variants = {ONE_CALL: {"SPAN_HEARD_S": None}, SPANS: {"SPAN_HEARD_S": 24.0}}
    with tempfile.TemporaryDirectory(prefix="mer-asr-spans-") as tmp:
        n = write_streams(SPLITS[args.split], Path(tmp), settings)
        print(f"{n} streams", file=sys.stderr)
        result = compare(Path(tmp), variants, settings)
    out = {
        "task": "asr_span",
        "split": args.split,
        "data": f"{(SPLITS[args.split] / 'labels.json').relative_to(ROOT)} joined into streams of "
        f"{'/'.join(f'{t:g}' for t in TARGETS_S)} s",
        **{k: v for k, v in result.items() if k != "items"},
        **against(result, ONE_CALL),
        "rule": f"spans when their WER <= the one call's + {TOLERANCE} on the selection split",
        "command": f"python experiments/asr_decoding/asr_span_selection.py --split {args.split}",
        "provenance": started,
        "items": result["items"],
    }
    if args.split == "selection":
        out["pick"] = SPANS if result["wer"][SPANS] <= result["wer"][ONE_CALL] + TOLERANCE else ONE_CALL
    write_result(
        Path(__file__).resolve().parent / f"asr_span_{args.split}.json",
        out,
        ("wer", "median_seconds", "time_ratio_to_one_call"),
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
