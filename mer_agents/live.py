"""Live chat core: a bounded per-session buffer of streamed audio/frames, turn detection, one run at a time.

The browser streams microphone chunks and webcam frames; nothing here knows about Gradio. Audio is
resampled to 16 kHz mono and fed to a streaming silero VAD (the model perception's VAD loads, run chunk by
chunk with per-session recurrent state). A turn ends after `pause_s` of silence or at
`max_turn_s`; its audio and the frames over its span are written as a clip (mp4, or wav without camera)
that goes through the ordinary pipeline, so a live turn is analysed exactly like an uploaded clip.

`LiveSession` ties it together for one browser session: a single worker thread runs the pipeline for one
turn at a time; speech that starts during a reply is queued for the next run (or cancels the reply, per
`LiveSettings.barge_in`); the UI polls `poll()` for new timeline events and `preview()` for the meters.
"""

from __future__ import annotations

import itertools
import logging
import shutil
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, model_validator

from mer_agents.cache import load_once
from mer_agents.errors import MediaError
from mer_agents.events import Event, EvidenceReady, RunFailed, RunFinished
from mer_agents.media import pcm_to_float

log = logging.getLogger(__name__)

SAMPLE_RATE = 16000
VAD_WINDOW = 512  # samples per silero window at 16 kHz (32 ms)
VAD_CONTEXT = 64  # samples of the previous window silero prepends (as silero_vad.OnnxWrapper does)
VAD_WINDOW_S = VAD_WINDOW / SAMPLE_RATE
VAD_HYSTERESIS = 0.15  # inside speech, probabilities down to threshold - this still count as voiced
CLOCK_SAMPLES = 12  # recent audio arrivals used to map wall-clock frame times onto the audio clock
SILENT_DB = -100.0
VIDEO_CODECS = ("libx264", "mpeg4")
COVERAGE_MIN_S = 2.0  # streamed seconds before the audio coverage is reported
KEEP_CLIPS = 4  # written turn clips kept on disk per session (older ones are deleted)
SLOT_POLL_S = 0.1  # a turn waiting for the shared run slot checks for cancel/close this often
# The browser declares a chunk's sample rate; it is not trusted. An 8 KB chunk declared at 1 Hz is 68 minutes
# of audio once resampled to 16 kHz (13 s and 4.7 GB to resample and score). Microphones record at 8-96 kHz.
MIN_SAMPLE_RATE = 8_000
MAX_SAMPLE_RATE = 192_000
MAX_CHUNK_S = 5.0  # a chunk covers the stream period (0.5 s); only its last MAX_CHUNK_S seconds are kept
MAX_CHANNELS = 8


class LiveSettings(BaseModel):
    """How live turns are cut and how much of the stream a session keeps."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pause_s: float = Field(0.8, gt=0.1, le=5, description="silence that ends a turn")
    max_turn_s: float = Field(15.0, gt=1, le=60, description="a longer turn is cut here and a new one begins")
    min_speech_s: float = Field(0.25, ge=0,
                                description="voiced time below this is a click or cough, not a turn")
    buffer_s: float = Field(30.0, gt=2, le=300, description="audio and frames older than this are dropped")
    barge_in: Literal["queue", "cancel"] = Field(
        "queue", description="speech during a reply: keep it for the next turn, or cancel the reply")
    threshold: float = Field(0.5, gt=0, lt=1, description="silero speech probability that starts speech")
    pad_s: float = Field(0.2, ge=0, le=1,
                         description="audio kept before the onset and after the end of speech")
    frame_fps: float = Field(2.0, gt=0, le=15, description="webcam frames kept per second")
    frame_side: int = Field(320, ge=64, description="kept frames are downscaled to this longer side")

    @model_validator(mode="after")
    def _buffer_holds_a_turn(self) -> LiveSettings:
        need = self.max_turn_s + self.pause_s + 2 * self.pad_s + 1.0
        if self.buffer_s < need:
            raise ValueError(f"buffer_s ({self.buffer_s:g}) must hold a whole turn: at least {need:g} s")
        return self


class TurnSpan(BaseModel):
    """One detected turn on the session's audio clock (seconds since the stream started)."""

    model_config = ConfigDict(frozen=True)

    start_s: float = Field(description="speech onset")
    end_s: float = Field(description="end of the last voiced window")
    reason: Literal["pause", "max_length", "flush"]
    detected_s: float = Field(description="audio clock when the end was declared (end_s + pause)")

    @property
    def duration_s(self) -> float:
        return self.end_s - self.start_s


