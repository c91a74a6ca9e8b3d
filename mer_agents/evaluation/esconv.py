"""ESConv strategy planning and reply writing, the full method against its ablations.

For every supporter turn of the file: the seeker's last turn is the text message and the exchanges before
it the dialogue history (see readers.message_and_history); the pipeline plans a strategy and writes the
reply. Scored: the final strategy against the gold tag, the final reply against the gold reply, the
auditor's verdicts, and `strategy_adherence` — the share of final replies that the reflection agent's
code check `follows_strategy` says carry out the (final) planned strategy — computed after the run by the
same code for every variant, so variants without an auditor are judged alike.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from mer_agents.config import Settings
from mer_agents.evaluation.cache import ResultCache, settings_hash
from mer_agents.evaluation.metrics import classification_report, mean, reply_report
from mer_agents.evaluation.readers import EsconvItem, read_esconv, spread_subset, supporter_followup
from mer_agents.evaluation.runner import Stopwatch, run_items
from mer_agents.labels import STRATEGIES

# Strategies whose execution the reply checks can see (a '?', a suggestion phrase, a first-person share);
# the others always pass `follows_strategy`, so adherence is also reported over these alone.
CHECKED_STRATEGIES = ("Question", "Providing Suggestions", "Self-disclosure")
# Ablations as Settings overrides; "full" is the method as shipped.
VARIANTS: dict[str, dict[str, Any]] = {
    "full": {},
    "no-reflection": {"reflection": False},
    "no-consistency": {"consistency": False},
    "one-pass": {"one_pass": True},
}
DEFAULT_VARIANTS = ("full", "no-reflection", "no-consistency", "one-pass")


def variant_settings(settings: Settings, variant: str) -> Settings:
    if variant not in VARIANTS:
        from mer_agents.evaluation.readers import DataError

        raise DataError(f"unknown variant {variant!r}; choose from {', '.join(VARIANTS)}")
    base = {"reflection": True, "consistency": True, "one_pass": False}
    return settings.model_copy(update={**base, **VARIANTS[variant]})


def run_turn(item: EsconvItem, settings: Settings, backend) -> dict[str, Any]:
    """One supporter turn through the pipeline; the record the cache keeps."""
    from mer_agents.events import AuditVerdictEvent, RunFailed, RunFinished, StageFinished
    from mer_agents.pipeline import RunRequest, run

    started = time.perf_counter()
    request = _request(item, RunRequest)
    cancel = threading.Event()
    planned: str | None = None
    plans: list[str] = []
    verdicts: dict[int, list[dict[str, Any]]] = {}
    prompt_tokens = completion_tokens = 0
    finished: RunFinished | None = None
    failure: str | None = None
    events = run(request, backend, settings, cancel)
    try:
        for event in events:
            if isinstance(event, StageFinished):
                if not event.reused:
                    prompt_tokens += event.prompt_tokens
                    completion_tokens += event.completion_tokens
                if event.stage == "strategy" and not event.reused:
                    plans.append(event.output.strategy)
                    planned = planned or event.output.strategy
            elif isinstance(event, AuditVerdictEvent):
                prompt_tokens += event.prompt_tokens
                completion_tokens += event.completion_tokens
                verdicts.setdefault(event.round, []).append(
                    {"stage": event.verdict.stage, "verdict": event.verdict.verdict, "issues": event.verdict.issues})
            elif isinstance(event, RunFinished):
                finished = event
            elif isinstance(event, RunFailed):
                failure = f"{event.stage or 'run'}: {event.error}"
    finally:
        cancel.set()
        events.close()
    seconds = round(time.perf_counter() - started, 3)
    if finished is None:
        return {"error": failure or "the pipeline ended without a reply", "seconds": seconds}
    first_round = verdicts.get(min(verdicts), []) if verdicts else []
    return {
        "strategy": finished.strategy,
        "planned_first": planned,
        "plans": plans,
        "reply": finished.reply,
        "emotion": finished.emotion,
        "rounds": finished.rounds,
        "audited": bool(verdicts),
        "passed_first": all(v["verdict"] == "pass" for v in first_round) if first_round else None,
        "passed_final": finished.all_passed if verdicts else None,
        "verdicts": {str(k): v for k, v in verdicts.items()},
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "seconds": seconds,
    }


def _request(item: EsconvItem, request_cls):
    """The pipeline request: the seeker's last turn, the earlier exchanges, and the dialogue retrieval skips."""
    return request_cls(clip=None, evidence=None, text=item.message, history=item.history,
                       exclude_dialogues=[item.dialogue_id])


def reply_checks(item: EsconvItem, reply: str, strategy: str, emotion: str) -> dict[str, bool]:
    """The reflection agent's code checks on a final reply, name → ok (the same checks for every variant)."""
    from mer_agents.agents.checks import check_reply
    from mer_agents.agents.responder import similarity

    message = item.message
    results = check_reply(reply, strategy, emotion, message, item.history, similarity(reply, message))
    return {r.name: r.ok for r in results}


