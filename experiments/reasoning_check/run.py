"""Run each item of items.json through `python -m mer_agents analyze`; pull out the texts the timeline shows.

    .venv/bin/python experiments/reasoning_check/run.py [--limit N] [--out DIR] [--only ID] [--extract-only]

Writes, under --out: traces/<id>.json (the CLI's trace), items.jsonl (per item: the message or transcript, the
top emotion per modality, exit code, wall seconds) and texts.jsonl (one line per shown text: item, stage,
round, field, writer, written_by, text). --extract-only re-reads the traces already there without running.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
ITEMS = HERE / "items.json"
DEFAULT_OUT = HERE / "runs"
PYTHON = ROOT / ".venv" / "bin" / "python"
TIMEOUT_S = 900  # one item; the busy 2-core machine takes 10-40 s, a long clip more
CODE_MARK = re.compile(r"\(\s*written by code\b", re.IGNORECASE)  # a trailing "(Written by code: ...)"
CRITIC = "critic:"


def writer_of(text: str, written_by: str) -> str:
    """'code' when the stage says code wrote it (written_by) or the text carries the label; else 'model'."""
    return "code" if written_by.startswith("code") or CODE_MARK.search(text) else "model"


def run_item(item: dict[str, Any], traces: Path) -> dict[str, Any]:
    trace = traces / f"{item['id']}.json"
    cmd = [str(PYTHON), "-m", "mer_agents", "analyze", "--quiet", "--trace", str(trace)]
    cmd += ["--text", item["text"]] if item["kind"] == "text" else [str(ROOT / item["clip"])]
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S)
        rc, err = proc.returncode, proc.stderr.strip().splitlines()[-1:] if proc.returncode else []
    except subprocess.TimeoutExpired:
        rc, err = 124, [f"timed out after {TIMEOUT_S} s"]
    return {"rc": rc, "wall_s": round(time.monotonic() - start, 1), "error": err[0] if err else ""}


def readings(evidence: dict[str, Any]) -> dict[str, str]:
    """Top emotion and its probability per available modality: 'words': 'sadness 0.81'."""
    names = {"text": "words", "audio": "voice", "video": "face"}
    out = {}
    for key, noun in names.items():
        m = evidence["modalities"][key]
        if m["available"]:
            label = max(m["probs"], key=m["probs"].get)
            out[noun] = f"{label} {m['probs'][label]:.2f}"
    return out


def extract(item_id: str, events: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(facts about the run, the shown texts) from a trace's events."""
    facts: dict[str, Any] = {"message": "", "translation": "", "readings": {}, "replies": {}}
    texts: list[dict[str, Any]] = []

    def add(stage: str, rnd: int, field: str, text: str, written_by: str = "model", **extra: Any) -> None:
        if text and text.strip():
            texts.append(
                {"item": item_id, "stage": stage, "round": rnd, "field": field, "text": text.strip()}
                | {"writer": writer_of(text, written_by), "written_by": written_by}
                | extra
            )

    for e in events:
        kind, rnd = e["kind"], e.get("round", 0)
        if kind == "evidence":
            ev = e["evidence"]
            facts |= {"message": ev["transcript"], "translation": ev.get("translation", "")}
            facts["readings"] = readings(ev)
        elif kind == "stage_finished":
            out, by = e["output"], e["output"].get("written_by", "model")
            if e["stage"] == "perception":
                add("perception", rnd, "summary", out["summary"], by)
            elif e["stage"] == "forecast":
                add("forecast", rnd, "explanation", out["explanation"], by, emotion=out["emotion"])
            elif e["stage"] == "strategy":
                add("strategy", rnd, "reason", out["reason"], by, strategy=out["strategy"])
            elif e["stage"] == "reply":
                facts["replies"][str(rnd)] = out["text"]
                for c in out["ranked"]:
                    if c["source"] == "model":
                        add("reply", rnd, "draft", c["text"], chosen=c["text"] == out["text"])
        elif kind == "audit_verdict":
            for issue in e["verdict"]["issues"]:
                body = issue[len(CRITIC) :].strip()
                if issue.lower().startswith(CRITIC) and body.startswith("("):  # "(not asked: ...)"
                    add("audit", rnd, "critic_note", issue, "code (a note, no critique)")
                elif issue.lower().startswith(CRITIC):
                    add("audit", rnd, "critique", issue, about=e["verdict"]["stage"])
        elif kind == "run_finished":
            src = e["reply_source"]
            add("reply", e["best_round"], "kept", e["reply"], "model" if src == "model" else f"code ({src})")
        elif kind == "run_failed":
            facts["failed"] = e["error"]
    return facts, texts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N items")
    parser.add_argument("--only", nargs="*", default=None, help="only these item ids")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--extract-only", action="store_true", help="re-read the traces, run nothing")
    args = parser.parse_args()
    items = json.loads(ITEMS.read_text(encoding="utf-8"))
    chosen = [i for i in items if not args.only or i["id"] in args.only][: args.limit]
    traces = args.out / "traces"
    traces.mkdir(parents=True, exist_ok=True)
    old = args.out / "items.jsonl"
    done = {r["id"]: r for r in map(json.loads, old.read_text().splitlines())} if old.exists() else {}
    results = {k: {f: r.get(f) for f in ("rc", "wall_s", "error")} for k, r in done.items()}
    for n, item in enumerate([] if args.extract_only else chosen, 1):
        print(f"[{n}/{len(chosen)}] {item['id']} …", file=sys.stderr, flush=True)
        results[item["id"]] = run_item(item, traces)
        got = results[item["id"]]
        print(f"    rc {got['rc']} in {got['wall_s']} s {got['error']}", file=sys.stderr)
    rows, texts = [], []
    for item in items:  # every item with a trace in --out, so that runs in parts add up
        trace = traces / f"{item['id']}.json"
        if not trace.exists():
            continue
        facts, found = extract(item["id"], json.loads(trace.read_text(encoding="utf-8"))["events"])
        rows.append({"id": item["id"], "kind": item["kind"], "language": item["language"]})
        rows[-1] |= results.get(item["id"], {}) | facts
        texts += found
    with (args.out / "items.jsonl").open("w", encoding="utf-8") as f:
        f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    with (args.out / "texts.jsonl").open("w", encoding="utf-8") as f:
        f.writelines(json.dumps(t, ensure_ascii=False) + "\n" for t in texts)
    print(f"{len(rows)} items, {len(texts)} texts -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
