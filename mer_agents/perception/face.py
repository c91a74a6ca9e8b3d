"""Face: OpenCV Haar frontal-face detection on the sampled frames → FER expression probabilities over time.

The expression model is `emotion_model_quantized.tflite` from the `fer` package (MIT, Justin Shenk), vendored
in assets/fer/ and run with ai-edge-litert; `fer` itself is never imported (it pulls in tensorflow). The crop
and normalisation follow fer's own `detect_emotions`: grey frame padded by 40 px, box made square and widened
by 10 px, resized to 64x64, scaled to [-1, 1]. Its 7 classes map one to one onto the MELD labels.

Per frame the largest face is followed (a second face at least SECOND_FACE_AREA of its size counts towards
the several_faces flag, counted on the full scans); between full scans (every FULL_SCAN_EVERY-th frame) only
the region around the previous face is searched, which keeps detection cheap on 2 cores. The clip reading is
the mean over frames with a face, and confidence is the share of frames with a face times the mean top
probability.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from mer_agents.cache import load_once
from mer_agents.errors import ModelError
from mer_agents.labels import top_emotion
from mer_agents.types import Flag, ModalityEvidence, SpeakerTurn, TimePoint

ASSET = Path(__file__).resolve().parents[2] / "assets" / "fer" / "emotion_model_quantized.tflite"
MODEL_NAME = (
    "OpenCV Haar frontal face + FER emotion_model_quantized.tflite (fer 25.10.3, MIT) on ai-edge-litert"
)
FER_LABELS = ("angry", "disgust", "fear", "happy", "sad", "surprise", "neutral")  # fer's _get_labels order
TO_MELD = {
    "angry": "anger",
    "disgust": "disgust",
    "fear": "fear",
    "happy": "joy",
    "sad": "sadness",
    "surprise": "surprise",
    "neutral": "neutral",
}
INPUT_SIDE = 64
PADDING = 40  # fer pads the grey frame by this before cropping
OFFSET = 10  # fer widens each square box by this on every side
SCALE_FACTOR = 1.15  # Haar pyramid step (fer uses 1.1; 1.15 halves the cost, same hits on talking heads)
MIN_NEIGHBORS = 5
DETECT_SIDE = 320  # faces are searched on a copy with this longer side; crops come from the full frame
MIN_FACE_FRACTION = 0.1  # ignore faces smaller than this share of the shorter frame side
MIN_FACE_PX = 24  # the cascade's own window
FULL_SCAN_EVERY = 4  # between full scans, search only around the previous face (cheap tracking)
TRACK_MARGIN = 0.5  # the search region is the previous box widened by this share on every side
SECOND_FACE_AREA = 0.25  # a second face counts if its area is at least this share of the largest
SEVERAL_FACES_SHARE = 0.3  # flag when this share of face frames show more than one face
DARK_LUMA = 40.0  # mean luminance (0-255) below this = a very dark frame
DARK_SHARE = 0.5  # flag when this share of frames is very dark
THIN_FACE_SHARE = 0.5  # a face in fewer than this share of frames: say so in the note


@load_once
def _cascade():
    import cv2

    path = Path(cv2.data.haarcascades) / "haarcascade_frontalface_default.xml"
    cascade = cv2.CascadeClassifier(str(path))
    if cascade.empty():
        raise ModelError(f"OpenCV's Haar face cascade could not be loaded from {path}")
    return cascade


def tflite_interpreter(path: Path, what: str):
    """A vendored TFLite model on ai-edge-litert, one thread, tensors allocated; ModelError when missing."""
    if not path.exists():
        raise ModelError(f"the {what} model is missing: {path}")
    try:
        from ai_edge_litert.interpreter import Interpreter
    except ImportError as exc:  # pragma: no cover - install problem
        raise ModelError("ai-edge-litert is not installed (pip install ai-edge-litert)") from exc
    interpreter = Interpreter(model_path=str(path), num_threads=1)
    interpreter.allocate_tensors()
    return interpreter


@load_once
def _interpreter():
    return tflite_interpreter(ASSET, "face-expression")


def warm_up() -> None:
    """Load the cascade and the expression model and run one blank face through it."""
    _cascade()
    expression_probs(np.zeros((INPUT_SIDE, INPUT_SIDE), np.uint8))


_DETECT_LOCK = threading.Lock()  # one shared Haar cascade: detectMultiScale is not reentrant, and the Live
# face meter and a turn's perception detecting at once crashed (`0 <= scaleIdx`, or a segfault)


def detect_faces(
    gray: np.ndarray, around: tuple[int, int, int, int] | None = None
) -> list[tuple[int, int, int, int]]:
    """Frontal faces as (x, y, w, h) in `gray` coordinates, largest first.

    Searches a DETECT_SIDE copy of the frame, or only the region around a previous box when `around` is given.
    """
    import cv2

    x0 = y0 = 0
    region = gray
    min_side = max(MIN_FACE_PX, int(MIN_FACE_FRACTION * min(gray.shape[:2])))
    if around is not None:
        x, y, w, h = around
        mx, my = int(w * TRACK_MARGIN), int(h * TRACK_MARGIN)
        x0, y0 = max(0, x - mx), max(0, y - my)
        region = gray[y0 : y + h + my, x0 : x + w + mx]
        min_side = max(MIN_FACE_PX, int(0.6 * min(w, h)))
    scale = min(1.0, DETECT_SIDE / max(region.shape[:2]))
    small = (
        region
        if scale == 1.0
        else cv2.resize(
            region,
            (max(1, int(region.shape[1] * scale)), max(1, int(region.shape[0] * scale))),
            interpolation=cv2.INTER_AREA,
        )
    )
    side = max(MIN_FACE_PX, int(min_side * scale))
    if min(small.shape[:2]) < side:
        return []
    with _DETECT_LOCK:
        boxes = _cascade().detectMultiScale(
            small, scaleFactor=SCALE_FACTOR, minNeighbors=MIN_NEIGHBORS, minSize=(side, side)
        )
    found = [
        (x0 + int(bx / scale), y0 + int(by / scale), int(bw / scale), int(bh / scale))
        for bx, by, bw, bh in (boxes if len(boxes) else [])
    ]
    return sorted(found, key=lambda b: b[2] * b[3], reverse=True)


def _crop(gray: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """fer's crop: pad the frame with the mean of its bottom rows, square the box, widen it, 64x64."""
    import cv2

    fill = float(gray[-2:].mean())
    padded = cv2.copyMakeBorder(gray, PADDING, PADDING, PADDING, PADDING, cv2.BORDER_CONSTANT, value=fill)
    x, y, w, h = box
    if h > w:
        x, w = x - (h - w) // 2, h
    elif w > h:
        y, h = y - (w - h) // 2, w
    x1, y1 = max(0, x - OFFSET + PADDING), max(0, y - OFFSET + PADDING)
    x2, y2 = x + w + OFFSET + PADDING, y + h + OFFSET + PADDING
    return cv2.resize(padded[y1:y2, x1:x2], (INPUT_SIDE, INPUT_SIDE))


