"""The run: evidence → perception → forecast → strategy → reply → audit → back to the earliest faulty stage.

`run` is a plain generator of typed events (events.py); it never raises for user errors and always ends in
RunFinished or RunFailed. Each stage runs in a worker thread (runs.Worker) so its tokens stream out as
TokenDelta events while the generator stays a generator; cancellation is checked between stages and at every
token.

Refinement: after an audit with a `revise`, the run re-enters at the EARLIEST faulty stage with the
auditor's instruction (and the checks' hints, e.g. a strategy to avoid). Upstream stages are reused, not
rerun, and emit no new events in that round: their latest StageFinished still holds. The target stage reruns
(new seed), and a later stage reruns only when it failed the audit itself or reads an output that was just
regenerated (READS); the others are reused, and a Progress event names them. The perception agent's summary
is read by no later stage (the forecaster fuses the evidence itself), so a perception revise reruns
perception alone. A later stage is also reused when what it reads of the regenerated output (READ_FIELDS:
the forecast's emotion and intensity, the plan's strategy and example replies) came back the same: a new
explanation or reason changes nothing it acts on. The reply stage, failed or not, is not rerun on unchanged
inputs when the rerun cannot change the kept reply (responder.why_it_stays: a rerun ranks every
candidate failing a check the audit failed last, so it changes by a re-pick when another candidate passes
them, else by the model's rewrite under the audit's instruction, tried once); when the reply is the stage
to re-enter and neither is left, the loop stops there and says why. Then the whole chain is audited
again. Rounds stop when every stage passes, when no rerun can change the reply, or when settings.max_rounds
refinement rounds are spent; the final reply is the best-audited one (fewest failed checks, ties → the
latest round).
First look: right after the evidence, before the agents run, the reply code alone would keep (the fusion,
the planner's ranking, the human replies and the template: agents/first_look.py) is shown as a draft; the
round's reply and the kept reply replace it (issue #14: the person reads a reply within a second).
settings.reflection False: one pass of the four stages, no audit.
settings.one_pass: the single-prompt ablation (agents/one_pass.py), no audit.
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generator, Iterator, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from mer_agents.agents import crisis, first_look, guard, one_pass, reflection, responder
from mer_agents.agents.base import AgentContext, Embed, Retrieve, Usage
from mer_agents.backends.base import Backend
from mer_agents.config import Settings
from mer_agents.errors import MediaError, MerError, StageError
from mer_agents.events import (
    AuditVerdictEvent,
    DraftReply,
    Event,
    EvidenceReady,
    Progress,
    RegenerationRequested,
    RunFailed,
    RunFinished,
    RunStarted,
    StageFailed,
    StageFinished,
    StageStarted,
    TokenDelta,
)
from mer_agents.perception.asr import language_name
from mer_agents.runs import Cancelled, Worker
from mer_agents.stages import SPECS, STAGE_SPECS, STAGES
from mer_agents.types import Evidence, Reply, StageName, StageOutput, Turn

log = logging.getLogger(__name__)
T = TypeVar("T")
CANCELLED = "cancelled"  # the message of a run cancelled mid-pipeline (RunFailed.reason "cancelled")
SUMMARY_CHARS = 140
SOURCE_NOTES = {  # why the kept reply is not a model draft (agents/responder.py ranks every candidate)
    "exemplar": "kept reply: a human supporter reply from ESConv train, ranked above the model's drafts",
    "template": "kept reply: the grounded template from the person's own words, ranked above the model's "
    "drafts and the human exemplars",
}


class RunRequest(BaseModel):
    """What to analyse: a clip, ready evidence, or a typed message; plus the dialogue so far."""

    model_config = ConfigDict(extra="forbid")
    clip: str | None = None
    evidence: Evidence | None = None
    text: str | None = None
    history: list[Turn] = Field(default_factory=list)
    exclude_dialogues: list[str] = Field(
        default_factory=list, description="ESConv dialogue ids retrieval must skip (evaluation)"
    )


def perception_context(history: list[Turn]) -> list[str]:
    """What perception's text head reads before the new words: the person's earlier turns."""
    return [t.user_text for t in history]


# Which earlier stages' outputs each stage's agent reads (declared in stages.STAGE_SPECS).
READS: dict[str, tuple[str, ...]] = {s.name: s.reads for s in STAGE_SPECS}


# What a stage's reader acts on, per stage whose output is read (READS): agents/planner.py ranks strategies
# by the forecast's emotion and intensity (two decimals in its prompt); agents/responder.py reads the
# forecast's emotion (tone, template) and the plan's strategy and example replies. The forecast's explanation
# and the plan's reason are shown in the timeline and read by no later stage.
READ_FIELDS: dict[str, Callable[[Any], tuple]] = {
    "forecast": lambda f: (f.emotion, round(f.intensity, 2)),
    "strategy": lambda p: (p.strategy, tuple(p.exemplars)),
}


def read_inputs(stage: str, outputs: dict[str, Any]) -> tuple:
    """What `stage` reads of the earlier stages' current outputs, comparable across rounds."""
    return tuple(READ_FIELDS[d](outputs[d]) for d in READS[stage])


