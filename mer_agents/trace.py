"""The JSON trace of a run: every event plus the top-level answer, rounds, verdicts, timings and tokens.

Each event is also appended to `<trace>.jsonl` as it arrives, so a crash loses nothing; `write()` then
writes the full `<trace>.json` (also after a failure, with `error` set). `Trace.load` replays a trace.

A trace named by the program (not by the user's --trace) is `<prefix>-<time to the microsecond>-<run id>`,
created with open(..., "x"): two runs started in the same second (a loop in a shell, a burst of app
visitors) never share or overwrite a file. `summary()["ended"]` says how the run ended.

A trace to replay may come from anyone (the app takes uploads), so `load` checks it before use: the file's
size, the number of events, the JSON's nesting, each event's schema and its round, each failure being one
readable MerError. Real traces are far inside these limits (compare the largest example in docs/results,
a refined run).
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable, Iterator, TextIO

from annotated_types import Le
from pydantic import ValidationError

from mer_agents.config import Settings
from mer_agents.errors import MerError
from mer_agents.events import (
    AuditVerdictEvent,
    Event,
    RegenerationRequested,
    RunFailed,
    RunFinished,
    RunStarted,
    StageFinished,
    event_from_json,
    event_to_json,
)

JSONL_SUFFIX = ".jsonl"
MAX_TRACE_BYTES = 5 << 20
MAX_TRACE_EVENTS = 20_000
# A round beyond the most Settings allows comes from no real run (and would grow the timeline's indexes).
MAX_ROUND = next(b.le for b in Settings.model_fields["max_rounds"].metadata if isinstance(b, Le))
TIME_FORMAT = "%Y%m%d-%H%M%S-%f"  # to the microsecond: a trace name's time
MAX_NAME_TRIES = 100  # a taken name (only ever a clock step back) gets a counter suffix this many times
UNFINISHED = "unfinished"  # summary()["ended"] of a trace with no final event (a crash, a killed process)


def trace_name(run_id: str = "", prefix: str = "trace", when: datetime | None = None) -> str:
    """`<prefix>-<time to the µs>-<run id>.json`; a run without an id (it failed before starting) gets a
    random one, so names stay unique even when the clock is coarse."""
    stamp = (when or datetime.now()).strftime(TIME_FORMAT)
    safe = "".join(c for c in run_id if c.isalnum() or c in "-_")[:40] or uuid.uuid4().hex[:12]
    return f"{prefix}-{stamp}-{safe}.json"


def create_exclusive(path: Path, suffix: str = ".json") -> tuple[TextIO, Path]:
    """A new file at `path` with `suffix`, opened "x" (never one that exists: on a clash the stem gets -1,
    -2, ...). Returns the open file and the trace's .json path with the stem it got."""
    path.parent.mkdir(parents=True, exist_ok=True)
    stem = path.with_suffix("")
    for n in range(MAX_NAME_TRIES):
        base = stem if n == 0 else stem.with_name(f"{stem.name}-{n}")
        try:
            return open(base.with_suffix(suffix), "x", encoding="utf-8"), base.with_suffix(".json")
        except FileExistsError:
            continue
    raise FileExistsError(f"no free trace name beside {path.name}")


class TraceError(MerError):
    """A trace that cannot be replayed: one line saying why."""


