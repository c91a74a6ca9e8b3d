"""The vocabulary everything speaks: MELD's 7 emotions, ESConv's 8 support strategies, the 3 modalities."""

from collections.abc import Mapping
from typing import Literal, get_args

Emotion = Literal["neutral", "joy", "sadness", "anger", "surprise", "fear", "disgust"]
EMOTIONS: tuple[str, ...] = get_args(Emotion)

Strategy = Literal[
    "Question",
    "Restatement or Paraphrasing",
    "Reflection of feelings",
    "Self-disclosure",
    "Affirmation and Reassurance",
    "Providing Suggestions",
    "Information",
    "Others",
]
STRATEGIES: tuple[str, ...] = get_args(Strategy)

# Valence of each emotion (-1 negative .. +1 positive), used by fusion, checks and plots.
VALENCE: dict[str, float] = {
    "neutral": 0.0,
    "joy": 1.0,
    "sadness": -1.0,
    "anger": -0.8,
    "surprise": 0.2,
    "fear": -0.9,
    "disgust": -0.8,
}
NEGATIVE_EMOTIONS: frozenset[str] = frozenset({"sadness", "anger", "fear", "disgust"})

# The evidence's modalities (the fields of types.Modalities), in the order they are shown.
MODALITIES: tuple[str, ...] = ("text", "audio", "video")
# How a modality is named to a person (prompts, plots, conflict sentences): what carries it.
MODALITY_NOUN: dict[str, str] = {"text": "words", "audio": "voice", "video": "face"}


def top_emotion(scores: Mapping[str, float]) -> tuple[str, float]:
    """The highest-scoring label and its score (the first in the mapping's order on a tie)."""
    label = max(scores, key=scores.__getitem__)
    return label, scores[label]
