"""Generation controls for the transformers_omni backend, torch-side (imported only once a model runs).

Kept apart from backends/transformers_omni.py so that importing the backend (discovery, `auto`, the CPU path)
never imports torch or transformers.
"""

from __future__ import annotations

import threading

import torch
from transformers import LogitsProcessor, StoppingCriteria

LLAMA_CPP_LAST_N = 64  # llama.cpp's penalty_last_n / repeat_last_n default


class StopOnFlag(StoppingCriteria):
    """Ends generation at the next token once `flag` is set: a cancelled run or a stalled stream must not keep
    the GPU (and the engine lock) busy until max_new_tokens."""

    def __init__(self, flag: threading.Event):
        self.flag = flag

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor, **kwargs) -> torch.BoolTensor:
        return torch.full(
            (input_ids.shape[0],), self.flag.is_set(), dtype=torch.bool, device=input_ids.device
        )


class RecentRepetitionPenalty(LogitsProcessor):
    """llama.cpp's repeat penalty: a token among the last `last_n` of the sequence has its logit divided by
    `penalty` (multiplied when it is not positive).

    Why not transformers' `repetition_penalty`: that one reaches back over every prompt token, thousands
    here (the clip's placeholders, the JSON schema's quotes, braces and field names), so the same 1.15 pushes
    down the very tokens a JSON reply needs and is far harsher than on the embedded backend. llama.cpp (the
    embedded backend, and a llama.cpp server) penalises the last 64 tokens, the prompt's tail included, since
    its sampler is fed the prompt first; the same window here keeps `GenerationParams.repeat_penalty` meaning
    one thing on both.
    """

    def __init__(self, penalty: float, last_n: int = LLAMA_CPP_LAST_N):
        self.penalty = float(penalty)
        self.last_n = int(last_n)

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        recent = input_ids[:, -self.last_n :]
        picked = torch.gather(scores, 1, recent)
        picked = torch.where(picked <= 0, picked * self.penalty, picked / self.penalty)
        return scores.scatter(1, recent, picked)


class ForcedReply(LogitsProcessor):
    """Makes the thinker "generate" exactly `token_ids`, then `eos_id`: its hidden states over the final reply
    are what Qwen2.5-Omni's talker speaks from, so the voice says the reply that was chosen, word for word,
    through the model's own generate path."""

    def __init__(self, token_ids: list[int], eos_id: int, prompt_length: int):
        self.token_ids = list(token_ids)
        self.eos_id = int(eos_id)
        self.prompt_length = int(prompt_length)

    def __call__(self, input_ids: torch.LongTensor, scores: torch.FloatTensor) -> torch.FloatTensor:
        step = input_ids.shape[1] - self.prompt_length
        target = self.token_ids[step] if step < len(self.token_ids) else self.eos_id
        forced = torch.full_like(scores, float("-inf"))
        forced[:, target] = 0.0
        return forced
