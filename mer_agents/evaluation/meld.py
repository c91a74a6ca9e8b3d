"""MELD emotion recognition through the pipeline's text path, with and without the forecaster's LLM step.

Two variants:
- `text_head`: the text modality's argmax for the utterance with its K preceding utterances (the
  MELD-trained MiniLM head, no language model), computed in one batch with the very function
  `perceive_text` uses (perception.text.classify_texts), so it runs over the whole dev set in seconds.
- `llm_forecast`: the same evidence goes to the pipeline's emotion forecaster agent (agents/forecaster.py,
  called directly: the perception agent's prose is not among its inputs, so running it would only cost
  time), and its emotion is scored. The forecast also carries `fused_probs` (the code's fusion before the
  LLM adjustment), so the paired `llm_forecast_fused` numbers isolate what the LLM changed on exactly the
  same items.
"""

from __future__ import annotations

import time
from typing import Any

from mer_agents.config import Settings
from mer_agents.evaluation.cache import MACHINE_SETTINGS, ResultCache, settings_hash
from mer_agents.evaluation.metrics import classification_report, weighted_f1
from mer_agents.evaluation.provenance import code_hash
from mer_agents.evaluation.readers import MeldItem, read_meld, spread_subset
from mer_agents.evaluation.runner import Stopwatch, run_items
from mer_agents.labels import EMOTIONS, top_emotion

SELECTION_NOTE = (
    "The shipped text head was selected on held-out slices of MELD/ESConv train and GoEmotions dev "
    "(assets/text_head/README.md); MELD dev chose nothing and is a held-out report here. MELD test "
    "is deliberately not in this repository."
)
TEXT_VARIANT = "text_head"
LLM_VARIANT = "llm_forecast"


def text_head_predictions(items: list[MeldItem], settings: Settings) -> tuple[list[dict[str, float]], str]:
    """The text path's reading of every utterance in one batch: perception.text.classify_texts with the
    context text_evidence gives it (the last min(K, head's K) turns), i.e. exactly perceive_text's probs."""
    from mer_agents.perception.text import classify_texts, model_name

    contexts = [
        list(item.context[-head_context_turns(settings) :]) if head_context_turns(settings) else []
        for item in items
    ]
    probs = classify_texts([item.text for item in items], contexts)
    return [dict(zip(EMOTIONS, map(float, row))) for row in probs], model_name()


def head_context_turns(settings: Settings) -> int:
    """Preceding turns the head actually reads: the settings' K, capped by the K it was trained with."""
    from mer_agents.perception.text import load_head

    return min(settings.text_context_turns, load_head().spec.context_turns)


def llm_forecast_result(item: MeldItem, settings: Settings, backend, context_turns: int) -> dict[str, Any]:
    """The emotion forecaster agent on the utterance's text evidence (code fusion, then the LLM's nudge)."""
    from mer_agents.agents import forecaster
    from mer_agents.agents.base import AgentContext
    from mer_agents.errors import MerError
    from mer_agents.perception import perceive_text

    started = time.perf_counter()
    context = item.context[-context_turns:] if context_turns > 0 else ()
    evidence = perceive_text(item.text, settings, context=context)
    ctx = AgentContext(backend=backend, settings=settings, evidence=evidence)
    try:
        forecast = forecaster.run(ctx)
    except MerError as exc:
        return {"error": str(exc)}
    return {
        "pred": forecast.emotion,
        "fused_pred": top_emotion(forecast.fused_probs)[0],
        "text_pred": top_emotion(evidence.modalities.text.probs)[0],
        "confidence": forecast.confidence,
        "explanation": forecast.explanation[:200],
        "tokens": ctx.usage.prompt_tokens + ctx.usage.completion_tokens,
        "seconds": round(time.perf_counter() - started, 3),
    }


