"""The demo app: settings from the environment (MER_*), the backend they name (its model loads lazily on the
first run), the Blocks from `layout`, and a launch with an explicit queue and upload limit.

Root `app.py` (what `python app.py` and Hugging Face Spaces run) only calls `build_app` and `main`; the
benchmarks and tests import this module instead.
"""

from __future__ import annotations

import argparse
import logging
import os
import threading
from typing import Any

import gradio as gr

from mer_agents.config import Settings

# Events waiting in all of Gradio's queues beyond this get Gradio's generic "queue is full". Model runs are
# refused earlier, at layout.MAX_WAITING_RUNS waiting, with a message that says how many are waiting.
QUEUE_MAX_SIZE = 16
MAX_FILE_SIZE = "100mb"  # uploads above this are refused with a message in the UI
# Gradio's queue looks for a new event every 1 ms while it is empty (Queue.sleep_when_free; 0.05 s on
# Windows) and for progress updates every 10 ms: that polling kept a core measurably busy with the app idle
# and no page open, and at 0.05 s almost nothing (`bench live` reports it as idle_no_browser;
# experiments/cpu_speed/live_read_ahead/README.md). A new event then waits up to 50 ms before it starts (a
# click, a microphone chunk, a refresh): nothing a person notices.
QUEUE_POLL_S = 0.05
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7860
DESCRIPTION = (
    "mer_agents demo app: `python app.py` (flags: --host, --port, --share). "
    "Hugging Face Spaces runs this file."
)


def build_app(settings: Settings, backend: Any = None) -> gr.Blocks:
    """The queued Blocks for `settings`, serving `backend` (else the one settings name: built now, its model
    loaded on the first run)."""
    from mer_agents.backends import get_backend
    from mer_agents.ui.layout import build_demo

    headless_plots()
    backend = backend if backend is not None else get_backend(settings)
    return queued(build_demo(settings, backend))


def queued(demo: gr.Blocks) -> gr.Blocks:
    """The Blocks with the app's queue: one event per function at a time, QUEUE_MAX_SIZE waiting, polled every
    QUEUE_POLL_S while empty."""
    demo = demo.queue(default_concurrency_limit=1, max_size=QUEUE_MAX_SIZE)
    queue = demo._queue  # private in Gradio 6; tests/test_app_limits.py fails loudly if it moves
    queue.sleep_when_free = queue.progress_update_sleep_when_free = QUEUE_POLL_S
    return demo


def headless_plots() -> None:
    """Choose matplotlib's "agg" backend before the first event. Gradio enters every event through
    MatplotlibBackendMananger, whose get_backend() imports pyplot on the first event when no backend is
    chosen: the user's first click paid for the import (docs/RESULTS_LOG.md). Agg is what Gradio switches
    to."""
    try:
        import matplotlib
    except ImportError:  # Gradio does not need it; then there is nothing to import either
        return
    matplotlib.use("agg")


def fetch_gpu_weights(run_settings: Settings) -> None:
    """On a GPU Space (or with MER_ALLOW_DOWNLOAD=1): the transformers_omni checkpoint is downloaded once at
    start-up into the hub cache, not on the first run. Without the opt-in, or on another backend: nothing."""
    if run_settings.backend != "transformers_omni":
        return
    from mer_agents.backends import download
    from mer_agents.backends.transformers_omni import ensure_weights, model_ref

    if download.downloads_allowed(run_settings):
        ensure_weights(model_ref(run_settings), run_settings)  # a no-op when the weights are in the cache


def warm_up_in_background(run_settings: Settings) -> threading.Thread:
    """Load the perception models (and compile librosa's pyin), the reasoning's tools and the in-process
    language model while the page opens, not in the first run (mer_agents.warm)."""

    def _warm() -> None:
        try:
            fetch_gpu_weights(run_settings)
            from mer_agents.backends.shared import shared_backend
            from mer_agents.warm import warm_up

            warm_up(run_settings, shared_backend(run_settings))
        except Exception:  # warming is an optimisation; the first run loads what is missing
            logging.getLogger(__name__).exception("warm-up failed")

    thread = threading.Thread(target=_warm, name="mer-warm-up", daemon=True)
    thread.start()
    return thread


def launch(demo: gr.Blocks, host: str | None = None, port: int | None = None, share: bool = False, **kwargs):
    """Launch `demo` with the page head the Live tab's microphone needs (ui.live.page_head); tests and
    benchmarks call this with prevent_thread_lock=True on a free port."""
    from mer_agents.ui.live import page_head

    kwargs.setdefault("head", page_head())
    return demo.launch(server_name=host, server_port=port, share=share, max_file_size=MAX_FILE_SIZE, **kwargs)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=DESCRIPTION)
    parser.add_argument(
        "--host",
        default=os.environ.get("GRADIO_SERVER_NAME", DEFAULT_HOST),
        help="interface to listen on (default: $GRADIO_SERVER_NAME or 127.0.0.1)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=int(os.environ.get("GRADIO_SERVER_PORT", DEFAULT_PORT)),
        help="port (default: $GRADIO_SERVER_PORT or 7860)",
    )
    parser.add_argument("--share", action="store_true", help="also open a public gradio.live link")
    parser.add_argument("--no-warm-up", action="store_true", help="skip loading perception models at start")
    return parser.parse_args(argv)


def main(
    argv: list[str] | None = None, *, settings: Settings | None = None, demo: gr.Blocks | None = None
) -> None:
    """Parse the flags, warm the perception models up in the background and serve `demo` (built from
    `settings`, else from the environment, when not given)."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = settings if settings is not None else Settings.from_env()
    demo = demo if demo is not None else build_app(settings)
    if not args.no_warm_up:
        warm_up_in_background(settings)
    launch(demo, args.host, args.port, args.share)
