"""The app's JSON traces: every run's events written to Settings.trace_dir, however the run ends, as a file
the page can hand out; and a downloaded trace read back for a replay.

A clip run's handler (handlers.stream_run, the API) and a Live turn (`traced`) write theirs here; a run that
ends without a final event gets one saying why (`end_trace`, ENDED_UNSEEN), so a trace always says how its
run ended.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

from mer_agents import runs
from mer_agents.config import Settings
from mer_agents.errors import MerError
from mer_agents.events import Event
from mer_agents.trace import UNFINISHED
from mer_agents.ui.timeline import TimelineView, apply

log = logging.getLogger(__name__)

TEMP_TRACE_DIR = "mer_agents_traces"  # in the temp dir: the download when Settings.trace_dir cannot serve it
TRACE_PREFIX = "trace"  # <trace_dir>/trace-<time to the µs>-<run id>.json (trace.trace_name)
ENDED_UNSEEN = "The run ended unexpectedly."  # the worker ended without a final event


def new_trace() -> Any:
    from mer_agents.trace import Trace

    return Trace()


def write_trace(trace: Any, settings: Settings, run_id: str) -> str | None:
    """Write the run's JSON trace to Settings.trace_dir (also after a failure); the path is what the user
    downloads. The name is new (trace.trace_name: the time to the microsecond and the run id, created
    exclusively), so runs never share a file. When trace_dir cannot be written, or lies where Gradio hands out
    no files (outside the working directory and the temp dir), the download (only, or also) goes to the temp
    dir's TEMP_TRACE_DIR."""
    from mer_agents.trace import trace_name

    name = trace_name(run_id, TRACE_PREFIX)
    path = _write_trace_file(trace, Path(settings.trace_dir) / name)
    if path is not None and _downloadable(path):
        return str(path)
    fallback = _write_trace_file(trace, Path(tempfile.gettempdir()) / TEMP_TRACE_DIR / name)
    return str(fallback) if fallback is not None else None


def _write_trace_file(trace: Any, path: Path) -> Path | None:
    try:
        return trace.write(path, exclusive=True)
    except Exception:  # the run's result matters more than its trace file
        log.exception("writing the trace to %s failed", path)
        return None


def _downloadable(path: Path) -> bool:
    """Whether Gradio hands this file out: it takes files under the working directory or the temp dir."""
    resolved = path.resolve()
    return any(resolved.is_relative_to(Path(root).resolve()) for root in (os.getcwd(), tempfile.gettempdir()))


def load_trace_events(path: str) -> list[Event]:
    from mer_agents.trace import Trace

    try:
        return list(Trace.load(path).events)
    except MerError:
        raise
    except Exception as exc:
        raise MerError(f"Not a mer_agents trace: {Path(path).name} ({exc.__class__.__name__}).") from exc


def end_trace(trace: Any, view: TimelineView | None, run: runs.Run) -> None:
    """The worker ended (or was left) without a final event: record why, in the trace (and the view)."""
    if trace.ended() != UNFINISHED:
        return
    cancelled = run.cancel.is_set()
    trace.end(runs.CANCELLED_MESSAGE if cancelled else ENDED_UNSEEN, "cancelled" if cancelled else "error")
    if view is not None:
        apply(view, trace.events[-1])


def traced(events: Iterator[Event], settings: Settings) -> Iterator[Event]:
    """A live turn's events, passed through and written as its trace to Settings.trace_dir when the run ends,
    finished, failed or stopped (as a clip run's trace is: write_trace); a turn stopped or broken
    before its final event ends in RunFailed saying so."""
    trace, run_id = new_trace(), ""
    try:
        for event in events:
            trace.add(event)
            run_id = run_id or getattr(event, "run_id", "")
            yield event
        trace.end(ENDED_UNSEEN, "error")  # the turn's run ended without saying how
    except GeneratorExit:  # the turn was stopped (a barge-in, a closed conversation)
        trace.end(runs.CANCELLED_MESSAGE, "cancelled")
        raise
    except Exception as exc:
        trace.end(f"Internal error ({exc.__class__.__name__}): {exc}", "error")
        raise
    finally:
        write_trace(trace, settings, run_id or f"live-{int(time.time() * 1000)}")
