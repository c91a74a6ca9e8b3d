"""What every agent shares: prompt files, the per-run context, JSON calls with one repair, token accounting.

The context carries the retrieval and embedding functions the agents call (the exemplar bank and MiniLM by
default), so tests and model-free demos inject their own instead of patching module globals.

Prompts are YAML files (`system`, `user`) under mer_agents/agents/prompts/, loaded with importlib.resources
and rendered by Jinja with StrictUndefined, so a missing variable is an error and never an empty string.
The stages that read the evidence (perception, forecast, strategy, the audit's critique) open with the same
system prompt (prompts/team.txt) and the same evidence digest, and say their task last: llama.cpp's prompt
cache then serves that shared prefix to every stage after the first instead of reading it again.
A JSON call asks the backend for output constrained by the JSON schema of a small pydantic "LLM output"
model; if the text still fails validation, the model sees the validation error once and may repair it;
after that the stage fails with a StageError (one readable line; the pipeline turns it into events).
"""

from __future__ import annotations

import functools
import importlib.resources
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, TypeVar

import jinja2
import numpy as np
import yaml
from pydantic import BaseModel, ValidationError

from mer_agents import embeddings
from mer_agents.agents import retrieval
from mer_agents.backends.base import Backend, Generation, GenerationParams, Message, Part, TokenCallback
from mer_agents.config import Settings
from mer_agents.errors import StageError
from mer_agents.types import Evidence, Turn

M = TypeVar("M", bound=BaseModel)
# (query, k=, exclude=, strategy=) -> the nearest exemplars, best first: as retrieval.retrieve
Retrieve = Callable[..., list[retrieval.Exemplar]]
Embed = Callable[[Sequence[str]], np.ndarray]  # texts -> L2-normalised rows, as embeddings.embed
PROMPT_PACKAGE = "mer_agents.agents"
PROMPT_DIR = "prompts"
REPAIR_NOTE = "Your JSON did not validate: {error}\nReply with corrected JSON only."
ERROR_CHARS = 300
# Characters allowed in constrained free-text fields: a regex pattern in the schema becomes part of the
# llama.cpp grammar, and a fixed opening ("The person seems ...") keeps a 135M model on task (measured:
# without it the model drifts into links and code).
TEXT_CHARS = r"[A-Za-z0-9 ,.;:!?'%()/-]"


def sentence_pattern(openings: str, low: int = 10, high: int = 200) -> str:
    """A regex for one short sentence that starts with one of `openings` (an alternation)."""
    return rf"^({openings}){TEXT_CHARS}{{{low},{high}}}$"


def _prompt_file(name: str) -> str:
    """A text file under prompts/, for `{% include %}` (shared parts of several prompts)."""
    return importlib.resources.files(PROMPT_PACKAGE).joinpath(PROMPT_DIR, name).read_text(encoding="utf-8")


_ENV = jinja2.Environment(
    loader=jinja2.FunctionLoader(_prompt_file),
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=False,
    autoescape=False,
)


@dataclass
class Usage:
    """Tokens and seconds spent by one stage attempt (summed over its backend calls)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0  # prompt tokens served from the backend's KV/prompt cache
    seconds: float = 0.0
    calls: int = 0

    def add(self, gen: Generation) -> None:
        self.prompt_tokens += gen.prompt_tokens
        self.completion_tokens += gen.completion_tokens
        self.cached_tokens += gen.cached_tokens
        self.seconds += gen.seconds
        self.calls += 1


@dataclass
class AgentContext:
    """Everything a stage attempt sees besides the upstream outputs."""

    backend: Backend
    settings: Settings
    evidence: Evidence
    history: list[Turn] = field(default_factory=list)
    round: int = 0
    instruction: str = ""
    hints: dict[str, Any] = field(default_factory=dict)
    exclude_dialogues: frozenset[str] = frozenset()
    on_token: TokenCallback | None = None
    # the responder reports the reply it will keep as soon as that is known (text, source), before the
    # model's drafts are written, when those drafts cannot change it (responder.run)
    on_draft: Callable[[str, str], None] | None = None
    usage: Usage = field(default_factory=Usage)
    retrieve: Retrieve | None = None  # None: the exemplar bank these settings name (retrieval.retrieve)
    embed: Embed = embeddings.embed

    def __post_init__(self) -> None:
        if self.retrieve is None:
            self.retrieve = functools.partial(retrieval.retrieve, settings=self.settings)

    def similarity(self, a: str, b: str) -> float | None:
        """Cosine of two texts under this context's `embed` (None when either is empty)."""
        return embeddings.similarity(a, b, self.embed)

    def params(self, max_tokens: int, *, offset: int = 0, **extra: Any) -> GenerationParams:
        """Sampling params; each round and candidate derives its own seed from settings.seed."""
        return GenerationParams(
            max_tokens=max_tokens,
            temperature=self.settings.temperature,
            seed=self.settings.seed + 1000 * self.round + offset,
            **extra,
        )


