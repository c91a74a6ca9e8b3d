"""The run engine (mer_agents/runs.py): ordering, cancel, a closed consumer, the key registry, the model
slot and orphaned runs. The producers are plain generators of Progress events (control flow, no model)."""

from __future__ import annotations

import threading
import time

import pytest

from mer_agents import runs
from mer_agents.events import Progress, RunFailed, RunFinished

WAIT_S = 5.0


def _progress(i: int) -> Progress:
    return Progress(t=float(i), stage="media", message=f"step {i}")


def _endless(started: threading.Event | None = None, produced: list | None = None):
    """A producer that goes until it is cancelled (or 10,000 steps)."""

    def produce(cancel: threading.Event):
        for i in range(10_000):
            if cancel.is_set():
                return
            if started is not None:
                started.set()
            if produced is not None:
                produced.append(i)
            yield _progress(i)
            time.sleep(0.005)

    return produce


def _ended(run: runs.Run) -> bool:
    run.thread.join(WAIT_S)
    return not run.thread.is_alive() and run not in runs.running()


def test_a_worker_streams_in_order_and_returns_its_value():
    worker = runs.Worker(lambda emit: [emit(i) for i in range(50)] and "done", "mer-test").start()
    assert list(worker.items()) == list(range(50))
    assert worker.result() == "done" and not worker.cancel.is_set()


def test_a_worker_hands_its_error_to_the_consumer():
    def fail(emit):
        emit(1)
        raise ValueError("boom")

    worker = runs.Worker(fail, "mer-test").start()
    assert list(worker.items()) == [1]
    with pytest.raises(ValueError, match="boom"):
        worker.result()


def test_closing_the_items_cancels_the_worker_and_join_waits_for_it():
    cancel = threading.Event()

    def until_cancelled(emit):
        while True:
            if cancel.is_set():
                raise runs.Cancelled()
            emit("token")
            time.sleep(0.005)

    worker = runs.Worker(until_cancelled, "mer-test", cancel=cancel).start()
    items = worker.items(join=True)
    assert next(items) == "token"
    items.close()
    assert worker.cancel.is_set() and not worker.thread.is_alive()
    with pytest.raises(runs.Cancelled):
        worker.result()


def test_a_quiet_worker_yields_none_every_poll():
    release = threading.Event()
    worker = runs.Worker(lambda emit: release.wait(WAIT_S), "mer-test").start()
    items = worker.items(poll_s=0.02)
    assert next(items) is None and next(items) is None  # the heartbeat while nothing comes
    release.set()
    assert [i for i in items if i is not None] == []


def test_a_run_passes_every_event_in_order_and_ends():
    def produce(cancel):
        yield from (_progress(i) for i in range(20))
        yield RunFinished(reply="ok", emotion="joy", strategy="Question", rounds=0, all_passed=True)

    run = runs.start(produce, slot=None)
    events = list(run.events())
    assert [e.t for e in events[:-1]] == [float(i) for i in range(20)] and isinstance(events[-1], RunFinished)
    assert run.ran and run.last_kind == "run_finished" and _ended(run)


def test_a_cancel_mid_stream_ends_with_one_cancelled_failure():
    """The producer does not look at its cancel event: the run stops it after its next event."""
    started, produced = threading.Event(), []
    run = runs.start(lambda cancel: _endless(started, produced)(threading.Event()), slot=None)
    assert started.wait(WAIT_S)
    run.cancel.set()
    events = [e for e in run.events() if e is not None]
    assert isinstance(events[-1], RunFailed) and events[-1].reason == "cancelled"
    assert events[-1].error == runs.CANCELLED_MESSAGE and all(isinstance(e, Progress) for e in events[:-1])
    assert _ended(run) and len(produced) < 10_000


def test_closing_the_consumer_stops_the_producer_and_closes_it():
    closed = threading.Event()

    def produce(cancel):
        try:
            yield from _endless()(cancel)
        finally:
            closed.set()

    run = runs.start(produce, slot=None)
    events = run.events()
    next(events)
    events.close()
    assert run.cancel.is_set() and _ended(run) and closed.is_set()


def test_a_producer_error_ends_the_run_readably():
    def produce(cancel):
        yield _progress(0)
        raise RuntimeError("bug")

    events = list(runs.start(produce, slot=None).events())
    assert isinstance(events[-1], RunFailed) and events[-1].reason == "error"
    assert events[-1].error == "Internal error (RuntimeError): bug"


def test_a_keyed_run_replaces_the_previous_one_and_stop_reaches_it():
    first = runs.start(_endless(), key="tab-1", slot=None)
    second = runs.start(_endless(), key="tab-1", slot=None)
    assert first.cancel.is_set() and not second.cancel.is_set()
    assert runs.stop("tab-1") and second.cancel.is_set()
    assert not runs.stop("tab-2")
    events = second.events()
    list(events)
    assert _ended(first) and _ended(second)
    assert not runs.stop("tab-1")  # the finished run's key is gone


def test_a_run_waits_for_the_model_slot_and_says_so():
    slot = threading.Semaphore(1)
    assert slot.acquire(timeout=1)
    waits: list[bool] = []
    started = threading.Event()
    run = runs.start(_endless(started), slot=slot, on_wait=waits.append)
    deadline = time.monotonic() + WAIT_S
    while not run.waiting and time.monotonic() < deadline:
        time.sleep(0.01)
    assert run.waiting and not started.is_set() and not run.ran
    slot.release()
    assert started.wait(WAIT_S) and not run.waiting and waits == [True, False]
    run.cancel.set()
    list(run.events())
    assert _ended(run) and slot.acquire(blocking=False)  # released once the run ended


def test_a_run_cancelled_while_it_waits_ends_at_once_without_running():
    slot = threading.Semaphore(0)
    started = threading.Event()
    run = runs.start(_endless(started), slot=slot)
    time.sleep(0.05)
    cancelled = time.monotonic()
    run.cancel.set()
    events = [e for e in run.events() if e is not None]
    assert time.monotonic() - cancelled < 1.0 and not started.is_set() and not run.ran
    assert len(events) == 1 and events[0].reason == "cancelled"
    quiet = runs.start(_endless(started), slot=slot, announce_cancel=False)
    quiet.cancel.set()
    assert list(quiet.events()) == [] and not quiet.ran and _ended(quiet)


def test_one_run_at_a_time_on_the_shared_slot():
    active, most = [0], [0]
    lock = threading.Lock()

    def produce(cancel):
        with lock:
            active[0] += 1
            most[0] = max(most[0], active[0])
        try:
            for i in range(5):
                yield _progress(i)
                time.sleep(0.01)
        finally:
            with lock:
                active[0] -= 1

    slot = threading.Semaphore(1)
    started = [runs.start(produce, slot=slot) for _ in range(3)]
    for run in started:
        assert len([e for e in run.events() if e is not None]) == 5
    assert most[0] == 1 and all(_ended(run) for run in started)


def test_a_run_nobody_consumes_cancels_itself(monkeypatch):
    monkeypatch.setattr(runs, "ORPHAN_S", 0.2)
    produced: list[int] = []
    run = runs.start(_endless(produced=produced), slot=None)
    events = run.events()
    next(events)  # taken once, then dropped without being closed
    assert _ended(run) and run.cancel.is_set() and len(produced) < 10_000
