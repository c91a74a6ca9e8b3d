"""`python -m mer_agents download [MODEL]`: fetch a Hugging Face checkpoint once into the hub cache.

Running this command is itself the opt-in to reach the hub (the app and every other command stay offline
unless MER_ALLOW_DOWNLOAD=1 or a Space). The default is the GPU backend's Qwen2.5-Omni checkpoint; the app's
start-up download on a Space runs this same command in a child process (backends/download.py).
"""

from __future__ import annotations

import argparse

from mer_agents.errors import ModelError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "model",
        nargs="?",
        default=None,
        help="a Hugging Face model id (default: the transformers_omni backend's model)",
    )
    parser.add_argument("--revision", default=None, help="a branch, tag or commit (default: main)")


def main(args: argparse.Namespace) -> int:
    from mer_agents.backends.transformers_omni import DEFAULT_MODEL

    ref = args.model or DEFAULT_MODEL
    if ref.count("/") != 1:
        raise ModelError(f"{ref!r} is not a Hugging Face model id (owner/name)")
    from huggingface_hub import snapshot_download

    try:
        path = snapshot_download(ref, revision=args.revision)
    except Exception as exc:  # noqa: BLE001 - hub, network and disk errors: one readable line, no traceback
        message = " ".join(str(exc).split())[:300] or type(exc).__name__
        raise ModelError(f"{type(exc).__name__}: {message}") from None
    print(path)
    return 0