@dataclass(frozen=True)
class Prompt:
    name: str
    system: jinja2.Template
    user: jinja2.Template

    def render(
        self, chat: list[Message] | None = None, media: list[Part] | None = None, **variables: Any
    ) -> list[Message]:
        """system, then prior chat turns (if any), then the user message (with media parts if given)."""
        try:
            system = self.system.render(**variables).strip()
            user = self.user.render(**variables).strip()
        except jinja2.UndefinedError as exc:
            raise StageError(self.name, f"prompt template: {exc}") from exc
        content: str | list[Part] = user
        if media:
            content = [Part(type="text", text=user), *media]
        return [Message(role="system", content=system), *(chat or []), Message(role="user", content=content)]


@functools.lru_cache(maxsize=None)
def load_prompt(name: str) -> Prompt:
    """prompts/<name>.yaml → Prompt (cached; the files ship inside the package)."""
    resource = importlib.resources.files(PROMPT_PACKAGE).joinpath(PROMPT_DIR, f"{name}.yaml")
    data = yaml.safe_load(resource.read_text(encoding="utf-8"))
    return Prompt(name=name, system=_ENV.from_string(data["system"]), user=_ENV.from_string(data["user"]))


def llm_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of an LLM-output model, as the grammar constraint."""
    return model.model_json_schema()


def generate_json(
    ctx: AgentContext,
    stage: str,
    messages: list[Message],
    model: type[M],
    max_tokens: int,
    schema: dict[str, Any] | None = None,
    offset: int = 0,
) -> M:
    """One schema-constrained call, validated; one repair attempt; else StageError. The only place JSON is
    repaired: backends return their text (at most one generation per call). `offset` shifts the seed (a
    second try after text_gate refused the first)."""
    params = ctx.params(max_tokens, offset=offset, json_schema=schema or llm_schema(model))
    gen = _call(ctx, stage, messages, params)
    try:
        return model.model_validate_json(gen.text)
    except ValidationError as exc:
        error = _short_error(exc)
    repair = [
        *messages,
        Message(role="assistant", content=gen.text or "(empty)"),
        Message(role="user", content=REPAIR_NOTE.format(error=error)),
    ]
    gen = _call(ctx, stage, repair, params.model_copy(update={"seed": params.seed + 7}))
    try:
        return model.model_validate_json(gen.text)
    except ValidationError as exc:
        raise StageError(
            stage, f"model output failed validation after one repair: {_short_error(exc)}"
        ) from exc


def generate_text(
    ctx: AgentContext,
    stage: str,
    messages: list[Message],
    params: GenerationParams,
    stream: bool = True,
    on_token: TokenCallback | None = None,
) -> str:
    """Free text; streams to `on_token` if given, else to the stage's token sink when `stream`."""
    return _call(ctx, stage, messages, params, stream=stream, on_token=on_token).text


def _call(
    ctx: AgentContext,
    stage: str,
    messages: list[Message],
    params: GenerationParams,
    stream: bool = True,
    on_token: TokenCallback | None = None,
) -> Generation:
    if not ctx.backend.modalities - {"text"}:
        messages = [m.text_only() for m in messages]
    gen = ctx.backend.generate(messages, params, on_token or (ctx.on_token if stream else None))
    ctx.usage.add(gen)
    return gen


def _short_error(exc: ValidationError) -> str:
    parts = [f"{'.'.join(str(p) for p in e['loc']) or 'output'}: {e['msg']}" for e in exc.errors()[:3]]
    return "; ".join(parts)[:ERROR_CHARS]


def history_lines(history: list[Turn], limit: int = 3) -> list[str]:
    """The last turns as short 'Person: ... / You: ...' lines for prompts."""
    lines: list[str] = []
    for turn in history[-limit:]:
        if turn.user_text:  # a turn without words marks earlier conversation that is not shown
            lines.append(f"Person: {turn.user_text}" + (f" [{turn.emotion}]" if turn.emotion else ""))
        if turn.reply:
            lines.append(f"You: {turn.reply}")
    return lines
