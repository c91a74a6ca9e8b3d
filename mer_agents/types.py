"""Typed state of a run: the perception evidence, each stage's output, audit verdicts, the dialogue.

Every model round-trips through JSON (`model_dump(mode="json")` / `model_validate`), which is what the
trace, the app and the evaluation cache rely on.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from mer_agents.labels import EMOTIONS, Emotion, Strategy


def _normalise_probs(value: dict[str, float]) -> dict[str, float]:
    """Probabilities over exactly the 7 MELD labels, in label order, summing to 1."""
    unknown = set(value) - set(EMOTIONS)
    if unknown:
        raise ValueError(f"unknown emotion labels: {sorted(unknown)}")
    raw = {label: max(0.0, float(value.get(label, 0.0))) for label in EMOTIONS}
    total = sum(raw.values())
    if total <= 0:
        return uniform_probs()
    return {label: p / total for label, p in raw.items()}


Probs = Annotated[dict[str, float], AfterValidator(_normalise_probs)]


def uniform_probs() -> dict[str, float]:
    return {label: 1.0 / len(EMOTIONS) for label in EMOTIONS}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _single_line(text: str) -> str:
    return " ".join(text.split())


# ----------------------------------------------------------------------------------------- evidence

FlagCode = Literal[
    "no_audio_track",
    "no_video_track",
    "no_speech",
    "silence",
    "no_face",
    "several_faces",
    "several_speakers",
    "dark_frames",
    "clipped_audio",
    "non_english",
    "truncated",
    "low_asr_confidence",
    "low_sample_rate",
    "downscaled",
    "frames_capped",
]


class Flag(_Model):
    code: FlagCode
    message: str = Field(description="one readable sentence: what was seen and why it matters")


class TimePoint(_Model):
    start: float = Field(ge=0, description="seconds from the clip start")
    end: float = Field(ge=0)
    probs: Probs


class ModalityEvidence(_Model):
    available: bool
    probs: Probs = Field(default_factory=uniform_probs, description="emotion distribution over the 7 labels")
    confidence: float = Field(0.0, ge=0, le=1, description="how far to trust probs; 0 when unavailable")
    timeline: list[TimePoint] = Field(default_factory=list)
    cues: dict[str, Any] = Field(default_factory=dict, description="raw measurements the reading rests on")
    model: str = Field("", description="what produced the reading")
    note: str = Field("", description="why the modality is unavailable or doubtful")


class Segment(_Model):
    start: float
    end: float
    text: str
    avg_logprob: float | None = None
    no_speech_prob: float | None = None


class SpeakerTurn(_Model):
    """One speaker's turn in a clip (perception/diarize.py): who, when, and the words Whisper heard then."""

    speaker: str = Field(description="S1, S2, … in order of first speech")
    start: float
    end: float
    text: str = ""
    emotion: str | None = Field(None, description="the text head's reading of this turn's words")


class Modalities(_Model):
    text: ModalityEvidence
    audio: ModalityEvidence
    video: ModalityEvidence


class Evidence(_Model):
    """What the perception models saw and heard in one clip (or one typed message)."""

    source: str = Field("", description="file name of the clip, or 'text' for a typed message")
    duration_s: float = Field(ge=0, description="duration of the clip as decoded")
    analysed_s: float = Field(0.0, ge=0, description="seconds actually analysed (less when truncated)")
    has_audio: bool = False
    has_video: bool = False
    transcript: str = ""
    translation: str = Field(
        "",
        description="Whisper's English translation of non-English speech (what the "
        "English-only readers read; unsure ones too, flagged); '' for English or when it came out empty",
    )
    translation_unsure: bool = Field(
        False,
        description="Whisper's translation is unsure (asr.translation_unsure): read, but not said back",
    )
    language: str | None = None
    language_prob: float | None = None
    segments: list[Segment] = Field(default_factory=list)
    modalities: Modalities
    flags: list[Flag] = Field(default_factory=list)
    context: list[str] = Field(default_factory=list, description="preceding turns the text head saw")
    speakers: list[SpeakerTurn] = Field(
        default_factory=list, description="speaker turns when the clip has several speakers, else []"
    )
    speaker: str | None = Field(None, description="the speaker read and answered (None: one speaker)")
    timings: dict[str, float] = Field(default_factory=dict, description="seconds per perception step")
    media_path: str | None = Field(None, description="the clip, for backends that take raw media")

    def flag_codes(self) -> set[str]:
        return {flag.code for flag in self.flags}

    @property
    def words(self) -> str:
        """The words in English for the English-only readers (retrieval, relevance, the guard's facts): the
        translation when there is one, else the transcript."""
        return self.translation or self.transcript