# ------------------------------------------------------------------------------------------- VAD


class StreamingVad:
    """Silero speech probability per 32 ms window of a 16 kHz stream, carrying the LSTM state between chunks.

    It drives the very model perception's `speech_segments` loads (Silero v6 from the faster-whisper wheel,
    loaded once per process), one batched ONNX call per chunk; scoring a stream chunk by chunk gives exactly
    the probabilities of scoring it whole.
    """

    def __init__(self) -> None:
        from mer_agents.perception import vad as perception_vad

        self._session = perception_vad._model().session
        self._h = np.zeros((1, 1, 128), np.float32)
        self._c = np.zeros((1, 1, 128), np.float32)
        self._context = np.zeros(VAD_CONTEXT, np.float32)
        self._rest = np.zeros(0, np.float32)

    def __call__(self, audio: np.ndarray) -> np.ndarray:
        """Probabilities for every complete window not yet scored (leftover samples wait for the next one)."""
        samples = np.concatenate([self._rest, audio.astype(np.float32, copy=False)])
        n = samples.size // VAD_WINDOW
        self._rest = samples[n * VAD_WINDOW :].copy()
        if n == 0:
            return np.zeros(0, np.float32)
        windows = samples[: n * VAD_WINDOW].reshape(n, VAD_WINDOW)
        context = np.concatenate([self._context[None, :], windows[:-1, -VAD_CONTEXT:]], axis=0)
        probs, self._h, self._c = self._session.run(
            None, {"input": np.concatenate([context, windows], axis=1), "h": self._h, "c": self._c})
        self._context = windows[-1, -VAD_CONTEXT:].copy()
        return np.asarray(probs, np.float32).reshape(-1)


# ------------------------------------------------------------------------------------ turn detector


class TurnDetector:
    """Cuts a 16 kHz stream into turns: onset at threshold, end after `pause_s` without voiced windows."""

    def __init__(self, settings: LiveSettings | None = None,
                 vad: Callable[[np.ndarray], np.ndarray] | None = None):
        self.settings = settings or LiveSettings()
        self._vad = vad or StreamingVad()
        self._windows = 0  # windows scored so far: the detector's clock
        self._start: float | None = None  # onset of the speech in progress
        self._last_voiced = 0.0
        self._voiced_s = 0.0

    @property
    def time_s(self) -> float:
        return self._windows * VAD_WINDOW_S

    @property
    def speaking(self) -> bool:
        return self._start is not None

    @property
    def voiced_s(self) -> float:
        """Voiced seconds in the speech in progress (0 when silent)."""
        return self._voiced_s if self._start is not None else 0.0

    @property
    def speech_start_s(self) -> float | None:
        return self._start

    def push(self, audio: np.ndarray) -> list[TurnSpan]:
        """Feed 16 kHz mono samples; returns the turns that ended inside them."""
        s = self.settings
        turns: list[TurnSpan] = []
        for p in self._vad(audio):
            t0 = self._windows * VAD_WINDOW_S
            t1 = t0 + VAD_WINDOW_S
            self._windows += 1
            if self._start is None:
                if p >= s.threshold:
                    self._start, self._last_voiced, self._voiced_s = t0, t1, VAD_WINDOW_S
                continue
            if p >= s.threshold - VAD_HYSTERESIS:
                self._last_voiced = t1
                if p >= s.threshold:
                    self._voiced_s += VAD_WINDOW_S
            if t1 - self._last_voiced >= s.pause_s - 1e-9:
                self._emit(turns, self._last_voiced, "pause", t1)
                self._start = None
            elif t1 - self._start >= s.max_turn_s - 1e-9:
                self._emit(turns, t1, "max_length", t1)
                self._start, self._last_voiced, self._voiced_s = t1, t1, 0.0
        return turns

    def flush(self) -> list[TurnSpan]:
        """The stream stopped: the speech in progress (if any) is a turn now."""
        turns: list[TurnSpan] = []
        if self._start is not None:
            self._emit(turns, self._last_voiced, "flush", self.time_s)
            self._start = None
        return turns

    def _emit(self, turns: list[TurnSpan], end: float, reason, detected: float) -> None:
        if self._start is not None and self._voiced_s >= self.settings.min_speech_s and end > self._start:
            turns.append(TurnSpan(start_s=round(self._start, 3), end_s=round(end, 3), reason=reason,
                                  detected_s=round(detected, 3)))
        self._voiced_s = 0.0


