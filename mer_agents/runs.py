"""The run engine: a blocking producer in a worker thread, streamed over a queue, cancelled on close.

`Worker` is the one copy of that pattern: it owns the thread, the queue and the cancel event; `items()`
streams what the thread emits (None every `poll_s` of silence, the heartbeat that lets a UI handler hand
control back) and closing it cancels the thread. The pipeline runs each stage in one (its tokens become
events); `Run` runs a whole pipeline in one, for the Clip tab, the API and each Live turn.

One run at a time on the shared model: a `Run` holds MODEL_SLOT from before its producer starts until the
producer is closed (its stage threads joined), whoever started it; while it waits, `Run.waiting` says so and
a cancel (or an orphaned run) ends the wait at once. A run started under a key (a browser session) replaces
that key's previous run, and `stop(key)` cancels it (the Stop button). A run whose events nobody has taken for
ORPHAN_S has lost its consumer (Gradio drops a generator it cancels during its first step without closing it)
and cancels itself. Gradio-free: the UI adapts these to its handlers.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

from mer_agents.errors import MerError
from mer_agents.events import Event, RunFailed, RunFinished

log = logging.getLogger(__name__)

RUN_THREAD_PREFIX = "mer-run-"  # a Run's worker thread (a pipeline stage's is "mer-<stage>")
SLOT_POLL_S = 0.1  # a run waiting for the model slot checks its cancel event this often
ORPHAN_S = 10.0  # a run whose events nobody has taken for this long has lost its consumer: it cancels itself
CANCELLED_MESSAGE = "Run cancelled by the user."  # a Run stopped from outside says so (reason "cancelled")
# The models are shared and the machine is small: one pipeline run at a time in this process. A semaphore,
# not a lock: it is taken and released by the run's worker, but tests and callers may hold it from elsewhere.
MODEL_SLOT = threading.Semaphore(1)

T = TypeVar("T")
R = TypeVar("R")
Produce = Callable[[threading.Event], Iterator[Event]]  # cancel event -> a pipeline event generator
_DONE = object()


class Cancelled(Exception):
    """Raised inside a worker (at its next token) once its run is cancelled or its consumer went away."""


class Worker(Generic[T, R]):
    """`fn(emit)` in a daemon thread; `items()` streams what it emits, `result()` is its return value."""

    def __init__(
        self, fn: Callable[[Callable[[T], None]], R], name: str, cancel: threading.Event | None = None
    ):
        self.cancel = cancel if cancel is not None else threading.Event()
        self.thread = threading.Thread(target=self._work, args=(fn,), name=name, daemon=True)
        self._queue: queue.Queue[Any] = queue.Queue()
        self._outcome: dict[str, Any] = {}
        self.pulling = False  # the consumer is waiting for the next item
        self.last_pull = time.monotonic()  # when the consumer last took an item

    def start(self) -> Worker[T, R]:
        self.thread.start()
        return self

    def emit(self, item: T) -> None:
        self._queue.put(item)

    def _work(self, fn: Callable[[Callable[[T], None]], R]) -> None:
        try:
            self._outcome["value"] = fn(self.emit)
        except BaseException as exc:  # noqa: BLE001 - handed to the consumer by result()
            self._outcome["error"] = exc
        finally:
            self._queue.put(_DONE)

    def items(self, poll_s: float | None = None, join: bool = False) -> Iterator[T | None]:
        """What the worker emits, in order; None after each `poll_s` of silence (never when None).

        Closing this before the worker is done sets `cancel` (and with `join`, waits for the thread: the
        worker must stop at its next check).
        """
        drained = False
        try:
            while True:
                self.pulling = True
                try:
                    item = self._queue.get(timeout=poll_s) if poll_s else self._queue.get()
                except queue.Empty:
                    item = None
                finally:
                    self.pulling, self.last_pull = False, time.monotonic()
                if item is _DONE:
                    drained = True
                    return
                yield item
        finally:
            if not drained:
                self.cancel.set()
                if join and self.thread is not threading.current_thread():
                    self.thread.join()

    def result(self) -> R:
        """The worker's return value; re-raises what it raised."""
        if "error" in self._outcome:
            raise self._outcome["error"]
        return self._outcome["value"]

    def orphaned(self) -> bool:
        """Nobody has come for the items for ORPHAN_S (and nobody is waiting for one now)."""
        return not self.pulling and time.monotonic() - self.last_pull > ORPHAN_S


def take_slot(
    slot: threading.Semaphore, stop: Callable[[], bool], on_wait: Callable[[bool], None] | None = None
) -> bool:
    """Take `slot`, waiting while another run holds it; False when `stop()` comes true first. The wait
    polls, so a run cancelled while it waits ends at once; `on_wait(True/False)` brackets the wait."""
    if slot.acquire(blocking=False):
        return True
    if on_wait is not None:
        on_wait(True)
    try:
        while not stop():
            if slot.acquire(timeout=SLOT_POLL_S):
                return True
        return False
    finally:
        if on_wait is not None:
            on_wait(False)


