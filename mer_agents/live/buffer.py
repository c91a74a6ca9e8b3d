"""One session's bounded stream buffer (16 kHz mono audio + timestamped frames), and the checks that turn
an untrusted browser chunk into float32 mono."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

import numpy as np

from mer_agents.errors import MediaError
from mer_agents.live.settings import SAMPLE_RATE, LiveSettings
from mer_agents.perception.media import downscale, pcm_to_float

CLOCK_SAMPLES = 12  # recent audio arrivals used to map wall-clock frame times onto the audio clock
SILENT_DB = -100.0
COVERAGE_MIN_S = 2.0  # streamed seconds before the audio coverage is reported
# The browser declares a chunk's sample rate; it is not trusted. An 8 KB chunk declared at 1 Hz is 68 minutes
# of audio once resampled to 16 kHz (seconds of CPU and gigabytes of memory to resample and score).
# Microphones record at 8-96 kHz.
MIN_SAMPLE_RATE = 8_000
MAX_SAMPLE_RATE = 192_000
MAX_CHUNK_S = 5.0  # a chunk covers the stream period (0.5 s); only its last MAX_CHUNK_S seconds are kept
MAX_CHANNELS = 8


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
        raise MediaError(
            f"audio chunk has an invalid sample rate ({sample_rate!r} Hz): expected "
            f"{MIN_SAMPLE_RATE:,} to {MAX_SAMPLE_RATE:,} Hz"
        )
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
        self.chunks = 0  # audio chunks received (each one a request to the server: bench live counts them)

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
        self.chunks += 1
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
