"""Which face speaks: every face tracked, its lips measured by MediaPipe Face Mesh, matched to speaker turns.

With several speakers (perception/diarize.py) the face to read is the answered speaker's, not the largest.
Every sampled frame is scanned for all faces (face.detect_faces); boxes are linked into tracks by position. On
each track point the Face Mesh landmark model (assets/face_mesh/, Apache-2.0, run with ai-edge-litert) gives
the lip opening: the inner-lip gap (landmarks 13/14) over the mouth width (corners 61/291). A face that talks
opens and closes its mouth, so its opening changes from sample to sample during its speaker's turns and far
less during the others'. Per speaker and track the *motion contrast* is the mean absolute change of the
opening between successive samples inside the speaker's turns minus the same outside them. Speakers take
tracks greedily, highest contrast first, one track each, when the contrast is at least MIN_CONTRAST (chosen on
the generated `select` clips by experiments/who_speaks/measure_speaking_face.py); a speaker without one is not
guessed.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.types import SpeakerTurn

ASSET = Path(__file__).resolve().parents[2] / "assets" / "face_mesh" / "face_landmark.tflite"
MODEL_NAME = "MediaPipe Face Mesh face_landmark.tflite (mediapipe 0.10.21, Apache-2.0) on ai-edge-litert"
MESH_SIDE = 192  # the landmark model's input
ROI_SCALE = 1.5  # the face box squared and widened by this, as MediaPipe's face-landmark graph does
MIN_PRESENCE = 0.5  # the model's face-presence probability below which a crop has no usable landmarks
UPPER_INNER, LOWER_INNER, LEFT_CORNER, RIGHT_CORNER = 13, 14, 61, 291
LINK_DISTANCE = 0.5  # a box joins a track whose last centre is within this share of the box width
MIN_TRACK_SHARE = 0.3  # a track seen in fewer than this share of the frames is not a face of the clip
MAX_PAIR_GAP = 1.5  # successive samples further apart than this many frame steps are not compared
MIN_CONTRAST = 0.005  # lip-opening change (share of mouth width) a speaker's face must move more in its turns


@dataclass
class FaceTrack:
    """One face followed through the clip: per sample its time, box and lip opening."""

    index: int
    times: list[float] = field(default_factory=list)
    boxes: list[tuple[int, int, int, int]] = field(default_factory=list)
    openings: list[float | None] = field(default_factory=list)

    @property
    def centre_x(self) -> float:
        return float(np.mean([x + w / 2 for x, _, w, _ in self.boxes]))


@load_once
def _interpreter():
    from mer_agents.perception.face import tflite_interpreter

    return tflite_interpreter(ASSET, "face-landmark")


_INVOKE_LOCK = threading.Lock()  # one shared interpreter (see face._INVOKE_LOCK)


def landmarks(rgb: np.ndarray, box: tuple[int, int, int, int]) -> tuple[np.ndarray, float]:
    """The 468 Face Mesh landmarks (x, y in frame pixels) of the face in `box`, and the face's presence
    probability."""
    import cv2

    x, y, w, h = box
    side = int(round(max(w, h) * ROI_SCALE))
    x0, y0 = int(round(x + w / 2 - side / 2)), int(round(y + h / 2 - side / 2))
    padded = cv2.copyMakeBorder(rgb, side, side, side, side, cv2.BORDER_CONSTANT, value=(0, 0, 0))
    crop = padded[y0 + side : y0 + 2 * side, x0 + side : x0 + 2 * side]
    tensor = cv2.resize(crop, (MESH_SIDE, MESH_SIDE)).astype(np.float32)[None] / 255.0
    interpreter = _interpreter()
    with _INVOKE_LOCK:
        interpreter.set_tensor(interpreter.get_input_details()[0]["index"], tensor)
        interpreter.invoke()
        outputs = interpreter.get_output_details()
        points = interpreter.get_tensor(outputs[0]["index"]).reshape(-1, 3)[:, :2].astype(np.float64)
        logit = float(interpreter.get_tensor(outputs[1]["index"]).ravel()[0])
    points = points * (side / MESH_SIDE) + np.array([x0, y0], dtype=np.float64)
    return points, float(1.0 / (1.0 + np.exp(-logit)))


def lip_opening(points: np.ndarray) -> float:
    """Inner-lip gap over mouth width: about 0.01 for closed lips, 0.1-0.3 for a mouth open in speech."""
    width = float(np.linalg.norm(points[RIGHT_CORNER] - points[LEFT_CORNER]))
    return float(np.linalg.norm(points[LOWER_INNER] - points[UPPER_INNER])) / max(width, 1e-6)


def mouth_opening(rgb: np.ndarray, box: tuple[int, int, int, int]) -> float | None:
    """The lip opening of the face in `box`, or None when the landmark model finds no face there."""
    points, presence = landmarks(rgb, box)
    return lip_opening(points) if presence >= MIN_PRESENCE else None


def link(
    detections: Sequence[tuple[float, list[tuple[int, int, int, int]]]], n_frames: int
) -> list[FaceTrack]:
    """Tracks from per-frame boxes (time, boxes): each box joins the nearest open track, else starts one;
    tracks seen in fewer than MIN_TRACK_SHARE of the frames are dropped; left to right, renumbered."""
    tracks: list[FaceTrack] = []
    for t, boxes in detections:
        taken: set[int] = set()
        for box in boxes:
            cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
            best, best_d = None, LINK_DISTANCE * box[2]
            for track in tracks:
                if track.index in taken:
                    continue
                lx, ly, lw, lh = track.boxes[-1]
                d = float(np.hypot(cx - (lx + lw / 2), cy - (ly + lh / 2)))
                if d <= best_d:
                    best, best_d = track, d
            if best is None:
                best = FaceTrack(index=len(tracks))
                tracks.append(best)
            taken.add(best.index)
            best.times.append(t)
            best.boxes.append(box)
    kept = [tr for tr in tracks if len(tr.times) >= MIN_TRACK_SHARE * max(1, n_frames)]
    kept.sort(key=lambda tr: tr.centre_x)
    for i, track in enumerate(kept):
        track.index = i
    return kept


def _inside(t: float, spans: Sequence[tuple[float, float]]) -> bool:
    return any(start <= t <= end for start, end in spans)


def motion(track: FaceTrack, spans: Sequence[tuple[float, float]], step: float, inside: bool) -> float | None:
    """Mean absolute change of the lip opening between successive samples both inside (or both outside)
    `spans`; None without such a pair."""
    changes = []
    for i in range(1, len(track.times)):
        a, b = track.openings[i - 1], track.openings[i]
        t0, t1 = track.times[i - 1], track.times[i]
        if a is None or b is None or t1 - t0 > MAX_PAIR_GAP * step:
            continue
        if _inside(t0, spans) == inside and _inside(t1, spans) == inside:
            changes.append(abs(b - a))
    return float(np.mean(changes)) if changes else None


def contrasts(tracks: Sequence[FaceTrack], turns: Sequence[SpeakerTurn], step: float) -> dict[str, list]:
    """Per speaker, per track: motion inside the speaker's turns minus outside (None: no pair inside)."""
    names = list(dict.fromkeys(t.speaker for t in turns))
    table: dict[str, list] = {}
    for name in names:
        spans = [(t.start, t.end) for t in turns if t.speaker == name]
        row = []
        for track in tracks:
            inside, outside = motion(track, spans, step, True), motion(track, spans, step, False)
            row.append(None if inside is None else inside - (outside or 0.0))
        table[name] = row
    return table


def assign(table: dict[str, list], min_contrast: float = MIN_CONTRAST) -> dict[str, int]:
    """Speaker -> track index, greedily by highest contrast, one track each, none below min_contrast."""
    pairs = sorted(
        ((c, name, k) for name, row in table.items() for k, c in enumerate(row) if c is not None),
        reverse=True,
    )
    out: dict[str, int] = {}
    used: set[int] = set()
    for c, name, k in pairs:
        if c < min_contrast:
            break
        if name in out or k in used:
            continue
        out[name] = k
        used.add(k)
    return out


def position(index: int, count: int) -> str:
    """'left', 'right', 'middle' or 'face k of n (from the left)' for a track's place in the frame."""
    if count == 2:
        return ("left", "right")[index]
    if count == 3:
        return ("left", "middle", "right")[index]
    return f"face {index + 1} of {count} from the left"