_INVOKE_LOCK = threading.Lock()  # one shared TFLite interpreter: the Live face meter and a turn's perception
# both call it, and a concurrent set_tensor/invoke raises "at least 1 reference to internal data"


def expression_probs(face64: np.ndarray) -> dict[str, float]:
    """FER probabilities for one 64x64 grey face, keyed by MELD label."""
    interpreter = _interpreter()
    x = ((face64.astype(np.float32) / 255.0) - 0.5) * 2.0
    with _INVOKE_LOCK:
        interpreter.set_tensor(
            interpreter.get_input_details()[0]["index"], x.reshape(1, INPUT_SIDE, INPUT_SIDE, 1)
        )
        interpreter.invoke()
        out = interpreter.get_tensor(interpreter.get_output_details()[0]["index"])[0].astype(np.float64)
    out = np.clip(out, 0.0, None)
    out = out / out.sum() if out.sum() > 0 else np.full(len(FER_LABELS), 1.0 / len(FER_LABELS))
    return {TO_MELD[label]: float(p) for label, p in zip(FER_LABELS, out)}


def face_evidence(
    frames: list[np.ndarray],
    times: list[float],
    fps: float,
    turns: Sequence[SpeakerTurn] = (),
    target: str | None = None,
) -> tuple[ModalityEvidence, list[Flag]]:
    """The video modality: per-frame expression of one face, averaged; flags for faces and light.

    The face is the largest, or, when `turns` hold several speakers, the answered speaker's (`target`), told
    by whose lips move in their turns (perception/speaking_face.py).
    """
    if not frames:
        return ModalityEvidence(available=False, model=MODEL_NAME, note="no video track"), []
    if target is not None and len({t.speaker for t in turns}) > 1:
        found, matching = _speaker_face_evidence(frames, times, fps, turns, target)
        if found is not None:
            return found
        evidence, flags = _largest_face_evidence(frames, times, fps)
        if evidence.available:
            evidence.cues.update(matching)
            evidence.note = " ".join(
                part
                for part in (evidence.note, f"could not tell which face is {target}'s: read the largest")
                if part
            )
        return evidence, flags
    return _largest_face_evidence(frames, times, fps)


