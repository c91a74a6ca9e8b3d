"""Turn detection: a 16 kHz stream becomes turns (onset at the VAD threshold, end after a pause)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from mer_agents.live.settings import LiveSettings
from mer_agents.live.vad import VAD_WINDOW_S, StreamingVad

VAD_HYSTERESIS = 0.15  # inside speech, probabilities down to threshold - this still count as voiced


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


class TurnDetector:
    """Cuts a 16 kHz stream into turns: onset at threshold, end after `pause_s` without voiced windows."""

    def __init__(
        self, settings: LiveSettings | None = None, vad: Callable[[np.ndarray], np.ndarray] | None = None
    ):
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

    @property
    def silence_s(self) -> float:
        """Seconds since the last voiced window of the speech in progress (0 when silent)."""
        return self.time_s - self._last_voiced if self._start is not None else 0.0

    def span_if_ended(self) -> tuple[float, float] | None:
        """(start_s, end_s) of the turn the speech in progress becomes if no voice comes before the pause
        ends: what a TurnSpan of reason "pause" or "flush" will hold."""
        if self._start is None:
            return None
        return round(self._start, 3), round(self._last_voiced, 3)

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
            turns.append(
                TurnSpan(
                    start_s=round(self._start, 3),
                    end_s=round(end, 3),
                    reason=reason,
                    detected_s=round(detected, 3),
                )
            )
        self._voiced_s = 0.0