# ------------------------------------------------------------------------------------------ buffer


def to_mono_float(samples: np.ndarray) -> np.ndarray:
    """Browser audio (int16/int32/float, mono or (n, channels)) → float32 mono in [-1, 1]."""
    data = np.asarray(samples)
    if data.ndim == 2 and data.shape[1] > MAX_CHANNELS:
        raise MediaError(f"audio chunk has {data.shape[1]} channels: at most {MAX_CHANNELS} are accepted")
    if data.ndim == 2:
        if data.dtype.kind == "f":
            data = data.mean(axis=1)
        else:
            data = data.astype(np.float64).mean(axis=1).astype(data.dtype)
    elif data.ndim != 1:
        raise MediaError(f"audio chunk has shape {data.shape}: expected (samples,) or (samples, channels)")
    return np.array(pcm_to_float(data), dtype=np.float32)  # a copy: the buffer keeps it past the handler


def checked_sample_rate(sample_rate: object) -> int:
    """The chunk's declared rate as an int; MediaError (one line) when it is no plausible microphone rate."""
    try:
        rate = int(sample_rate)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        raise MediaError(f"audio chunk has an invalid sample rate ({sample_rate!r})") from None
    if not MIN_SAMPLE_RATE <= rate <= MAX_SAMPLE_RATE or rate != sample_rate:
        raise MediaError(f"audio chunk has an invalid sample rate ({sample_rate!r} Hz): expected "
                         f"{MIN_SAMPLE_RATE:,} to {MAX_SAMPLE_RATE:,} Hz")
    return rate