def _largest_face_evidence(
    frames: list[np.ndarray], times: list[float], fps: float
) -> tuple[ModalityEvidence, list[Flag]]:
    """The largest face of each frame, followed cheaply between full scans."""
    import cv2

    step = 1.0 / fps
    timeline: list[TimePoint] = []
    per_frame: list[dict[str, float]] = []
    face_sizes: list[float] = []
    multi = dark = full_scans_with_face = 0
    lumas: list[float] = []
    previous: tuple[int, int, int, int] | None = None
    for i, (frame, t) in enumerate(zip(frames, times)):
        gray = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
        luma = float(gray.mean())
        lumas.append(luma)
        dark += luma < DARK_LUMA
        full_scan = previous is None or i % FULL_SCAN_EVERY == 0
        boxes = detect_faces(gray) if full_scan else detect_faces(gray, around=previous)
        if not boxes and not full_scan:
            full_scan, boxes = True, detect_faces(gray)
        previous = boxes[0] if boxes else None
        if not boxes:
            continue
        largest = boxes[0]
        area = largest[2] * largest[3]
        if full_scan:
            full_scans_with_face += 1
            if len(boxes) > 1 and boxes[1][2] * boxes[1][3] >= SECOND_FACE_AREA * area:
                multi += 1
        probs = expression_probs(_crop(gray, largest))
        per_frame.append(probs)
        face_sizes.append(largest[2] / min(gray.shape[:2]))
        timeline.append(TimePoint(start=round(t, 3), end=round(t + step, 3), probs=probs))

    n, n_face = len(frames), len(per_frame)
    flags = _light_flags(dark, n)
    cues = {
        "frames": n,
        "face_frames": n_face,
        "several_face_frames": multi,
        "mean_luminance": round(float(np.mean(lumas)), 1),
    }
    if n_face == 0:
        flags.append(Flag(code="no_face", message=f"no face was found in any of the {n} sampled frames"))
        return ModalityEvidence(
            available=False, model=MODEL_NAME, cues=cues, note="no face found in the sampled frames"
        ), flags
    if multi and multi / max(1, full_scans_with_face) >= SEVERAL_FACES_SHARE:
        flags.append(
            Flag(
                code="several_faces",
                message=(
                    f"more than one face in {multi} of {full_scans_with_face} scanned frames with a face: "
                    "following the largest"
                ),
            )
        )
    mean, confidence, reading = _averaged(per_frame, n)
    cues.update({**reading, "mean_face_size": round(float(np.mean(face_sizes)), 3)})
    note = f"a face in only {n_face} of {n} sampled frames" if n_face / n < THIN_FACE_SHARE else ""
    return ModalityEvidence(
        available=True,
        probs=mean,
        confidence=confidence,
        timeline=timeline,
        cues=cues,
        model=MODEL_NAME,
        note=note,
    ), flags


