"""ESConv strategy planning and reply writing, the full method against its ablations.

For every supporter turn of the file: the seeker's last turn is the text message and the exchanges before
it the dialogue history (see readers.message_and_history); the pipeline plans a strategy and writes the
reply. Scored: the final strategy against the gold tag, the final reply against the gold reply, and the
reply checks recomputed after the run by the same code for every variant, so variants without an auditor
are judged alike. Two kinds of reply measures, labelled as such in the OUT file:
  - `loop_targets`: what the method itself checks and ranks on (audit pass rates, the lexical
    `follows_strategy`, the guard, the strategy classifier's fit, MiniLM relevance): they show the loop does
    what it was built to do, not that the replies are good;
  - `independent`: gold-reference overlap (BLEU-2, ROUGE-L), distinct-n and — outside this command — the
    blind judge's grades (`eval judge-packet`, ../shared/eval/judge_rubric.md).
Every item is written to `<OUT>.items.jsonl` (id, message, gold, emotion, strategy, reply, its source, every
check) so anyone can re-score or judge them. Intervals are 95 % bootstrap percentiles over items.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from mer_agents.agents.responder import overruled
from mer_agents.config import Settings
from mer_agents.evaluation.cache import MACHINE_SETTINGS, ResultCache, settings_hash
from mer_agents.evaluation.metrics import (
    bootstrap_ci,
    classification_report,
    mean,
    paired_bootstrap_ci,
    reply_report,
)
from mer_agents.evaluation.provenance import code_hash
from mer_agents.evaluation.readers import (
    EsconvItem,
    read_esconv,
    read_esconv_heldout_train,
    spread_subset,
    supporter_followup,
)
from mer_agents.evaluation.runner import Stopwatch, run_items
from mer_agents.labels import STRATEGIES

# Strategies whose execution the reply checks can see (a '?', a suggestion phrase, a first-person share);
# the others always pass `follows_strategy`, so adherence is also reported over these alone.
CHECKED_STRATEGIES = ("Question", "Providing Suggestions", "Self-disclosure")
# Ablations as Settings overrides; "full" is the method as shipped.
VARIANTS: dict[str, dict[str, Any]] = {
    "full": {},
    "no-reflection": {"reflection": False},
    # no reflection, as many model drafts in one round as a full run's reply stage can draw (1 + 2 rounds × 2)
    "best-of-n": {"reflection": False, "best_of": 5},
    "no-consistency": {"consistency": False},
    "one-pass": {"one_pass": True},
    "no-judge": {"judge_ranks": False},  # the rank before the reply judge (agents/reply_judge.py)
}
DEFAULT_VARIANTS = ("full", "no-reflection", "no-consistency", "one-pass")
HELDOUT_TRAIN_DATA = "ESConv_train.json, held-out dialogues (every 10th)"  # `data` of --heldout-train


def variant_settings(settings: Settings, variant: str) -> Settings:
    if variant not in VARIANTS:
        from mer_agents.evaluation.readers import DataError

        raise DataError(f"unknown variant {variant!r}; choose from {', '.join(VARIANTS)}")
    base = {"reflection": True, "consistency": True, "one_pass": False, "best_of": 1, "judge_ranks": True}
    return settings.model_copy(update={**base, **VARIANTS[variant]})


def run_turn(item: EsconvItem, settings: Settings, backend) -> dict[str, Any]:
    """One supporter turn through the pipeline; the record the cache keeps."""
    from mer_agents.agents.checks import tone_emotion
    from mer_agents.events import AuditVerdictEvent, EvidenceReady, RunFailed, RunFinished, StageFinished
    from mer_agents.pipeline import RunRequest, run

    started = time.perf_counter()
    request = _request(item, RunRequest)
    cancel = threading.Event()
    planned: str | None = None
    plans: list[str] = []
    verdicts: dict[int, list[dict[str, Any]]] = {}
    replies: list[Any] = []
    prompt_tokens = completion_tokens = cached_tokens = 0
    finished: RunFinished | None = None
    failure: str | None = None
    evidence = None
    events = run(request, backend, settings, cancel)
    try:
        for event in events:
            if isinstance(event, EvidenceReady):
                evidence = event.evidence
            elif isinstance(event, StageFinished):
                prompt_tokens += event.prompt_tokens
                completion_tokens += event.completion_tokens
                cached_tokens += event.cached_tokens
                if event.stage == "reply":
                    replies.append(event.output)
                if event.stage == "strategy":
                    plans.append(event.output.strategy)
                    planned = planned or event.output.strategy
            elif isinstance(event, AuditVerdictEvent):
                prompt_tokens += event.prompt_tokens
                completion_tokens += event.completion_tokens
                cached_tokens += event.cached_tokens
                verdicts.setdefault(event.round, []).append(
                    {
                        "stage": event.verdict.stage,
                        "verdict": event.verdict.verdict,
                        "issues": event.verdict.issues,
                    }
                )
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
    kept = next((r for r in reversed(replies) if r.text == finished.reply), None)
    first = replies[0] if replies else None
    return {
        # round 0's reply and the reply checks it and the kept reply failed (the repair loop's record)
        "first_reply": first.text if first is not None else None,
        "first_failed": _failed_checks(first),
        "final_failed": _failed_checks(kept),
        "strategy": finished.strategy,
        "planned_first": planned,
        "plans": plans,
        "reply": finished.reply,
        "reply_source": "crisis" if finished.reply_source == "crisis" else getattr(kept, "source", None),
        "n_candidates": len(getattr(kept, "ranked", []) or []),
        "emotion": finished.emotion,
        # the emotion the reply's tone is checked against (a hard sentence can set it: checks.tone_emotion)
        "tone": tone_emotion(finished.emotion, evidence) if evidence is not None else finished.emotion,
        "rounds": finished.rounds,
        "audited": bool(verdicts),
        "passed_first": all(v["verdict"] == "pass" for v in first_round) if first_round else None,
        "passed_final": finished.all_passed if verdicts else None,
        "verdicts": {str(k): v for k, v in verdicts.items()},
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "cached_tokens": cached_tokens,  # prompt tokens the backend served from its prompt cache
        "seconds": seconds,
    }


def _failed_checks(reply: Any) -> list[str] | None:
    """The reply checks a kept reply failed as the audit counts them (its own row among the ranked
    candidates, less those responder.overruled leaves out), or None."""
    ranked = getattr(reply, "ranked", None) or []
    own = next((c for c in ranked if c.text == reply.text), None)
    if own is None:
        return None
    spared = overruled(reply)
    return [name for name in own.failed if name not in spared]


def _request(item: EsconvItem, request_cls):
    """The pipeline request: the seeker's last turn, the earlier exchanges, and the dialogue retrieval
    skips."""
    return request_cls(
        clip=None,
        evidence=None,
        text=item.message,
        history=item.history,
        exclude_dialogues=[item.dialogue_id],
    )


def reply_checks(
    item: EsconvItem, reply: str, strategy: str, emotion: str, settings: Settings | None = None
) -> dict[str, Any]:
    """The audit's reply checks (guard and strategy classifier included) on a final reply: name → ok, plus
    `relevance` (MiniLM cosine to the message) and `guard_ok` — the same code for every variant. `emotion`
    is the one the tone is checked against: the run's `tone` (what the audit used), not its forecast."""
    from mer_agents.agents import checks
    from mer_agents.agents.responder import checks_with_classifier
    from mer_agents.embeddings import similarity

    message = item.message
    relevance = similarity(reply, message)
    results = checks_with_classifier(
        reply, strategy, emotion, message, item.history, relevance, context=message, settings=settings
    )
    out: dict[str, Any] = {r.name: r.ok for r in results}
    out["guard_ok"] = not checks.guard_failures(results)
    out["guard_failed"] = [r.name for r in checks.guard_failures(results)]
    out["relevance"] = round(relevance, 4) if relevance is not None else None
    return out


