"""Whisper settings compared on the generated clips: corpus WER against the sentence each clip was made from,
and the seconds each setting takes (the scripts that choose ASR settings share this loop).

Every clip's audio is decoded once, then transcribed by perception.asr.transcribe (the path `analyze` runs:
VAD, decoding options, dropped segments) under each setting, the order rotating from clip to clip so the
machine's load falls on all settings alike. A setting is a set of asr module constants to override.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from mer_agents.config import Settings
from mer_agents.evaluation.metrics import paired_bootstrap_ci, word_edits
from mer_agents.perception import asr
from mer_agents.perception.media import load_media


def compare(folder: Path, variants: dict[str, dict[str, Any]], settings: Settings) -> dict[str, Any]:
    """{"wer", "median_seconds", "total_seconds", "full_window_retries", "reference_words", "items"} for
    each named variant, over the clips of `folder`/labels.json (each spec: "name", "words")."""
    specs = json.loads((folder / "labels.json").read_text())
    audio = {s["name"]: load_media(folder / "clips" / s["name"], settings).audio for s in specs}
    asr.transcribe(next(iter(audio.values())), settings)  # load the model before timing
    names = list(variants)
    edits, retries = dict.fromkeys(names, 0), dict.fromkeys(names, 0)
    seconds: dict[str, list[float]] = {n: [] for n in names}
    words, items = 0, []
    for i, spec in enumerate(specs):
        row = {"name": spec["name"], "words": spec["words"]}
        for name in names[i % len(names) :] + names[: i % len(names)]:
            with _overridden(variants[name]):
                asr.forget_encodings(settings)  # each setting pays for its own encoding
                t0 = time.perf_counter()
                heard = asr.transcribe(audio[spec["name"]], settings)
                seconds[name].append(time.perf_counter() - t0)
            text = heard.text
            retries[name] += heard.full_window_retry
            e, n = word_edits(spec["words"], text)
            edits[name] += e
            row[name] = text
        words += n
        items.append(row)
        print(i, {n: row[n][:50] for n in names}, file=sys.stderr)
    return {
        "n_clips": len(specs),
        "reference_words": words,
        "wer": {n: round(edits[n] / words, 4) for n in names},
        "median_seconds": {n: round(statistics.median(seconds[n]), 3) for n in names},
        "total_seconds": {n: round(sum(seconds[n]), 2) for n in names},
        "full_window_retries": retries,
        "items": items,
    }


class _overridden:
    """Set asr module constants for the duration of a `with` block, then restore them."""

    def __init__(self, values: dict[str, Any]):
        self.values, self.saved = values, {}

    def __enter__(self):
        for key, value in self.values.items():
            self.saved[key] = getattr(asr, key)
            setattr(asr, key, value)

    def __exit__(self, *exc):
        for key, value in self.saved.items():
            setattr(asr, key, value)


def wer_differences(items: list[dict[str, Any]], names: list[str], baseline: str) -> dict[str, Any]:
    """Each variant's corpus WER minus the baseline's, with a 95 % paired bootstrap interval over clips (the
    per-clip edit differences, resampled, over the mean reference words per clip), and how many clips it
    transcribed better, the same and worse, from the per-clip texts that compare() returns as "items"."""
    edits = {n: [word_edits(it["words"], it[n])[0] for it in items] for n in names}
    words = [word_edits(it["words"], "")[1] for it in items]
    scale = len(items) / sum(words)
    out = {}
    for name in names:
        if name == baseline:
            continue
        ci = paired_bootstrap_ci(edits[name], edits[baseline])
        diff = (sum(edits[name]) - sum(edits[baseline])) / sum(words)
        pairs = list(zip(edits[name], edits[baseline]))
        out[name] = {
            "wer_minus_" + baseline: round(diff, 4),
            "ci95": [round(x * scale, 4) for x in ci],
            "clips_better_same_worse": [
                sum(a < b for a, b in pairs),
                sum(a == b for a, b in pairs),
                sum(a > b for a, b in pairs),
            ],
        }
    return out


def against(result: dict[str, Any], baseline: str) -> dict[str, Any]:
    """What a selection script reports of compare()'s result beside a baseline setting: each setting's WER
    difference with its interval (wer_differences) and its time over the baseline's."""
    names = list(result["wer"])
    total = result["total_seconds"]
    return {
        f"wer_minus_{baseline}": wer_differences(result["items"], names, baseline),
        f"time_ratio_to_{baseline}": {n: round(total[n] / total[baseline], 3) for n in names},
    }


def write_result(path: Path, out: dict[str, Any], shown: tuple[str, ...]) -> None:
    """Write a selection script's OUT file and print its headline fields and its pick (if any)."""
    path.write_text(json.dumps(out, indent=1) + "\n")
    print({k: out[k] for k in shown}, out.get("pick"))