class Trace:
    """Collects a run's events; optionally mirrors each one to a JSONL file as it goes."""

    def __init__(
        self, path: str | Path | None = None, *, folder: str | Path | None = None, prefix: str = "trace"
    ):
        """`path`: mirror to its `.jsonl` from now on and write `.json` there (the user's file, overwritten).
        `folder`: a new file there, named at the first event (trace_name: the time and the run's id), created
        exclusively; None for both: in memory, written where `write` is told."""
        self.path = Path(path) if path else None
        self.events: list[Event] = []
        self._jsonl = None
        self._folder, self._prefix, self._started = (Path(folder) if folder else None), prefix, datetime.now()
        self._exclusive = False  # this trace chose its own name: its .json is created, never overwritten
        if self.path:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._jsonl = open(self.path.with_suffix(JSONL_SUFFIX), "w", encoding="utf-8")

    def _name(self, run_id: str = "") -> None:
        """Choose this trace's unique file in its folder and open its JSONL mirror (create-exclusive)."""
        name = trace_name(run_id, self._prefix, self._started)
        self._jsonl, self.path = create_exclusive(self._folder / name, JSONL_SUFFIX)
        self._exclusive = True

    def add(self, event: Event) -> Event:
        if self.path is None and self._folder is not None:
            self._name(getattr(event, "run_id", ""))
        self.events.append(event)
        if self._jsonl:
            self._jsonl.write(json.dumps(event_to_json(event), ensure_ascii=False) + "\n")
            self._jsonl.flush()
        return event

    def record(self, events: Iterable[Event]) -> Iterator[Event]:
        """Pass events through, keeping each."""
        for event in events:
            yield self.add(event)

    # -- derived views ---------------------------------------------------------------------------------------
    def _last(self, kind: type) -> Any:
        return next((e for e in reversed(self.events) if isinstance(e, kind)), None)

    def ended(self) -> str:
        """How the run ended: finished, cancelled, bad_input, error, or UNFINISHED (no final event yet)."""
        last = self.events[-1] if self.events else None
        if isinstance(last, RunFinished):
            return "finished"
        return last.reason if isinstance(last, RunFailed) else UNFINISHED

    def end(self, error: str, reason: str = "cancelled") -> None:
        """Record why the run stopped, unless its last event already says how it ended (the trace of a run
        closed from outside, whose worker never sent its final event)."""
        if self.ended() == UNFINISHED:
            t = self.events[-1].t if self.events else 0.0
            self.add(RunFailed(t=t, error=error, reason=reason))

    def summary(self) -> dict[str, Any]:
        started, finished, failed = self._last(RunStarted), self._last(RunFinished), self._last(RunFailed)
        timings: dict[str, float] = {}
        tokens: dict[str, dict[str, int]] = {}

        def count(stage: str, seconds: float, prompt: int, completion: int, cached: int) -> None:
            timings[stage] = round(timings.get(stage, 0.0) + seconds, 4)
            slot = tokens.setdefault(stage, {"prompt": 0, "completion": 0, "cached": 0})
            slot["prompt"] += prompt
            slot["completion"] += completion
            slot["cached"] += cached

        verdicts = []
        for e in self.events:
            if isinstance(e, StageFinished):
                count(e.stage, e.duration_s, e.prompt_tokens, e.completion_tokens, e.cached_tokens)
            elif isinstance(e, AuditVerdictEvent):
                count("audit", e.duration_s, e.prompt_tokens, e.completion_tokens, e.cached_tokens)
                verdicts.append({"round": e.round, **e.verdict.model_dump(mode="json")})
        if self.events:
            timings["total"] = self.events[-1].t
        rounds = (
            finished.rounds if finished else sum(isinstance(e, RegenerationRequested) for e in self.events)
        )
        return {
            "run_id": started.run_id if started else None,
            "backend": started.backend if started else None,
            "source": started.source if started else None,
            "settings": started.settings if started else {},
            "reply": finished.reply if finished else None,
            "emotion": finished.emotion if finished else None,
            "strategy": finished.strategy if finished else None,
            "all_passed": finished.all_passed if finished else False,
            "best_round": finished.best_round if finished else None,
            "reply_source": finished.reply_source if finished else None,
            "note": finished.note if finished else "",
            "rounds": rounds,
            "verdicts": verdicts,
            "timings": timings,
            "tokens": tokens,
            "error": failed.error if failed else None,
            "failed_stage": failed.stage if failed else None,
            "ended": self.ended(),
        }

    def to_json(self) -> dict[str, Any]:
        return {**self.summary(), "events": [event_to_json(e) for e in self.events]}

    def write(self, path: str | Path | None = None, exclusive: bool = False) -> Path:
        """Write the full trace JSON (to `path`, else the path given at construction or chosen at the first
        event). `exclusive`, and a name this trace chose: a new file, never one that exists (a clash gets a
        counter suffix, see create_exclusive); returns where it went."""
        if path is None and self.path is None and self._folder is not None:
            self._name()
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("no trace path given")
        text = json.dumps(self.to_json(), indent=2, ensure_ascii=False)
        if exclusive or (path is None and self._exclusive):
            handle, target = create_exclusive(target)
            with handle:
                handle.write(text)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        if self._jsonl:
            self._jsonl.close()
            self._jsonl = None
        return target

    @classmethod
    def load(cls, path: str | Path) -> Trace:
        """Read a trace written by `write` (or only its `.jsonl`, when the run crashed before `write`).

        Raises TraceError (one line) for a file that is missing, too big, not a trace or not valid.
        """
        path = Path(path)
        trace = cls()
        if path.suffix == JSONL_SUFFIX or not path.exists():
            source = path.with_suffix(JSONL_SUFFIX)
            lines = _read(source).splitlines()
            raw = [_parse(source, line) for line in lines if line.strip()]
        else:
            source = path
            data = _parse(source, _read(source))
            raw = data.get("events") if isinstance(data, dict) else None
            if not isinstance(raw, list):
                raise TraceError(f"{source.name} is not a mer_agents trace (no list of events)")
        if len(raw) > MAX_TRACE_EVENTS:
            raise TraceError(
                f"{source.name} holds {len(raw):,} events; a trace may hold at most {MAX_TRACE_EVENTS:,}"
            )
        trace.events = [_event(source, i, item) for i, item in enumerate(raw)]
        return trace


def _read(path: Path) -> str:
    try:
        size = path.stat().st_size
        if size > MAX_TRACE_BYTES:
            raise TraceError(
                f"{path.name} is {size / (1 << 20):.1f} MB; a trace may be at most {MAX_TRACE_BYTES >> 20} MB"
            )
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TraceError(f"trace not found: {path.name}") from None
    except UnicodeDecodeError:
        raise TraceError(f"{path.name} is not a mer_agents trace (not UTF-8 text)") from None
    except OSError as exc:
        raise TraceError(f"cannot read {path.name}: {exc.strerror or exc}") from None


def _parse(path: Path, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TraceError(f"{path.name} is not a mer_agents trace (bad JSON at line {exc.lineno})") from None
    except RecursionError:
        raise TraceError(f"{path.name} is not a mer_agents trace (JSON nested too deeply)") from None


def _event(path: Path, index: int, item: Any) -> Event:
    """One event, validated against the schema; its round within what a run can reach."""
    try:
        event = event_from_json(item)
    except (ValidationError, RecursionError, TypeError, ValueError) as exc:
        first = str(exc).splitlines()[0] if not isinstance(exc, RecursionError) else "nested too deeply"
        raise TraceError(f"{path.name}: event {index + 1} is not a valid timeline event ({first})") from None
    rnd = getattr(event, "round", 0)
    if not 0 <= rnd <= MAX_ROUND:
        raise TraceError(f"{path.name}: event {index + 1} has round {rnd}; runs have rounds 0 to {MAX_ROUND}")
    return event
