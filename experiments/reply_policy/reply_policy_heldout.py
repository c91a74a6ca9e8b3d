"""Blind-judge packet: how the responder picks its human-written reply, on held-out ESConv *train* turns.

    .venv/bin/python experiments/reply_policy/reply_policy_heldout.py [--n 45] [--seed 1] --out DIR

For sampled supporter turns of the held-out train dialogues (every 10th; never dev), the strategy comes from
the planner's code ranking (no LLM) and the forecast from the code fusion of the words; the candidates are
the responder's human exemplars and its grounded template (no model drafts: they are kept in 7 of 200 dev
turns). Policies:
  - seeker:   the former responder — exemplars retrieved by how close their seeker's words are to this
              person's, ranked by 0.6 · mean(MiniLM relevance, seeker match) + 0.2 strategy + 0.2 fluency;
  - selector: the shipped responder — exemplars retrieved and ranked by the reply selector's fit;
  - safe:     the selector, minus NOVEL_PENALTY per content word the reply brings that the conversation
              does not hold (a reply that adds specifics risks answering another situation).
Writes DIR/packet.md (each policy's reply and the gold reply, shuffled, numbered) and DIR/key.json (kept from
the judge), for a judge who reads `../shared/eval/judge_rubric.md`; then `--score DIR/grades.json` prints
the A/B/C share per policy.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from responder_preview import SOURCE, turns  # noqa: E402

from mer_agents.agents import checks, forecaster, guard, planner, responder, strategy_classifier  # noqa: E402
from mer_agents.agents.base import AgentContext  # noqa: E402
from mer_agents.agents.retrieval import retrieve  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.embeddings import embed  # noqa: E402
from mer_agents.labels import STRATEGIES  # noqa: E402
from mer_agents.perception import perceive_text  # noqa: E402
from mer_agents.types import StrategyPlan  # noqa: E402

NOVEL_PENALTY = 0.05
POLICIES = ("seeker", "selector", "safe")


def novel_words(reply: str, conversation: list[str]) -> int:
    said = {guard.stem(w) for w in guard._lower_words(" ".join(conversation))}
    return sum(
        1
        for w in guard._lower_words(reply)
        if len(w) > 2 and w not in checks.STOPWORDS and guard.stem(w) not in said
    )


def setup(item: dict, settings: Settings, backend=None):
    """(ctx, forecast, plan) for a held-out turn: code forecast of the words, the planner's code ranking."""
    evidence = perceive_text(item["message"], settings, context=[t.user_text for t in item["history"][-2:]])
    forecast = forecaster.code_forecast(evidence)
    exclude = {f"esconv-train-{item['dialogue']:03d}"}
    neighbours = retrieve(item["message"], k=planner.K_VOTE, exclude=exclude)
    strategy = planner.rank(forecast, item["history"], neighbours, words=item["message"])[0][0]
    plan = StrategyPlan(strategy=strategy, reason="Because they need it.")
    ctx = AgentContext(
        backend=backend,
        settings=settings,
        evidence=evidence,
        history=item["history"][-4:],
        exclude_dialogues=frozenset(exclude),
    )
    return ctx, forecast, plan


def pick(item: dict, settings: Settings) -> dict[str, str]:
    ctx, forecast, plan = setup(item, settings)
    strategy = plan.strategy
    exclude = set(ctx.exclude_dialogues)
    conversation = [
        item["message"],
        *(t.user_text for t in ctx.history),
        *(t.reply or "" for t in ctx.history),
    ]
    template = ("template", responder.template(ctx, forecast, plan))
    out = {}
    # the shipped responder
    exemplars = [("exemplar", t) for t in responder.exemplar_replies(ctx, plan)]
    ranked = responder.score_candidates(ctx, [*exemplars, template], forecast, plan)
    out["selector"] = ranked[0].text
    safe = sorted(
        ranked,
        key=lambda c: (
            bool(c.guard),
            len(c.failed),
            c.source == "template",
            -(c.score - NOVEL_PENALTY * novel_words(c.text, conversation)),
        ),
    )
    out["safe"] = safe[0].text
    # the former responder: retrieval by seeker similarity, ranked by relevance averaged with that similarity
    found = retrieve(item["message"], k=responder.K_EXEMPLAR_SEARCH, exclude=exclude, strategy=strategy)
    kept = {e.reply.strip(): e.score for e in found if guard.transfers(e.reply, conversation)}
    kept = dict(list(kept.items())[: responder.N_EXEMPLARS])
    texts = [*kept, template[1]]
    vectors = embed([item["message"], *texts])
    rel = [float(v) for v in vectors[1:] @ vectors[0]]
    old = []
    for text, r in zip(texts, rel):
        results = responder.reply_checks(ctx, text, forecast, plan, r)
        relevance = 0.5 * (r + kept[text]) if text in kept else r
        probs = dict(zip(STRATEGIES, strategy_classifier.predict_proba([text], [item["message"]])[0]))
        score = 0.6 * max(relevance, 0) + 0.2 * probs[strategy] + 0.2 * guard.fluency(text)
        old.append(
            (
                bool(checks.guard_failures(results)),
                sum(not x.ok for x in results),
                text == template[1],
                -score,
                text,
            )
        )
    out["seeker"] = sorted(old)[0][-1]
    return out


