"""Shared machinery of an evaluation run: map a function over items with a cache, a pool and a progress bar.

Items already in the cache are not recomputed; each newly finished item is appended to the cache at once,
so an interrupted run resumes where it stopped. Results come back in item order whatever the concurrency.
A result carrying an "error" key is returned but not cached, so a later run retries that item.
"""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from tqdm import tqdm

from mer_agents.evaluation.cache import ResultCache

SCHEMA_VERSION = 1


class HasId(Protocol):
    id: str


def run_items(
    items: Sequence[HasId],
    fn: Callable[[Any], dict[str, Any]],
    *,
    cache: ResultCache | None,
    variant: str,
    hash_: str,
    concurrency: int = 1,
    progress: bool = True,
    desc: str = "",
) -> list[dict[str, Any]]:
    """fn(item) -> JSON-able dict for every item, reading/writing `cache` under (item.id, variant, hash_)."""
    results: list[dict[str, Any] | None] = [None] * len(items)
    todo: list[int] = []
    for i, item in enumerate(items):
        cached = cache.get(item.id, variant, hash_) if cache is not None else None
        if cached is not None:
            results[i] = dict(cached, cached=True)
        else:
            todo.append(i)

    def finish(i: int, result: dict[str, Any]) -> None:
        if cache is not None and "error" not in result:
            cache.put(items[i].id, variant, hash_, result)
        results[i] = dict(result, cached=False)

    bar = tqdm(
        total=len(items),
        initial=len(items) - len(todo),
        desc=desc or variant,
        file=sys.stderr,
        disable=not progress,
        dynamic_ncols=True,
        leave=True,
    )
    try:
        if concurrency <= 1 or len(todo) <= 1:
            for i in todo:
                finish(i, fn(items[i]))
                bar.update()
        else:
            with ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="eval") as pool:
                futures = {pool.submit(fn, items[i]): i for i in todo}
                try:
                    for future in as_completed(futures):
                        finish(futures[future], future.result())
                        bar.update()
                except BaseException:
                    for future in futures:
                        future.cancel()
                    raise
    finally:
        bar.close()
    return [r for r in results if r is not None]


class Stopwatch:
    """Seconds since construction, for the OUT files' `seconds`."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    def __call__(self) -> float:
        return round(time.perf_counter() - self.start, 3)


def write_out(path: str | Path, data: dict[str, Any]) -> Path:
    """Write an OUT json (atomically: a half-written file never replaces a good one)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(
        json.dumps(dict(data, schema_version=SCHEMA_VERSION), indent=2, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    tmp.replace(path)
    return path


def items_path(out_path: str | Path) -> Path:
    """Where the per-item records of an OUT file go: `<OUT stem>.items.jsonl` beside it."""
    out_path = Path(out_path)
    return out_path.with_name(out_path.stem + ".items.jsonl")


def write_items(path: str | Path, items: dict[str, list[dict[str, Any]]]) -> Path:
    """One JSON line per (variant, item), atomically, so the per-item outputs can be re-scored or judged."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with tmp.open("w", encoding="utf-8") as handle:
        for variant, records in items.items():
            for record in records:
                handle.write(json.dumps({"variant": variant, **record}, ensure_ascii=False) + "\n")
    tmp.replace(path)
    return path
