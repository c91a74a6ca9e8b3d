"""Resumable evaluation: each finished item is appended as one JSON line, keyed by item + variant + settings.

An interrupted run re-reads the file and skips what is done. The key includes a hash of everything that
changes an item's result (the settings that matter, the backend, the task options), so a changed setting
never reuses a stale result. Appends are line-atomic under a lock, so a thread pool can share one cache.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Any

from mer_agents.config import Settings

# Settings that never change a result (where files go, how many CPU threads or server requests compute it,
# how long a server may take, what the app lets a visitor choose).
IGNORED_SETTINGS = frozenset(
    {
        "cache_dir",
        "trace_dir",
        "n_threads",
        "llm_threads",
        "api_key",
        "http_timeout",
        "http_concurrency",
        "allow_model_paths",
        "allowed_models",
    }
)
# Settings an OUT file does not record: a secret, and this machine's paths (a reader's differ).
MACHINE_SETTINGS = frozenset({"api_key", "cache_dir", "trace_dir"})


def settings_hash(settings: Settings, **extra: Any) -> str:
    """Short stable hash of the result-relevant settings plus task options (backend model, context K...)."""
    data = {k: v for k, v in settings.model_dump(mode="json").items() if k not in IGNORED_SETTINGS}
    data["_extra"] = extra
    blob = json.dumps(data, sort_keys=True, default=str).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()[:12]


class ResultCache:
    """A JSONL file of {"key", "item", "variant", "hash", "result"} records."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._records: dict[str, dict[str, Any]] = {}
        self.hits = 0
        if self.path.is_file():
            with self.path.open(encoding="utf-8") as handle:
                for line in handle:
                    try:
                        record = json.loads(line)
                        self._records[record["key"]] = record["result"]
                    except (json.JSONDecodeError, KeyError, TypeError):
                        continue  # a line cut short by an interruption: that item simply reruns

    @staticmethod
    def key(item_id: str, variant: str, hash_: str) -> str:
        return f"{item_id}|{variant}|{hash_}"

    def get(self, item_id: str, variant: str, hash_: str) -> dict[str, Any] | None:
        result = self._records.get(self.key(item_id, variant, hash_))
        if result is not None:
            with self._lock:
                self.hits += 1
        return result

    def put(self, item_id: str, variant: str, hash_: str, result: dict[str, Any]) -> None:
        key = self.key(item_id, variant, hash_)
        line = json.dumps(
            {"key": key, "item": item_id, "variant": variant, "hash": hash_, "result": result},
            ensure_ascii=False,
        )
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(line + "\n")
            self._records[key] = result

    def __len__(self) -> int:
        return len(self._records)
