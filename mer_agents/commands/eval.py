"""`python -m mer_agents eval meld | esconv | report`: the evaluation harness from the command line.

    eval meld   --csv dev_sent_emo.csv [--limit N] [--context K] [--llm-limit M | --no-llm] --out OUT.json
    eval esconv --tsv devWithStrategy_short.tsv [--limit N] [--variants full,no-reflection,...] --out OUT.json
    eval esconv --heldout-train ...  (the held-out train slice, where settings are chosen)
    eval fusion [--labels eval_sets/fusion/labels.json] [--limit N] --out OUT.json
    eval report [--in docs/results] [--out docs/results.md]

--limit keeps a fixed, spread-out subset: item floor(i * n / limit) for i < limit. Finished items are cached
in <cache_dir>/eval/<task>.jsonl (keyed by item, variant and a hash of the settings), so rerunning the same
command after an interruption continues where it stopped.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from mer_agents.commands import MAX_COUNT, number, setting_number
from mer_agents.config import SEED_MAX

DEFAULT_RESULTS = Path("docs/results")
MAX_CONTEXT = 100  # preceding utterances the text head may see
MAX_CONCURRENCY = 256  # items in flight at once


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="task", required=True)

    meld = sub.add_parser("meld", help="emotion recognition on a MELD CSV")
    meld.add_argument("--csv", required=True, help="MELD *_sent_emo.csv")
    meld.add_argument(
        "--context",
        type=number(int, 0, MAX_CONTEXT),
        default=None,
        help="preceding utterances as context (default: settings.text_context_turns)",
    )
    meld.add_argument(
        "--llm-limit",
        type=number(int, 1, MAX_COUNT),
        default=None,
        help="spread-out subset for the LLM forecast variant",
    )
    meld.add_argument("--no-llm", action="store_true", help="only the text head (no language model)")
    _common(meld)

    esconv = sub.add_parser(
        "esconv", help="strategy planning and replies on an ESConv *WithStrategy_short.tsv"
    )
    source = esconv.add_mutually_exclusive_group(required=True)
    source.add_argument("--tsv", help="ESConv *WithStrategy_short.tsv")
    source.add_argument(
        "--heldout-train",
        action="store_true",
        help="the held-out slice of ESConv_train.json (every 10th dialogue) instead: choose settings here, "
        "report on dev",
    )
    esconv.add_argument(
        "--variants",
        default="full,no-reflection,no-consistency,one-pass",
        help="comma-separated: full, no-reflection, best-of-n, no-consistency, one-pass, no-judge",
    )
    esconv.add_argument(
        "--exclude-items",
        type=Path,
        nargs="+",
        default=[],
        help="items.jsonl of earlier runs: their turns are left out before --limit's subset (a new report)",
    )
    _common(esconv)

    fusion = sub.add_parser(
        "fusion", help="each modality and the fusion (full vs no-consistency) on the synthetic fusion set"
    )
    fusion.add_argument(
        "--labels",
        type=Path,
        default=Path("eval_sets/fusion/labels.json"),
        help="labels.json of the set (its clips under clips/ beside it)",
    )
    _common(fusion)

    pack = sub.add_parser("judge-packet", help="a shuffled blind-judging packet from per-item outputs + gold")
    pack.add_argument("--items", type=Path, nargs="+", required=True, help="*.items.jsonl of eval esconv")
    pack.add_argument(
        "--variant", default="full", help="variant(s) to judge, comma-separated (e.g. full,one-pass)"
    )
    pack.add_argument("--traces", type=Path, nargs="*", default=[], help="analyze traces of clips to mix in")
    pack.add_argument(
        "--n", type=number(int, 1, MAX_COUNT), default=None, help="spread-out subset of N items"
    )
    pack.add_argument("--seed", type=number(int, 0, SEED_MAX), default=0, help="shuffle seed")
    pack.add_argument("--out", type=Path, required=True, help="Markdown packet for the judge")
    pack.add_argument("--key", type=Path, required=True, help="JSON key (keep it from the judge)")

    grade = sub.add_parser("judge-score", help="rates per source from a judge's grades and the packet's key")
    grade.add_argument("--key", type=Path, required=True)
    grade.add_argument("--grades", type=Path, required=True, help='the judge\'s JSON {"1": "A", ...}')
    grade.add_argument("--out", type=Path, required=True)

    report = sub.add_parser("report", help="Markdown tables + plotly charts from OUT files")
    report.add_argument(
        "--in", dest="in_dir", type=Path, default=DEFAULT_RESULTS, help="folder of OUT json files"
    )
    report.add_argument("--out", type=Path, default=Path("docs/results.md"))
    report.add_argument("--no-charts", action="store_true")
    report.add_argument(
        "--readme",
        type=Path,
        default=None,
        help="also fill this file's eval-report block (README.md) with one row per OUT file",
    )


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", type=Path, required=True, help="OUT json")
    p.add_argument(
        "--limit",
        type=number(int, 1, MAX_COUNT),
        default=None,
        help="evaluate a fixed, spread-out subset of N items",
    )
    p.add_argument(
        "--backend", default=None, help="auto | embedded | transformers_omni | openai_http | scripted"
    )
    p.add_argument("--base-url", default=None, help="OpenAI-compatible server for --backend openai_http")
    p.add_argument("--model", default=None, help="model id / path for transformers_omni or openai_http")
    p.add_argument("--seed", type=setting_number("seed"), default=None)
    p.add_argument("--max-rounds", type=setting_number("max_rounds"), default=None)
    p.add_argument(
        "--concurrency",
        type=number(int, 1, MAX_CONCURRENCY),
        default=1,
        help="items in flight at once (useful with openai_http)",
    )
    p.add_argument(
        "--threads",
        type=setting_number("llm_threads"),
        default=None,
        help="CPU threads of the embedded LLM (settings.llm_threads;"
        " 1 is much faster on an oversubscribed machine)",
    )
    p.add_argument(
        "--cache", type=Path, default=None, help="JSONL result cache (default <cache_dir>/eval/...)"
    )
    p.add_argument("--no-cache", action="store_true", help="recompute everything, write no cache")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def _settings(args):
    from mer_agents.commands import settings_from_args

    return settings_from_args(args, llm_threads=args.threads)  # a bad value: one line naming its flag


def _command(args, argv_keys: list[tuple[str, str]]) -> str:
    """The canonical command line of this run, recorded in the OUT file and the report; the MER_* variables
    set for it lead (never one that holds a key or token)."""
    env = [
        f"{k}={shlex.quote(v)}"
        for k, v in sorted(os.environ.items())
        if k.startswith("MER_") and not any(s in k for s in ("KEY", "TOKEN", "SECRET"))
    ]
    parts = [*env, "python -m mer_agents eval", args.task]
    for flag, attr in argv_keys:
        value = getattr(args, attr, None)
        if value is None or value is False or value == [] or (attr == "concurrency" and value == 1):
            continue
        if isinstance(value, list):
            parts.append(" ".join([flag, *(shlex.quote(_relative(v)) for v in value)]))
            continue
        shown = _relative(value) if isinstance(value, Path) and value.is_absolute() else str(value)
        quoted = "~/" + shlex.quote(shown[2:]) if shown.startswith("~/") else shlex.quote(shown)  # ~ expands
        parts.append(flag if value is True else f"{flag} {quoted}")
    return " ".join(parts)


COMMON_FLAGS = [
    ("--no-cache", "no_cache"),
    ("--cache", "cache"),
    ("--limit", "limit"),
    ("--backend", "backend"),
    ("--base-url", "base_url"),
    ("--model", "model"),
    ("--seed", "seed"),
    ("--max-rounds", "max_rounds"),
    ("--concurrency", "concurrency"),
    ("--threads", "threads"),
]


def main(args) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from mer_agents.errors import MerError
    from mer_agents.evaluation.cache import ResultCache
    from mer_agents.evaluation.provenance import provenance
    from mer_agents.evaluation.runner import items_path, write_items, write_out

    if args.task == "judge-packet":
        return _judge_packet(args)
    if args.task == "judge-score":
        import json

        from mer_agents.evaluation.judge import score

        key = json.loads(args.key.read_text(encoding="utf-8"))
        result = score(key, json.loads(args.grades.read_text(encoding="utf-8")))
        result.update(
            judge=True,
            command="python -m mer_agents eval judge-score "
            f"--key {args.key} --grades {args.grades} "
            f"--out {args.out}",
            provenance=provenance(),
        )
        write_out(args.out, result)
        print(json.dumps({k: v for k, v in result.items() if k not in ("provenance", "command")}, indent=1))
        return 0
    if args.task == "report":
        from mer_agents.evaluation.report import build_report

        build_report(args.in_dir, args.out, make_charts=not args.no_charts, readme=args.readme)
        print(f"wrote {args.out}", file=sys.stderr)
        if args.readme is not None:
            print(f"filled the results index of {args.readme}", file=sys.stderr)
        return 0

    if args.concurrency < 1:
        raise MerError("--concurrency must be at least 1")
    if args.limit is not None and args.limit < 1:
        raise MerError("--limit must be at least 1")
    settings = _settings(args)
    started = provenance()  # the code that runs: taken before the run, whatever is committed meanwhile
    cache = None
    if not args.no_cache:
        cache = ResultCache(args.cache or settings.cache_dir / "eval" / f"{args.task}.jsonl")
    progress = not args.no_progress

    if args.task == "meld":
        from mer_agents.evaluation.meld import evaluate_meld

        out = evaluate_meld(
            args.csv,
            settings,
            limit=args.limit,
            context_turns=args.context,
            llm=not args.no_llm,
            llm_limit=args.llm_limit,
            concurrency=args.concurrency,
            cache=cache,
            progress=progress,
        )
        out["command"] = _command(
            args,
            [
                ("--csv", "csv"),
                ("--context", "context"),
                ("--llm-limit", "llm_limit"),
                ("--no-llm", "no_llm"),
                *COMMON_FLAGS,
                ("--out", "out"),
            ],
        )
        summary = ", ".join(
            f"{name}: weighted-F1 {v['weighted_f1']:.3f} (n={v['n']})" for name, v in out["variants"].items()
        )
    elif args.task == "fusion":
        from mer_agents.evaluation.fusion import evaluate_fusion

        out = evaluate_fusion(args.labels, settings, limit=args.limit, cache=cache, progress=progress)
        out["command"] = _command(args, [("--labels", "labels"), *COMMON_FLAGS, ("--out", "out")])
        summary = ", ".join(f"{name}: accuracy {v['accuracy']:.3f}" for name, v in out["variants"].items())
        summary += f" (n={out['n']})"
    else:
        from mer_agents.evaluation.esconv import evaluate_esconv, variant_settings
        from mer_agents.evaluation.readers import item_ids

        variants = tuple(v.strip() for v in args.variants.split(",") if v.strip())
        for variant in variants:
            variant_settings(settings, variant)  # a clear error for an unknown name before any work
        out = evaluate_esconv(
            args.tsv,
            settings,
            heldout_train=args.heldout_train,
            variants=variants,
            limit=args.limit,
            concurrency=args.concurrency,
            cache=cache,
            progress=progress,
            exclude=item_ids(args.exclude_items),
        )
        out["command"] = _command(
            args,
            [
                ("--tsv", "tsv"),
                ("--heldout-train", "heldout_train"),
                ("--variants", "variants"),
                ("--exclude-items", "exclude_items"),
                *COMMON_FLAGS,
                ("--out", "out"),
            ],
        )
        summary = ", ".join(
            f"{name}: strategy macro-F1 {v['strategy_macro_f1']:.3f}, "
            f"adherence {_pct(v['strategy_adherence'])}"
            for name, v in out["variants"].items()
        )
    out["cache"] = {"path": _relative(cache.path) if cache else None, "hits": cache.hits if cache else 0}
    out["provenance"] = started
    items = out.pop("items", {})
    write_out(args.out, out)
    written = write_items(items_path(args.out), items)
    print(f"wrote {args.out} and {written}: {summary}", file=sys.stderr)
    return 0


def _judge_packet(args) -> int:
    import json

    from mer_agents.evaluation.judge import entries, merge_same, packet, read_jsonl, trace_entries
    from mer_agents.evaluation.readers import spread_subset

    variants = [v.strip() for v in args.variant.split(",") if v.strip()]
    found, gold_seen = [], set()
    for path in args.items:  # each file's replies are labelled by its name; a gold reply appears once
        for variant in variants:
            records = [r for r in read_jsonl(path) if r.get("variant", variant) == variant]
            records = [records[i] for i in spread_subset(len(records), args.n)]
            for entry in entries(records, variant):
                if entry["source"] == "gold":
                    if entry["item"] in gold_seen:
                        continue
                    gold_seen.add(entry["item"])
                else:
                    name = Path(path).name.removesuffix(".items.jsonl")
                    entry["source"] = f"{name}:{variant}" if len(variants) > 1 else name
                found.append(entry)
    text, key = packet(merge_same(found + trace_entries(args.traces)), seed=args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n", encoding="utf-8")
    args.key.write_text(json.dumps(key, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(key)} entries) and the key {args.key}", file=sys.stderr)
    return 0


def _relative(path: Path) -> str:
    """A path as the reader can retype it: relative to the working directory, or under ~ when it is there."""
    path = Path(path).resolve()
    for base, shown in ((Path.cwd(), ""), (Path.home(), "~/")):
        try:
            return shown + str(path.relative_to(base))
        except ValueError:
            continue
    return str(path)


def _pct(value) -> str:
    return "–" if value is None else f"{value:.2f}"
