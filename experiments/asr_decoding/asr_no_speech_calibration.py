"""Whisper's p(no speech) on a trimmed window, mapped back to the full window's scale (issue #14).

    .venv/bin/python experiments/asr_decoding/asr_no_speech_calibration.py --split selection  # fits the map
    .venv/bin/python experiments/asr_decoding/asr_no_speech_calibration.py --split report     # fits nothing

perception.asr reads Whisper's full 30 s window because p(no speech) is not calibrated on a trimmed one: it
rises as the padding shrinks (happy_news.mp4: 0.32 full, 0.53 with 3 s of padding, the same words), and three
rules read it (faster-whisper's window skip, asr.DROP_SEGMENT_NO_SPEECH, perception.LOW_ASR_NO_SPEECH).
Here every clip is transcribed on the full window and on the trimmed one (content + PAD_S, the pad
asr_window_selection.py chose), with the skip and drop rules off so that each gives its raw p; a clip's p is
the duration-weighted mean over its segments, as perception's flag reads it. On the selection split the map
logit(p_full) = a + b · logit(p_trimmed) is fitted by least squares (fixed before the first run). The report
split (and the app's example clips, unseen) gives the error of the raw and the mapped p against the full
window's, and how often each rule decides as it does on the full window. Writes
asr_no_speech_<split>.json beside this script.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.asr_compare import _overridden  # noqa: E402
from mer_agents.evaluation.provenance import provenance  # noqa: E402
from mer_agents.perception import LOW_ASR_LOGPROB, LOW_ASR_NO_SPEECH, asr  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402

PAD_S = 3.0
SPLITS = {"selection": ROOT / "eval_sets" / "fusion_selection", "report": ROOT / "eval_sets" / "fusion"}
EXAMPLES = ("happy_news.mp4", "sad_loss.mp4", "no_face.mp4", "worried_audio_only.mp3")
# raw readings: no skip, no drop, no retry, and the trimmed window's p left unmapped (the identity map)
RAW = {
    "NO_SPEECH_THRESHOLD": None,
    "DROP_SEGMENT_NO_SPEECH": 1.01,
    "RETRY_FULL_WINDOW": False,
    "NO_SPEECH_MAP": (0.0, 1.0),
}
OUT = Path(__file__).resolve().parent / "asr_no_speech_{split}.json"


def clip_reading(audio: np.ndarray, settings: Settings, pad_s: float | None) -> dict[str, Any] | None:
    """The clip's duration-weighted mean p(no speech) and token log-prob, raw (no skip, no drop)."""
    with _overridden({**RAW, "WINDOW_PAD_S": pad_s}):
        heard = asr.transcribe(audio, settings)
    if not heard.segments:
        return None
    logprob, p = asr.segment_means(heard.segments)
    return {"p": round(p, 4), "logprob": round(logprob, 4), "text": heard.text}


def rules(p: float, logprob: float) -> dict[str, bool]:
    """The three decisions that read p(no speech), for one clip-level reading."""
    return {
        "skip": p > asr.NO_SPEECH_THRESHOLD and logprob < asr.LOG_PROB_THRESHOLD,
        "drop": p > asr.DROP_SEGMENT_NO_SPEECH,
        "flag": logprob < LOW_ASR_LOGPROB or p > LOW_ASR_NO_SPEECH,
    }


def fit(items: list[dict[str, Any]]) -> dict[str, float]:
    x = np.array([asr.logit(it["trimmed"]["p"]) for it in items])
    y = np.array([asr.logit(it["full"]["p"]) for it in items])
    b, a = np.polyfit(x, y, 1)
    return {"a": round(float(a), 4), "b": round(float(b), 4)}


def summary(items: list[dict[str, Any]], a: float, b: float) -> dict[str, Any]:
    """Mean absolute error of the raw and the mapped trimmed p against the full window's, and per rule how
    many clips decide as on the full window (raw / mapped), with how many the full window fires on."""
    out: dict[str, Any] = {"n": len(items)}
    full = [it["full"] for it in items]
    raw = [it["trimmed"] for it in items]
    maps = [asr.full_window_no_speech(r["p"], (a, b)) for r in raw]
    out["mae_raw"] = round(float(np.mean([abs(r["p"] - f["p"]) for r, f in zip(raw, full)])), 4)
    out["mae_mapped"] = round(float(np.mean([abs(m - f["p"]) for m, f in zip(maps, full)])), 4)
    for rule in ("skip", "drop", "flag"):
        want = [rules(f["p"], f["logprob"])[rule] for f in full]
        got_raw = [rules(r["p"], r["logprob"])[rule] for r in raw]
        got_map = [rules(m, r["logprob"])[rule] for m, r in zip(maps, raw)]
        out[rule] = {
            "full_fires": sum(want),
            "agree_raw": sum(w == g for w, g in zip(want, got_raw)),
            "agree_mapped": sum(w == g for w, g in zip(want, got_map)),
        }
    return out


def collect(paths: list[Path], settings: Settings) -> list[dict[str, Any]]:
    items = []
    for i, path in enumerate(paths):
        audio = load_media(path, settings).audio
        full, trimmed = clip_reading(audio, settings, None), clip_reading(audio, settings, PAD_S)
        if full is None or trimmed is None:
            print(i, path.name, "no segments on one window: left out", file=sys.stderr)
            continue
        items.append({"name": path.name, "full": full, "trimmed": trimmed})
        print(i, path.name, full["p"], trimmed["p"], file=sys.stderr)
    return items


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=list(SPLITS), default="selection")
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    folder = SPLITS[args.split]
    started = provenance()
    specs = json.loads((folder / "labels.json").read_text())
    items = collect([folder / "clips" / s["name"] for s in specs], settings)
    out: dict[str, Any] = {
        "task": "asr_no_speech",
        "split": args.split,
        "data": str((folder / "labels.json").relative_to(ROOT)),
        "pad_s": PAD_S,
        "command": f"python experiments/asr_decoding/asr_no_speech_calibration.py --split {args.split}",
        "provenance": started,
    }
    if args.split == "selection":
        out["fit"] = fit(items)
    else:
        chosen = json.loads(Path(str(OUT).format(split="selection")).read_text())["fit"]
        out["fit_from_selection"] = chosen
        examples = collect([ROOT / "examples" / name for name in EXAMPLES], settings)
        out["examples_items"] = examples
        out["examples"] = summary(examples, chosen["a"], chosen["b"])
    a, b = (out.get("fit") or out["fit_from_selection"]).values()
    out["summary"] = summary(items, a, b)
    out["items"] = items
    Path(str(OUT).format(split=args.split)).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: out[k] for k in ("fit", "fit_from_selection", "summary", "examples") if k in out}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