def stages_to_rerun(target: str, failed: set[str]) -> list[str]:
    """The stages a refinement round reruns, in order: the target, and each later stage that failed the
    audit itself or reads an output rerun before it."""
    rerun: list[str] = []
    for stage in STAGES[STAGES.index(target) :]:
        if stage == target or stage in failed or any(d in rerun for d in READS[stage]):
            rerun.append(stage)
    return rerun


@dataclass
class _RoundRecord:
    round: int
    outputs: dict[str, Any]
    failed: int


@dataclass
class _Run:
    request: RunRequest
    backend: Backend
    settings: Settings
    cancel: threading.Event
    start: float = field(default_factory=time.perf_counter)
    stage: str | None = None
    round: int = 0
    closed: threading.Event = field(default_factory=threading.Event)
    crisis: crisis.Crisis | None = None  # set once the words are known (agents/crisis.py)
    language: str | None = None  # Whisper's detected language of the person's speech (None: typed text)
    tools: dict[str, Any] = field(default_factory=dict)  # injected retrieve / embed, else AgentContext's
    drafts: dict[int, str] = field(default_factory=dict)  # round → the reply shown as its draft

    def t(self) -> float:
        return round(time.perf_counter() - self.start, 4)

    def check_cancel(self) -> None:
        if self.cancel.is_set() or self.closed.is_set():
            raise Cancelled()

    # -- threaded steps: stream what the worker reports as events, return its value --------------------
    def threaded(
        self, fn: Callable[[Callable[[str], None]], T], to_event: Callable[[str], Event]
    ) -> Generator[Event, None, T]:
        """`fn(sink)` in a runs.Worker; a consumer that stops iterating (generator closed) sets `closed`,
        which stops the worker at its next token, and waits for it."""

        def call(emit: Callable[[str], None]) -> T:
            def sink(text: str) -> None:
                self.check_cancel()
                emit(text)

            return fn(sink)

        worker: Worker[str, T] = Worker(call, f"mer-{self.stage}", cancel=self.closed).start()
        for item in worker.items(join=True):
            yield to_event(item)  # type: ignore[arg-type] - items() yields None only with a poll_s
        value = worker.result()
        self.check_cancel()
        return value

    def context(
        self, evidence: Evidence, round_: int = 0, instruction: str = "", hints: dict[str, Any] | None = None
    ) -> AgentContext:
        return AgentContext(
            backend=self.backend,
            settings=self.settings,
            evidence=evidence,
            history=self.request.history,
            round=round_,
            instruction=instruction,
            hints=hints or {},
            exclude_dialogues=frozenset(self.request.exclude_dialogues),
            **self.tools,
        )

    # -- steps ----------------------------------------------------------------------------------------------
    def evidence(self) -> Generator[Event, None, Evidence]:
        req = self.request
        if req.evidence is not None:
            return req.evidence
        context = perception_context(req.history)
        self.stage = "media"
        if req.clip:
            from mer_agents.perception import perceive  # heavy: imported when a clip is analysed

            if not Path(req.clip).exists():
                raise MediaError(f"clip not found: {req.clip}")
            yield Progress(t=self.t(), stage="media", message=f"analysing {Path(req.clip).name}")
            return (
                yield from self.threaded(
                    lambda sink: perceive(req.clip, self.settings, context=context, progress=sink),
                    lambda msg: Progress(t=self.t(), stage="media", message=msg),
                )
            )
        if req.text and req.text.strip():
            from mer_agents.perception import perceive_text

            yield Progress(t=self.t(), stage="media", message="reading the typed message")
            return (
                yield from self.threaded(
                    lambda sink: perceive_text(req.text, self.settings, context=context),
                    lambda msg: Progress(t=self.t(), stage="media", message=msg),
                )
            )
        raise MediaError("nothing to analyse: give a clip, an evidence file or a text")

    def stage_step(
        self, stage: StageName, ctx: AgentContext, fn: Callable[[AgentContext], BaseModel]
    ) -> Generator[Event, None, BaseModel]:
        self.check_cancel()
        self.stage, self.round = stage, ctx.round
        yield StageStarted(t=self.t(), stage=stage, round=ctx.round, instruction=ctx.instruction)
        started = time.perf_counter()

        def call(sink: Callable[[Any], None]) -> BaseModel:
            ctx.on_token = sink
            if stage == "reply" and not self.crisis:
                ctx.on_draft = lambda text, source: sink(self.draft(ctx.round, text, source))
            return fn(ctx)

        def to_event(item: Any) -> Event:
            if isinstance(item, DraftReply):
                return item
            return TokenDelta(t=self.t(), stage=stage, round=ctx.round, text=item)

        output = yield from self.threaded(call, to_event)
        yield StageFinished(
            t=self.t(),
            stage=stage,
            round=ctx.round,
            output=output,
            summary=summarise(output),
            duration_s=round(time.perf_counter() - started, 4),
            prompt_tokens=ctx.usage.prompt_tokens,
            completion_tokens=ctx.usage.completion_tokens,
            cached_tokens=ctx.usage.cached_tokens,
        )
        return output

    def audit_step(
        self,
        ctx: AgentContext,
        outputs: dict[str, Any],
        no_next_round: Callable[[StageName, set[str]], str] | None = None,
    ) -> Generator[Event, None, reflection.Audit]:
        self.check_cancel()
        self.stage, self.round = "audit", ctx.round
        yield StageStarted(t=self.t(), stage="audit", round=ctx.round)
        started = time.perf_counter()

        def call(sink: Callable[[str], None]) -> reflection.Audit:
            ctx.on_token = sink
            return reflection.audit(
                ctx,
                outputs["perception"],
                outputs["forecast"],
                outputs["strategy"],
                outputs["reply"],
                no_next_round,
            )

        result = yield from self.threaded(
            call, lambda text: TokenDelta(t=self.t(), stage="audit", round=ctx.round, text=text)
        )
        llm = sum(u.seconds for u in result.usage.values())
        code_share = max(0.0, time.perf_counter() - started - llm) / len(STAGES)
        for verdict in result.verdicts:
            usage = result.usage.get(verdict.stage, Usage())
            yield AuditVerdictEvent(
                t=self.t(),
                round=ctx.round,
                verdict=verdict,
                duration_s=round(code_share + usage.seconds, 4),
                prompt_tokens=usage.prompt_tokens,
                completion_tokens=usage.completion_tokens,
                cached_tokens=usage.cached_tokens,
            )
        return result

    # -- the run ---------------------------------------------------------------------------------------
    def body(self) -> Iterator[Event]:
        evidence = yield from self.evidence()
        yield EvidenceReady(t=self.t(), evidence=evidence)
        spoken_other = bool(evidence.language) and evidence.language != "en"  # the classifier reads English
        self.crisis = crisis.detect(evidence.transcript, self.settings, classifier=not spoken_other)
        if self.crisis is None and evidence.translation:
            # a garbled (unsure) translation can still carry the words; a false alarm costs less than a miss
            self.crisis = crisis.detect(evidence.translation, self.settings)
            if self.crisis is not None:
                self.crisis = self.crisis.model_copy(update={"source": "the English translation's words"})
        self.language = evidence.language
        transcript = evidence.transcript
        note = None if self.crisis or spoken_other else crisis.overrule_note(transcript, self.settings)
        if note:
            yield Progress(t=self.t(), stage="reply", message=note)
        if self.crisis:
            yield Progress(t=self.t(), stage="reply", message=self.crisis.note)
            yield DraftReply(t=self.t(), round=0, text=self.crisis.reply, source="crisis")
        if self.settings.one_pass:
            yield from self.one_pass(evidence)
            return
        if not self.crisis:
            yield from self.first_look(evidence)
        outputs: dict[str, Any] = {}
        built: dict[str, tuple] = {}  # stage → read_inputs when its current output was made
        records: list[_RoundRecord] = []
        round_, rerun, instruction, hints, failed = 0, list(STAGES), "", {}, set()
        dropped: list[str] = []  # reply checks failed in earlier rounds (responder.rank)
        while True:
            for i, stage in enumerate(rerun):
                first = i == 0 and round_ > 0
                ctx = self.context(evidence, round_, instruction if first else "", hints if first else {})
                why = "" if first or round_ == 0 else self.reuse_reason(ctx, stage, failed, outputs, built)
                if why:
                    yield Progress(t=self.t(), stage=stage, message=f"round {round_}: {stage} reused ({why})")
                    continue
                built[stage] = read_inputs(stage, outputs)
                outputs[stage] = yield from self.stage_step(
                    stage, ctx, lambda c, s=SPECS[stage]: s.run(c, outputs)
                )
                reply = outputs.get("reply")
                if stage == "reply" and not self.crisis and self.drafts.get(round_) != reply.text:
                    yield self.draft(round_, reply.text, reply.source)
            if not self.settings.reflection or self.crisis:
                yield self.finish(outputs, rounds=0, all_passed=False, best_round=0)
                return
            state = (evidence, round_, outputs, built)
            result = yield from self.audit_step(
                self.context(evidence, round_), outputs, lambda t, f: self.no_next_round(*state, t, f)
            )
            records.append(_RoundRecord(round_, dict(outputs), result.failed))
            target = result.earliest_revise
            failed = {v.stage for v in result.verdicts if v.verdict == "revise"}
            stuck = self.stuck_reason(*state, target, failed) if target else ""
            if stuck:
                yield Progress(
                    t=self.t(),
                    stage="reply",
                    message=f"round {round_ + 1} not run: the reply cannot change ({stuck})",
                )
            if target is None or stuck or round_ >= self.settings.max_rounds:
                best = min(records, key=lambda r: (r.failed, -r.round))
                yield self.finish(
                    best.outputs, rounds=round_, all_passed=target is None, best_round=best.round
                )
                return
            round_ += 1
            verdict = next(v for v in result.verdicts if v.stage == target)
            instruction, hints = verdict.instruction, result.hints(target)
            if target == "reply":  # what earlier rounds dropped stays dropped
                dropped = list(dict.fromkeys([*dropped, *hints.get("drop", [])]))
                hints = {**hints, "drop": dropped}
            rerun = stages_to_rerun(target, failed)
            yield RegenerationRequested(
                t=self.t(), round=round_, target_stage=target, instruction=instruction
            )
            reused = [s for s in STAGES[STAGES.index(target) :] if s not in rerun]
            if reused:
                yield Progress(
                    t=self.t(),
                    stage=reused[0],
                    message=f"round {round_}: {', '.join(reused)} reused (passed; inputs unchanged)",
                )

    def stuck_reason(self, evidence, round_: int, outputs, built, target: str, failed: set[str]) -> str:
        """Why the reply, when it is the stage to re-enter, cannot change in the next round ("" when it can,
        or when another stage is the target, or no round is left)."""
        if target != "reply" or round_ >= self.settings.max_rounds:
            return ""
        return self.reuse_reason(self.context(evidence, round_ + 1), "reply", failed, outputs, built)

    def no_next_round(self, evidence, round_: int, outputs, built, target: str, failed: set[str]) -> str:
        """Why no refinement round follows this audit ("" when one does): then no critique is asked for."""
        if round_ >= self.settings.max_rounds:
            return f"round {round_} was the last ({self.settings.max_rounds} refinement rounds allowed)"
        why = self.stuck_reason(evidence, round_, outputs, built, target, failed)
        return f"the reply cannot change ({why})" if why else ""

    def reuse_reason(
        self,
        ctx: AgentContext,
        stage: str,
        failed: set[str],
        outputs: dict[str, Any],
        built: dict[str, tuple],
    ) -> str:
        """Why `stage`, scheduled in a refinement round, need not rerun ("" when it must): what it reads
        came back unchanged, and it passed the audit, or it is the reply and a rerun cannot change it."""
        if stage not in built or read_inputs(stage, outputs) != built[stage]:
            return ""
        if stage not in failed:
            return "what it reads came back unchanged"
        why = responder.why_it_stays(ctx, outputs["reply"]) if stage == "reply" else ""
        return f"same forecast and plan: {why}" if why else ""

    def first_look(self, evidence: Evidence) -> Iterator[Event]:
        """The reply code alone would keep, as a draft, before the agents run (agents/first_look.py). It is
        a preview: when it fails (a missing model file, a bug in shared code) the timeline says so and the
        stage that needs the same code reports the error where it belongs."""
        self.check_cancel()
        try:
            look = first_look.run(self.context(evidence))
        except Exception as exc:  # noqa: BLE001 - see the docstring; the log keeps the traceback
            log.warning("first look failed", exc_info=True)
            yield Progress(
                t=self.t(), stage="strategy", message=f"no first look: {type(exc).__name__}: {exc}"
            )
            return
        self.check_cancel()
        if look is not None:
            yield DraftReply(t=self.t(), round=0, text=look.text, source=look.source, basis="code")

    def draft(self, round_: int, text: str, source: str) -> DraftReply:
        """The round's reply as a draft under audit (once per round and text: the responder may report it
        before its stage ends, and the stage's end does not repeat it)."""
        self.drafts[round_] = text
        return DraftReply(t=self.t(), round=round_, text=text, source=source)

    def one_pass(self, evidence: Evidence) -> Iterator[Event]:
        yield Progress(t=self.t(), stage="one_pass", message="one prompt from evidence to reply (ablation)")
        ctx = self.context(evidence)
        holder: dict[str, Any] = {}

        def fn(c: AgentContext) -> Reply:
            holder["out"] = one_pass.run(c)
            return Reply(text=holder["out"].reply.strip())

        reply = yield from self.stage_step("reply", ctx, fn)
        out = holder["out"]
        yield RunFinished(
            t=self.t(),
            emotion=out.emotion,
            strategy=out.strategy,
            rounds=0,
            all_passed=False,
            best_round=0,
            **self.kept(reply.text, "model", ""),
        )

    def kept(self, text: str, source: str, note: str) -> dict[str, str]:
        """RunFinished's reply, reply_source and note; under the crisis guard, its safety message
        (crisis.py)."""
        if self.crisis:
            text, source, note = self.crisis.reply, "crisis", self.crisis.note
        notes = [note, self.language_note(text)]
        return {"reply": text, "reply_source": source, "note": "; ".join(n for n in notes if n)}

    def language_note(self, text: str) -> str:
        """Says plainly when a person who spoke another language gets an English reply."""
        share = guard.english_share(text)
        if not self.language or self.language == "en" or share is None or share < guard.ENGLISH_SHARE:
            return ""
        return (
            f"the person spoke {language_name(self.language)}; the reply is in English (the active model "
            "and the human exemplars write English only)"
        )

    def finish(self, outputs: dict[str, Any], rounds: int, all_passed: bool, best_round: int) -> RunFinished:
        reply = outputs["reply"]
        return RunFinished(
            t=self.t(),
            emotion=outputs["forecast"].emotion,
            strategy=outputs["strategy"].strategy,
            rounds=rounds,
            all_passed=all_passed,
            best_round=best_round,
            **self.kept(reply.text, reply.source, SOURCE_NOTES.get(reply.source, "")),
        )


