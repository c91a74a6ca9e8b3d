"""One browser session's live chat: buffer + detector + a thread that runs one turn at a time.

Speech that starts during a reply is queued for the next run (or cancels the reply, per
`LiveSettings.barge_in`); each turn is written as a clip (perception.media.write_clip) and goes through the
runner (the ordinary pipeline) in a runs.Run, holding the shared model slot when one is given; the UI polls
`poll()` for new timeline events and `preview()` for the meters.

Reading ahead (`perceive` given): a turn ends only after `pause_s` of silence, but its clip is complete
`pad_s` into that silence. So once the silence reaches `pad_s` (and nothing else is running), the session
writes the clip the turn would have and perceives it in a thread while the pause runs out. If the turn is
declared with that very span, its run takes that clip and evidence (the same a run would read: same audio,
same dialogue context); if the person speaks on, the reading is dropped and the next pause reads again.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from mer_agents import runs
from mer_agents.events import (
    AuditVerdictEvent,
    DraftReply,
    Event,
    EvidenceReady,
    RunFailed,
    RunFinished,
    StageFinished,
)
from mer_agents.live.buffer import LiveBuffer
from mer_agents.live.settings import LiveSettings
from mer_agents.live.turns import TurnDetector, TurnSpan
from mer_agents.live.vad import VAD_WINDOW_S
from mer_agents.perception.media import write_clip
from mer_agents.types import Evidence

log = logging.getLogger(__name__)

KEEP_CLIPS = 4  # written turn clips kept on disk per session (older ones are deleted)
BARGED_IN = "you started speaking again, so this reply was cancelled"
CLOSED = "the conversation was closed"

TurnStatus = Literal["queued", "running", "done", "failed", "cancelled"]
Frames = list[tuple[float, np.ndarray]]


class Runner(Protocol):
    """clip path, cancel event → the pipeline's events; keeps the dialogue (e.g. `Session.run`). `evidence`
    is passed only by a session that reads ahead: the clip's evidence, already perceived."""

    def __call__(
        self, clip: str, cancel: threading.Event, evidence: Evidence | None = None
    ) -> Iterator[Event]: ...


# clip path → the evidence a run of it would perceive now, with the dialogue so far (`Session.perceive`).
Perceiver = Callable[[str], Evidence]


@dataclass
class ReadAhead:
    """A turn's clip written and perceived during the end-of-turn pause, before the turn is declared."""

    span: tuple[float, float]  # (start_s, end_s) of the speech it was read for
    clip: Path | None = None
    evidence: Evidence | None = None
    done: threading.Event = field(default_factory=threading.Event)
    dropped: bool = False  # no turn will take it: its clip is deleted once it is read


