"""perception.face: Haar detection + the vendored FER tflite model on real public-domain pictures and
frames."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mer_agents.config import Settings
from mer_agents.labels import EMOTIONS
from mer_agents.perception import face
from mer_agents.perception.media import load_media

pytestmark = pytest.mark.slow
skimage_data = pytest.importorskip("skimage.data")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module")
def astronaut() -> np.ndarray:
    return skimage_data.astronaut()


def test_smiling_face_reads_as_joy(astronaut):
    reading, flags = face.face_evidence([astronaut] * 3, [0.0, 0.5, 1.0], fps=2)
    assert reading.available and not flags
    assert max(reading.probs, key=reading.probs.get) == "joy" and reading.probs["joy"] > 0.9
    assert reading.confidence > 0.8
    assert [(p.start, p.end) for p in reading.timeline] == [(0.0, 0.5), (0.5, 1.0), (1.0, 1.5)]
    assert reading.cues["face_frames"] == 3 and reading.cues["top_expression"] == "joy"


def test_composed_face_reads_as_neutral():
    matplotlib = pytest.importorskip("matplotlib")
    import cv2

    path = Path(matplotlib.get_data_path()) / "sample_data" / "grace_hopper.jpg"
    rgb = cv2.cvtColor(cv2.imread(str(path)), cv2.COLOR_BGR2RGB)
    reading, _ = face.face_evidence([rgb], [0.0], fps=2)
    assert max(reading.probs, key=reading.probs.get) == "neutral"


def test_example_clip_frames_read_as_joy():
    media = load_media(EXAMPLES / "happy_news.mp4", Settings())
    reading, flags = face.face_evidence(media.frames, media.frame_times, fps=2)
    assert reading.available and not flags
    assert reading.cues["face_share"] == 1.0  # tracked through every sampled frame
    assert len(reading.timeline) == len(media.frames)
    assert reading.probs["joy"] > 0.9


def test_no_face_is_flagged():
    reading, flags = face.face_evidence([skimage_data.coffee()] * 2, [0.0, 0.5], fps=2)
    assert not reading.available and reading.confidence == 0
    assert [f.code for f in flags] == ["no_face"]


def test_dark_frames_are_flagged(astronaut):
    dark = (astronaut * 0.1).astype(np.uint8)
    _, flags = face.face_evidence([dark] * 2, [0.0, 0.5], fps=2)
    assert "dark_frames" in {f.code for f in flags}


def test_several_faces_follow_the_largest(astronaut):
    import cv2

    small = cv2.resize(astronaut, (384, 384))
    canvas = np.full((512, 512 + 384, 3), 128, np.uint8)
    canvas[:, :512] = astronaut
    canvas[64:448, 512:] = small[:, ::-1]
    reading, flags = face.face_evidence([canvas] * 2, [0.0, 0.5], fps=2)
    assert "several_faces" in {f.code for f in flags}
    boxes = face.detect_faces(cv2.cvtColor(canvas, cv2.COLOR_RGB2GRAY))
    assert len(boxes) >= 2 and boxes[0][0] < 512  # the largest face is the full-size one, on the left


def test_no_frames_means_unavailable():
    reading, flags = face.face_evidence([], [], fps=2)
    assert not reading.available and flags == []


def test_expression_probs_cover_the_meld_labels(astronaut):
    probs = face.expression_probs(np.full((64, 64), 128, np.uint8))
    assert set(probs) == set(EMOTIONS) and sum(probs.values()) == pytest.approx(1.0, abs=1e-4)


def test_runs_without_the_fer_package():
    """The vendored model needs neither `fer` nor tensorflow: block both imports and read a face."""
    code = (
        "import sys; sys.modules['fer'] = None; sys.modules['tensorflow'] = None\n"
        "import skimage.data\n"
        "from mer_agents.perception.face import face_evidence\n"
        "r, _ = face_evidence([skimage.data.astronaut()], [0.0], 2)\n"
        "assert max(r.probs, key=r.probs.get) == 'joy'\n"
    )
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]


def _hammer(call, inputs, times: int) -> list[BaseException]:
    """Call `call(x)` `times` times in one thread per input, all at once; the exceptions raised."""
    import threading

    errors: list[BaseException] = []

    def work(x):
        try:
            for _ in range(times):
                call(x)
        except BaseException as exc:  # noqa: BLE001 - collected for the caller's assertion
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(x,)) for x in inputs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_expression_probs_is_safe_across_threads():
    """The Live face meter and a turn's perception share one interpreter (a crash seen in the browser
    test)."""
    from mer_agents.perception.face import INPUT_SIDE, expression_probs

    rng = np.random.default_rng(0)
    faces = [rng.integers(0, 255, (INPUT_SIDE, INPUT_SIDE), dtype=np.uint8) for _ in range(4)]

    def call(face):
        assert abs(sum(expression_probs(face).values()) - 1.0) < 1e-6

    errors = _hammer(call, faces, 50)
    assert not errors, errors[0]


def test_detect_faces_is_safe_across_threads(astronaut):
    """OpenCV's CascadeClassifier is not reentrant: the Live face meter and a turn's perception detecting at
    once on frames of different sizes raised `0 <= scaleIdx` (seen in CI's browser test)."""
    import cv2

    gray = cv2.cvtColor(astronaut, cv2.COLOR_RGB2GRAY)
    frames = [gray, cv2.resize(gray, (240, 240)), gray[:300, :400], cv2.resize(gray, (160, 120))]
    errors = _hammer(face.detect_faces, frames, 40)
    assert not errors, errors[0]
    assert face.detect_faces(gray)  # and the astronaut's face is still found
