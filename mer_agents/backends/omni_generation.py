"""Generation control for the transformers_omni backend: end tokens, the thinker's generate() arguments,
streaming with a stop flag, the spoken reply's prompt, and the reply's text (no torch at import).

The end tokens come from the processor's tokenizer; the repeat penalty is llama.cpp's (the last 64 tokens,
omni_controls.RecentRepetitionPenalty) so it means the same on every backend; a stop flag ends a cancelled or
stalled stream at the next token. The torch-side pieces (the logits processors and the stopping criterion)
live in omni_controls.py, imported only once a model runs.
"""

from __future__ import annotations

import json
import queue
import threading
from typing import Any

from mer_agents.backends.base import GenerationParams, Message, Part, TokenCallback
from mer_agents.backends.json_output import JSON_INSTRUCTION
from mer_agents.errors import BackendError

END_TOKENS = ("<|im_end|>", "<|endoftext|>")  # Qwen chat models stop on either
# Qwen2.5-Omni's README and the transformers model doc: audio output needs exactly this system prompt.
SPEECH_SYSTEM_PROMPT = (
    "You are Qwen, a virtual human developed by the Qwen Team, Alibaba Group, capable of perceiving auditory "
    "and visual inputs, as well as generating text and speech."
)
SPEECH_REQUEST = "Say your reply to the person aloud."


def end_token_ids(tokenizer: Any) -> list[int]:
    """The reply's end tokens, from the processor's tokenizer: its eos, then Qwen's <|im_end|> and
    <|endoftext|> where the vocabulary has them (the checkpoint's generation config is not relied on)."""
    ids: list[int] = []
    for token in (tokenizer.eos_token, *END_TOKENS):
        token_id = tokenizer.convert_tokens_to_ids(token) if token else None
        if isinstance(token_id, int) and token_id != tokenizer.unk_token_id and token_id not in ids:
            ids.append(token_id)
    return ids


def thinker_kwargs(tokenizer: Any, params: GenerationParams) -> dict[str, Any]:
    """generate() arguments for the thinker: end tokens from the processor's tokenizer, and llama.cpp's repeat
    penalty (the last 64 tokens) in place of transformers' whole-prompt one (omni_controls)."""
    from transformers import LogitsProcessorList

    from mer_agents.backends.omni_controls import RecentRepetitionPenalty

    sampling = params.temperature > 0
    kwargs: dict[str, Any] = {
        "max_new_tokens": params.max_tokens,
        "do_sample": sampling,
        "repetition_penalty": 1.0,
        "pad_token_id": tokenizer.pad_token_id,
        "eos_token_id": end_token_ids(tokenizer),
    }
    if params.repeat_penalty != 1.0:
        kwargs["logits_processor"] = LogitsProcessorList([RecentRepetitionPenalty(params.repeat_penalty)])
    if sampling:
        kwargs.update(temperature=params.temperature, top_p=params.top_p)
    if params.stop:
        kwargs.update(stop_strings=list(params.stop), tokenizer=tokenizer)
    return kwargs


def speech_conversation(emotion: str | None) -> list[dict[str, Any]]:
    """The prompt the final reply is spoken under: Qwen's speech system prompt, exactly, then the request."""
    request = SPEECH_REQUEST + (f" They seem to feel {emotion}." if emotion else "")
    return [
        {"role": "system", "content": [{"type": "text", "text": SPEECH_SYSTEM_PROMPT}]},
        {"role": "user", "content": [{"type": "text", "text": request}]},
    ]


def stream_generate(
    tokenizer: Any, generator: Any, kwargs: dict[str, Any], on_token: TokenCallback, timeout_s: float
) -> Any:
    """Generate on a worker thread while this one hands each piece to on_token. A raising on_token
    (Cancelled) or a stream silent for timeout_s sets the stop flag, which ends generation at the next
    token; the worker has ended before this returns, so the engine lock is freed with the GPU."""
    from transformers import StoppingCriteriaList, TextIteratorStreamer

    from mer_agents.backends.omni_controls import StopOnFlag

    stop = threading.Event()
    streamer = TextIteratorStreamer(
        tokenizer,
        skip_prompt=True,
        skip_special_tokens=True,
        timeout=timeout_s,
    )
    kwargs = {
        **kwargs,
        "streamer": streamer,
        "stopping_criteria": StoppingCriteriaList([StopOnFlag(stop)]),
    }
    result: dict[str, Any] = {}
    thread = threading.Thread(
        target=_generate_into,
        args=(generator, kwargs, result, streamer),
        name="omni-generate",
        daemon=True,
    )
    thread.start()
    stalled, callback_error = False, None
    try:
        callback_error = _feed(streamer, on_token)
    except queue.Empty:
        stalled = True
    finally:
        stop.set()  # a no-op once generation has ended
        thread.join()
    if "error" in result:
        raise result["error"]
    if stalled:
        raise BackendError(f"Qwen2.5-Omni wrote nothing for {timeout_s:.0f} s: generation stopped")
    if callback_error is not None:
        raise callback_error
    return result["output"]


def _generate_into(generator: Any, kwargs: dict[str, Any], result: dict[str, Any], streamer: Any) -> None:
    import torch

    try:
        with torch.inference_mode():
            result["output"] = generator.generate(**kwargs)
    except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
        result["error"] = exc
        streamer.end()


def _feed(streamer: Any, on_token: TokenCallback) -> BaseException | None:
    """Hand each streamed piece to on_token; what it raises (Cancelled) is returned, to raise once the worker
    has stopped. queue.Empty (the stream timeout) propagates."""
    for piece in streamer:
        if not piece:
            continue
        try:
            on_token(piece)
        except BaseException as exc:  # noqa: BLE001 - raised once generation has stopped
            return exc
    return None


def decode_reply(tokenizer: Any, output: Any, prompt_tokens: int) -> tuple[str, int]:
    sequences = getattr(output, "sequences", output)
    new = sequences[0, prompt_tokens:]
    return tokenizer.decode(new, skip_special_tokens=True), int(new.shape[0])


def with_json_instruction(messages: list[Message], schema: dict[str, Any]) -> list[Message]:
    instruction = JSON_INSTRUCTION.format(schema=json.dumps(schema))
    out = list(messages)
    for index, message in enumerate(out):
        if message.role == "system":
            if isinstance(message.content, str):
                out[index] = Message(role="system", content=f"{message.content}\n\n{instruction}")
            else:
                out[index] = Message(
                    role="system", content=[*message.content, Part(type="text", text=instruction)]
                )
            return out
    return [Message(role="system", content=instruction), *out]


def cut_at_stop(text: str, stops: tuple[str, ...]) -> str:
    cut = min((text.find(s) for s in stops if s and s in text), default=-1)
    return text[:cut] if cut >= 0 else text
