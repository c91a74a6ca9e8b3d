"""Conversations on video with known speaking faces: two or three faces side by side, each mouth moving only
in its speaker's turns, labels written beside them.

    .venv/bin/python experiments/who_speaks/make_face_speaker_clips.py --set report \
        --out eval_sets/speaking_faces
    .venv/bin/python experiments/who_speaks/make_face_speaker_clips.py --set select \
        --out /tmp/faces_select  # choices only

The audio and turns come from experiments/who_speaks/make_speaker_clips.py (espeak-ng voices taking turns;
same lines and voices per set, another seed). Each speaker gets a face photograph (the London Set stills of
the fusion set: `eval_sets/fusion/faces/` for `report`, `eval_sets/fusion_selection/faces/` for `select`, so
the two sets share no person); a silent listener gets one too. Their places in the frame are shuffled. The
"talking photo": while a speaker's turn sounds, their lower lip and jaw are moved down in proportion to the
loudness (50 ms RMS) and the gap is filled with a dark mouth interior; every other mouth stays still. Where
the lips are is found once per still with the Face Mesh model that perception measures with (its landmarks
place the warp; perception then re-detects every rendered frame from scratch). `<clip>.json` holds the turns
(speaker, start, end, words, stated emotion) and each face's place, speaker, person and expression. H.264 at
10 fps + AAC (ffmpeg from PATH or imageio-ffmpeg).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import soundfile as sf

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_speaker_clips as speakers  # noqa: E402
from make_examples import FFMPEG_COMMON, ffmpeg_exe  # noqa: E402

FACES = {"report": ROOT / "eval_sets/fusion/faces", "select": ROOT / "eval_sets/fusion_selection/faces"}
FACE_SIDE = 320  # each still is scaled to this square; the frame is the stills side by side
VIDEO_FPS = 10
ENVELOPE_S = 0.05  # loudness window that drives the mouth
MAX_OPEN = 0.8  # the loudest moment opens the mouth this far (share of the full jaw drop)
JAW_DROP = 0.45  # full opening: the lower lip moves down this share of the mouth width
MOUTH_COLOUR = (60, 22, 25)
EXPRESSION_EMOTION = {"happy": "joy", "neutral": "neutral"}
CLIPS = {  # name: (speakers, turns, overlap, silent listener) as in make_speaker_clips
    "report": [
        ("two_faces_a", 2, 4, False, False),
        ("two_faces_b", 2, 4, False, False),
        ("two_faces_overlap", 2, 5, True, False),
        ("two_faces_listener", 3, 4, False, True),
        ("three_faces", 3, 6, False, False),
    ],
    "select": [
        ("select_faces_a", 2, 4, False, False),
        ("select_faces_b", 2, 5, True, False),
        ("select_faces_listener", 3, 4, False, True),
        ("select_faces_three", 3, 5, False, False),
    ],
}
SEEDS = {"report": 11, "select": 10}


def stills(which: str) -> dict[str, list[Path]]:
    """person -> their stills (london*_happy / _neutral) in the set's face folder."""
    people: dict[str, list[Path]] = {}
    for path in sorted(FACES[which].glob("london*_*.jpg")):
        people.setdefault(path.stem.split("_")[0], []).append(path)
    return people