class LiveBuffer:
    """The last `buffer_s` of one session's stream: 16 kHz mono audio and timestamped, downscaled frames.

    Audio sets the clock (seconds of audio received). Frames arrive on their own channel, so each keeps its
    wall-clock arrival time and is placed on the audio clock through the smallest recent gap between an
    audio chunk's arrival and its end (the least-delayed estimate of when the browser recorded it).
    """

    def __init__(self, settings: LiveSettings | None = None, clock: Callable[[], float] = time.monotonic):
        self.settings = settings or LiveSettings()
        self._clock = clock
        self._audio = np.zeros(0, np.float32)
        self._audio_start = 0  # absolute sample index of self._audio[0]
        self._audio_total = 0  # samples received since the stream started
        self._resampler = None
        self._resampler_rate: int | None = None
        self._lags: deque[float] = deque(maxlen=CLOCK_SAMPLES)
        self._frames: deque[tuple[float, np.ndarray]] = deque()  # (wall time, RGB uint8)
        self._first_wall: float | None = None
        self._first_audio: tuple[float, float] | None = None  # (wall time, seconds) of the first chunk
        self._coverage_base = 0  # samples received before the current stream began
        self.frames_seen = 0
        self.frames_dropped = 0
        self.chunks_cut = 0  # audio chunks longer than MAX_CHUNK_S (only their tail was kept)

    # -- audio
    @property
    def audio_end_s(self) -> float:
        return self._audio_total / SAMPLE_RATE

    @property
    def audio_start_s(self) -> float:
        return self._audio_start / SAMPLE_RATE

    def add_audio(self, sample_rate: int, samples: np.ndarray, now: float | None = None) -> np.ndarray:
        """Append a browser chunk; returns it as 16 kHz mono float32 (what the VAD consumes).

        The declared rate must lie in MIN_SAMPLE_RATE..MAX_SAMPLE_RATE (MediaError otherwise), and a chunk
        longer than MAX_CHUNK_S keeps only its latest MAX_CHUNK_S seconds (`chunks_cut` counts them), so one
        chunk costs at most a few milliseconds whatever the client claims.
        """
        rate = checked_sample_rate(sample_rate)
        samples = np.asarray(samples)
        keep = int(MAX_CHUNK_S * rate)
        if samples.ndim >= 1 and samples.shape[0] > keep:
            samples = samples[-keep:]
            self.chunks_cut += 1
        now = self._clock() if now is None else now
        if self._first_wall is None:
            self._first_wall = now
        mono = self._resample(to_mono_float(samples), rate)
        if self._first_audio is None:
            self._first_audio = (now, mono.size / SAMPLE_RATE)
            self._coverage_base = self._audio_total
        self._audio = np.concatenate([self._audio, mono]) if self._audio.size else mono
        self._audio_total += mono.size
        overflow = self._audio.size - int(self.settings.buffer_s * SAMPLE_RATE)
        if overflow > 0:
            self._audio = self._audio[overflow:].copy()
            self._audio_start += overflow
        self._lags.append(now - self.audio_end_s)
        self._trim_frames(now)
        return mono

    def _resample(self, mono: np.ndarray, rate: int) -> np.ndarray:
        if rate == SAMPLE_RATE or mono.size == 0:
            return mono
        import av

        if self._resampler is None or self._resampler_rate != rate:
            self._resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
            self._resampler_rate = rate
        frame = av.AudioFrame.from_ndarray(mono[None, :], format="flt", layout="mono")
        frame.sample_rate = rate
        out = [f.to_ndarray().reshape(-1) for f in self._resampler.resample(frame)]
        return np.concatenate(out).astype(np.float32) if out else np.zeros(0, np.float32)

    def audio_coverage(self, now: float | None = None) -> float | None:
        """Share of the wall-clock time since the first chunk that arrived as audio (None before
        COVERAGE_MIN_S).

        Gradio's stream endpoint keeps only the latest chunk a busy server has not yet taken, so an overloaded
        server loses microphone audio; this is how the page can say so.
        """
        if self._first_audio is None:
            return None
        now = self._clock() if now is None else now
        elapsed = now - self._first_audio[0] + self._first_audio[1]
        if elapsed < COVERAGE_MIN_S:
            return None
        return min(1.0, (self._audio_total - self._coverage_base) / SAMPLE_RATE / elapsed)

    def stream_ended(self) -> None:
        """The microphone stopped: the next chunk starts a new stream for the coverage count."""
        self._first_audio = None

    def audio(self, start_s: float, end_s: float) -> np.ndarray:
        """Samples between two audio-clock times (clipped to what the buffer still holds)."""
        a = max(round(start_s * SAMPLE_RATE) - self._audio_start, 0)
        b = max(round(end_s * SAMPLE_RATE) - self._audio_start, 0)
        return self._audio[a:b].copy()

    def level_db(self, window_s: float = 0.3) -> float:
        """RMS level of the latest audio in dBFS (SILENT_DB when there is none)."""
        tail = self._audio[-int(window_s * SAMPLE_RATE) :]
        if tail.size == 0:
            return SILENT_DB
        rms = float(np.sqrt(np.mean(np.square(tail, dtype=np.float64))))
        return max(SILENT_DB, 20.0 * np.log10(rms + 1e-10))

    # -- frames
    def _to_audio_clock(self, wall: float) -> float:
        if self._lags:
            return max(0.0, wall - min(self._lags))
        return max(0.0, wall - (self._first_wall or wall))

    def add_frame(self, frame: np.ndarray, now: float | None = None) -> bool:
        """Keep a webcam frame (RGB uint8) unless one was kept less than 1/frame_fps ago."""
        now = self._clock() if now is None else now
        if self._first_wall is None:
            self._first_wall = now
        self.frames_seen += 1
        self._trim_frames(now)
        if self._frames and now - self._frames[-1][0] < 0.9 / self.settings.frame_fps:
            self.frames_dropped += 1
            return False
        self._frames.append((now, downscale(np.asarray(frame), self.settings.frame_side)))
        return True

    def _trim_frames(self, now: float) -> None:
        while self._frames and now - self._frames[0][0] > self.settings.buffer_s:
            self._frames.popleft()

    @property
    def n_frames(self) -> int:
        return len(self._frames)

    def frames(self, start_s: float, end_s: float) -> list[tuple[float, np.ndarray]]:
        """(audio-clock time, frame) for the kept frames inside the span."""
        out = []
        for wall, frame in self._frames:
            t = self._to_audio_clock(wall)
            if start_s <= t <= end_s:
                out.append((t, frame))
        return out

    def latest_frame(self) -> tuple[float, np.ndarray] | None:
        if not self._frames:
            return None
        wall, frame = self._frames[-1]
        return self._to_audio_clock(wall), frame

    def clear(self) -> None:
        self._audio = np.zeros(0, np.float32)
        self._frames.clear()


