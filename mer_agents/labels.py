"""The two label sets everything speaks: MELD's 7 emotions and ESConv's 8 support strategies."""

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
    "neutral": 0.0, "joy": 1.0, "sadness": -1.0, "anger": -0.8,
    "surprise": 0.2, "fear": -0.9, "disgust": -0.8,
}
NEGATIVE_EMOTIONS: frozenset[str] = frozenset({"sadness", "anger", "fear", "disgust"})