def summarise(output: StageOutput) -> str:
    """The key output of a stage in one line (its `one_line`), cut to SUMMARY_CHARS."""
    line = output.one_line()
    return line if len(line) <= SUMMARY_CHARS else line[: SUMMARY_CHARS - 1] + "…"


def run(
    request: RunRequest,
    backend: Backend,
    settings: Settings,
    cancel: threading.Event | None = None,
    *,
    retrieve: Retrieve | None = None,
    embed: Embed | None = None,
) -> Iterator[Event]:
    """Analyse one turn; yields events and always ends in RunFinished or RunFailed (see module docstring).
    `retrieve` / `embed` replace the agents' exemplar retrieval and MiniLM embeddings (agents/base.py)."""
    tools = {k: v for k, v in (("retrieve", retrieve), ("embed", embed)) if v is not None}
    state = _Run(
        request=request, backend=backend, settings=settings, cancel=cancel or threading.Event(), tools=tools
    )
    source = Path(request.clip).name if request.clip else ("evidence" if request.evidence else "text")
    yield RunStarted(
        t=0.0,
        run_id=uuid.uuid4().hex[:12],
        source=source,
        backend=_describe(backend),
        settings=settings.model_dump(mode="json"),
    )
    try:
        yield from state.body()
    except Cancelled:
        yield RunFailed(t=state.t(), stage=state.stage, error=CANCELLED, reason="cancelled")
    except StageError as exc:
        stage = exc.stage if exc.stage in (*STAGES, "audit", "one_pass") else state.stage
        yield StageFailed(t=state.t(), stage=stage, round=state.round, error=str(exc))
        yield RunFailed(t=state.t(), stage=stage, error=str(exc), reason="error")
    except MerError as exc:
        if state.stage not in (None, "media"):
            yield StageFailed(t=state.t(), stage=state.stage, round=state.round, error=str(exc))
        reason = "bad_input" if isinstance(exc, MediaError) else "error"
        yield RunFailed(t=state.t(), stage=state.stage, error=str(exc), reason=reason)
    except Exception as exc:  # noqa: BLE001 - the user gets one line; the trace keeps the traceback
        log.exception("run failed")
        yield RunFailed(
            t=state.t(),
            stage=state.stage,
            error=f"internal error in {state.stage or 'run'}: {type(exc).__name__}: {exc}",
            reason="error",
            detail=traceback.format_exc(),
        )


def _describe(backend: Backend) -> str:
    try:
        return backend.describe()
    except Exception:  # noqa: BLE001 - a description must never fail a run
        return getattr(backend, "name", "backend")
