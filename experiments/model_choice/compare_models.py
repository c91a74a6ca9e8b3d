"""Side by side: the two embedded models' replies to eight short messages, and their CPU speed.

    .venv/bin/python experiments/model_choice/compare_models.py       # writes model_side_by_side.md beside it
    .venv/bin/python experiments/model_choice/compare_models.py --threads 1 --speed-threads 1 2

Both models run through the same EmbeddedBackend and the same request (system prompt below, temperature 0.7,
seed 0, at most 60 new tokens; top_p 0.95 and repeat_penalty 1.15 are GenerationParams' defaults). Seconds per
reply are wall time of one generate call (prompt + decoding), after a warm-up call per model. The speed table
comes from llama.cpp's own timings on a fixed prompt (greedy, 96 new tokens, best of 3) at each thread count.
No judging here: read the replies. A "## Verdict" section already in the output file is kept on a rerun.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mer_agents.backends.base import GenerationParams, Message  # noqa: E402
from mer_agents.backends.embedded import EmbeddedBackend, build_request  # noqa: E402
from mer_agents.config import Settings  # noqa: E402

MODELS = {  # Settings.model value -> column title
    "smollm2-135m": "SmolLM2-135M-Instruct Q4_1",
    "qwen2.5-coder-0.5b": "Qwen2.5-Coder-0.5B-Instruct Q4_K_M",
}
SYSTEM = (
    "You are a caring listener. Reply in one or two short sentences to what the person said. "
    "Do not invent names or facts."
)
MESSAGES = [
    "I lost my job today and I don't know how to pay the rent.",
    "My best friend stopped talking to me.",
    "I finally passed my driving test!",
    "My grandmother is in the hospital and the doctors won't tell us much.",
    "I can't sleep before my exam tomorrow.",
    "We're moving to a new city next month and I don't know anyone there.",
    "My cat had kittens this morning, five of them!",
    "Nobody at work noticed that I stayed late every day to finish the project.",
]
PARAMS = GenerationParams(temperature=0.7, seed=0, max_tokens=60)
SPEED_PROMPT = "Tell me, in a few sentences, how to comfort a friend who had a bad day."
SPEED_TOKENS = 96
OUT = Path("experiments/model_choice/model_side_by_side.md")


def backend_for(alias: str, threads: int) -> EmbeddedBackend:
    model = None if alias == "smollm2-135m" else alias
    return EmbeddedBackend(Settings(backend="embedded", model=model, llm_threads=threads))


def replies(alias: str, threads: int) -> list[tuple[str, float, int]]:
    backend = backend_for(alias, threads)
    backend.generate([Message(role="user", content="Hello.")], GenerationParams(max_tokens=4))  # load + warm
    rows = []
    for text in MESSAGES:
        chat = [Message(role="system", content=SYSTEM), Message(role="user", content=text)]
        gen = backend.generate(chat, PARAMS)
        rows.append((gen.text.strip(), gen.seconds, gen.completion_tokens))
        print(f"[{alias}] {gen.seconds:5.1f} s  {gen.text.strip()!r}", flush=True)
    return rows


def speed(alias: str, threads: int) -> tuple[float, float, float, int]:
    """(decode tok/s, prompt tok/s, load s, prompt tokens): llama.cpp's timings, best of 3 greedy runs."""
    backend = backend_for(alias, threads)
    engine = backend.engine()
    params = GenerationParams(temperature=0.0, max_tokens=SPEED_TOKENS, seed=0)
    request = build_request([Message(role="user", content=SPEED_PROMPT)], params, stream=False)
    request["cache_prompt"] = False  # time the whole prompt every run
    decode, prompt, prompt_n = 0.0, 0.0, 0
    for _ in range(3):
        with engine.lock:
            timings = engine.server.handle_chat_completions(request)["timings"]
        decode = max(decode, timings["predicted_per_second"])
        prompt = max(prompt, timings["prompt_per_second"])
        prompt_n = timings["prompt_n"]
    return decode, prompt, engine.load_seconds, prompt_n


def cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split()) or "*(empty)*"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=1, help="llama.cpp threads for the replies (1)")
    parser.add_argument(
        "--speed-threads",
        type=int,
        nargs="*",
        default=[1, 2],
        help="thread counts for the speed table (1 2; none: skip it)",
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()

    load_before = os.getloadavg()
    start = time.perf_counter()
    results = {alias: replies(alias, args.threads) for alias in MODELS}
    speeds = {(alias, t): speed(alias, t) for t in args.speed_threads for alias in MODELS}
    load_after = os.getloadavg()

    lines = [
        "# Embedded models side by side: SmolLM2-135M vs Qwen2.5-Coder-0.5B",
        "",
        "Made by `experiments/model_choice/compare_models.py` on "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
        f"{os.cpu_count()} CPU cores ({platform.machine()}), {args.threads} llama.cpp thread(s) for the "
        f"replies, load average {load_before[0]:.1f} before and {load_after[0]:.1f} after (the machine was "
        f"shared with other jobs, so absolute times are pessimistic; the ratio is what carries over). "
        f"Total {time.perf_counter() - start:.0f} s.",
        "",
        f"System prompt: *{SYSTEM}*  ",
        f"Sampling: temperature {PARAMS.temperature}, seed {PARAMS.seed}, at most {PARAMS.max_tokens} new "
        f"tokens, top_p {PARAMS.top_p}, repeat_penalty {PARAMS.repeat_penalty}. Seconds: one generate call "
        "(prompt + decoding), after a warm-up.",
        "",
        f"| # | message | {' | '.join(MODELS.values())} |",
        f"|---|---|{'---|' * len(MODELS)}",
    ]
    for i, message in enumerate(MESSAGES):
        cells = []
        for alias in MODELS:
            text, seconds, tokens = results[alias][i]
            cells.append(f"{cell(text)} *({seconds:.1f} s, {tokens} tok)*")
        lines.append(f"| {i + 1} | {cell(message)} | {' | '.join(cells)} |")
    means = [sum(r[1] for r in results[a]) / len(MESSAGES) for a in MODELS]
    lines.append(f"| | **mean seconds per reply** | {' | '.join(f'**{m:.1f} s**' for m in means)} |")
    if speeds:
        lines += [
            "",
            "## Speed",
            "",
            f"llama.cpp's timings, greedy, up to {SPEED_TOKENS} new tokens, best of 3; prompt tokens as "
            "each model's chat template counts them (no prompt cache).",
            "",
            "| model | threads | decode tok/s | prompt tok/s (tokens) | load s |",
            "|---|---|---|---|---|",
        ]
        for (alias, threads), (decode, prompt, load, prompt_n) in speeds.items():
            row = f"{decode:.1f} | {prompt:.0f} ({prompt_n}) | {load:.1f}"
            lines.append(f"| {MODELS[alias]} | {threads} | {row} |")
    verdict = "## Verdict\n\n(to be written after reading the replies)\n"
    if args.out.is_file() and "## Verdict" in args.out.read_text():
        verdict = args.out.read_text()[args.out.read_text().index("## Verdict") :]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n\n" + verdict)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
