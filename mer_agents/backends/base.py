"""The one backend protocol every agent calls.

A request is a list of chat messages whose content is text or a list of parts (text, image, audio, video).
A backend declares which modalities it takes; `Message.text_only()` is how text-only backends see a
multimodal message (media parts are dropped; the agents always put the evidence in words as well).
"""

from __future__ import annotations

from typing import Any, Callable, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

Modality = Literal["text", "image", "audio", "video"]
TokenCallback = Callable[[str], None]


class Part(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Modality
    text: str | None = None
    path: str | None = Field(None, description="local file for image/audio/video parts")


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: Literal["system", "user", "assistant"]
    content: str | list[Part]

    def text(self) -> str:
        if isinstance(self.content, str):
            return self.content
        return "\n".join(p.text or "" for p in self.content if p.type == "text")

    def text_only(self) -> "Message":
        return Message(role=self.role, content=self.text())

    def media_parts(self) -> list[Part]:
        return [] if isinstance(self.content, str) else [p for p in self.content if p.type != "text"]


class GenerationParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    max_tokens: int = 256
    temperature: float = 0.7
    top_p: float = 0.95
    repeat_penalty: float = 1.15
    seed: int = 0
    stop: tuple[str, ...] = ()
    json_schema: dict[str, Any] | None = Field(None, description="constrain the output to this JSON schema")


class Generation(BaseModel):
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    # of the prompt tokens, how many the server did not compute again (llama.cpp's and vLLM's prompt caches)
    cached_tokens: int = 0
    seconds: float = 0.0
    model: str = ""


def cached_tokens(usage: dict[str, Any]) -> int:
    """Prompt tokens served from the server's cache, from an OpenAI-style usage block
    (`prompt_tokens_details.cached_tokens`: llama.cpp's server, vLLM with prefix caching); 0 when absent."""
    details = usage.get("prompt_tokens_details") or {}
    return int(details.get("cached_tokens") or 0) if isinstance(details, dict) else 0


@runtime_checkable
class Backend(Protocol):
    name: str
    # Whether the model's drafts may be kept over the human exemplars (agents/responder.py, trust_drafts).
    trusted_drafts: bool
    modalities: frozenset[str]

    def generate(
        self, messages: list[Message], params: GenerationParams, on_token: TokenCallback | None = None
    ) -> Generation:
        """Generate one completion; call on_token with each text delta when streaming. Thread-safe."""
        ...

    def describe(self) -> str:
        """One line naming the model, for traces and the UI."""
        ...
