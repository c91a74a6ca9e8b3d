"""Perception agent: the evidence in words, per modality, citing its numbers, plus a one-sentence summary.

The per-modality lines are rendered by code straight from the Evidence (so every number cited is a real
reading, never a hallucinated one); the model writes the summary over them. Backends that take image/audio/
video also get the clip itself as a media part, next to the same evidence in words.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mer_agents.agents import text_gate
from mer_agents.agents.base import AgentContext, generate_json, history_lines, load_prompt, sentence_pattern
from mer_agents.backends.base import Part
from mer_agents.labels import MODALITIES, MODALITY_NOUN, top_emotion
from mer_agents.types import Evidence, ModalityEvidence, PerceptionReport

MAX_TOKENS = 72  # a 160-character sentence plus its JSON, never truncated
TOP_LABELS = 3
MAX_CUES = 5
TRANSCRIPT_CHARS = 240


class PerceptionOutput(BaseModel):
    """What the model writes for the perception stage."""

    model_config = ConfigDict(title="PerceptionOutput")
    summary: str = Field(pattern=sentence_pattern("The person (seems|sounds|looks|feels)", 10, 160))


def _fmt(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, int):
        return str(value)
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def describe_modality(mod: ModalityEvidence) -> str:
    """`sadness 0.72, neutral 0.15, fear 0.06; confidence 0.80; cues: pitch_hz=182.3` (or why unavailable)."""
    if not mod.available:
        return f"unavailable ({mod.note})" if mod.note else "unavailable"
    top = sorted(mod.probs.items(), key=lambda kv: -kv[1])[:TOP_LABELS]
    parts = [", ".join(f"{label} {p:.2f}" for label, p in top), f"confidence {mod.confidence:.2f}"]
    cues = [f"{k}={v}" for k, raw in mod.cues.items() if (v := _fmt(raw)) is not None][:MAX_CUES]
    if cues:
        parts.append("cues: " + ", ".join(cues))
    if mod.note:
        parts.append(mod.note)
    return "; ".join(parts)


def digest_lines(evidence: Evidence) -> dict[str, str]:
    """One line per modality, keyed words/voice/face."""
    return {MODALITY_NOUN[name]: describe_modality(getattr(evidence.modalities, name)) for name in MODALITIES}


def digest(evidence: Evidence) -> str:
    """The evidence as prompt text: transcript, one line per modality, flags."""
    lines = []
    if evidence.speaker:
        others = [f'{t.speaker}: "{t.text[:80]}"' for t in evidence.speakers if t.speaker != evidence.speaker]
        said = " / ".join(others)
        lines.append(f"several speakers; you answer {evidence.speaker}; the others said: {said}")
    if evidence.transcript:
        lines.append(f'transcript: "{evidence.transcript[:TRANSCRIPT_CHARS]}"')
    if evidence.translation:
        lines.append(f'English translation: "{evidence.translation[:TRANSCRIPT_CHARS]}"')
    lines += [f"{name}: {line}" for name, line in digest_lines(evidence).items()]
    if evidence.flags:
        lines.append("flags: " + "; ".join(f.message for f in evidence.flags[:4]))
    return "\n".join(lines)


def media_parts(ctx: AgentContext) -> list[Part]:
    """The clip as the backend takes it, its sound once. Where a video part carries its own sound (a backend
    with `video_carries_audio`: Qwen2.5-Omni's use_audio_in_video), an audio part of the same file would feed
    the sound twice (~750 tokens for 30 s), so the audio part is kept only for a clip without such a video
    part: an audio-only clip, or a backend that takes sound but not video (or sends a video without its sound,
    as the OpenAI-compatible backend does)."""
    path, taken = ctx.evidence.media_path, ctx.backend.modalities
    if not path:
        return []
    parts = []
    if "video" in taken and ctx.evidence.has_video:
        parts.append(Part(type="video", path=path))
    carried = bool(parts) and getattr(ctx.backend, "video_carries_audio", False)
    if "audio" in taken and ctx.evidence.has_audio and not carried:
        parts.append(Part(type="audio", path=path))
    return parts


def run(ctx: AgentContext) -> PerceptionReport:
    lines = digest_lines(ctx.evidence)
    messages = load_prompt("perception").render(
        media=media_parts(ctx),
        digest=digest(ctx.evidence),
        instruction=ctx.instruction,
        context=" / ".join(history_lines(ctx.history, limit=2)),
    )
    summary, how = text_gate.written(
        lambda i: generate_json(ctx, "perception", messages, PerceptionOutput, MAX_TOKENS, offset=i).summary,
        text_gate.checker(messages, ctx.evidence),
        lambda why: code_summary(ctx.evidence, why),
        text_gate.model_writes(ctx.settings, ctx.backend),
    )
    return PerceptionReport(
        words=lines["words"], voice=lines["voice"], face=lines["face"], summary=summary, written_by=how
    )


def code_summary(evidence: Evidence, why: str) -> str:
    """The summary code can write from the readings (text_gate's fallback), labelled as code's."""
    read = []
    for name in MODALITIES:
        mod = getattr(evidence.modalities, name)
        if mod.available:
            label, p = top_emotion(mod.probs)
            read.append(f"the {MODALITY_NOUN[name]} read {label} {p:.2f}")
    if not read:
        return f"The person cannot be read: no modality is available. {text_gate.CODE_LABEL}"
    return f"The person's {'; '.join(read)[4:]}. {text_gate.CODE_LABEL}"
