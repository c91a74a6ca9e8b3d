"""Blind judging (../shared/eval/judge_rubric.md): a shuffled packet of replies, a hidden key, the rates.

`packet` takes per-item records (the `*.items.jsonl` of `eval esconv`), makes one entry per (item, source) —
the system's final reply and the gold human reply, each shown with the same end of the conversation —
shuffles them with a seed and writes a Markdown packet for the judge and a JSON key (entry → item, source)
that the judge never sees. `score` reads the judge's {"1": "A", ...} and reports n and the shares of A, B,
C per source with 95 % bootstrap intervals.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Iterable

from mer_agents.evaluation.metrics import bootstrap_ci

GRADES = ("A", "B", "C")
HISTORY_TURNS = 2


def _conversation(record: dict[str, Any]) -> list[str]:
    lines = []
    for turn in record.get("history", [])[-HISTORY_TURNS:]:
        if turn.get("user_text"):  # a turn without words marks earlier conversation that is not shown
            lines.append(f"Person: {turn['user_text']}")
        if turn.get("reply"):
            lines.append(f"Listener: {turn['reply']}")
    lines.append(f"Person: {record['message']}")
    return lines


def entries(records: Iterable[dict[str, Any]], variant: str, with_gold: bool = True) -> list[dict[str, Any]]:
    """(item, source, conversation, reply) entries of one variant's records, plus the gold replies."""
    out = []
    for r in records:
        if r.get("variant", variant) != variant or "error" in r:
            continue
        conv = r.get("conversation") or _conversation(r)
        out.append({"item": r["id"], "source": variant, "conversation": conv, "reply": r["reply"]})
        if with_gold and r.get("gold_reply"):
            out.append({"item": r["id"], "source": "gold", "conversation": conv, "reply": r["gold_reply"]})
    return out


def trace_entries(paths: Iterable[str | Path], source: str = "clip") -> list[dict[str, Any]]:
    """Entries from `analyze` traces (clips): what the person said (the transcript) and the kept reply."""
    out = []
    for path in paths:
        trace = json.loads(Path(path).read_text(encoding="utf-8"))
        evidence = next((e["evidence"] for e in trace.get("events", []) if e.get("kind") == "evidence"), None)
        if not trace.get("reply") or evidence is None:
            continue
        said = evidence.get("transcript") or "(no words; only a face and a voice)"
        out.append(
            {
                "item": Path(path).name,
                "source": source,
                "conversation": [f"Person: {said}"],
                "reply": trace["reply"],
            }
        )
    return out


def merge_same(all_entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per (item, reply text): sources that gave the same reply to the same turn (seeds, variants)
    share it, so the judge grades it once and sees no duplicate; the entry lists them under `sources`."""
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for entry in all_entries:
        slot = merged.setdefault((entry["item"], entry["reply"].strip()), {**entry, "sources": []})
        if entry["source"] not in slot["sources"]:
            slot["sources"].append(entry["source"])
    return [{k: v for k, v in e.items() if k != "source"} for e in merged.values()]


def key_sources(info: dict[str, Any]) -> list[str]:
    """The sources of a key entry: `sources` (merged entries) or the single `source` (older keys)."""
    return list(info.get("sources") or [info["source"]])


def grade_of(grades: dict[str, str], n: str) -> str:
    """The judge's grade of entry `n` as one capital letter ("" when missing)."""
    return str(grades.get(n, "")).strip().upper()[:1]


def packet(all_entries: list[dict[str, Any]], seed: int = 0) -> tuple[str, dict[str, dict[str, Any]]]:
    """(Markdown for the judge, key) with the entries shuffled by `seed`; an entry's key keeps its `source`
    or, for merged entries (`merge_same`), its `sources`."""
    shuffled = list(all_entries)
    random.Random(seed).shuffle(shuffled)
    lines = [
        "# Replies to grade",
        "",
        'Grade each reply A, B or C by the rubric. Answer with one JSON object {"1": "A", ...}.',
        "",
    ]
    key = {}
    for n, entry in enumerate(shuffled, start=1):
        key[str(n)] = {"item": entry["item"], **{k: entry[k] for k in ("source", "sources") if k in entry}}
        lines += [
            f"## {n}",
            "",
            *[f"> {line}" for line in entry["conversation"]],
            "",
            f"**Reply:** {entry['reply']}",
            "",
        ]
    return "\n".join(lines), key


def score(key: dict[str, dict[str, Any]], grades: dict[str, str]) -> dict[str, Any]:
    """Per source: n and the share of each grade with a 95 % bootstrap interval; missing grades are listed.
    A merged entry's grade counts once for each of its sources."""
    by_source: dict[str, list[str]] = {}
    missing = []
    for n, info in key.items():
        grade = grade_of(grades, n)
        if grade not in GRADES:
            missing.append(n)
            continue
        for source in key_sources(info):
            by_source.setdefault(source, []).append(grade)
    report: dict[str, Any] = {"missing": missing}
    for source, got in sorted(by_source.items()):
        report[source] = {"n": len(got)}
        for g in GRADES:
            hits = [float(x == g) for x in got]
            report[source][g] = round(sum(hits) / len(hits), 4)
            report[source][f"{g}_ci95"] = bootstrap_ci(hits)
    return report


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
