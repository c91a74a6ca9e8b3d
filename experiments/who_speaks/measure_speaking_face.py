"""Which face speaks: how often each speaker gets their own face, and whether the answered speaker's face is
read as its expression, on labelled clips from experiments/who_speaks/make_face_speaker_clips.py.

    .venv/bin/python experiments/who_speaks/measure_speaking_face.py --clips /tmp/faces_select \
        --grid 0,0.005,0.01,0.02,0.04
    .venv/bin/python experiments/who_speaks/measure_speaking_face.py --clips eval_sets/speaking_faces \
        --end-to-end

With the labelled turns (oracle diarization) it isolates the face matcher: per talking speaker, right (their
own face), wrong (another face) or none (no face told to be theirs). --grid scores every min_contrast in the
list (the `select` set chooses speaking_face.MIN_CONTRAST: the most right minus wrong, ties to the larger
value, i.e. the more cautious). --end-to-end also runs perception as the app does (Silero VAD, voice
clustering, the matcher on the diarized turns) and checks the answered speaker's face and its expression.
Baseline: the largest face of each frame, which is what perception read before the matcher.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from mer_agents.config import Settings  # noqa: E402
from mer_agents.labels import top_emotion  # noqa: E402
from mer_agents.perception import face, speaking_face  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402
from mer_agents.types import SpeakerTurn  # noqa: E402


def oracle(label: dict) -> list[SpeakerTurn]:
    return [SpeakerTurn(speaker=t["speaker"], start=t["start"], end=t["end"]) for t in label["turns"]]


def truth(label: dict) -> dict[str, str]:
    """Talking speaker -> the place name of their face."""
    n = len(label["faces"])
    return {f["speaker"]: speaking_face.position(f["position"], n) for f in label["faces"] if f["speaker"]}


def largest_share(media, label: dict) -> float:
    """Share of the frames whose largest face is the answered speaker's (the face perception read before the
    matcher, frame by frame)."""
    import cv2

    want = truth(label)[label["answer"]]
    hits = 0
    for frame in media.frames:
        boxes = face.detect_faces(cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY))
        if boxes:
            order = sorted(boxes, key=lambda b: b[0] + b[2] / 2)
            hits += speaking_face.position(order.index(boxes[0]), len(label["faces"])) == want
    return hits / max(1, len(media.frames))


def score(table: dict[str, list], label: dict, min_contrast: float) -> dict[str, int]:
    n = len(label["faces"])
    got = {s: speaking_face.position(k, n) for s, k in speaking_face.assign(table, min_contrast).items()}
    counts = {"right": 0, "wrong": 0, "none": 0}
    for speaker, place in truth(label).items():
        counts["none" if speaker not in got else "right" if got[speaker] == place else "wrong"] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clips", type=Path, required=True)
    parser.add_argument("--grid", default="", help="comma-separated min_contrast values to score")
    parser.add_argument("--end-to-end", action="store_true", help="also run perception with diarization")
    args = parser.parse_args(argv)
    settings = Settings()
    labels = sorted(args.clips.glob("*.json"))
    grid = [float(v) for v in args.grid.split(",") if v.strip()]
    totals = {g: {"right": 0, "wrong": 0, "none": 0} for g in grid}
    shipped = {"right": 0, "wrong": 0, "none": 0}
    e2e = {"clips": 0, "face_right": 0, "expression_right": 0}
    baseline: list[float] = []
    cost = {"matcher": 0.0, "largest": 0.0}
    for path in labels:
        label = json.loads(path.read_text(encoding="utf-8"))
        clip = args.clips / label["clip"]
        media = load_media(clip, settings)
        turns = oracle(label)
        started = time.perf_counter()
        evidence, _ = face.face_evidence(media.frames, media.frame_times, media.fps, turns, label["answer"])
        seconds = time.perf_counter() - started
        started = time.perf_counter()
        largest, _ = face.face_evidence(media.frames, media.frame_times, media.fps)
        cost["matcher"] += seconds
        cost["largest"] += time.perf_counter() - started
        baseline.append(largest_share(media, label))
        table = evidence.cues.get("lip_motion_contrast", {})
        faces_found = evidence.cues.get("faces")
        counts = score(table, label, speaking_face.MIN_CONTRAST)
        for k, v in counts.items():
            shipped[k] += v
        for g in grid:
            for k, v in score(table, label, g).items():
                totals[g][k] += v
        line = f"{label['clip']}: {faces_found} faces found of {len(label['faces'])}; oracle turns: {counts}"
        if args.end_to_end:
            from mer_agents.perception import perceive

            ev = perceive(clip, settings)
            video = ev.modalities.video
            want = truth(label).get(label["answer"])
            got = video.cues.get("speaking_face", {}).get(ev.speaker or "")
            face_label = next(f for f in label["faces"] if f["speaker"] == label["answer"])
            read = top_emotion(video.probs)[0] if video.available else None
            e2e["clips"] += 1
            e2e["face_right"] += int(ev.speaker == label["answer"] and got == want)
            e2e["expression_right"] += int(read == face_label["emotion"])
            line += (
                f"; end to end: answered {ev.speaker} (label {label['answer']}), face {got} (label {want}),"
                f" read {read} (still {face_label['expression']})"
            )
        print(line, flush=True)
        for name, row in table.items():
            print(f"    {name}: " + ", ".join("-" if c is None else f"{c:+.4f}" for c in row))
    print(f"oracle turns, MIN_CONTRAST={speaking_face.MIN_CONTRAST}: {shipped}")
    for g in grid:
        print(f"  min_contrast={g}: {totals[g]} (right - wrong = {totals[g]['right'] - totals[g]['wrong']})")
    print(
        "baseline, the largest face (read before the matcher): the answered speaker's in a share of "
        f"{sum(baseline) / max(1, len(baseline)):.2f} of the frames (per clip: "
        + ", ".join(f"{v:.2f}" for v in baseline)
        + ")"
    )
    print(
        f"face reading time: matcher {cost['matcher']:.1f} s vs largest face {cost['largest']:.1f} s"
        f" ({cost['matcher'] / max(cost['largest'], 1e-9):.1f}x)"
    )
    if args.end_to_end:
        print(f"end to end: {e2e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
