"""Live chat core: turn detection on real espeak-ng speech streamed in chunks, bounded buffers, barge-in."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf
from pydantic import ValidationError

from mer_agents.errors import MediaError
from mer_agents.events import DraftReply, EvidenceReady, RunFinished, RunStarted
from mer_agents.live import (
    SAMPLE_RATE,
    VAD_WINDOW_S,
    LiveBuffer,
    LiveSession,
    LiveSettings,
    TurnDetector,
    to_mono_float,
)
from mer_agents.types import Evidence, Modalities, ModalityEvidence

FIXTURES = Path(__file__).parent / "fixtures" / "live"
TOLERANCE_S = 0.3


@pytest.fixture(scope="module")
def speech() -> tuple[np.ndarray, dict]:
    audio, rate = sf.read(FIXTURES / "turns.wav", dtype="float32")
    assert rate == SAMPLE_RATE
    return audio, json.loads((FIXTURES / "turns.json").read_text())


def _chunks(audio: np.ndarray, size: int):
    for i in range(0, audio.size, size):
        yield audio[i : i + size]


def _detect(audio: np.ndarray, chunk: int, settings: LiveSettings | None = None):
    detector = TurnDetector(settings)
    turns = []
    for piece in _chunks(audio, chunk):
        turns += detector.push(piece)
    return turns + detector.flush()


@pytest.mark.slow
@pytest.mark.parametrize("chunk_s", [0.1, 0.5, 1.0, 0.337])
def test_turn_boundaries_match_the_known_pauses(speech, chunk_s):
    audio, meta = speech
    turns = _detect(audio, int(chunk_s * SAMPLE_RATE))
    expected = meta["turns"]
    assert len(turns) == len(expected), turns
    for got, want in zip(turns, expected):
        assert abs(got.start_s - want["start"]) <= TOLERANCE_S, (got, want)
        assert abs(got.end_s - want["end"]) <= TOLERANCE_S, (got, want)
        assert got.reason == "pause"
        # the end is declared one pause after the speech ends, not earlier
        assert got.detected_s - got.end_s == pytest.approx(0.8, abs=0.04)


@pytest.mark.slow
def test_a_short_pause_stays_inside_the_turn_and_a_long_pause_setting_joins_everything(speech):
    audio, meta = speech
    short_gap = meta["sentences"][1]["silence_after"]
    assert short_gap < 0.8  # the fixture's second and third sentences form one turn
    turns = _detect(audio, 8000, LiveSettings(pause_s=2.0))
    assert len(turns) == 1
    assert abs(turns[0].start_s - meta["turns"][0]["start"]) <= TOLERANCE_S
    assert abs(turns[0].end_s - meta["turns"][-1]["end"]) <= TOLERANCE_S


@pytest.mark.slow
def test_max_turn_length_cuts_a_long_turn(speech):
    audio, meta = speech
    turns = _detect(audio, 8000, LiveSettings(max_turn_s=1.5, buffer_s=10))
    assert any(t.reason == "max_length" for t in turns)
    assert all(t.duration_s <= 1.5 + VAD_WINDOW_S for t in turns)  # cut on a window boundary
    first = meta["turns"][0]
    cut = [t for t in turns if t.start_s < first["end"]]
    assert cut[0].reason == "max_length" and cut[0].end_s == pytest.approx(
        cut[0].start_s + 1.5, abs=VAD_WINDOW_S
    )
    assert cut[1].start_s == pytest.approx(cut[0].end_s, abs=0.002)  # the rest continues as the next turn


@pytest.mark.slow
def test_browser_rate_int16_stereo_chunks_are_resampled_and_give_the_same_turns(speech):
    """48 kHz int16 stereo chunks, as a browser microphone sends them, through LiveBuffer → TurnDetector."""
    audio, meta = speech
    hi = np.interp(np.arange(audio.size * 3) / 3, np.arange(audio.size), audio)  # 16 → 48 kHz
    stereo = (np.stack([hi, hi], axis=1) * 32767).astype(np.int16)
    buffer, detector = LiveBuffer(), TurnDetector()
    turns = []
    for i in range(0, stereo.shape[0], 24000):
        turns += detector.push(buffer.add_audio(48000, stereo[i : i + 24000], now=i / 48000))
    assert buffer.audio_end_s == pytest.approx(audio.size / SAMPLE_RATE, abs=0.05)
    assert len(turns) == len(meta["turns"])
    for got, want in zip(turns, meta["turns"]):
        assert abs(got.start_s - want["start"]) <= TOLERANCE_S
        assert abs(got.end_s - want["end"]) <= TOLERANCE_S


@pytest.mark.slow
def test_silence_and_a_click_make_no_turn():
    rng = np.random.default_rng(0)
    quiet = (rng.standard_normal(SAMPLE_RATE * 4) * 1e-4).astype(np.float32)
    quiet[SAMPLE_RATE : SAMPLE_RATE + 160] = 0.9  # a 10 ms click
    assert _detect(quiet, 8000) == []


def test_settings_refuse_a_buffer_shorter_than_a_turn():
    with pytest.raises(ValidationError, match="must hold a whole turn"):
        LiveSettings(max_turn_s=20, buffer_s=10)
    assert LiveSettings().pause_s == 0.8


def test_audio_buffer_is_bounded_and_keeps_the_clock():
    buffer = LiveBuffer(LiveSettings(buffer_s=5, max_turn_s=2))
    tone = np.sin(np.arange(8000) / 5).astype(np.float32)
    for i in range(40):  # 20 s of audio
        buffer.add_audio(SAMPLE_RATE, tone, now=i * 0.5)
    assert buffer.audio_end_s == pytest.approx(20.0)
    assert buffer.audio_start_s == pytest.approx(15.0)
    assert buffer.audio(0, 14).size == 0  # dropped
    assert buffer.audio(16, 17).size == SAMPLE_RATE
    assert buffer.level_db() > -10


def test_audio_coverage_reports_chunks_a_busy_server_lost():
    buffer = LiveBuffer()
    chunk = np.zeros(8000, np.float32)  # 0.5 s
    for k in range(20):  # 10 s of wall time, every other chunk lost on the way
        if k % 2 == 0:
            buffer.add_audio(SAMPLE_RATE, chunk, now=0.5 * k)
    assert buffer.audio_coverage(now=9.5) == pytest.approx(0.5, abs=0.03)
    buffer.stream_ended()
    assert buffer.audio_coverage(now=20.0) is None  # a new stream starts a new count
    for k in range(12):
        buffer.add_audio(SAMPLE_RATE, chunk, now=30 + 0.5 * k)
    assert buffer.audio_coverage(now=35.5) == pytest.approx(1.0, abs=0.01)


def test_frames_are_bounded_rate_limited_downscaled_and_placed_on_the_audio_clock():
    settings = LiveSettings(buffer_s=5, max_turn_s=2, frame_fps=2, frame_side=160)
    buffer = LiveBuffer(settings)
    frame = np.zeros((480, 640, 3), np.uint8)
    chunk = np.zeros(1600, np.float32)  # 0.1 s
    for k in range(300):  # 30 fps for 10 s; audio arrives 0.2 s after it was recorded
        now = k / 30
        if k % 3 == 0:
            buffer.add_audio(SAMPLE_RATE, chunk, now=now + 0.2)
        buffer.add_frame(frame, now=now + 0.05)
    assert buffer.frames_seen == 300
    assert buffer.n_frames <= 5 * 2 + 1
    t, latest = buffer.latest_frame()
    assert latest.shape == (120, 160, 3)
    assert t == pytest.approx(10.0 - 0.2 + 0.05 - 1 / 30 - 0.1, abs=0.2)
    times = [t for t, _ in buffer.frames(0, 100)]
    assert times == sorted(times) and times[0] >= 4.5


def test_bad_chunks_raise_media_errors():
    with pytest.raises(MediaError, match="shape"):
        to_mono_float(np.zeros((2, 2, 2), np.int16))
    with pytest.raises(MediaError, match="sample rate"):
        LiveBuffer().add_audio(0, np.zeros(10, np.int16))
    with pytest.raises(MediaError, match="webcam frame"):
        LiveBuffer().add_frame(np.zeros((4, 4, 7), np.uint8))


# ------------------------------------------------------------------ session control flow (scripted runner)


def _evidence(text: str) -> Evidence:
    off = ModalityEvidence(available=False)
    return Evidence(
        source="turn", duration_s=1.0, transcript=text, modalities=Modalities(text=off, audio=off, video=off)
    )


class ScriptedRunner:
    """Stands in for the pipeline in control-flow tests: records concurrency, blocks until released."""

    def __init__(self):
        self.active = 0
        self.max_active = 0
        self.calls: list[str] = []
        self.evidence: list[Evidence | None] = []  # what the session read ahead for each run (None: nothing)
        self.finished = 0  # the dialogue a real runner (Session.run) would keep
        self.release = threading.Event()
        self.started = threading.Event()
        self.lock = threading.Lock()

    def __call__(self, clip, cancel, evidence=None):
        with self.lock:
            self.active += 1
            self.max_active = max(self.max_active, self.active)
            self.calls.append(clip)
            self.evidence.append(evidence)
        try:
            yield RunStarted(run_id=str(len(self.calls)))
            self.started.set()
            while not self.release.wait(0.01):
                if cancel.is_set():
                    return
            yield EvidenceReady(evidence=_evidence(f"turn {len(self.calls)}"))
            yield DraftReply(text=f"reply {len(self.calls)}")
            yield RunFinished(
                reply=f"reply {len(self.calls)} after {self.finished} turns",
                emotion="joy",
                strategy="Question",
                rounds=0,
                all_passed=True,
            )
            self.finished += 1
        finally:
            with self.lock:
                self.active -= 1


def _feed(session: LiveSession, audio: np.ndarray, start_s: float, end_s: float):
    for i in range(int(start_s * SAMPLE_RATE), int(end_s * SAMPLE_RATE), 8000):
        session.push_audio(
            SAMPLE_RATE, audio[i : min(i + 8000, int(end_s * SAMPLE_RATE))], now=i / SAMPLE_RATE
        )


def _wait(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return False


@pytest.mark.slow
def test_speech_during_a_reply_is_queued_for_the_next_turn(speech, tmp_path):
    """Scripted runner (control flow only): the second turn waits for the first run; never two runs at
    once."""
    audio, meta = speech
    runner = ScriptedRunner()
    session = LiveSession(runner, LiveSettings(barge_in="queue"), workdir=tmp_path / "s")
    try:
        first_end = meta["turns"][0]["end"] + 1.2
        _feed(session, audio, 0, first_end)
        assert runner.started.wait(10) and session.turns[0].status == "running"
        _feed(session, audio, first_end, audio.size / SAMPLE_RATE)
        assert [t.status for t in session.turns] == ["running", "queued"]
        runner.release.set()
        assert _wait(lambda: all(t.status == "done" for t in session.turns))
        assert runner.max_active == 1 and len(runner.calls) == 2
        assert [t.reply for t in session.turns] == ["reply 1 after 0 turns", "reply 2 after 1 turns"]
        assert session.turns[0].transcript == "turn 1" and session.turns[0].emotion == "joy"
        events = session.poll()
        assert [tid for tid, e in events if isinstance(e, RunFinished)] == [1, 2]
        assert session.poll() == []
        timings = session.turns[1].timings
        assert set(timings) >= {"clip_written", "first_event", "evidence", "first_draft", "reply"}
        assert timings["evidence"] <= timings["first_draft"] <= timings["reply"]
        assert Path(session.turns[0].clip).suffix == ".wav"  # no camera frames were streamed
    finally:
        session.close()


@pytest.mark.slow
def test_speech_during_a_reply_cancels_it_when_barge_in_is_cancel(speech, tmp_path):
    """Scripted runner (control flow only): the new speech cancels the running reply and becomes the next
    turn."""
    audio, meta = speech
    runner = ScriptedRunner()
    session = LiveSession(runner, LiveSettings(barge_in="cancel"), workdir=tmp_path / "s")
    try:
        first_end = meta["turns"][0]["end"] + 1.2
        _feed(session, audio, 0, first_end)
        assert runner.started.wait(10)
        _feed(session, audio, first_end, meta["sentences"][1]["start"] + 0.6)  # the person talks again
        assert _wait(lambda: session.turns[0].status == "cancelled")
        assert "cancelled" in session.turns[0].error
        runner.release.set()
        _feed(session, audio, meta["sentences"][1]["start"] + 0.6, audio.size / SAMPLE_RATE)
        assert _wait(lambda: len(session.turns) == 2 and session.turns[1].status == "done")
        assert runner.max_active == 1
        assert session.turns[1].reply == "reply 2 after 0 turns"  # the cancelled turn left no history
    finally:
        session.close()


@pytest.mark.slow
def test_turns_that_end_while_one_waits_are_merged_and_close_cleans_up(speech, tmp_path):
    """Scripted runner (control flow only): a third turn joins the waiting second one; close() frees it
    all."""
    audio, meta = speech
    runner = ScriptedRunner()
    session = LiveSession(runner, LiveSettings(pause_s=0.3), workdir=tmp_path / "s")
    first_end = meta["turns"][0]["end"] + 0.6
    _feed(session, audio, 0, first_end)  # pause 0.3 s: three turns, the first one runs...
    assert runner.started.wait(10)
    _feed(session, audio, first_end, audio.size / SAMPLE_RATE)  # ...while the second and third end
    assert len(session.turns) == 2 and session.turns[1].merged == 2
    assert abs(session.turns[1].span.end_s - meta["sentences"][2]["end"]) <= TOLERANCE_S
    session.push_frame(np.zeros((48, 64, 3), np.uint8))
    worker = session._worker
    session.close()
    assert session.closed and not (tmp_path / "s").exists()
    assert not worker.is_alive()
    assert session.buffer.n_frames == 0 and session.buffer.audio(0, 100).size == 0
    assert session.push_audio(SAMPLE_RATE, audio[:8000]) == [] and not session.push_frame(np.zeros((4, 4, 3)))


def test_a_declared_sample_rate_is_not_trusted():
    """The probe's chunk: 8 KB declared at 1 Hz (68 minutes once resampled) is refused in a millisecond."""
    buffer = LiveBuffer()
    started = time.monotonic()
    for rate in (1, 0, -16000, 7999, 192_001, 44100.5, float("nan"), "48000", None):
        with pytest.raises(MediaError, match="invalid sample rate"):
            buffer.add_audio(rate, np.zeros(4096, np.int16))
    assert time.monotonic() - started < 0.5 and buffer.audio_end_s == 0
    with pytest.raises(MediaError, match="9 channels"):
        buffer.add_audio(48000, np.zeros((4800, 9), np.int16))
    buffer.add_audio(np.int64(48000), np.zeros(24000, np.int16))  # numpy ints from a decoder are fine
    assert buffer.audio_end_s == pytest.approx(0.5, abs=0.01)


