"""perception.speaking_face: the Face Mesh model on real stills, the track linking and matching rules, and
the answered speaker's face found in the generated two- and three-face conversations
(eval_sets/speaking_faces)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mer_agents.config import Settings
from mer_agents.perception import face, speaking_face
from mer_agents.perception.media import load_media
from mer_agents.types import SpeakerTurn

ROOT = Path(__file__).resolve().parents[1]
CLIPS = ROOT / "eval_sets" / "speaking_faces"
STILLS = ROOT / "eval_sets" / "fusion" / "faces"


def _label(name: str) -> dict:
    return json.loads((CLIPS / f"{name}.json").read_text(encoding="utf-8"))


def _turns(label: dict) -> list[SpeakerTurn]:
    return [SpeakerTurn(speaker=t["speaker"], start=t["start"], end=t["end"]) for t in label["turns"]]


def _still(name: str) -> np.ndarray:
    import cv2

    return cv2.cvtColor(cv2.imread(str(STILLS / name)), cv2.COLOR_BGR2RGB)


def test_link_follows_two_faces_and_drops_a_passing_one():
    left, right, passing = (10, 10, 50, 50), (200, 12, 48, 48), (120, 100, 40, 40)
    frames = [(i * 0.5, [left, right] + ([passing] if i == 3 else [])) for i in range(10)]
    frames[5] = (2.5, [right])  # the left face missed once
    tracks = speaking_face.link(frames, len(frames))
    assert [len(t.times) for t in tracks] == [9, 10]  # left to right; the one-frame face is not a track
    assert [t.index for t in tracks] == [0, 1] and tracks[0].centre_x < tracks[1].centre_x


def test_assign_takes_the_highest_contrast_first_and_one_face_each():
    table = {"S1": [0.05, 0.04], "S2": [0.06, 0.03], "S3": [0.001, None]}
    assert speaking_face.assign(table, 0.005) == {"S2": 0, "S1": 1}  # S3 below the minimum: not guessed
    assert speaking_face.assign(table, 0.1) == {}


def test_motion_compares_successive_samples_inside_and_outside_the_turns():
    track = speaking_face.FaceTrack(index=0, times=[0.0, 0.5, 1.0, 1.5, 2.0, 2.5])
    track.openings = [0.01, 0.2, 0.05, 0.01, 0.01, None]
    spans = [(0.0, 1.0)]
    assert speaking_face.motion(track, spans, 0.5, inside=True) == pytest.approx((0.19 + 0.15) / 2)
    assert speaking_face.motion(track, spans, 0.5, inside=False) == pytest.approx(0.0)  # 1.5-2.0 only


@pytest.mark.slow
def test_face_mesh_finds_closed_lips_on_a_real_still():
    rgb = _still("london001_neutral.jpg")
    import cv2

    box = face.detect_faces(cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY))[0]
    points, presence = speaking_face.landmarks(rgb, box)
    assert presence > 0.9 and points.shape == (468, 2)
    x, y, w, h = box
    mouth = points[speaking_face.UPPER_INNER]
    assert x < mouth[0] < x + w and y + h / 2 < mouth[1] < y + h  # the lips sit in the lower half of the box
    assert speaking_face.mouth_opening(rgb, box) < 0.05  # a closed mouth
    assert speaking_face.mouth_opening(np.zeros_like(rgb), box) is None  # no face there: no landmarks


@pytest.mark.slow
@pytest.mark.parametrize("name", ["two_faces_b", "two_faces_listener", "three_faces"])
def test_each_speaker_gets_the_face_whose_lips_move_in_their_turns(name):
    label = _label(name)
    media = load_media(CLIPS / label["clip"], Settings())
    turns, answer = _turns(label), label["answer"]
    evidence, _ = face.face_evidence(media.frames, media.frame_times, media.fps, turns, answer)
    n = len(label["faces"])
    want = {f["speaker"]: speaking_face.position(f["position"], n) for f in label["faces"] if f["speaker"]}
    assert evidence.available and evidence.cues["faces"] == n
    assert evidence.cues["speaking_face"] == want  # a silent listener is nobody's face
    assert want[label["answer"]] in evidence.note
    theirs = next(f for f in label["faces"] if f["speaker"] == label["answer"])
    assert evidence.cues["top_expression"] == theirs["emotion"]


@pytest.mark.slow
def test_the_only_face_of_another_speaker_is_not_read_as_the_answered_one():
    label = _label("two_faces_b")
    media = load_media(CLIPS / label["clip"], Settings())
    half = media.frames[0].shape[1] // 2
    frames = [f[:, :half].copy() for f in media.frames]  # only the left face (S1's) is in the picture
    evidence, _ = face.face_evidence(frames, media.frame_times, media.fps, _turns(label), "S2")
    assert not evidence.available and "the only face is S1's" in evidence.note


@pytest.mark.slow
def test_perception_reads_the_answered_speakers_face_end_to_end():
    """Real path: decoding, Silero VAD, voice clustering, Whisper, the matcher on the diarized turns."""
    from mer_agents.perception import perceive

    label = _label("two_faces_a")
    evidence = perceive(CLIPS / label["clip"], Settings())
    assert evidence.speaker == label["answer"] == "S2"
    video = evidence.modalities.video
    assert video.cues["speaking_face"]["S2"] == "right"
    flag = next(f for f in evidence.flags if f.code == "several_speakers")
    assert "The face read is theirs" in flag.message and "right one of 2" in flag.message