def _averaged(per_frame: list[dict[str, float]], n: int) -> tuple[dict[str, float], float, dict]:
    """(mean expression over the frames with the face, confidence = the share of the n frames it is in × its
    mean top probability, the cues they rest on)."""
    mean = {label: float(np.mean([p[label] for p in per_frame])) for label in per_frame[0]}
    top_mean = float(np.mean([max(p.values()) for p in per_frame]))
    share = len(per_frame) / n
    cues = {
        "face_share": round(share, 3),
        "top_expression": top_emotion(mean)[0],
        "mean_top_prob": round(top_mean, 3),
    }
    return mean, round(min(1.0, share * top_mean), 3), cues


def _light_flags(dark: int, n: int) -> list[Flag]:
    if dark / max(1, n) < DARK_SHARE:
        return []
    return [
        Flag(
            code="dark_frames",
            message=(
                f"{dark} of {n} sampled frames are very dark (mean luminance < {DARK_LUMA:g}/255): "
                "faces are hard to read"
            ),
        )
    ]


def _speaker_face_evidence(
    frames: list[np.ndarray],
    times: list[float],
    fps: float,
    turns: Sequence[SpeakerTurn],
    target: str,
) -> tuple[tuple[ModalityEvidence, list[Flag]] | None, dict]:
    """The answered speaker's face, or None when no face can be told to be theirs (the caller then reads the
    largest and says so), with the matching's cues. Every frame is scanned fully; see
    perception/speaking_face.py for the matching."""
    import cv2

    from mer_agents.perception import speaking_face as sf

    step = 1.0 / fps
    grays = [cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY) for frame in frames]
    dark = sum(float(g.mean()) < DARK_LUMA for g in grays)
    detections = []
    for gray, t in zip(grays, times):
        boxes = detect_faces(gray)
        if boxes:
            largest = boxes[0][2] * boxes[0][3]
            boxes = [b for b in boxes if b[2] * b[3] >= SECOND_FACE_AREA * largest]
        detections.append((t, boxes))
    tracks = sf.link(detections, len(frames))
    if not tracks:
        return None, {"speaking_face": {}, "faces": 0}
    at = {t: i for i, t in enumerate(times)}
    for track in tracks:
        track.openings = [sf.mouth_opening(frames[at[t]], box) for t, box in zip(track.times, track.boxes)]
    table = sf.contrasts(tracks, turns, step)
    chosen = sf.assign(table)
    places = {name: sf.position(k, len(tracks)) for name, k in chosen.items()}
    cues: dict = {
        "frames": len(frames),
        "faces": len(tracks),
        "speaking_face": places,
        "lip_motion_contrast": {
            name: [None if c is None else round(c, 4) for c in row] for name, row in table.items()
        },
        "landmark_model": sf.MODEL_NAME,
    }
    flags = _light_flags(dark, len(frames))
    if target not in chosen:
        if len(tracks) == 1 and chosen:
            owner = next(iter(chosen))
            note = f"the only face is {owner}'s (its lips move in {owner}'s turns), not {target}'s"
            return (ModalityEvidence(available=False, model=MODEL_NAME, cues=cues, note=note), flags), cues
        return None, cues
    track = tracks[chosen[target]]
    per_frame = [expression_probs(_crop(grays[at[t]], box)) for t, box in zip(track.times, track.boxes)]
    timeline = [
        TimePoint(start=round(t, 3), end=round(t + step, 3), probs=probs)
        for t, probs in zip(track.times, per_frame)
    ]
    mean, confidence, reading = _averaged(per_frame, len(frames))
    cues.update({"face_frames": len(per_frame), **reading})
    note = (
        f"{target}'s face: the {places[target]} one of {len(tracks)} (its lips move in {target}'s turns)"
        if len(tracks) > 1
        else f"{target}'s face: its lips move in {target}'s turns"
    )
    return (
        ModalityEvidence(
            available=True,
            probs=mean,
            confidence=confidence,
            timeline=timeline,
            cues=cues,
            model=f"{MODEL_NAME}; speaking face by {sf.MODEL_NAME}",
            note=note,
        ),
        flags,
    ), cues
