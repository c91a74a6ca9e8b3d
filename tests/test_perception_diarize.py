"""Speaker diarization (perception/diarize.py) on the REAL path: Silero VAD spans, the Resemblyzer voice
encoder from assets/voice_encoder/, the committed multi-speaker clips of eval_sets/speakers
(experiments/who_speaks/make_speaker_clips.py) and their labels; plus the pure turn-building code on hand-made
windows."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mer_agents.config import Settings
from mer_agents.errors import MediaError
from mer_agents.perception import diarize, perceive, vad
from mer_agents.perception.media import load_media
from mer_agents.types import SpeakerTurn

ROOT = Path(__file__).resolve().parents[1]
SPEAKERS = ROOT / "eval_sets" / "speakers"
pytestmark = pytest.mark.skipif(not diarize.available(), reason="the voice encoder weights are missing")


def _spans(path: Path):
    media = load_media(path, Settings())
    return media, vad.speech_segments(media.audio, media.sample_rate)


def _label(name: str) -> dict:
    return json.loads((SPEAKERS / f"{name}.json").read_text())


def test_windows_cover_each_span_and_skip_clicks():
    wins = diarize.windows([(0.0, 0.3), (1.0, 2.0), (3.0, 6.0)])
    assert {i for i, _, _ in wins} == {1, 2}  # the 0.3 s burst gets no window of its own
    assert wins[0] == (1, 1.0, 2.0)
    long = [(s, e) for i, s, e in wins if i == 2]
    assert long[0][0] == 3.0 and long[-1][1] == 6.0 and all(e - s <= diarize.WINDOW_S + 1e-9 for s, e in long)


def test_turns_merge_runs_and_absorb_a_short_flip():
    """Pure code: a lone window of another label shorter than MIN_TURN_S joins its neighbours."""
    spans = [(0.0, 4.0), (4.5, 7.0)]
    wins = [(0, 0.25, 1.75), (0, 0.5, 2.0), (0, 0.75, 2.25), (0, 2.5, 4.0), (1, 4.5, 6.0), (1, 5.5, 7.0)]
    turns = diarize.turns_from(spans, wins, [0, 1, 0, 0, 1, 1])  # the flip owns 1.1-1.4 s only
    assert [(t.speaker, t.start, t.end) for t in turns] == [("S1", 0.0, 4.0), ("S2", 4.5, 7.0)]


def test_words_go_to_the_turn_at_their_time():
    turns = [SpeakerTurn(speaker="S1", start=0.0, end=2.0), SpeakerTurn(speaker="S2", start=2.5, end=4.0)]
    words = [(0.1, 0.4, " I"), (0.5, 0.9, " know."), (2.6, 3.0, " Me"), (3.1, 3.5, " too.")]
    words.append((4.2, 4.4, " ok"))  # after the last turn: the nearest one takes it
    assert [t.text for t in diarize.attribute(turns, words)] == ["I know.", "Me too. ok"]


@pytest.mark.parametrize("name", ["two_speakers_a", "three_speakers"])
def test_the_generated_conversations_have_their_speakers_and_turns(name):
    """Real models: the number of speakers, and each labelled turn's midpoint is given to one speaker
    consistently (a one-to-one mapping exists)."""
    label = _label(name)
    media, spans = _spans(SPEAKERS / label["clip"])
    turns = diarize.diarize(media.audio, spans)
    assert len(diarize.speakers(turns)) == label["talking_speakers"]
    mapped: dict[str, str] = {}
    for ref in label["turns"]:
        mid = (ref["start"] + ref["end"]) / 2
        hyp = next(t.speaker for t in turns if t.start - 0.2 <= mid <= t.end + 0.2)
        assert mapped.setdefault(ref["speaker"], hyp) == hyp, (ref, turns)
    assert len(set(mapped.values())) == len(mapped)


def test_a_single_speaker_clip_is_not_split():
    media, spans = _spans(ROOT / "examples" / "sad_loss.mp4")
    assert len(diarize.speakers(diarize.diarize(media.audio, spans))) <= 1


def test_a_clip_cut_mid_phrase_is_one_speaker(tmp_path):
    """Real path (benchmarks.growth.make_clip, Silero VAD, the voice encoder): sad_loss.mp4 cut at 8 s ends
    in a 1 s span ("I miss her so -") whose lone window, padded with silence, lands far from the rest; it
    covers less than MIN_SPEAKER_S of speech, so it founds no second speaker."""
    from mer_agents.benchmarks import growth

    clip = growth.make_clip(ROOT / "examples" / "sad_loss.mp4", 8, tmp_path / "sad_loss_8s")
    media, spans = _spans(clip)
    assert spans[-1][1] - spans[-1][0] < diarize.MIN_SPEAKER_S  # the cut-off phrase the rule is about
    assert len(diarize.speakers(diarize.diarize(media.audio, spans, min_speaker_s=0))) == 2  # without it
    assert len(diarize.speakers(diarize.diarize(media.audio, spans))) == 1


def _sklearn_labels(embeddings, threshold):
    from sklearn.cluster import AgglomerativeClustering

    raw = AgglomerativeClustering(
        n_clusters=None, distance_threshold=threshold, metric="cosine", linkage="average"
    ).fit_predict(embeddings)
    return diarize._first_appearance(int(r) for r in raw)


def test_clustering_matches_sklearns_average_linkage():
    """diarize.cluster (numpy) against sklearn's AgglomerativeClustering, which it replaced: random voices
    (a few centres, noisy windows) at several thresholds, and the real windows of the speaker clips."""
    pytest.importorskip("sklearn")
    rng = np.random.default_rng(0)
    for trial in range(30):
        centres = rng.standard_normal((rng.integers(1, 5), 16))
        windows = centres[rng.integers(0, len(centres), rng.integers(2, 60))]
        emb = windows + rng.standard_normal(windows.shape) * rng.uniform(0.1, 1.0)
        for threshold in (0.1, 0.3, 0.5, 0.8):
            assert diarize.cluster(emb, threshold) == _sklearn_labels(emb, threshold), (trial, threshold)
    for path in sorted(SPEAKERS.glob("*.flac")):
        media, spans = _spans(path)
        wins = diarize.windows(spans)
        emb = diarize.embed_windows(media.audio, wins)
        assert diarize.cluster(emb) == _sklearn_labels(emb, diarize.THRESHOLD), path.name


def test_a_cluster_with_too_little_speech_joins_the_nearest_speaker():
    """Pure code (hand-made unit embeddings and windows): clusters covering less than MIN_SPEAKER_S of
    speech give their windows to the nearest kept cluster by cosine; a speaker with enough speech stays."""
    import numpy as np

    def unit(*v):
        return np.array(v, float) / np.linalg.norm(v)

    a, b = unit(1, 0, 0), unit(0, 1, 0)
    wins = [(0, 0.0, 1.5), (0, 0.75, 2.25), (0, 1.5, 3.0), (1, 4.0, 5.5), (1, 4.75, 6.25)]
    wins += [(2, 7.0, 7.9), (3, 8.5, 9.3)]  # two lone short windows: 0.9 s and 0.8 s of speech
    emb = np.stack([a, a, a, b, b, unit(0.2, 0.9, 0.4), unit(0.9, 0.1, 0.4)])
    labels = [0, 0, 0, 1, 1, 2, 3]
    assert diarize.MIN_SPEAKER_S > 0.9
    assert diarize.absorb_small(emb, wins, labels) == [0, 0, 0, 1, 1, 1, 0]
    assert diarize.absorb_small(emb, wins, labels, min_speaker_s=0) == labels
    # the first to speak is too short: it joins the other, and the labels start at 0 again
    first = [(0, 0.0, 0.6), (1, 1.0, 2.5), (1, 1.75, 3.25)]
    assert diarize.absorb_small(np.stack([b, b, b]), first, [0, 1, 1]) == [0, 0, 0]
    # no cluster has enough speech: the one covering most is kept
    assert diarize.absorb_small(np.stack([a, b]), [(0, 0.0, 0.9), (1, 1.5, 2.2)], [0, 1]) == [0, 0]


@pytest.mark.slow
def test_perceive_reads_and_names_the_chosen_speaker():
    """Real perception (Whisper with word timestamps, the text head): S1's words are the transcript, the
    others' turns are context, the turns and the flag are in the evidence; a speaker the clip lacks is one
    readable MediaError naming the speakers it has."""
    label = _label("three_speakers")
    clip = SPEAKERS / label["clip"]
    ev = perceive(clip, Settings(speaker="S1"))
    assert ev.speaker == "S1" and len({t.speaker for t in ev.speakers}) == 3
    first = next(t["text"] for t in label["turns"] if t["speaker"] == "S1")
    assert first.split()[0].lower() in ev.transcript.lower().split()[0]
    assert all(not line.startswith("S1:") for line in ev.context)
    assert "several_speakers" in ev.flag_codes()
    default = perceive(clip, Settings())
    assert default.speaker == default.speakers[-1].speaker
    with pytest.raises(MediaError, match="S7 is not in this clip: it has S1, S2, S3"):
        perceive(clip, Settings(speaker="S7"))


@pytest.mark.slow
def test_analyze_with_a_speaker_the_clip_lacks_is_one_line_with_a_trace(tmp_path, capsys):
    """The real CLI: `--speaker S3` on a two-speaker clip ends in one readable line and a written trace."""
    from mer_agents.cli import main

    out = tmp_path / "trace.json"
    clip = SPEAKERS / "two_speakers_a.flac"
    args = ["analyze", str(clip), "--speaker", "S3", "--backend", "embedded", "--trace", str(out), "--quiet"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "S3 is not in this clip: it has S1, S2" in err and "Traceback" not in err
    data = json.loads(out.read_text())
    assert "S3 is not in this clip" in data["error"] and data["reply"] is None


def test_a_malformed_speaker_is_one_plain_line(monkeypatch):
    """Settings validation (no model): MER_SPEAKER=bob gets words, not a regex."""
    from mer_agents.config import SettingsError

    monkeypatch.setenv("MER_SPEAKER", "bob")
    with pytest.raises(SettingsError, match=r"MER_SPEAKER: must be S1, S2, … .*\(got bob\)"):
        Settings.from_env()