def test_an_oversized_chunk_keeps_only_its_last_seconds():
    from mer_agents.live import MAX_CHUNK_S

    buffer = LiveBuffer()
    chunk = np.zeros((48000 * 120, 2), np.int16)  # two minutes of stereo in one "0.5 s" chunk
    chunk[-48000:] = 1000  # the last second is not silent
    started = time.monotonic()
    mono = buffer.add_audio(48000, chunk)
    assert time.monotonic() - started < 1.0
    assert mono.size == pytest.approx(MAX_CHUNK_S * SAMPLE_RATE, abs=SAMPLE_RATE * 0.01)
    assert buffer.chunks_cut == 1 and np.abs(mono[-SAMPLE_RATE // 2 :]).max() > 0.01


class ScriptedPerceiver:
    """Stands in for perception in control-flow tests of reading ahead: records each clip it is given."""

    def __init__(self, delay_s: float = 0.0):
        self.clips: list[Path] = []
        self.delay_s = delay_s

    def __call__(self, clip: str) -> Evidence:
        self.clips.append(Path(clip))
        time.sleep(self.delay_s)
        return _evidence(f"read ahead {len(self.clips)}")


@pytest.mark.slow
def test_a_turn_is_read_ahead_during_its_pause_and_its_run_takes_that_reading(speech, tmp_path):
    """Scripted perceiver and runner (control flow only): the pause inside the second turn (0.4 s) starts a
    reading that the speech after it drops; the reading at the turn's end is the one its run gets."""
    audio, meta = speech
    runner, perceiver = ScriptedRunner(), ScriptedPerceiver(delay_s=0.05)
    session = LiveSession(runner, LiveSettings(), workdir=tmp_path / "s", perceive=perceiver)
    try:
        start = meta["sentences"][1]["start"] - 0.5  # the second turn only
        chunk = SAMPLE_RATE // 10  # as the browser sends: a 0.4 s pause spans several chunks
        for i in range(int(start * SAMPLE_RATE), audio.size, chunk):
            session.push_audio(SAMPLE_RATE, audio[i : i + chunk], now=i / SAMPLE_RATE)
            # chunks come in real time, so a reading is done long before the pause ends; here, wait for it
            assert _wait(lambda: session._ahead is None or session._ahead.done.is_set())
        assert runner.started.wait(10)
        turn = session.turns[0]
        assert turn.read_ahead and len(perceiver.clips) == session.read_aheads == 2
        assert turn.clip == str(perceiver.clips[-1]) and runner.calls == [turn.clip]
        assert runner.evidence[0].transcript == "read ahead 2"
        assert not perceiver.clips[0].exists()  # the dropped reading's clip is deleted
        assert abs(turn.span.end_s + start - meta["sentences"][2]["end"]) <= TOLERANCE_S
        runner.release.set()
        assert _wait(lambda: turn.status == "done") and turn.transcript == "turn 1"
    finally:
        session.close()


@pytest.mark.slow
def test_no_turn_is_read_ahead_while_a_run_is_in_progress(speech, tmp_path):
    """Scripted perceiver and runner (control flow only): the models are busy with the first turn, so the
    second is perceived by its own run, after it was declared."""
    audio, meta = speech
    runner, perceiver = ScriptedRunner(), ScriptedPerceiver()
    session = LiveSession(runner, LiveSettings(), workdir=tmp_path / "s", perceive=perceiver)
    try:
        first_end = meta["turns"][0]["end"] + 1.2
        _feed(session, audio, 0, first_end)
        assert runner.started.wait(10) and session.turns[0].read_ahead
        _feed(session, audio, first_end, audio.size / SAMPLE_RATE)
        assert len(perceiver.clips) == 1 and session.read_aheads == 1
        runner.release.set()
        assert _wait(lambda: [t.status for t in session.turns] == ["done", "done"])
        assert not session.turns[1].read_ahead and runner.evidence[1] is None
        assert Path(runner.calls[1]).name == "turn_0002.wav"
    finally:
        session.close()


@pytest.mark.slow
def test_a_reading_ahead_is_the_evidence_the_run_would_perceive(speech, tmp_path):
    """Real perception (Whisper, voice, the text head) on a real turn read ahead, against the same clip
    perceived afterwards with the same dialogue context; the runner is scripted (control flow)."""
    from mer_agents.config import Settings
    from mer_agents.perception import perceive
    from mer_agents.session import Session
    from mer_agents.types import Turn

    audio, meta = speech
    settings = Settings()
    earlier = Turn(user_text="I have news.", emotion="neutral", strategy="Question", reply="Tell me.")
    conversation = Session(backend=None, settings=settings, turns=[earlier])
    runner = ScriptedRunner()
    session = LiveSession(runner, LiveSettings(), workdir=tmp_path / "s", perceive=conversation.perceive)
    try:
        _feed(session, audio, 0, meta["turns"][0]["end"] + 1.2)
        assert runner.started.wait(120)
        turn, ahead = session.turns[0], runner.evidence[0]
        assert turn.read_ahead and ahead is not None
        assert "job" in ahead.transcript.lower() and ahead.context == ["I have news."]
        again = perceive(turn.clip, settings, context=["I have news."])
        assert ahead.model_dump(exclude={"timings"}) == again.model_dump(exclude={"timings"})
        runner.release.set()
    finally:
        session.close()
