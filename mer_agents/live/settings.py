"""How live turns are cut and how much of the stream a session keeps (`LiveSettings`); the stream's rate."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mer_agents.perception.media import CLIP_SAMPLE_RATE

SAMPLE_RATE = CLIP_SAMPLE_RATE  # the buffer, the VAD and the written turn clips all run at 16 kHz mono


class LiveSettings(BaseModel):
    """How live turns are cut and how much of the stream a session keeps."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pause_s: float = Field(0.8, gt=0.1, le=5, description="silence that ends a turn")
    max_turn_s: float = Field(15.0, gt=1, le=60, description="a longer turn is cut here and a new one begins")
    min_speech_s: float = Field(
        0.25, ge=0, description="voiced time below this is a click or cough, not a turn"
    )
    buffer_s: float = Field(30.0, gt=2, le=300, description="audio and frames older than this are dropped")
    barge_in: Literal["queue", "cancel"] = Field(
        "queue", description="speech during a reply: keep it for the next turn, or cancel the reply"
    )
    threshold: float = Field(0.5, gt=0, lt=1, description="silero speech probability that starts speech")
    pad_s: float = Field(
        0.2, ge=0, le=1, description="audio kept before the onset and after the end of speech"
    )
    frame_fps: float = Field(2.0, gt=0, le=15, description="webcam frames kept per second")
    frame_side: int = Field(320, ge=64, description="kept frames are downscaled to this longer side")

    @model_validator(mode="after")
    def _buffer_holds_a_turn(self) -> LiveSettings:
        need = self.max_turn_s + self.pause_s + 2 * self.pad_s + 1.0
        if self.buffer_s < need:
            raise ValueError(f"buffer_s ({self.buffer_s:g}) must hold a whole turn: at least {need:g} s")
        return self