def downscale(frame: np.ndarray, side: int) -> np.ndarray:
    """RGB uint8 with the longer side at most `side` (grey and RGBA frames become RGB)."""
    if frame.ndim == 2:
        frame = np.repeat(frame[:, :, None], 3, axis=2)
    if frame.ndim != 3 or frame.shape[2] not in (3, 4):
        raise MediaError(f"webcam frame has shape {frame.shape}: expected (height, width, 3)")
    frame = frame[:, :, :3]
    if frame.dtype != np.uint8:
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    h, w = frame.shape[:2]
    scale = min(1.0, side / max(h, w))
    if scale < 1.0:
        import cv2

        frame = cv2.resize(frame, (max(2, int(w * scale)), max(2, int(h * scale))),
                           interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(frame)


# -------------------------------------------------------------------------------------------- clip


def write_clip(path_stem: Path, audio: np.ndarray, frames: list[tuple[float, np.ndarray]], start_s: float,
               fps: float) -> Path:
    """A turn as a file `perceive()` reads: mp4 (H.264 + AAC) with frames, else a 16 kHz wav.

    Frames are laid on a constant-rate grid (the latest frame at or before each tick), which is what the
    decoder samples anyway and keeps the container simple.
    """
    if audio.size == 0:
        raise MediaError("the turn has no audio")
    if not frames:
        import soundfile as sf

        path = path_stem.with_suffix(".wav")
        sf.write(path, audio, SAMPLE_RATE, subtype="PCM_16")
        return path
    import av

    path = path_stem.with_suffix(".mp4")
    duration = audio.size / SAMPLE_RATE
    h, w = frames[0][1].shape[:2]
    h, w = h - h % 2, w - w % 2
    rate = Fraction(fps).limit_denominator(1000)
    with av.open(str(path), "w") as container:
        codec = next(c for c in VIDEO_CODECS if _has_encoder(c))
        video = container.add_stream(codec, rate=rate)
        video.width, video.height, video.pix_fmt = w, h, "yuv420p"
        if codec == "libx264":
            video.options = {"preset": "ultrafast", "tune": "zerolatency"}
        sound = container.add_stream("aac", rate=SAMPLE_RATE, layout="mono")
        n_ticks = max(1, int(np.ceil(duration * fps)))
        k = 0
        for tick in range(n_ticks):
            t = start_s + tick / fps
            while k + 1 < len(frames) and frames[k + 1][0] <= t:
                k += 1
            image = frames[k][1]
            if image.shape[0] < h or image.shape[1] < w:
                import cv2

                image = cv2.resize(image, (w, h), interpolation=cv2.INTER_AREA)
            vf = av.VideoFrame.from_ndarray(np.ascontiguousarray(image[:h, :w]), format="rgb24")
            vf.pts = tick
            for packet in video.encode(vf):
                container.mux(packet)
        for packet in video.encode(None):
            container.mux(packet)
        af = av.AudioFrame.from_ndarray(audio.astype(np.float32)[None, :], format="flt", layout="mono")
        af.sample_rate = SAMPLE_RATE
        af.pts = 0
        for packet in sound.encode(af):
            container.mux(packet)
        for packet in sound.encode(None):
            container.mux(packet)
    return path


@load_once
def _has_encoder(name: str) -> bool:
    import av

    try:
        av.codec.Codec(name, "w")
        return True
    except Exception:  # noqa: BLE001 - PyAV raises several kinds for a missing codec
        return False


# ------------------------------------------------------------------------------------------ session

# clip path, cancel event → the pipeline's events; the runner keeps the dialogue (e.g. `Session.run`).
Runner = Callable[[str, threading.Event], Iterator[Event]]
TurnStatus = Literal["queued", "running", "done", "failed", "cancelled"]


class LiveTurn(BaseModel):
    """One detected turn and what became of it; the UI renders these."""

    id: int
    span: TurnSpan
    status: TurnStatus = "queued"
    clip: str | None = None
    transcript: str = ""
    reply: str = ""
    emotion: str = ""
    strategy: str = ""
    error: str = ""
    merged: int = Field(1, description="detected turns joined into this one while it waited")
    waiting_for_model: bool = Field(False, description="running, but another run holds the shared model slot")
    detected_at: float = Field(0.0, description="session clock when the turn end was declared")
    audio_coverage: float | None = Field(None,
                                         description="share of the streamed audio the server received so far")
    timings: dict[str, float] = Field(default_factory=dict,
                                      description="seconds from detection to each milestone")


class LivePreview(BaseModel):
    """What the meters show between turns."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    level_db: float
    speaking: bool
    busy: bool
    audio_s: float
    coverage: float | None = Field(None, description="share of the streamed time that arrived as audio")
    frame: np.ndarray | None = None
    frame_t: float | None = None


class LiveSession:
    """One browser session's live chat: buffer + detector + a worker that runs one turn at a time."""

    def __init__(self, runner: Runner, settings: LiveSettings | None = None, *,
                 vad: Callable[[np.ndarray], np.ndarray] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 run_slots: threading.Semaphore | None = None, workdir: Path | None = None):
        self.settings = settings or LiveSettings()
        self._runner = runner
        self._clock = clock
        self._slots = run_slots
        self._lock = threading.RLock()
        self._wake = threading.Condition(self._lock)
        self.buffer = LiveBuffer(self.settings, clock)
        self.detector = TurnDetector(self.settings, vad)
        self._ids = itertools.count(1)
        self.turns: list[LiveTurn] = []
        self._pending: deque[tuple[LiveTurn, np.ndarray, list[tuple[float, np.ndarray]]]] = deque()
        self._outbox: deque[tuple[int, Event]] = deque()
        self._running: LiveTurn | None = None
        self._cancel: threading.Event | None = None
        self._worker: threading.Thread | None = None
        self._closed = False
        self._dir = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix="mer_live_"))
        self._dir.mkdir(parents=True, exist_ok=True)
        self._clips: deque[Path] = deque()
        self.last_active = clock()
        self.last_audio: float | None = None

    def update_settings(self, settings: LiveSettings) -> None:
        """New pause/length/barge-in choices take effect from the next audio chunk."""
        with self._lock:
            self.settings = self.buffer.settings = self.detector.settings = settings

    # -- stream input (called from the stream handlers; cheap)
    def push_audio(self, sample_rate: int, samples: np.ndarray, now: float | None = None) -> list[LiveTurn]:
        """Append a microphone chunk, run the VAD over it; returns the turns it completed (queued to run)."""
        now = self._clock() if now is None else now
        with self._lock:
            if self._closed:
                return []
            self.last_active = self.last_audio = now
            mono = self.buffer.add_audio(sample_rate, samples, now)
            spans = self.detector.push(mono)
            self._maybe_cancel()
            return [self._enqueue(span, now) for span in spans]

    def push_frame(self, frame: np.ndarray, now: float | None = None) -> bool:
        now = self._clock() if now is None else now
        with self._lock:
            if self._closed:
                return False
            self.last_active = now
            return self.buffer.add_frame(frame, now)

    def end_stream(self, now: float | None = None) -> list[LiveTurn]:
        """The microphone stopped: speech in progress becomes a turn."""
        now = self._clock() if now is None else now
        with self._lock:
            if self._closed:
                return []
            self.buffer.stream_ended()
            return [self._enqueue(span, now) for span in self.detector.flush()]

    def _maybe_cancel(self) -> None:
        if (self.settings.barge_in == "cancel" and self._cancel is not None and not self._cancel.is_set()
                and self.detector.voiced_s >= max(self.settings.min_speech_s, VAD_WINDOW_S)):
            self._cancel.set()

    def _enqueue(self, span: TurnSpan, now: float) -> LiveTurn:
        s = self.settings
        start, end = max(0.0, span.start_s - s.pad_s), span.end_s + s.pad_s
        if self._pending:
            waiting, _, _ = self._pending[-1]
            if span.end_s - waiting.span.start_s <= s.max_turn_s:
                # The person spoke again before the waiting turn got its run: one turn, one reply.
                self._pending.pop()
                merged = TurnSpan(start_s=waiting.span.start_s, end_s=span.end_s, reason=span.reason,
                                  detected_s=span.detected_s)
                waiting.span, waiting.merged, waiting.detected_at = merged, waiting.merged + 1, now
                start = max(0.0, merged.start_s - s.pad_s)
                self._pending.append((waiting, self.buffer.audio(start, end), self.buffer.frames(start, end)))
                return waiting
        turn = LiveTurn(id=next(self._ids), span=span, detected_at=now,
                        audio_coverage=self.buffer.audio_coverage(now))
        self.turns.append(turn)
        self._pending.append((turn, self.buffer.audio(start, end), self.buffer.frames(start, end)))
        self._start_worker()
        self._wake.notify_all()
        return turn

    # -- worker
    def _start_worker(self) -> None:
        if self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(target=self._work, name="mer-live-turns", daemon=True)
            self._worker.start()

    def _work(self) -> None:
        while True:
            with self._lock:
                while not self._pending and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                turn, audio, frames = self._pending.popleft()
                turn.status = "running"
                self._running, self._cancel = turn, threading.Event()
                cancel = self._cancel
            try:
                self._run_turn(turn, audio, frames, cancel)
            except Exception as exc:
                log.exception("live turn %s failed", turn.id)
                turn.status = "failed"
                turn.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            finally:
                with self._lock:
                    self._running, self._cancel = None, None

    def _run_turn(self, turn: LiveTurn, audio: np.ndarray, frames, cancel: threading.Event) -> None:
        start = max(0.0, turn.span.start_s - self.settings.pad_s)
        clip = write_clip(self._dir / f"turn_{turn.id:04d}", audio, frames, start, self.settings.frame_fps)
        turn.clip = str(clip)
        self._remember_clip(clip)
        turn.timings["clip_written"] = round(self._clock() - turn.detected_at, 3)
        if self._slots is not None and not self._take_slot(turn, cancel):
            turn.status = "cancelled"
            turn.error = ("the conversation was closed" if self._closed
                          else "you started speaking again, so this reply was cancelled")
            return
        try:
            events = self._runner(str(clip), cancel)
            try:
                for event in events:
                    now = round(self._clock() - turn.detected_at, 3)
                    turn.timings.setdefault("first_event", now)
                    self._record(turn, event, now)
                    with self._lock:
                        self._outbox.append((turn.id, event))
                    if cancel.is_set() or self._closed:
                        break
            finally:
                close = getattr(events, "close", None)
                if close is not None:
                    close()
        finally:
            if self._slots is not None:
                self._slots.release()
        if cancel.is_set() and turn.status != "done":
            turn.status = "cancelled"
            turn.error = "you started speaking again, so this reply was cancelled"
        elif turn.status == "running":
            turn.status, turn.error = "failed", "the run ended without a reply"

    def _take_slot(self, turn: LiveTurn, cancel: threading.Event) -> bool:
        """Wait for the run slot shared with the app's other runs; False if the turn is cancelled or the
        session closed meanwhile (a plain acquire would hold a closed session's worker until the slot frees).
        """
        assert self._slots is not None  # noqa: S101 - only called with slots
        if self._slots.acquire(blocking=False):
            return True
        turn.waiting_for_model = True
        try:
            while not (self._closed or cancel.is_set()):
                if self._slots.acquire(timeout=SLOT_POLL_S):
                    return True
            return False
        finally:
            turn.waiting_for_model = False

    def _record(self, turn: LiveTurn, event: Event, now: float) -> None:
        if isinstance(event, EvidenceReady):
            turn.transcript = event.evidence.transcript
            turn.timings["evidence"] = now
        elif isinstance(event, RunFinished):
            turn.reply, turn.emotion, turn.strategy = event.reply, event.emotion, event.strategy
            turn.status = "done"
            turn.timings["reply"] = now
        elif isinstance(event, RunFailed):
            turn.status, turn.error = "failed", event.error

    def _remember_clip(self, clip: Path) -> None:
        self._clips.append(clip)
        while len(self._clips) > KEEP_CLIPS:
            self._clips.popleft().unlink(missing_ok=True)

    # -- UI side
    def poll(self) -> list[tuple[int, Event]]:
        """Timeline events produced since the last poll, as (turn id, event)."""
        with self._lock:
            out = list(self._outbox)
            self._outbox.clear()
            return out

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._running is not None or bool(self._pending)

    def preview(self) -> LivePreview:
        with self._lock:
            latest = self.buffer.latest_frame()
            return LivePreview(
                level_db=round(self.buffer.level_db(), 1), speaking=self.detector.speaking,
                busy=self._running is not None or bool(self._pending),
                audio_s=round(self.buffer.audio_end_s, 2),
                coverage=self.buffer.audio_coverage(),
                frame=None if latest is None else latest[1], frame_t=None if latest is None else latest[0],
            )

    def close(self) -> None:
        """Cancel the run in progress, stop the worker, drop the buffers and the written clips."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._cancel is not None:
                self._cancel.set()
            self._pending.clear()
            self._outbox.clear()
            self.buffer.clear()
            self._wake.notify_all()
            worker = self._worker
        if worker is not None and worker is not threading.current_thread():
            worker.join(timeout=5)
        shutil.rmtree(self._dir, ignore_errors=True)

    @property
    def closed(self) -> bool:
        return self._closed
