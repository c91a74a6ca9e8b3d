"""`python -m mer_agents perceive PATH --json OUT.json`: the perception evidence of one clip, and a summary.

The JSON is `Evidence.model_dump(mode="json")`: top-level duration_s, transcript, language, segments,
modalities{text,audio,video}{available,probs,confidence,timeline,cues}, flags, timings. A bad file raises
MediaError, which the CLI prints as one line (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mer_agents.commands import add_setting, settings_from_args
from mer_agents.labels import MODALITIES
from mer_agents.types import Evidence

BAR_WIDTH = 20
TRANSCRIPT_CHARS = 300


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from mer_agents.perception.media import AUDIO_EXTENSIONS, VIDEO_EXTENSIONS

    kinds = [", ".join(sorted(e.lstrip(".") for e in exts)) for exts in (VIDEO_EXTENSIONS, AUDIO_EXTENSIONS)]
    parser.add_argument("path", type=Path, help=f"video ({kinds[0]}) or audio ({kinds[1]})")
    parser.add_argument("--json", type=Path, default=None, metavar="OUT.json", help="write the evidence here")
    add_setting(parser, "fps", "frames sampled per second")
    add_setting(parser, "max_duration_s", "refuse clips longer than this many seconds")
    add_setting(parser, "first_seconds", "analyse only the first N seconds")
    add_setting(parser, "speaker", "several speakers: whom to read (S1, S2, …; default: the last to speak)")
    parser.add_argument(
        "--context",
        nargs="*",
        default=[],
        metavar="TURN",
        help="preceding dialogue turns, oldest first, for the text-emotion head",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress messages on stderr")


def _bar(p: float) -> str:
    filled = int(round(p * BAR_WIDTH))
    return "█" * filled + "·" * (BAR_WIDTH - filled)


def summary(evidence: Evidence) -> str:
    """One screen: duration, transcript, each modality's top emotions and confidence, flags, timings."""
    lines = [
        f"{evidence.source}: {evidence.duration_s:.1f} s"
        + (
            f" (analysed {evidence.analysed_s:.1f} s)"
            if evidence.analysed_s < evidence.duration_s - 0.05
            else ""
        )
        + f", audio {'yes' if evidence.has_audio else 'no'}, video {'yes' if evidence.has_video else 'no'}"
    ]
    for turn in evidence.speakers:
        mark = "→" if turn.speaker == evidence.speaker else " "
        reading = f" ({turn.emotion})" if turn.emotion else ""
        lines.append(f"{mark} {turn.speaker} {turn.start:5.1f}-{turn.end:5.1f} s{reading}: {turn.text}")
    if evidence.transcript:
        text = evidence.transcript
        text = text if len(text) <= TRANSCRIPT_CHARS else text[: TRANSCRIPT_CHARS - 1] + "…"
        lang = (
            f" [{evidence.language} {evidence.language_prob:.2f}]"
            if evidence.language_prob is not None
            else ""
        )
        whose = f" of {evidence.speaker}" if evidence.speaker else ""
        lines.append(f'transcript{whose}{lang}: "{text}"')
        if evidence.translation:
            lines.append(f'English translation (read by the text head): "{evidence.translation}"')
    for name in MODALITIES:
        m = getattr(evidence.modalities, name)
        if not m.available:
            lines.append(f"  {name:<5}  unavailable: {m.note}")
            continue
        ranked = sorted(m.probs.items(), key=lambda kv: -kv[1])[:3]
        lines.append(
            f"  {name:<5}  {ranked[0][0]:<8} {_bar(ranked[0][1])} "
            + "  ".join(f"{label} {p:.2f}" for label, p in ranked)
            + f"   confidence {m.confidence:.2f}, {len(m.timeline)} timeline points"
        )
    audio = evidence.modalities.audio
    if audio.available:
        c = audio.cues
        lines.append(
            f"  voice  arousal {c.get('arousal', 0):+.2f}, valence {c.get('valence', 0):+.2f}, "
            f"F0 {c.get('f0_median_hz')} Hz, range {c.get('pitch_range_st')} st, "
            f"{c.get('loudness_dbfs')} dBFS, {c.get('rate_syl_s')} syl/s, {c.get('pause_count')} pauses"
        )
    for flag in evidence.flags:
        lines.append(f"  ! {flag.code}: {flag.message}")
    if evidence.timings:
        lines.append("  timings: " + ", ".join(f"{k} {v:.2f}s" for k, v in evidence.timings.items()))
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    from mer_agents.perception import perceive

    settings = settings_from_args(args)
    progress = None if args.quiet else (lambda message: print(message, file=sys.stderr, flush=True))
    evidence = perceive(args.path, settings, context=args.context, progress=progress)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(
            json.dumps(evidence.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
        )
    print(summary(evidence))
    if args.json is not None:
        print(f"evidence written to {args.json}")
    return 0
