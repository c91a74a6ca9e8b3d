"""What produced a result: the git commit (+ dirty flag) and a hash of the code, prompts and assets.

The result cache keys on `code_hash()`, so a changed agent, prompt, check, bank or classifier never reuses a
stale result; every OUT file records `provenance()`, so a number in the README names the code it came from.
"""

from __future__ import annotations

import functools
import hashlib
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
HASHED = ("mer_agents", "assets")  # everything that can change an item's result
SUFFIXES = frozenset({".py", ".yaml", ".json", ".jsonl", ".npz", ".tflite", ".txt"})


@functools.lru_cache(maxsize=1)
def code_hash() -> str:
    """sha256 (12 hex) over the paths and bytes of the package's code, prompts and shipped assets."""
    digest = hashlib.sha256()
    for top in HASHED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _git(*args: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def provenance() -> dict[str, Any]:
    """{"commit", "dirty", "code_hash"}: commit None outside a git checkout; dirty when tracked code or
    assets differ from it."""
    commit = _git("rev-parse", "HEAD")
    status = _git("status", "--porcelain", "--untracked-files=no", "--", *HASHED)
    return {"commit": commit, "dirty": bool(status) if status is not None else None, "code_hash": code_hash()}