def evaluate_esconv(
    tsv_path: str | None,
    settings: Settings,
    *,
    heldout_train: bool = False,
    variants: tuple[str, ...] = DEFAULT_VARIANTS,
    limit: int | None = None,
    concurrency: int = 1,
    cache: ResultCache | None = None,
    progress: bool = True,
    backend=None,
    exclude: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """The OUT dict of `eval esconv`: one block per variant under `variants`. Items whose id is in
    `exclude` (turns an earlier report already read) are left out before the spread-out subset is taken,
    so a second report reads new turns."""
    from mer_agents.backends import get_backend

    clock = Stopwatch()
    if heldout_train == (tsv_path is not None):
        raise ValueError("give either a dev-format TSV or heldout_train=True")
    all_items = read_esconv_heldout_train() if heldout_train else read_esconv(tsv_path)
    usable = [item for item in all_items if item.message and item.id not in exclude]
    items = [usable[i] for i in spread_subset(len(usable), limit)]
    backend = backend or get_backend(settings)
    out: dict[str, Any] = {
        "task": "esconv",
        "data": HELDOUT_TRAIN_DATA if heldout_train else str(tsv_path),
        "n_file": len(all_items),
        "skipped_no_seeker_turn": sum(not item.message for item in all_items),
        "excluded": sum(bool(item.message) and item.id in exclude for item in all_items),
        "limit": limit,
        "n": len(items),
        "n_followup": sum(supporter_followup(item) for item in items),
        "n_dialogues": len({item.dialogue_id for item in items}),
        "subset": "all usable"
        if len(items) == len(usable)
        else f"usable item floor(i*{len(usable)}/{len(items)}) for i < {len(items)}",
        "gold_strategy_counts": {s: sum(item.strategy == s for item in items) for s in STRATEGIES},
        "settings": settings.model_dump(mode="json", exclude=MACHINE_SETTINGS),
        "models": {"llm": backend.describe()},
        "variants": {},
    }
    for variant in variants:
        vsettings = variant_settings(settings, variant)
        hash_ = settings_hash(vsettings, task="esconv", backend=backend.describe(), code=code_hash())
        vclock = Stopwatch()
        results = run_items(
            items,
            lambda it, s=vsettings: run_turn(it, s, backend),
            cache=cache,
            variant=variant,
            hash_=hash_,
            concurrency=concurrency,
            progress=progress,
            desc=f"esconv {variant}",
        )
        for item, r in zip(items, results):
            if "error" not in r:
                tone = r.get("tone") or r.get("emotion") or "neutral"  # records cached before "tone"
                r["checks"] = reply_checks(item, r["reply"], r["strategy"], tone, vsettings)
        out["variants"][variant] = summarise(items, results, vsettings)
        out.setdefault("items", {})[variant] = item_records(items, results)
        out["variants"][variant]["seconds"] = vclock()
        out["variants"][variant]["settings_hash"] = hash_
    out["baselines"] = strategy_baselines(items, settings)
    gold = [item.strategy for item in items]
    full = out["variants"].get("full")
    if full is not None:
        right = [float(r.get("strategy") == g) for r, g in zip(out["items"]["full"], gold)]
        out["paired_vs_full"] = {
            name: {
                "accuracy_diff_ci95": paired_bootstrap_ci(
                    right, [float(p == g) for p, g in zip(b["predictions"], gold)]
                ),
                "description": f"full − {name}, strategy accuracy, paired over the same items",
            }
            for name, b in out["baselines"].items()
        }
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
    checked = [(item, r, r["checks"]) for item, r in zip(items, results) if "error" not in r]
    follows = [c.get("follows_strategy", True) for _, _, c in checked]
    checkable = [
        c.get("follows_strategy", True) for _, r, c in checked if r["strategy"] in CHECKED_STRATEGIES
    ]
    check_names = sorted({name for _, _, c in checked for name, v in c.items() if isinstance(v, bool)})
    all_ok = [all(c[n] for n in check_names if n in c and n != "guard_ok") for _, _, c in checked]
    guard_ok = [float(c["guard_ok"]) for _, _, c in checked]
    fit = [float(c.get("strategy_fit", False)) for _, _, c in checked]
    relevance = [c["relevance"] or 0.0 for _, _, c in checked]
    correct = [float(g == p) for g, p in zip(gold, pred)]
    fresh = [r["seconds"] for r in ok if not r.get("cached")]
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
        "strategy_accuracy_ci95": bootstrap_ci(correct),
        "loop_targets": {
            "note": "the method checks and ranks on these: evidence the loop works as built, not of quality",
            "guard_failures": int(len(guard_ok) - sum(guard_ok)),
            "guard_failure_rate_ci95": bootstrap_ci([1.0 - g for g in guard_ok]),
            "classifier_adherence": mean(fit) if checked else None,
            "classifier_adherence_ci95": bootstrap_ci(fit),
            "relevance_mean": mean(relevance) if checked else None,
            "relevance_ci95": bootstrap_ci(relevance),
        },
        "reply_sources": {
            src: sum(r.get("reply_source") == src for r in ok)
            for src in ("model", "exemplar", "template", "crisis")
        },
        "strategy_adherence": mean([float(f) for f in follows]) if checked else None,
        "strategy_adherence_checkable": mean([float(f) for f in checkable]) if checkable else None,
        "n_checkable": len(checkable),
        "reply_checks_pass": mean([float(ok) for ok in all_ok]) if checked else None,
        "reply_check_fail_rates": {
            name: mean([float(not c.get(name, True)) for _, _, c in checked]) for name in check_names
        },
        "audited_share": len(audited) / len(ok) if ok else 0.0,
        "audit_pass_before": mean([float(bool(r["passed_first"])) for r in audited]) if audited else None,
        "audit_pass_after": mean([float(bool(r["passed_final"])) for r in audited]) if audited else None,
        "rounds_mean": mean([r["rounds"] for r in ok]),
        "rounds_max": max([r["rounds"] for r in ok], default=0),
        "strategy_changed_by_refinement": sum(
            r["strategy"] != r["planned_first"] for r in ok if r["planned_first"]
        ),
        "tokens_per_turn": mean([r["prompt_tokens"] + r["completion_tokens"] for r in ok]),
        "completion_tokens_per_turn": mean([r["completion_tokens"] for r in ok]),
        # what the model read anew: prompt tokens not served from its prompt cache, plus what it wrote
        "computed_tokens_per_turn": mean(
            [r["prompt_tokens"] - r.get("cached_tokens", 0) + r["completion_tokens"] for r in ok]
        ),
        "seconds_per_turn": mean(fresh) if fresh else None,
        "n_timed": len(fresh),
        "ablation": {
            k: getattr(settings, k) for k in ("reflection", "consistency", "one_pass", "max_rounds")
        },
    }