def evaluate_meld(
    csv_path: str,
    settings: Settings,
    *,
    limit: int | None = None,
    context_turns: int | None = None,
    llm: bool = True,
    llm_limit: int | None = None,
    concurrency: int = 1,
    cache: ResultCache | None = None,
    progress: bool = True,
    backend=None,
) -> dict[str, Any]:
    """The OUT dict of `eval meld`: one block per variant under `variants`, plus what was run."""
    clock = Stopwatch()
    k = settings.text_context_turns if context_turns is None else context_turns
    settings = settings.model_copy(update={"text_context_turns": k})  # perceive_text keeps the last K turns
    all_items = read_meld(csv_path)
    items = [all_items[i] for i in spread_subset(len(all_items), limit)]
    out: dict[str, Any] = {
        "task": "meld",
        "data": str(csv_path),
        "n_file": len(all_items),
        "limit": limit,
        "context_turns": k,
        "subset": "all"
        if len(items) == len(all_items)
        else f"every item floor(i*{len(all_items)}/{len(items)})",
        "settings": settings.model_dump(mode="json", exclude=MACHINE_SETTINGS),
        "variants": {},
        "models": {},
    }
    gold = [item.emotion for item in items]

    head_clock = Stopwatch()
    head_probs, head_model = text_head_predictions(items, settings)
    preds = [top_emotion(p)[0] for p in head_probs]
    out["variants"][TEXT_VARIANT] = dict(
        classification_report(gold, preds, EMOTIONS),
        seconds=head_clock(),
        description="MiniLM text head on the utterance + context, argmax",
    )
    out["variants"][TEXT_VARIANT]["weighted_f1_ci95"] = bootstrap_f1(gold, preds)
    out["items"] = {
        TEXT_VARIANT: [
            {
                "id": item.id,
                "text": item.text,
                "gold": item.emotion,
                "pred": pred,
                "probs": {k: round(v, 4) for k, v in probs.items()},
            }
            for item, pred, probs in zip(items, preds, head_probs)
        ]
    }
    out["models"]["text_head"] = head_model
    out["context_turns_used"] = head_context_turns(settings)
    out["note"] = SELECTION_NOTE

    if llm:
        from mer_agents.backends import get_backend

        backend = backend or get_backend(settings)
        llm_items = [items[i] for i in spread_subset(len(items), llm_limit)]
        llm_settings = settings
        llm_hash = settings_hash(
            llm_settings,
            task="meld",
            variant=LLM_VARIANT,
            context_turns=k,
            code=code_hash(),
            backend=backend.describe(),
            head=_head_fingerprint(),
        )
        llm_clock = Stopwatch()
        results = run_items(
            llm_items,
            lambda it: llm_forecast_result(it, llm_settings, backend, k),
            cache=cache,
            variant=LLM_VARIANT,
            hash_=llm_hash,
            concurrency=concurrency,
            progress=progress,
            desc="meld llm forecast",
        )
        ok = [(it, r) for it, r in zip(llm_items, results) if "error" not in r]
        llm_gold = [it.emotion for it, _ in ok]
        block = classification_report(llm_gold, [r["pred"] for _, r in ok], EMOTIONS)
        block.update(
            seconds=llm_clock(),
            failed=len(results) - len(ok),
            errors=sorted({r["error"] for r in results if "error" in r})[:5],
            seconds_per_item=_mean([r["seconds"] for _, r in ok]),
            tokens_per_item=_mean([r["tokens"] for _, r in ok]),
            description="emotion forecaster (code fusion + LLM adjustment), first pass",
        )
        out["variants"][LLM_VARIANT] = block
        out["variants"][LLM_VARIANT + "_fused"] = dict(
            classification_report(llm_gold, [r["fused_pred"] for _, r in ok], EMOTIONS),
            description="the same forecasts' fused_probs (before the LLM adjustment), same items",
        )
        out["llm_adjustment"] = {
            "n": len(ok),
            "changed": sum(r["pred"] != r["fused_pred"] for _, r in ok),
            "changed_to_right": sum(r["pred"] != r["fused_pred"] and r["pred"] == it.emotion for it, r in ok),
            "changed_to_wrong": sum(
                r["pred"] != r["fused_pred"] and r["fused_pred"] == it.emotion for it, r in ok
            ),
            "description": "how often the LLM adjustment moved the fused argmax, and whether it helped",
        }
        out["models"]["llm"] = backend.describe()
    out["n"] = len(items)
    out["seconds"] = clock()
    return out


def bootstrap_f1(gold: list[str], pred: list[str], n_boot: int = 1000, seed: int = 0) -> list[float]:
    """95 % percentile bootstrap interval of weighted-F1 over items."""
    import numpy as np

    rng = np.random.default_rng(seed)
    scores = []
    for _ in range(n_boot):
        idx = rng.integers(0, len(gold), size=len(gold))
        scores.append(weighted_f1([gold[i] for i in idx], [pred[i] for i in idx], EMOTIONS))
    return [round(float(np.percentile(scores, 2.5)), 4), round(float(np.percentile(scores, 97.5)), 4)]


def _head_fingerprint() -> str:
    """Changes when the shipped head changes, so cached head predictions are not reused across heads."""
    from mer_agents.perception.text_head import ASSET_DIR, HEAD_FILE

    path = ASSET_DIR / HEAD_FILE
    return f"{path.stat().st_size}-{int(path.stat().st_mtime)}" if path.is_file() else "missing"


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 4) if values else 0.0