def load_face(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The still at FACE_SIDE² (RGB) and its Face Mesh landmarks."""
    import cv2

    from mer_agents.perception.face import detect_faces
    from mer_agents.perception.speaking_face import landmarks

    rgb = cv2.resize(cv2.cvtColor(cv2.imread(str(path)), cv2.COLOR_BGR2RGB), (FACE_SIDE, FACE_SIDE))
    boxes = detect_faces(cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY))
    if not boxes:
        raise SystemExit(f"no face found in {path}")
    points, presence = landmarks(rgb, boxes[0])
    if presence < 0.5:
        raise SystemExit(f"no landmarks in {path}")
    return rgb, points


def open_mouth(rgb: np.ndarray, points: np.ndarray, amount: float) -> np.ndarray:
    """The still with its jaw dropped by `amount` (0-1) and a dark mouth between the lips."""
    import cv2

    if amount <= 0:
        return rgb
    left, right, upper, lower, chin = (points[i] for i in (61, 291, 13, 14, 152))
    width = float(np.linalg.norm(right - left))
    drop = amount * JAW_DROP * width
    line = (upper[1] + lower[1]) / 2
    h, w = rgb.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    span = max(1.0, chin[1] - line)
    wy = np.where(
        ys < line, 0.0, np.where(ys <= chin[1], 1.0, np.clip(1 - (ys - chin[1]) / (0.6 * span), 0, 1))
    )
    lo, hi = min(left[0], right[0]) - 0.1 * width, max(left[0], right[0]) + 0.1 * width
    dist = np.where(xs < lo, lo - xs, np.where(xs > hi, xs - hi, 0.0))
    taper = 0.6 * width
    wx = np.where(dist < taper, 0.5 * (1 + np.cos(np.pi * np.minimum(dist, taper) / taper)), 0.0)
    out = cv2.remap(rgb, xs, (ys - drop * wy * wx).astype(np.float32), cv2.INTER_LINEAR, cv2.BORDER_REFLECT)
    mask = np.zeros((h, w), np.float32)
    centre = (int(round((left[0] + right[0]) / 2)), int(round((upper[1] + lower[1] + drop) / 2)))
    axes = (max(1, int(0.36 * width)), max(1, int((lower[1] + drop - upper[1]) / 2)))
    cv2.ellipse(mask, centre, axes, 0, 0, 360, 1.0, -1, cv2.LINE_AA)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.8, drop / 8))[..., None]
    return (out * (1 - mask) + np.array(MOUTH_COLOUR, np.float32) * mask).astype(np.uint8)


def envelope(audio: np.ndarray) -> np.ndarray:
    """50 ms RMS of the mix, scaled so that its 90th percentile over speech is 1."""
    hop = int(ENVELOPE_S * speakers.RATE)
    frames = audio[: len(audio) // hop * hop].reshape(-1, hop)
    rms = np.sqrt((frames**2).mean(axis=1))
    voiced = rms[rms > 1e-3]
    return rms / (np.percentile(voiced, 90) if voiced.size else 1.0)


def render(label: dict, faces: list[dict], audio: np.ndarray, out: Path, folder: Path) -> None:
    """The frames (10 fps) piped into ffmpeg with the audio."""
    env = envelope(audio)
    duration = len(audio) / speakers.RATE
    width, height = FACE_SIDE * len(faces), FACE_SIDE
    wav = folder / "mix.wav"
    sf.write(wav, audio, speakers.RATE)
    cmd = [
        ffmpeg_exe(), *FFMPEG_COMMON,
        "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{width}x{height}", "-r", str(VIDEO_FPS), "-i", "-",
        "-i", str(wav), "-c:v", "libx264", "-crf", "26", "-pix_fmt", "yuv420p", "-threads", "1",
        "-c:a", "aac", "-b:a", "48k", "-ac", "1", "-shortest", "-map_metadata", "-1", str(out),
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
    for i in range(int(duration * VIDEO_FPS) + 1):
        t = i / VIDEO_FPS
        loud = float(env[min(len(env) - 1, int(t / ENVELOPE_S))])
        tiles = []
        for face in faces:
            speaking = any(
                turn["speaker"] == face["speaker"] and turn["start"] <= t <= turn["end"]
                for turn in label["turns"]
            )
            amount = MAX_OPEN * min(1.0, loud) if speaking else 0.0
            tiles.append(open_mouth(face["rgb"], face["points"], amount))
        proc.stdin.write(np.hstack(tiles).tobytes())
    proc.stdin.close()
    if proc.wait() != 0:
        raise SystemExit(f"ffmpeg failed: {proc.stderr.read().decode()[-500:]}")


def build(spec: tuple, which: str, rng: random.Random, out_dir: Path, folder: Path) -> dict:
    audio, label = speakers.build_clip(spec, which, rng, folder)
    name = spec[0]
    people = stills(which)
    chosen = rng.sample(sorted(people), spec[1])
    places = list(range(spec[1]))
    rng.shuffle(places)
    faces = []
    for k, person in enumerate(chosen):
        path = rng.choice(people[person])
        rgb, points = load_face(path)
        expression = path.stem.split("_")[1]
        speaker = f"S{k + 1}" if k < label["talking_speakers"] else None
        faces.append(
            {
                "place": places[k],
                "speaker": speaker,
                "person": person,
                "still": path.name,
                "expression": expression,
                "emotion": EXPRESSION_EMOTION[expression],
                "rgb": rgb,
                "points": points,
            }
        )
    faces.sort(key=lambda f: f["place"])
    render(label, faces, audio, out_dir / f"{name}.mp4", folder)
    label["clip"] = f"{name}.mp4"
    label["faces"] = [
        {k: v for k, v in face.items() if k not in ("rgb", "points", "place")} | {"position": i}
        for i, face in enumerate(faces)
    ]
    return label


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=sorted(CLIPS), required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEEDS[args.set])
    with tempfile.TemporaryDirectory() as tmp:
        for spec in CLIPS[args.set]:
            label = build(spec, args.set, rng, args.out, Path(tmp))
            (args.out / f"{spec[0]}.json").write_text(json.dumps(label, indent=1) + "\n", encoding="utf-8")
            who = ", ".join(f"{f['speaker'] or 'listener'}={f['still']}" for f in label["faces"])
            print(f"{label['clip']}: {len(label['turns'])} turns; left to right: {who}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