def evaluate_esconv(
    tsv_path: str,
    settings: Settings,
    *,
    variants: tuple[str, ...] = DEFAULT_VARIANTS,
    limit: int | None = None,
    concurrency: int = 1,
    cache: ResultCache | None = None,
    progress: bool = True,
    backend=None,
) -> dict[str, Any]:
    """The OUT dict of `eval esconv`: one block per variant under `variants`."""
    from mer_agents.backends import get_backend

    clock = Stopwatch()
    all_items = read_esconv(tsv_path)
    usable = [item for item in all_items if item.message]
    items = [usable[i] for i in spread_subset(len(usable), limit)]
    backend = backend or get_backend(settings)
    out: dict[str, Any] = {
        "task": "esconv", "data": str(tsv_path), "n_file": len(all_items),
        "skipped_no_seeker_turn": len(all_items) - len(usable), "limit": limit, "n": len(items),
        "n_followup": sum(supporter_followup(item) for item in items),
        "n_dialogues": len({item.dialogue_id for item in items}),
        "subset": "all usable" if len(items) == len(usable) else
        f"usable item floor(i*{len(usable)}/{len(items)}) for i < {len(items)}",
        "gold_strategy_counts": {s: sum(item.strategy == s for item in items) for s in STRATEGIES},
        "settings": settings.model_dump(mode="json", exclude={"api_key"}),
        "models": {"llm": backend.describe()}, "variants": {},
    }
    for variant in variants:
        vsettings = variant_settings(settings, variant)
        hash_ = settings_hash(vsettings, task="esconv", backend=backend.describe())
        vclock = Stopwatch()
        results = run_items(items, lambda it, s=vsettings: run_turn(it, s, backend), cache=cache, variant=variant,
                            hash_=hash_, concurrency=concurrency, progress=progress, desc=f"esconv {variant}")
        out["variants"][variant] = summarise(items, results, vsettings)
        out["variants"][variant]["seconds"] = vclock()
        out["variants"][variant]["settings_hash"] = hash_
    out["seconds"] = clock()
    return out


def summarise(items: list[EsconvItem], results: list[dict[str, Any]], settings: Settings) -> dict[str, Any]:
    """Metrics of one variant; failed items count as wrong strategies and empty replies."""
    gold = [item.strategy for item in items]
    pred = [r.get("strategy") or "(failed)" for r in results]
    replies = [r.get("reply", "") for r in results]
    strat = classification_report(gold, pred, STRATEGIES)
    ok = [r for r in results if "error" not in r]
    audited = [r for r in ok if r.get("audited")]
    checked = [(item, r, reply_checks(item, r["reply"], r["strategy"], r.get("emotion") or "neutral"))
               for item, r in zip(items, results) if "error" not in r]
    follows = [c.get("follows_strategy", True) for _, _, c in checked]
    checkable = [c.get("follows_strategy", True) for _, r, c in checked if r["strategy"] in CHECKED_STRATEGIES]
    all_ok = [all(c.values()) for _, _, c in checked]
    check_names = sorted({name for _, _, c in checked for name in c})
    return {
        "n": len(items),
        "failed": len(results) - len(ok),
        "errors": sorted({r["error"] for r in results if "error" in r})[:5],
        "strategy_accuracy": strat["accuracy"],
        "strategy_macro_f1": strat["macro_f1"],
        "strategy_weighted_f1": strat["weighted_f1"],
        "strategy_per_class_f1": strat["per_class_f1"],
        "strategy_confusion": strat["confusion"],
        "predicted_strategy_counts": {s: pred.count(s) for s in STRATEGIES},
        **reply_report(replies, [item.reply for item in items]),
        "strategy_adherence": mean([float(f) for f in follows]) if checked else None,
        "strategy_adherence_checkable": mean([float(f) for f in checkable]) if checkable else None,
        "n_checkable": len(checkable),
        "reply_checks_pass": mean([float(ok) for ok in all_ok]) if checked else None,
        "reply_check_fail_rates": {name: mean([float(not c.get(name, True)) for _, _, c in checked])
                                   for name in check_names},
        "audited_share": len(audited) / len(ok) if ok else 0.0,
        "audit_pass_before": mean([float(bool(r["passed_first"])) for r in audited]) if audited else None,
        "audit_pass_after": mean([float(bool(r["passed_final"])) for r in audited]) if audited else None,
        "rounds_mean": mean([r["rounds"] for r in ok]),
        "rounds_max": max([r["rounds"] for r in ok], default=0),
        "strategy_changed_by_refinement": sum(r["strategy"] != r["planned_first"] for r in ok if r["planned_first"]),
        "tokens_per_turn": mean([r["prompt_tokens"] + r["completion_tokens"] for r in ok]),
        "completion_tokens_per_turn": mean([r["completion_tokens"] for r in ok]),
        "seconds_per_turn": mean([r["seconds"] for r in ok]),
        "ablation": {k: getattr(settings, k) for k in ("reflection", "consistency", "one_pass", "max_rounds")},
        "examples": [
            {"id": item.id, "message": item.message[:300], "gold_strategy": item.strategy, "gold": item.reply,
             "strategy": r.get("strategy"), "reply": r.get("reply", ""), "rounds": r.get("rounds")}
            for item, r in list(zip(items, results))[:3]
        ],
    }