Pending = tuple["LiveTurn", np.ndarray, Frames, ReadAhead | None]  # a declared turn waiting for the worker


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
    read_ahead: bool = Field(False, description="its clip was perceived during the pause, before it ended")
    waiting_for_model: bool = Field(False, description="running, but another run holds the shared model slot")
    detected_at: float = Field(0.0, description="session clock when the turn end was declared")
    audio_coverage: float | None = Field(
        None, description="share of the streamed audio the server received so far"
    )
    timings: dict[str, float] = Field(
        default_factory=dict, description="seconds from detection to each milestone"
    )
    stage_s: dict[str, float] = Field(
        default_factory=dict,
        description="seconds each agent's stage took, as 'stage' (round 0) or 'stage/round N' (bench live)",
    )
    perception_s: dict[str, float] = Field(
        default_factory=dict, description="seconds of each perception step (Evidence.timings; bench live)"
    )


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

    def __init__(
        self,
        runner: Runner,
        settings: LiveSettings | None = None,
        *,
        vad: Callable[[np.ndarray], np.ndarray] | None = None,
        clock: Callable[[], float] = time.monotonic,
        run_slots: threading.Semaphore | None = None,
        workdir: Path | None = None,
        perceive: Perceiver | None = None,
    ):
        """`perceive`: read each turn ahead, during its end-of-turn pause (the module's docstring)."""
        self.settings = settings or LiveSettings()
        self._runner = runner
        self._perceive = perceive
        self._ahead: ReadAhead | None = None
        self._ahead_ids = itertools.count(1)
        self.read_aheads = 0  # clips perceived ahead (used or dropped: bench live counts them)
        self._clock = clock
        self._slots = run_slots
        self._lock = threading.RLock()
        self._wake = threading.Condition(self._lock)
        self.buffer = LiveBuffer(self.settings, clock)
        self.detector = TurnDetector(self.settings, vad)
        self._ids = itertools.count(1)
        self.turns: list[LiveTurn] = []
        self._pending: deque[Pending] = deque()
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
            turns = [self._enqueue(span, now) for span in spans]
            self._maybe_read_ahead()
            return turns

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
        if (
            self.settings.barge_in == "cancel"
            and self._cancel is not None
            and not self._cancel.is_set()
            and self.detector.voiced_s >= max(self.settings.min_speech_s, VAD_WINDOW_S)
        ):
            self._cancel.set()

    # -- reading ahead (see the module's docstring)
    def _maybe_read_ahead(self) -> None:
        d, s = self.detector, self.settings
        span = d.span_if_ended()
        if (
            self._perceive is None
            or span is None
            or d.silence_s < s.pad_s - 1e-9  # the clip runs pad_s past the speech: not all here yet
            or d.voiced_s < s.min_speech_s
            or self._running is not None
            or self._pending
        ):
            return
        ahead = self._ahead
        if ahead is not None and (ahead.span == span or not ahead.done.is_set()):
            return  # read already, or still reading an earlier pause (one at a time; the next chunk retries)
        if self._slots is not None:  # another tab's run holds the models: do not take CPU from it
            if not self._slots.acquire(blocking=False):
                return
            self._slots.release()
        self._drop_read_ahead()
        start, end = max(0.0, span[0] - s.pad_s), span[1] + s.pad_s
        ahead = self._ahead = ReadAhead(span=span)
        self.read_aheads += 1
        stem = self._dir / f"ahead_{next(self._ahead_ids):04d}"
        audio, frames = self.buffer.audio(start, end), self.buffer.frames(start, end)
        threading.Thread(
            target=self._read_ahead,
            args=(self._perceive, ahead, stem, audio, frames, start, s.frame_fps),
            name="mer-live-read-ahead",
            daemon=True,
        ).start()

    def _read_ahead(
        self,
        perceive: Perceiver,
        ahead: ReadAhead,
        stem: Path,
        audio: np.ndarray,
        frames: Frames,
        start: float,
        fps: float,
    ) -> None:
        try:
            ahead.clip = write_clip(stem, audio, frames, start, fps)
            ahead.evidence = perceive(str(ahead.clip))
        except Exception as exc:  # the turn, if declared, is perceived by its run, which reports the error
            log.info("reading a live turn ahead failed: %s", exc)
        finally:
            with self._lock:
                ahead.done.set()
                if ahead.dropped:
                    self._discard(ahead)  # dropped while it was read

    def _drop_read_ahead(self) -> None:
        ahead, self._ahead = self._ahead, None
        if ahead is not None:
            self._drop(ahead)

    def _drop(self, ahead: ReadAhead) -> None:
        ahead.dropped = True
        if ahead.done.is_set():
            self._discard(ahead)  # one still being read is discarded by its thread when it finishes

    @staticmethod
    def _discard(ahead: ReadAhead) -> None:
        if ahead.clip is not None:
            ahead.clip.unlink(missing_ok=True)
        ahead.evidence = None

    def _take_read_ahead(self, span: TurnSpan) -> ReadAhead | None:
        """The reading made for exactly this turn's speech, handed over to it; any other is dropped."""
        ahead = self._ahead
        if ahead is not None and ahead.span == (span.start_s, span.end_s) and span.reason != "max_length":
            self._ahead = None
            return ahead
        self._drop_read_ahead()
        return None

    def _enqueue(self, span: TurnSpan, now: float) -> LiveTurn:
        s = self.settings
        start, end = max(0.0, span.start_s - s.pad_s), span.end_s + s.pad_s
        if self._pending:
            self._drop_read_ahead()
            waiting, _, _, read = self._pending[-1]
            if span.end_s - waiting.span.start_s <= s.max_turn_s:
                # The person spoke again before the waiting turn got its run: one turn, one reply.
                self._pending.pop()
                if read is not None:
                    self._drop(read)  # it read less than the merged turn holds
                merged = TurnSpan(
                    start_s=waiting.span.start_s,
                    end_s=span.end_s,
                    reason=span.reason,
                    detected_s=span.detected_s,
                )
                waiting.span, waiting.merged, waiting.detected_at = merged, waiting.merged + 1, now
                start = max(0.0, merged.start_s - s.pad_s)
                self._pending.append(
                    (waiting, self.buffer.audio(start, end), self.buffer.frames(start, end), None)
                )
                return waiting
        turn = LiveTurn(
            id=next(self._ids), span=span, detected_at=now, audio_coverage=self.buffer.audio_coverage(now)
        )
        self.turns.append(turn)
        ahead = self._take_read_ahead(span)
        self._pending.append((turn, self.buffer.audio(start, end), self.buffer.frames(start, end), ahead))
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
                turn, audio, frames, ahead = self._pending.popleft()
                turn.status = "running"
                self._running, self._cancel = turn, threading.Event()
                cancel = self._cancel
            try:
                self._run_turn(turn, audio, frames, cancel, ahead)
            except Exception as exc:
                log.exception("live turn %s failed", turn.id)
                turn.status = "failed"
                turn.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            finally:
                with self._lock:
                    self._running, self._cancel = None, None

    def _run_turn(
        self,
        turn: LiveTurn,
        audio: np.ndarray,
        frames: Frames,
        cancel: threading.Event,
        ahead: ReadAhead | None,
    ) -> None:
        evidence = None
        if ahead is not None:
            ahead.done.wait()  # begun at least one chunk before the turn was declared
            if ahead.clip is not None and ahead.evidence is not None:
                clip, evidence, turn.read_ahead = ahead.clip, ahead.evidence, True
            elif ahead.clip is not None:
                ahead.clip.unlink(missing_ok=True)
        if evidence is None:
            start = max(0.0, turn.span.start_s - self.settings.pad_s)
            clip = write_clip(
                self._dir / f"turn_{turn.id:04d}", audio, frames, start, self.settings.frame_fps
            )
        turn.clip = str(clip)
        self._remember_clip(clip)
        turn.timings["clip_written"] = round(self._clock() - turn.detected_at, 3)
        # The stop is the turn's to say (BARGED_IN, CLOSED), so the run announces none; joining the run's
        # thread when the turn stops early keeps one run of this conversation at a time.
        run = runs.start(
            lambda c: (
                self._runner(str(clip), c) if evidence is None else self._runner(str(clip), c, evidence)
            ),
            slot=self._slots,
            cancel=cancel,
            announce_cancel=False,
            on_wait=lambda w: setattr(turn, "waiting_for_model", w),
        )
        for event in run.events(join=True):
            now = round(self._clock() - turn.detected_at, 3)
            turn.timings.setdefault("first_event", now)
            self._record(turn, event, now)
            with self._lock:
                self._outbox.append((turn.id, event))
            if cancel.is_set() or self._closed:
                break
        if not run.ran:  # cancelled or closed while it waited for the model slot
            turn.status, turn.error = "cancelled", CLOSED if self._closed else BARGED_IN
        elif cancel.is_set() and turn.status != "done":
            turn.status, turn.error = "cancelled", BARGED_IN
        elif turn.status == "running":
            turn.status, turn.error = "failed", "the run ended without a reply"

    def _record(self, turn: LiveTurn, event: Event, now: float) -> None:
        if isinstance(event, EvidenceReady):
            turn.transcript = event.evidence.transcript
            turn.perception_s = dict(event.evidence.timings)
            turn.timings["evidence"] = now
        elif isinstance(event, DraftReply):
            turn.timings.setdefault("first_draft", now)  # the first reply the person can read
            if event.basis == "round":  # the first written by the agents (the first look is code's)
                turn.timings.setdefault("round_draft", now)
        elif isinstance(event, StageFinished | AuditVerdictEvent):
            stage = event.stage if isinstance(event, StageFinished) else "audit"
            turn.stage_s[stage if event.round == 0 else f"{stage}/round {event.round}"] = event.duration_s
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
                level_db=round(self.buffer.level_db(), 1),
                speaking=self.detector.speaking,
                busy=self._running is not None or bool(self._pending),
                audio_s=round(self.buffer.audio_end_s, 2),
                coverage=self.buffer.audio_coverage(),
                frame=None if latest is None else latest[1],
                frame_t=None if latest is None else latest[0],
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
            self._ahead = None
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