# ------------------------------------------------------------------------------------ stage outputs

# The agent stages for typing; stages.STAGE_SPECS declares each (tests/test_stages.py checks the order)
StageName = Literal["perception", "forecast", "strategy", "reply"]
STAGES: tuple[StageName, ...] = get_args(StageName)


class PerceptionReport(_Model):
    stage: Literal["perception"] = "perception"
    words: str = Field(description="what the words say about the emotion, citing the text-model numbers")
    voice: str = Field(description="what the voice says, citing pitch/energy/rate numbers")
    face: str = Field(description="what the face says, citing the expression probabilities")
    summary: str = Field(description="one sentence over all modalities")
    written_by: str = Field(
        "model",
        description="who wrote the text shown: model, model (second try; why), code (why): text_gate.py",
    )

    def one_line(self) -> str:
        """The stage's key output in one line (events, the timeline, the audit's critique prompt)."""
        return _single_line(self.summary)


class EmotionForecast(_Model):
    stage: Literal["forecast"] = "forecast"
    emotion: Emotion
    probs: Probs
    confidence: float = Field(ge=0, le=1)
    intensity: float = Field(0.5, ge=0, le=1, description="how strongly the emotion is expressed")
    agreement: float = Field(ge=0, le=1, description="cross-modal agreement: 1 = all modalities agree")
    fused_probs: Probs = Field(description="the code's confidence-weighted fusion before any LLM adjustment")
    conflicts: list[str] = Field(default_factory=list)
    explanation: str = ""
    written_by: str = Field(
        "model",
        description="who wrote the text shown: model, model (second try; why), code (why): text_gate.py",
    )

    def one_line(self) -> str:
        line = (
            f"{self.emotion} {self.probs[self.emotion]:.2f} · agreement {self.agreement:.2f} · "
            f"confidence {self.confidence:.2f}"
        )
        return _single_line(line + (f" · {self.conflicts[0]}" if self.conflicts else ""))


class StrategyPlan(_Model):
    stage: Literal["strategy"] = "strategy"
    strategy: Strategy
    secondary: Strategy | None = None
    reason: str
    exemplars: list[str] = Field(default_factory=list, description="retrieved supporter turns that guided it")
    written_by: str = Field(
        "model",
        description="who wrote the text shown: model, model (second try; why), code (why): text_gate.py",
    )

    def one_line(self) -> str:
        return _single_line(self.strategy + (f" (then {self.secondary})" if self.secondary else ""))


class Candidate(_Model):
    """One candidate reply with the scores of the code that ranked it (see agents/responder.py)."""

    source: Literal["model", "exemplar", "template"]
    text: str
    scores: dict[str, float] = Field(default_factory=dict, description="relevance, strategy fit, fluency")
    score: float = 0.0
    guard: list[str] = Field(default_factory=list, description="guard failures: such a reply is never kept")
    failed: list[str] = Field(default_factory=list, description="every failed reply check, guard included")
    judge: float | None = Field(
        None, description="the reply judge's logit (agents/reply_judge.py): higher, a reader accepts it"
    )


class Reply(_Model):
    stage: Literal["reply"] = "reply"
    text: str
    source: Literal["model", "exemplar", "template"] = "model"
    candidates: list[str] = Field(default_factory=list, description="the other candidates, ranked lower")
    ranked: list[Candidate] = Field(default_factory=list, description="every candidate, best first")
    dropped: list[str] = Field(
        default_factory=list,
        description="reply checks the audit failed in earlier rounds: candidates failing them ranked last",
    )
    rewrote: bool = Field(False, description="the model drafted anew under the audit's instruction")

    def one_line(self) -> str:
        return _single_line(self.text)


StageOutput = Annotated[
    PerceptionReport | EmotionForecast | StrategyPlan | Reply, Field(discriminator="stage")
]


class AuditVerdict(_Model):
    stage: StageName
    verdict: Literal["pass", "revise"]
    issues: list[str] = Field(default_factory=list)
    evidence: list[str] = Field(default_factory=list, description="the numbers or text the verdict rests on")
    instruction: str = Field("", description="what the stage must change when regenerated")


class Turn(_Model):
    """One exchange of a conversation: what the person said (and how), and the reply."""

    user_text: str
    emotion: Emotion | None = None
    strategy: Strategy | None = None
    reply: str | None = None
    summary: str = Field("", description="the perception agent's one-sentence reading of this turn")