class Run(Worker[Event, None]):
    """One pipeline run (`produce(cancel)`) in its worker thread, holding `slot` while it runs.

    `announce_cancel`: a run stopped from outside ends with RunFailed(CANCELLED_MESSAGE, reason "cancelled")
    (also when it never got the slot); False leaves the stop to the consumer (a Live turn says it its way).
    """

    def __init__(
        self,
        produce: Produce,
        *,
        slot: threading.Semaphore | None = MODEL_SLOT,
        cancel: threading.Event | None = None,
        on_wait: Callable[[bool], None] | None = None,
        announce_cancel: bool = True,
        key: str | None = None,
    ):
        super().__init__(self._drive, f"{RUN_THREAD_PREFIX}{time.monotonic_ns()}", cancel)
        self.produce, self.slot, self.key = produce, slot, key
        self.on_wait, self.announce_cancel = on_wait, announce_cancel
        self.started = time.monotonic()
        self.waiting = False  # the run waits for the model slot (another run holds the model)
        self.ran = False  # it got the slot and its producer started
        self.last_kind = ""  # the kind of the latest event it produced (tests wait on it)

    def _wait(self, waiting: bool) -> None:
        self.waiting = waiting
        if self.on_wait is not None:
            self.on_wait(waiting)

    def _stopped(self, t: float = 0.0) -> None:
        if self.announce_cancel:
            self.emit(RunFailed(t=t, error=CANCELLED_MESSAGE, reason="cancelled"))

    def _drive(self, emit: Callable[[Event], None]) -> None:
        events: Iterator[Event] | None = None
        holding = False
        try:
            holding = self.slot is None or take_slot(
                self.slot, lambda: self.cancel.is_set() or self.orphaned(), self._wait
            )
            if not holding:
                self._stopped()
                return
            self.ran = True
            events = self.produce(self.cancel)
            for event in events:
                self.last_kind = event.kind
                emit(event)
                if self.orphaned():
                    log.warning("run abandoned by its consumer: cancelling it")
                    self.cancel.set()
                if self.cancel.is_set() and not isinstance(event, (RunFinished, RunFailed)):
                    self._stopped(getattr(event, "t", 0.0))
                    break
        except MerError as exc:
            emit(RunFailed(error=str(exc), reason="error"))
        except Exception as exc:  # a bug must still end the run readably; the traceback goes to the log
            log.exception("pipeline crashed")
            emit(RunFailed(error=f"Internal error ({exc.__class__.__name__}): {exc}", reason="error"))
        finally:
            try:
                close = getattr(events, "close", None)
                if close is not None:
                    close()  # the pipeline joins its stage thread here
            finally:
                if holding and self.slot is not None:  # released once the run's threads have ended
                    self.slot.release()
                with _LOCK:
                    _RUNS.discard(self)

    def events(self, poll_s: float | None = None, join: bool = False) -> Iterator[Event | None]:
        """The run's events as they come (None every `poll_s` of silence); closing this stops the run."""
        try:
            yield from self.items(poll_s, join)
        finally:
            with _LOCK:
                if self.key is not None and _ACTIVE.get(self.key) is self:
                    del _ACTIVE[self.key]


_ACTIVE: dict[str, Run] = {}  # key (a browser session) -> its current run, so stop(key) reaches it
_RUNS: set[Run] = set()  # every run whose worker has not ended yet
_LOCK = threading.Lock()


def start(produce: Produce, key: str | None = None, **options: Any) -> Run:
    """Start `produce(cancel)` in a Run (options: Run's); a keyed run cancels the key's previous one."""
    run = Run(produce, key=key, **options)
    with _LOCK:
        _RUNS.add(run)
        if key is not None:
            previous = _ACTIVE.get(key)
            if previous is not None:
                previous.cancel.set()
            _ACTIVE[key] = run
    run.start()
    return run


def stop(key: str | None) -> bool:
    """Cancel the key's running run (the Stop button); False when it has none."""
    with _LOCK:
        run = _ACTIVE.get(key or "")
    if run is None:
        return False
    run.cancel.set()
    return True


def running() -> list[Run]:
    """Runs whose worker has not ended (waiting for the model slot, or running)."""
    with _LOCK:
        return list(_RUNS)


def worker_threads() -> list[threading.Thread]:
    """Run worker threads still alive (tests assert that cancelling ends them)."""
    return [t for t in threading.enumerate() if t.name.startswith(RUN_THREAD_PREFIX) and t.is_alive()]
