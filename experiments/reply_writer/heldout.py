"""Blind-judge packet: can the 1.5B model write the reply, and with which prompt? Held-out ESConv train turns.

    .venv/bin/python experiments/reply_writer/heldout.py --n 60 --seed 21 --out DIR
    .venv/bin/python experiments/reply_writer/heldout.py --out DIR --score DIR/grades_A.json DIR/grades_B.json

Turns of the held-out train dialogues (every 10th; never dev), the code forecast and strategy
(reply_policy_heldout.setup). Sources per turn:
  - selector:  the shipped default's choice among the human exemplars and the template (no draft);
  - p0:        Qwen2.5-Coder-1.5B's first-round draft with the shipped prompt (prompts/responder.yaml:
               the strategy's exemplars as examples);
  - plain:     its draft with prompt_plain.yaml here (no exemplars; the rubric's failure modes as rules);
  - gold:      the human supporter's reply.
Each draft's reply checks (responder.score_candidates, beside the exemplars and template) are kept in
checks.json, so policies ("the draft unless it fails check X, else the selector") are scored from the same
grades. --score pools two judges' grades and prints shares per source and per policy, with paired intervals.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "experiments" / "reply_policy"))
from reply_policy_heldout import grouped_entries, pick, setup, turn_context, write_packet  # noqa: E402
from responder_preview import SOURCE, turns  # noqa: E402

from mer_agents.agents import responder  # noqa: E402
from mer_agents.agents.base import _ENV, Prompt  # noqa: E402
from mer_agents.agents.planner import HELP  # noqa: E402
from mer_agents.backends.base import Message  # noqa: E402
from mer_agents.backends.embedded import EmbeddedBackend  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

HERE = Path(__file__).resolve().parent
MODEL = "qwen2.5-coder-1.5b"


def plain_prompt(path: Path = HERE / "prompt_plain.yaml") -> Prompt:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return Prompt(name="reply", system=_ENV.from_string(data["system"]), user=_ENV.from_string(data["user"]))


def plain_messages(ctx, forecast, plan, prompt: Prompt) -> list[Message]:
    """As responder.build_messages, with `prompt`."""
    shipped = responder.build_messages(ctx, forecast, plan)
    return prompt.render(
        chat=shipped[1:-1],
        emotion=forecast.emotion,
        strategy=plan.strategy,
        strategy_help=HELP[plan.strategy],
        instruction=ctx.instruction,
        transcript=responder.last_words(ctx.evidence.words) or "(no words)",
    )


def drafts_for(item: dict, backend: EmbeddedBackend, prompt: Prompt) -> tuple[dict, dict]:
    """({source: reply}, {source: failed reply checks}) for one turn."""
    ctx, forecast, plan = setup(item, backend.settings, backend)
    out = {"selector": pick(item, backend.settings)["selector"]}
    shipped = responder.build_messages(ctx, forecast, plan)
    plain = plain_messages(ctx, forecast, plan, prompt)
    out["p0"] = responder.clean(responder._draft(ctx, shipped, plan, 0))
    out["plain"] = responder.clean(responder._draft(ctx, plain, plan, 0))
    fixed = [("exemplar", t) for t in responder.exemplar_replies(ctx, plan)]
    fixed.append(("template", responder.template(ctx, forecast, plan)))
    failed = {}
    for name in ("p0", "plain"):
        ranked = responder.score_candidates(ctx, [("model", out[name]), *fixed], forecast, plan)
        mine = next((c for c in ranked if c.source == "model"), None)
        failed[name] = (mine.failed + [f"guard:{g}" for g in mine.guard]) if mine else ["copy"]
    return out, failed


def paired(a: list[str], b: list[str], grade: str, resamples: int = 5000) -> str:
    d = np.array([(x == grade) - (y == grade) for x, y in zip(a, b)], dtype=float)
    idx = np.random.default_rng(0).integers(0, len(d), (resamples, len(d)))
    lo, hi = np.percentile(d[idx].mean(axis=1), [2.5, 97.5])
    return f"{d.mean():+.3f} [{lo:+.3f}, {hi:+.3f}]"


def score(out: Path, grade_files: list[Path]) -> int:
    key = json.loads((out / "key.json").read_text())
    failed = json.loads((out / "checks.json").read_text())
    judges = [json.loads(p.read_text()) for p in grade_files]
    agree = np.mean([judges[0][k] == judges[1][k] for k in key]) if len(judges) > 1 else 1.0
    print(f"judges' agreement {agree:.2f} over {len(key)} entries")
    grade: dict[tuple[int, str], list[str]] = {}
    for number, entry in key.items():
        for source in entry["sources"]:
            grade[(entry["item"], source)] = [j[number] for j in judges]
    n = len(failed)
    sources = sorted({s for _, s in grade})

    def pooled(rows: list[list[str]]) -> list[str]:
        return [g for row in rows for g in row]

    for s in sources:
        flat = pooled([grade[(i, s)] for i in range(n)])
        print(f"{s:10} n={len(flat):3} " + " ".join(f"{g} {flat.count(g) / len(flat):.2f}" for g in "ABC"))
    base = pooled([grade[(i, "selector")] for i in range(n)])
    vetoes = {
        "guard": lambda f: any(x.startswith("guard:") for x in f),
        "beyond-style": lambda f: bool(set(f) - responder.STYLE_CHECKS),
        "none": lambda f: False,
    }
    for name in ("p0", "plain"):
        for veto, bad in vetoes.items():
            kept = pooled([grade[(i, "selector" if bad(failed[i][name]) else name)] for i in range(n)])
            used = sum(not bad(failed[i][name]) for i in range(n))
            shares = " ".join(f"{g} {kept.count(g) / len(kept):.2f}" for g in "ABC")
            diffs = f"A {paired(kept, base, 'A')} C {paired(kept, base, 'C')}"
            print(f"{name} unless {veto:12}: draft kept {used}/{n}: {shares}; minus selector {diffs}")
        print(f"{name} checks failed: {Counter(c for i in range(n) for c in failed[i][name])}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--score", type=Path, nargs="+", help="the judges' grades.json files")
    args = parser.parse_args(argv)
    if args.score:
        return score(args.out, args.score)
    settings = Settings.from_env(backend="embedded").updated(model=MODEL, llm_threads=2)
    backend = EmbeddedBackend(settings)
    prompt = plain_prompt()
    items = random.Random(args.seed).sample(turns(SOURCE), args.n)
    entries, checks = [], []
    for i, item in enumerate(items):
        replies, failed = drafts_for(item, backend, prompt)
        checks.append(failed)
        entries += grouped_entries(i, turn_context(item), replies, item["gold"])
        print(i, json.dumps(replies)[:500], failed, file=sys.stderr, flush=True)
    random.Random(args.seed).shuffle(entries)
    write_packet(args.out, entries)
    (args.out / "checks.json").write_text(json.dumps(checks), encoding="utf-8")
    print(f"wrote {args.out}/packet.md ({len(entries)} entries), key.json and checks.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