def turn_context(item: dict) -> str:
    """The end of the conversation as the judge reads it: two earlier exchanges and the person's words."""
    context = "".join(f"> Person: {t.user_text}\n> Listener: {t.reply}\n" for t in item["history"][-2:])
    return context + f"> Person: {item['message']}\n"


def grouped_entries(i: int, context: str, replies: dict[str, str], gold: str) -> list[dict]:
    """Packet entries of turn `i`: each distinct reply once (the gold reply among them), with every source
    that gave it (`sources`), so one grade counts for all of them."""
    by_text: dict[str, list[str]] = {}
    for source, text in [*replies.items(), ("gold", gold)]:
        by_text.setdefault(text.strip(), []).append(source)
    return [{"context": context, "reply": t, "sources": sources, "item": i} for t, sources in by_text.items()]


def write_packet(out: Path, entries: list[dict]) -> None:
    """DIR/packet.md (the entries, numbered in their order) and DIR/key.json (number → item and source(s):
    every field of an entry but its context and reply), for a judge who reads only the rubric and packet."""
    out.mkdir(parents=True, exist_ok=True)
    lines = [
        "# Replies to grade\n",
        'Grade each reply A, B or C by the rubric. Answer with one JSON object {"1": "A", ...}.\n',
    ]
    key = {}
    for number, e in enumerate(entries, 1):
        lines.append(f"## {number}\n\n{e['context']}\n**Reply:** {e['reply']}\n")
        key[str(number)] = {
            "item": e["item"],
            **{k: v for k, v in e.items() if k not in ("context", "reply", "item")},
        }
    (out / "packet.md").write_text("\n".join(lines), encoding="utf-8")
    (out / "key.json").write_text(json.dumps(key, indent=1), encoding="utf-8")


def print_shares(out: Path, grades_path: Path, width: int = 10) -> None:
    """The A/B/C share per source from the judge's grades and DIR/key.json (an entry may stand for several
    sources that gave the same reply: `sources`)."""
    key = json.loads((out / "key.json").read_text())
    grades = json.loads(grades_path.read_text())
    by: dict[str, Counter] = {}
    for number, entry in key.items():
        for source in entry.get("sources") or [entry["source"]]:
            by.setdefault(source, Counter())[grades[number]] += 1
    for source, counts in sorted(by.items()):
        n = sum(counts.values())
        print(f"{source:{width}} n={n:3} " + " ".join(f"{g} {counts[g] / n:.2f}" for g in "ABC"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=45)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--score", type=Path, help="grades.json from the judge: print the shares per policy")
    args = parser.parse_args(argv)
    if args.score:
        print_shares(args.out, args.score)
        return 0
    settings = Settings.from_env(backend="embedded")
    items = random.Random(args.seed).sample(turns(SOURCE), args.n)
    entries = []
    for i, item in enumerate(items):
        replies = pick(item, settings)
        context = turn_context(item)
        for source, text in [*replies.items(), ("gold", item["gold"])]:
            entries.append({"context": context, "reply": text, "source": source, "item": i})
        print(i, json.dumps(replies)[:300], file=sys.stderr)
    random.Random(args.seed).shuffle(entries)
    write_packet(args.out, entries)
    print(f"wrote {args.out}/packet.md ({len(entries)} entries) and key.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
