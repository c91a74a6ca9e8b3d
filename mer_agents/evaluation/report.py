"""Markdown tables and plotly charts from the OUT files of `eval meld` / `eval esconv`.

The report lists, for every OUT file, the command that produced it, so anyone can rerun the numbers.
Charts are written as HTML (plotly.js from its CDN, to keep the repository small); PNG copies are made
only when a static-image engine (kaleido) is installed, and skipped quietly otherwise.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from mer_agents.evaluation.esconv import HELDOUT_TRAIN_DATA
from mer_agents.evaluation.readers import DataError

MELD_ORDER = ("text_head", "llm_forecast_fused", "llm_forecast")
ESCONV_ORDER = ("full", "no-reflection", "best-of-n", "no-consistency", "one-pass", "no-judge")
ESCONV_COLUMNS = (  # measures the method does not optimise
    ("strategy_accuracy", "strategy acc"),
    ("strategy_accuracy_ci95", "95 % CI"),
    ("strategy_macro_f1", "strategy macro-F1"),
    ("bleu2", "BLEU-2"),
    ("rougeL", "ROUGE-L"),
    ("dist1", "Dist-1"),
    ("dist2", "Dist-2"),
    ("rounds_mean", "rounds"),
    ("tokens_per_turn", "tokens/turn"),
    ("seconds_per_turn", "s/turn"),
    ("n_timed", "timed n"),
)
README_BEGIN = "<!-- eval report: begin (python -m mer_agents eval report --readme README.md) -->"
README_END = "<!-- eval report: end -->"
# flags whose values may differ between the OUT files pooled as one run: the seed, and the variants when a
# later invocation at the same commit adds a variant to the same turns and seeds
SEED_FREE_FLAGS = ("--seed", "--out", "--cache", "--variants")
LOOP_COLUMNS = (  # what the loop checks and ranks on: it works as built, not evidence of quality
    ("guard_failures", "guard failures"),
    ("guard_failure_rate_ci95", "95 % CI"),
    ("classifier_adherence", "classifier adherence"),
    ("classifier_adherence_ci95", "95 % CI"),
    ("relevance_mean", "relevance"),
    ("audit_pass_before", "audit pass (1st)"),
    ("audit_pass_after", "audit pass (final)"),
)


def load_outs(directory: Path) -> list[dict[str, Any]]:
    """Every OUT json in `directory` (sorted by name), each with its file name under `_file`."""
    directory = Path(directory)
    if not directory.is_dir():
        raise DataError(f"no results folder at {directory}")
    outs = []
    for path in sorted(directory.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            raise DataError(f"{path} is not valid JSON") from None
        if isinstance(data, dict) and (data.get("task") in ("meld", "esconv", "fusion") or data.get("judge")):
            outs.append(dict(data, _file=path.name))
    if not outs:
        raise DataError(f"no eval OUT files (*.json with task meld/esconv/fusion) in {directory}")
    return outs


def _mean_known(values: list) -> float | None:
    """The mean of the values that are known (an OUT whose timings are void records None)."""
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known else None


def _fmt(value: Any, digits: int = 3) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}" if abs(value) < 100 else f"{value:.0f}"
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        return f"[{value[0]:.{digits}f}, {value[1]:.{digits}f}]"
    return str(value)


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_fmt(c) for c in row) + " |" for row in rows]
    return lines


def _ordered(variants: dict[str, Any], order: tuple[str, ...]) -> list[str]:
    return [v for v in order if v in variants] + [v for v in variants if v not in order]


def meld_section(out: dict[str, Any]) -> list[str]:
    variants = out["variants"]
    lines = [
        f"### MELD — emotion recognition ({out['_file']})",
        "",
        f"`{out.get('command', '')}`",
        "",
        f"Data: `{out['data']}` ({out['n_file']} utterances; evaluated {out['n']}, subset: {out['subset']}); "
        f"context: up to {out['context_turns']} preceding utterances of the dialogue "
        f"(the head reads {out.get('context_turns_used', out['context_turns'])}). "
        f"Models: {', '.join(f'{k}: {v}' for k, v in out.get('models', {}).items())}. "
        f"Wall time {out['seconds']:.0f} s. {out.get('note', '')}",
        "",
    ]
    rows = [
        [name, v.get("description", ""), v["n"], v["accuracy"], v["weighted_f1"], v["macro_f1"]]
        for name, v in ((n, variants[n]) for n in _ordered(variants, MELD_ORDER))
    ]
    lines += _table(["variant", "what", "n", "accuracy", "weighted F1", "macro F1"], rows) + [""]
    labels = next(iter(variants.values()))["labels"]
    rows = [
        [name] + [variants[name]["per_class_f1"][lab] for lab in labels]
        for name in _ordered(variants, MELD_ORDER)
    ]
    lines += ["Per-class F1:", ""] + _table(["variant", *labels], rows) + [""]
    adj = out.get("llm_adjustment")
    if adj:
        lines += [
            f"LLM adjustment on the {adj['n']} forecast items: it changed the fused argmax {adj['changed']} "
            f"times ({adj['changed_to_right']} to the gold label, {adj['changed_to_wrong']} away from it).",
            "",
        ]
    main = variants.get("text_head") or next(iter(variants.values()))
    lines += ["Confusion matrix of the text head (rows gold, columns predicted):", ""]
    lines += _table(
        ["gold \\ pred", *labels], [[lab, *row] for lab, row in zip(labels, main["confusion"])]
    ) + [""]
    return lines


def esconv_section(out: dict[str, Any]) -> list[str]:
    variants = out["variants"]
    names = _ordered(variants, ESCONV_ORDER)
    lines = [
        f"### ESConv — strategy planning and replies ({out['_file']})",
        "",
        f"`{out.get('command', '')}`",
        "",
        f"Data: `{out['data']}` ({out['n_file']} supporter turns; {out['skipped_no_seeker_turn']} have no "
        f"seeker turn to answer and are skipped; evaluated {out['n']} turns from {out['n_dialogues']} "
        f"dialogues, subset: {out['subset']}; in {out['n_followup']} of them the supporter had already "
        f"spoken after the seeker's last turn). LLM: {out['models'].get('llm', '')}. "
        f"Wall time {out['seconds']:.0f} s.",
        "",
    ]
    prov = out.get("provenance") or {}
    if prov:
        lines += [
            f"Code: commit `{(prov.get('commit') or '?')[:10]}`{' (dirty)' if prov.get('dirty') else ''}, "
            f"code hash `{prov.get('code_hash')}`. "
            f"Per-item outputs: `{Path(out['_file']).stem}.items.jsonl`.",
            "",
        ]
    rows = [
        [
            name,
            variants[name]["n"],
            variants[name].get("failed", 0),
            *[variants[name].get(key) for key, _ in ESCONV_COLUMNS],
        ]
        for name in names
    ]
    lines += [
        "Measures the method does not optimise (strategy vs the gold tag; reply vs the gold reply):",
        "",
    ]
    lines += _table(["variant", "n", "failed", *[label for _, label in ESCONV_COLUMNS]], rows) + [""]
    rows = [
        [
            name,
            *[
                {**variants[name], **variants[name].get("loop_targets", {})}.get(key)
                for key, _ in LOOP_COLUMNS
            ],
            ", ".join(f"{k}: {v}" for k, v in variants[name].get("reply_sources", {}).items() if v),
        ]
        for name in names
    ]
    lines += [
        "The loop's own targets (it checks and ranks on these, so they show it works as built, not that the "
        "replies are good):",
        "",
    ]
    lines += _table(["variant", *[label for _, label in LOOP_COLUMNS], "kept reply from"], rows) + [""]
    baselines = out.get("baselines") or {}
    if baselines:
        paired = out.get("paired_vs_full", {})
        rows = [
            [
                name,
                b["accuracy"],
                b["accuracy_ci95"],
                b["macro_f1"],
                paired.get(name, {}).get("accuracy_diff_ci95"),
            ]
            for name, b in baselines.items()
        ]
        lines += [
            "Strategy baselines on the same turns (code only, no language model); the last column is the "
            "paired 95 % interval of full − baseline accuracy:",
            "",
        ]
        lines += _table(["baseline", "accuracy", "95 % CI", "macro-F1", "full − baseline"], rows) + [""]
    gold = out.get("gold_strategy_counts", {})
    if gold:
        rows = [
            [
                s,
                gold[s],
                *[variants[n]["predicted_strategy_counts"].get(s, 0) for n in names],
                *[variants[n]["strategy_per_class_f1"].get(s) for n in names],
            ]
            for s in gold
        ]
        lines += ["Strategy counts (gold vs predicted) and per-class F1:", ""]
        lines += _table(
            ["strategy", "gold", *[f"pred {n}" for n in names], *[f"F1 {n}" for n in names]], rows
        )
        lines += [""]
    return lines


def seed_key(out: dict[str, Any]) -> str:
    """The OUT's command without its --seed, --out, --cache and --variants values, and its commit: OUT files
    that share it ran the same code on the same turns, differing only in the seed or the variants."""
    parts = shlex.split(out.get("command", ""))
    kept = []
    skip = False
    for part in parts:
        if skip:
            skip = False
            continue
        if part in SEED_FREE_FLAGS:
            skip = True
            continue
        kept.append(part)
    return " ".join(kept) + " @" + str((out.get("provenance") or {}).get("commit"))


def _merge_seed(outs: list[dict[str, Any]]) -> dict[str, Any]:
    """The OUT files of one seed as one: the variants of all (the first file's first), their file names under
    `_files`, the first file's baselines and paired intervals."""
    merged = dict(outs[0], _files=[o["_file"] for o in outs], variants={})
    for out in outs:
        for name, value in out["variants"].items():
            merged["variants"].setdefault(name, value)
        for key in ("baselines", "paired_vs_full"):
            if not merged.get(key) and out.get(key):
                merged[key] = out[key]
    return merged


def seed_groups(outs: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """ESConv OUT files that differ only in --seed or --variants, two or more seeds per group, each group by
    seed; the files of one seed are merged (`_merge_seed`)."""
    groups: dict[str, dict[Any, list[dict[str, Any]]]] = {}
    for out in outs:
        if out.get("task") == "esconv":
            seed = out["settings"].get("seed")
            groups.setdefault(seed_key(out), {}).setdefault(seed, []).append(out)
    return [
        [_merge_seed(by_seed[s]) for s in sorted(by_seed, key=lambda x: x or 0)]
        for by_seed in groups.values()
        if len(by_seed) > 1
    ]


def _shared(a: dict[str, str], b: dict[str, str]) -> str:
    """How many of the turns both answered got the same reply, as 'k/n'."""
    both = set(a) & set(b)
    return f"{sum(a[t] == b[t] for t in both)}/{len(both)}"


def seeds_section(group: list[dict[str, Any]], directory: Path) -> list[str]:
    """One table over the seeds of a group: per-seed and mean strategy accuracy per variant, guard failures,
    how many replies each seed shares with the first and each variant with full (per seed), and the paired
    interval of full − variant over the turns (each turn's accuracy averaged over its seeds first, so a turn
    counts once; failed turns wrong)."""
    from mer_agents.evaluation.judge import read_jsonl
    from mer_agents.evaluation.metrics import paired_bootstrap_ci
    from mer_agents.evaluation.runner import items_path

    seeds = [o["settings"].get("seed") for o in group]
    order = _ordered(group[0]["variants"], ESCONV_ORDER)
    names = [n for n in order if all(n in o["variants"] for o in group)]
    if "full" not in names:
        return []
    items = [[r for f in o["_files"] for r in read_jsonl(items_path(directory / f))] for o in group]
    hit: dict[str, dict[str, list[float]]] = {n: {} for n in names}
    reply: dict[str, list[dict[str, str]]] = {n: [{} for _ in group] for n in names}
    for k, records in enumerate(items):
        for r in records:
            if r.get("variant") in hit:
                ok = "error" not in r and r.get("strategy") == r.get("gold_strategy")
                hit[r["variant"]].setdefault(r["id"], []).append(float(ok))
                if "error" not in r:
                    reply[r["variant"]][k][r["id"]] = r.get("reply", "")
    turns = sorted(set.intersection(*(set(hit[n]) for n in names)))
    per_turn = {n: [sum(hit[n][t]) / len(hit[n][t]) for t in turns] for n in names}
    rows = []
    for n in names:
        accs = [o["variants"][n]["strategy_accuracy"] for o in group]
        rows.append(
            [
                n,
                " / ".join(_fmt(a) for a in accs),
                sum(accs) / len(accs),
                " / ".join(
                    str(o["variants"][n].get("loop_targets", {}).get("guard_failures")) for o in group
                ),
                " / ".join(_shared(reply[n][k], reply[n][0]) for k in range(1, len(group))),
                "—"
                if n == "full"
                else " / ".join(_shared(reply[n][k], reply["full"][k]) for k in range(len(group))),
                None if n == "full" else paired_bootstrap_ci(per_turn["full"], per_turn[n]),
                _mean_known([o["variants"][n].get("seconds_per_turn") for o in group]),
            ]
        )
    files = ", ".join(f"`{f}`" for o in group for f in o["_files"])
    commit = ((group[0].get("provenance") or {}).get("commit") or "?")[:10]
    lines = [
        f"### ESConv — {len(group)} seeds pooled ({', '.join(str(x) for x in seeds)})",
        "",
        f"From {files} (the same command but for --seed and --variants, commit `{commit}`); {len(turns)} "
        "turns. Strategy "
        "accuracy vs the gold tag (failed turns count as wrong); the interval is "
        "paired over the turns, each turn's accuracy averaged over the seeds first.",
        "",
    ]
    lines += _table(
        [
            "variant",
            "strategy acc per seed",
            "mean",
            "guard failures per seed",
            f"same reply as seed {seeds[0]}",
            "same reply as full, per seed",
            "full − variant (95 % CI)",
            "s/turn (mean)",
        ],
        rows,
    )
    baselines = group[0].get("baselines") or {}
    if baselines:
        rows = [
            [
                name,
                b["accuracy"],
                " / ".join(
                    _fmt((o.get("paired_vs_full") or {}).get(name, {}).get("accuracy_diff_ci95"))
                    for o in group
                ),
            ]
            for name, b in baselines.items()
        ]
        lines += [
            "",
            "Code-only baselines (the same on every seed) and full − baseline per seed (paired 95 % CI):",
            "",
        ]
        lines += _table(["baseline", "accuracy", "full − baseline per seed"], rows)
    return lines + [""]


def fusion_section(out: dict[str, Any]) -> list[str]:
    """Per-modality and fused accuracy on the synthetic fusion set (eval fusion OUT files)."""
    counts = ", ".join(f"{k} {v}" for k, v in out["condition_counts"].items())
    lines = [
        f"### Fusion — synthetic clips ({out['_file']})",
        "",
        f"`{out.get('command', '')}`",
        "",
        f"Data: `{out['data']}` ({out['n_file']} clips; evaluated {out['n']}, {out['failed']} failed; "
        f"conditions: {counts}). {out.get('note', '')} Majority-label baseline "
        f"{_fmt(out.get('majority_baseline'))}. Wall time {out['seconds']:.0f} s.",
        "",
    ]
    rows = [
        [f"reader: {name}", r["n"], r["accuracy"], r["accuracy_ci95"]] for name, r in out["readers"].items()
    ]
    rows += [
        [f"fused: {name}", v["n"], v["accuracy"], v["accuracy_ci95"]] for name, v in out["variants"].items()
    ]
    lines += _table(["reading", "n", "accuracy", "95 % CI"], rows) + [""]
    paired = out["paired"]
    lines += [
        f"full − no-consistency, paired over the same clips: {_fmt(paired['full_minus_no_consistency'])} "
        f"(the fused label differs on {paired['changed']} clips).",
        "",
        "Accuracy by condition (a reader's column counts only the clips where it had a reading):",
        "",
    ]
    names = [*out["readers"], *out["variants"]]
    rows = [[c, b["n"], *(b[n] for n in names)] for c, b in out["by_condition"].items()]
    lines += _table(["condition", "n", *names], rows) + [""]
    return lines


def judge_section(out: dict[str, Any]) -> list[str]:
    """Blind-judge rates per source (eval judge-score OUT files)."""
    sources = [k for k, v in out.items() if isinstance(v, dict) and "n" in v and "A" in v]
    lines = [
        f"### Blind judging ({out['_file']})",
        "",
        f"`{out.get('command', '')}`",
        "",
        out.get(
            "description",
            "Replies shuffled with the gold human replies and graded A/B/C by a judge "
            "who could not tell which is which (../shared/eval/judge_rubric.md).",
        ),
        "",
    ]
    rows = [
        [s, out[s]["n"], out[s]["A"], out[s]["A_ci95"], out[s]["B"], out[s]["C"], out[s]["C_ci95"]]
        for s in sources
    ]
    lines += _table(["source", "n", "A", "95 % CI", "B", "C", "95 % CI"], rows) + [""]
    return lines


def charts(outs: list[dict[str, Any]], directory: Path) -> list[Path]:
    """One HTML chart per OUT file (and a PNG beside it when kaleido works); returns the files written."""
    import plotly.graph_objects as go

    written: list[Path] = []
    for out in outs:
        if out.get("task") not in ("meld", "esconv"):
            continue
        stem = Path(out["_file"]).stem
        variants = out["variants"]
        fig = go.Figure()
        if out["task"] == "meld":
            labels = next(iter(variants.values()))["labels"]
            for name in _ordered(variants, MELD_ORDER):
                fig.add_bar(
                    name=name,
                    x=[*labels, "weighted", "macro"],
                    y=[
                        *(variants[name]["per_class_f1"][lab] for lab in labels),
                        variants[name]["weighted_f1"],
                        variants[name]["macro_f1"],
                    ],
                )
            fig.update_layout(title=f"MELD F1 per class ({stem})", yaxis_title="F1", barmode="group")
        else:
            keys = ("strategy_accuracy", "strategy_macro_f1", "bleu2", "rougeL", "dist1", "dist2")
            for name in _ordered(variants, ESCONV_ORDER):
                fig.add_bar(name=name, x=list(keys), y=[variants[name].get(k) for k in keys])
            fig.update_layout(
                title=f"ESConv: full method vs ablations ({stem})", barmode="group", yaxis_title="score (0–1)"
            )
        html = directory / f"{stem}.html"
        fig.write_html(html, include_plotlyjs="cdn", full_html=True)
        written.append(html)
        png = _try_png(fig, directory / f"{stem}.png")
        if png:
            written.append(png)
    return written


def _try_png(fig, path: Path) -> Path | None:
    try:
        import kaleido  # noqa: F401
    except ImportError:
        return None
    try:
        fig.write_image(path)
    except Exception:  # noqa: BLE001 - a static-image engine that cannot start offline just means no PNG
        return None
    return path


def _ci(value: float | None, ci: list | None) -> str:
    return f"{_fmt(value)} {_fmt(ci)}" if ci else _fmt(value)


def headline(out: dict[str, Any]) -> tuple[str, Any, str]:
    """(what it measures, n, the headline numbers with their 95 % intervals) of one OUT file."""
    task = out.get("task")
    if task == "esconv":
        parts = []
        for name in _ordered(out["variants"], ESCONV_ORDER):
            v = out["variants"][name]
            guard = (v.get("loop_targets") or {}).get("guard_failures")
            parts.append(
                f"{name}: strategy acc {_ci(v.get('strategy_accuracy'), v.get('strategy_accuracy_ci95'))}, "
                f"guard failures {guard}/{v['n']}, {_fmt(v.get('seconds_per_turn'), 1)} s/turn"
            )
        split = "held-out train" if out.get("data") == HELDOUT_TRAIN_DATA else "dev"
        return f"ESConv {split}, seed {out['settings'].get('seed')}", out["n"], "; ".join(parts)
    if task == "meld":
        v = out["variants"]["text_head"]
        return (
            "MELD dev, text head",
            v["n"],
            f"weighted-F1 {_ci(v['weighted_f1'], v.get('weighted_f1_ci95'))}, macro-F1 {_fmt(v['macro_f1'])}",
        )
    if task == "fusion":
        parts = [
            f"{name}: accuracy {_ci(v['accuracy'], v.get('accuracy_ci95'))}"
            for name, v in out["variants"].items()
        ]
        return "synthetic fusion clips", out["n"], "; ".join(parts)
    sources = [k for k, v in out.items() if isinstance(v, dict) and "A" in v and "n" in v]
    parts = [
        f"{k}: A {_ci(out[k]['A'], out[k].get('A_ci95'))}, C {_ci(out[k]['C'], out[k].get('C_ci95'))}"
        for k in sources
    ]
    n = " / ".join(str(out[k]["n"]) for k in sources)
    return "blind judge (judge_rubric.md)", n, "; ".join(parts)


def index_section(outs: list[dict[str, Any]]) -> list[str]:
    """One row per OUT file: what, n, the headline numbers with intervals, the commit and the command."""
    rows = []
    for out in outs:
        what, n, numbers = headline(out)
        commit = ((out.get("provenance") or {}).get("commit") or "?")[:7]
        rows.append([f"`{out['_file']}`", what, n, numbers, f"`{commit}`", f"`{out.get('command', '')}`"])
    return _table(["OUT file", "what", "n", "headline (95 % CI)", "commit", "command"], rows) + [""]


def write_readme_index(readme: Path, outs: list[dict[str, Any]]) -> None:
    """Replace the block between README_BEGIN and README_END in `readme` with the index table."""
    text = readme.read_text(encoding="utf-8")
    if README_BEGIN not in text or README_END not in text:
        raise DataError(f"{readme} has no {README_BEGIN} … {README_END} block to fill")
    head, rest = text.split(README_BEGIN, 1)
    _, tail = rest.split(README_END, 1)
    block = "\n".join(["", *index_section(outs)])
    readme.write_text(head + README_BEGIN + block + README_END + tail, encoding="utf-8")


def build_report(
    directory: Path, out_path: Path, make_charts: bool = True, readme: Path | None = None
) -> str:
    """Write the Markdown report (and charts into `directory`), and with `readme` fill that file's results
    index from the same OUT files; returns the Markdown."""
    outs = load_outs(directory)
    chart_files = charts(outs, directory) if make_charts else []
    lines = [
        "# Results",
        "",
        "Generated by `python -m mer_agents eval report` from the OUT files in "
        f"`{_rel(directory, out_path)}`; each section names the command that produced it. "
        "Scores are fractions in [0, 1]; BLEU-2 is sacrebleu's corpus BLEU with n ≤ 2 (13a tokens, "
        "lower-cased) / 100, ROUGE-L the mean rouge-score F-measure, Dist-n distinct n-grams over all "
        "n-grams of the replies. Intervals are 95 % bootstrap percentiles over items. Measures the method "
        "optimises (guard, classifier adherence, relevance, audit pass rates) are kept apart from those it "
        "does not (gold strategy, gold-reply overlap, the blind judge).",
        "",
        "## Index",
        "",
        *index_section(outs),
    ]
    for out in outs:
        section = {"meld": meld_section, "esconv": esconv_section, "fusion": fusion_section}.get(
            out.get("task"), judge_section
        )
        lines += section(out)
    for group in seed_groups(outs):
        lines += seeds_section(group, Path(directory))
    if chart_files:
        lines += ["Charts: " + ", ".join(f"[{p.name}]({_rel(p, out_path)})" for p in chart_files), ""]
    text = "\n".join(lines).rstrip() + "\n"
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_text(text, encoding="utf-8")
    if readme is not None:
        write_readme_index(readme, outs)
    return text


def _rel(path: Path, out_path: Path) -> str:
    import os

    return os.path.relpath(Path(path).resolve(), Path(out_path).resolve().parent)