def strategy_baselines(items: list[EsconvItem], settings: Settings) -> dict[str, Any]:
    """Code-only strategy baselines on the same items (no language model): the train bank's majority
    strategy; the kNN vote alone; the stated priors alone (emotion from the text head); the code ranking
    without the strategy encoder; the planner's full code ranking (what the strategy stage plans before any
    audit). Each: accuracy with a 95 % interval,
    macro-F1, and the per-item predictions (`predictions`, for paired comparisons)."""
    from collections import Counter

    from mer_agents.agents import forecaster, leave, planner
    from mer_agents.agents.retrieval import default_bank, retrieve
    from mer_agents.perception import perceive_text

    majority = Counter(e.strategy for e in default_bank(settings).exemplars).most_common(1)[0][0]
    preds: dict[str, list[str]] = {
        "majority": [],
        "knn_only": [],
        "priors_only": [],
        "planner_code_no_encoder": [],
        "planner_code": [],
    }
    for item in items:
        evidence = perceive_text(item.message, settings, context=[t.user_text for t in item.history])
        forecast = forecaster.code_forecast(evidence, ["text"])
        neighbours = retrieve(item.message, k=planner.K_VOTE, exclude={item.dialogue_id}, settings=settings)
        vote = {st: sum(max(e.score, 0.0) for e in neighbours if e.strategy == st) for st in STRATEGIES}
        prior = planner.priors(forecast, item.history)
        preds["majority"].append(majority)
        preds["knn_only"].append(max(STRATEGIES, key=lambda st: (vote[st], -STRATEGIES.index(st))))
        preds["priors_only"].append(max(STRATEGIES, key=lambda st: (prior[st], -STRATEGIES.index(st))))
        hard = None if item.history else leave.hard_feeling(forecast.emotion, evidence)  # first words only
        ranked = planner.rank(
            forecast, item.history, neighbours, words=item.message, encoder=False, hard=hard
        )
        preds["planner_code_no_encoder"].append(ranked[0][0])
        ranked = planner.rank(forecast, item.history, neighbours, words=item.message, hard=hard)
        preds["planner_code"].append(ranked[0][0])
    gold = [item.strategy for item in items]
    out: dict[str, Any] = {}
    for name, pred in preds.items():
        report = classification_report(gold, pred, STRATEGIES)
        out[name] = {
            "accuracy": report["accuracy"],
            "macro_f1": report["macro_f1"],
            "accuracy_ci95": bootstrap_ci([float(g == p) for g, p in zip(gold, pred)]),
            "predictions": pred,
        }
    out["majority"]["label"] = majority
    return out


def item_records(items: list[EsconvItem], results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One JSON-able record per item: what was asked, the gold, and everything the method produced."""
    return [
        {
            "id": item.id,
            "dialogue": item.dialogue_id,
            "message": item.message,
            "history": [t.model_dump(mode="json") for t in item.history[-3:]],
            "gold_strategy": item.strategy,
            "gold_reply": item.reply,
            **{k: v for k, v in r.items() if k not in ("verdicts",)},
        }
        for item, r in zip(items, results)
    ]
