"""Blind-judge packet: would letting a model draft win make the replies better? Held-out ESConv *train* turns.

    .venv/bin/python experiments/reply_policy/draft_policy_heldout.py [--n 45] [--seed 1] --out DIR
    .venv/bin/python experiments/reply_policy/draft_policy_heldout.py --out DIR --score DIR/grades.json

The same 45 held-out train turns as reply_policy_heldout.py (seed 1; every 10th train dialogue, never
dev), the same code forecast and code strategy. For each embedded model (SmolLM2-135M, and
Qwen2.5-Coder-0.5B and -1.5B when their wheels are installed) the responder writes one first-round draft with
its own prompt; sources:
  - selector:           the shipped choice among the human exemplars and the template (no draft);
  - draft-<model>:      the model's draft as written;
  - first-<model>:      the draft when it passes the guard and every reply check, else the selector's choice
                        (a policy that lets a clean draft win over the exemplars);
  - gold:               the human supporter's reply.
Identical replies of one turn are shown once and their grade counts for every source that gave them.
Writes DIR/packet.md and DIR/key.json (kept from the judge, who reads only `../shared/eval/judge_rubric.md`
and the packet); --score prints the A/B/C shares per source, how often each draft was clean, and the shares
of the trusted-draft policy (responder.STYLE_CHECKS) per model with its paired difference to the selector.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reply_policy_heldout import grouped_entries, pick, print_shares, setup, turn_context, write_packet  # noqa: E402
from responder_preview import SOURCE, turns  # noqa: E402

from mer_agents.agents import responder  # noqa: E402
from mer_agents.backends.embedded import EmbeddedBackend, split_model  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

MODELS = {"smollm2": None, "qwen05": "qwen2.5-coder-0.5b", "qwen15": "qwen2.5-coder-1.5b"}


def available_models() -> dict[str, str | None]:
    """The models to draft with: SmolLM2 always; the Qwen models only when their wheels are installed."""
    out = {}
    for name, model in MODELS.items():
        if model is None:
            out[name] = model
            continue
        try:
            split_model(Settings(model=model)).part_files()
        except Exception:  # noqa: BLE001 - not installed: skip it, say so
            print(f"skipping {model}: not installed", file=sys.stderr)
            continue
        out[name] = model
    return out


def replies_for(item: dict, base: Settings, backends: dict[str, EmbeddedBackend]) -> tuple[dict, dict]:
    """({source: reply}, {model: the reply checks its draft failed}) for one turn."""
    out = {"selector": pick(item, base)["selector"]}
    clean = {}
    for name, backend in backends.items():
        ctx, forecast, plan = setup(item, backend.settings, backend)
        draft = responder.clean(responder._draft(ctx, responder.build_messages(ctx, forecast, plan), plan, 0))
        exemplars = [("exemplar", t) for t in responder.exemplar_replies(ctx, plan)]
        template = ("template", responder.template(ctx, forecast, plan))
        ranked = responder.score_candidates(ctx, [("model", draft), *exemplars, template], forecast, plan)
        mine = next(c for c in ranked if c.source == "model")
        clean[name] = mine.failed  # [] when the draft passes the guard and every reply check
        out[f"draft-{name}"] = draft
        out[f"first-{name}"] = draft if not mine.failed else out["selector"]
    return out, clean


def trusted_shares(out: Path, grades_path: Path, clean: dict[str, list[list[str]]]) -> None:
    """A/B/C of the policy "the draft unless it fails a check outside responder.STYLE_CHECKS, else the
    selector's choice", per model, from the grades the draft and the selector's reply already got."""
    key = json.loads((out / "key.json").read_text())
    grades = json.loads(grades_path.read_text())
    grade = {(v["item"], s): grades[n] for n, v in key.items() for s in v["sources"]}
    for name, failed in clean.items():
        kept = [
            grade[(i, f"draft-{name}")] if not set(f) - responder.STYLE_CHECKS else grade[(i, "selector")]
            for i, f in enumerate(failed)
        ]
        n_draft = sum(not set(f) - responder.STYLE_CHECKS for f in failed)
        shares = " ".join(f"{g} {kept.count(g) / len(kept):.2f}" for g in "ABC")
        selector = [grade[(i, "selector")] for i in range(len(failed))]
        diffs = " ".join(f"{g} {paired_diff(kept, selector, g)}" for g in "AC")
        print(f"trusted-{name}: {shares} (draft kept in {n_draft}/{len(failed)}); minus selector: {diffs}")


def paired_diff(a: list[str], b: list[str], grade: str, resamples: int = 5000) -> str:
    """Mean paired difference in the share of `grade` (a − b) with its 95 % bootstrap interval (seed 0)."""
    d = np.array([(x == grade) - (y == grade) for x, y in zip(a, b)], dtype=float)
    idx = np.random.default_rng(0).integers(0, len(d), (resamples, len(d)))
    lo, hi = np.percentile(d[idx].mean(axis=1), [2.5, 97.5])
    return f"{d.mean():+.2f} [{lo:+.2f}, {hi:+.2f}]"


def score(out: Path, grades_path: Path) -> int:
    print_shares(out, grades_path, width=16)
    clean = json.loads((out / "clean.json").read_text())
    for name, failed in clean.items():
        n_clean = sum(not f for f in failed)
        counts = Counter(check for f in failed for check in f)
        print(f"{name}: draft clean (guard + every reply check) in {n_clean}/{len(failed)}; failed: {counts}")
    trusted_shares(out, grades_path, clean)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=45)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--score", type=Path, help="grades.json from the judge: print the shares per source")
    args = parser.parse_args(argv)
    if args.score:
        return score(args.out, args.score)
    base = Settings.from_env(backend="embedded")
    backends = {
        name: EmbeddedBackend(base.updated(model=model, llm_threads=2))
        for name, model in available_models().items()
    }
    items = random.Random(args.seed).sample(turns(SOURCE), args.n)
    entries, clean_flags = [], {name: [] for name in backends}
    for i, item in enumerate(items):
        replies, clean = replies_for(item, base, backends)
        for name, flag in clean.items():
            clean_flags[name].append(flag)
        entries += grouped_entries(i, turn_context(item), replies, item["gold"])
        print(i, json.dumps(replies)[:400], file=sys.stderr, flush=True)
    random.Random(args.seed).shuffle(entries)
    write_packet(args.out, entries)
    (args.out / "clean.json").write_text(json.dumps(clean_flags), encoding="utf-8")
    print(f"wrote {args.out}/packet.md ({len(entries)} entries), key.json and clean.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
