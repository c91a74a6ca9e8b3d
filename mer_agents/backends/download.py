"""Hub weights for the GPU backend, fetched once and only on an explicit opt-in (issue #15, Spaces).

The offline rule: nothing reaches for the Hugging Face hub at run time unless the user asked. The opt-in is
`MER_ALLOW_DOWNLOAD=1` (Settings.allow_download), on by default on a Hugging Face Space (the `SPACE_ID`
variable is set there), where the weights are expected to arrive at start-up into the Space's cache.

Why a child process: the perception stack sets `HF_HUB_OFFLINE=1` for this process before huggingface_hub is
first imported (embeddings.py), and huggingface_hub reads that flag once at import. The download therefore
runs as `python -m mer_agents download <id>` with the offline flags removed from its environment; the parent
then finds the snapshot in the shared cache (HF_HOME) with `local_files_only`, as always.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

from mer_agents.config import Settings
from mer_agents.errors import ModelError

DOWNLOAD_ENV = "MER_ALLOW_DOWNLOAD"
SPACE_ENV = "SPACE_ID"  # set by Hugging Face Spaces in every Space's environment
OFFLINE_ENVS = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
DOWNLOAD_TIMEOUT_S = 3 * 3600  # a 7B checkpoint over a slow link; the child is killed after this
log = logging.getLogger(__name__)
_LOCK = threading.Lock()  # one download at a time per process (a warm-up thread and a first run may race)


def downloads_allowed(settings: Settings) -> bool:
    """The explicit opt-in: Settings.allow_download when set, else True only on a Hugging Face Space."""
    if settings.allow_download is not None:
        return settings.allow_download
    return bool(os.environ.get(SPACE_ENV))


def opt_in_hint(ref: str) -> str:
    """The one line a missing opt-in gets: what to set, and the manual alternative."""
    return (
        f"set {DOWNLOAD_ENV}=1 to download {ref} once into the Hugging Face cache (on by default on a "
        f"Space), or run `python -m mer_agents download {ref}` yourself; nothing is fetched without it"
    )


def download(ref: str, timeout_s: float = DOWNLOAD_TIMEOUT_S) -> None:
    """Download the whole repository `ref` into the hub cache, in a child process with the offline flags
    removed. ModelError (one line: the child's last message) when it fails."""
    env = {k: v for k, v in os.environ.items() if k not in OFFLINE_ENVS}
    command = [sys.executable, "-m", "mer_agents", "download", ref]
    with _LOCK:
        log.info("downloading %s once into the Hugging Face cache", ref)
        try:
            done = subprocess.run(
                command,
                env=env,
                capture_output=True,
                text=True,
                timeout=timeout_s,
                cwd=Path(__file__).resolve().parents[2],
            )
        except subprocess.TimeoutExpired:
            raise ModelError(f"downloading {ref} took over {timeout_s:.0f} s and was stopped") from None
    if done.returncode != 0:
        lines = [line for line in (done.stderr or done.stdout).splitlines() if line.strip()]
        last = lines[-1].removeprefix("error: ") if lines else f"exit status {done.returncode}"
        raise ModelError(f"could not download {ref}: {last}")


__all__ = ["downloads_allowed", "download", "opt_in_hint", "DOWNLOAD_ENV", "SPACE_ENV"]
