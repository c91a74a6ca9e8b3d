"""First words that take leave (#34): does a hard feeling beside the goodbye keep them news?

An apology or a hurry beside a goodbye reads sad or afraid ("Sorry, my toddler just woke up from her nap.
Have to go.": sadness 0.58), and so does hard news with a goodbye ("Bit lonely since I retired last month.
Anyway, my bus is here, goodbye.": sadness 0.92). Read without the leave-taking and the apologies
(templates.leave_reason), the first reads joy and the second still sadness (0.96). A sign-off answered as
news got "It sounds like your toddler just woke up from her nap. What has been the hardest part of it for
you?" (graded C, experiments/first_messages/closing_only_fresh4/); hard news answered as a sign-off would be
waved off ("Take care!"), so the threshold keeps every hard news of the design sets news.
"""

from __future__ import annotations

from functools import lru_cache

from mer_agents.agents import checks, templates
from mer_agents.labels import EMOTIONS, NEGATIVE_EMOTIONS, top_emotion
from mer_agents.types import Evidence

# The reason, read alone, must read a negative emotion at least this strongly for the goodbye to stay news:
# the highest of a grid at which no hard news with a goodbye, everyday first message or ESConv train situation
# of the design sets takes leave (experiments/first_messages/leave_strength/choose.py, choose.json).
LEAVE_HARD_PROB = 0.4


@lru_cache(maxsize=256)
def reason_strength(reason: str) -> float:
    """How strongly the reason, read alone as the words are read, reads a negative emotion: its top
    emotion's probability when that is negative, else 0."""
    from mer_agents.perception.text import classify_texts  # the reader's weights load on first use

    if not reason.strip():
        return 0.0
    probs = classify_texts([reason])[0]
    i = int(probs.argmax())
    return float(probs[i]) if EMOTIONS[i] in NEGATIVE_EMOTIONS else 0.0


def hard_feeling(forecast_emotion: str, evidence: Evidence) -> bool:
    """A hard feeling that keeps first words news beside a goodbye (templates.takes_leave): the tone is
    negative (checks.tone_emotion) and the reason said beside the goodbye, read alone, reads a negative
    emotion at least LEAVE_HARD_PROB; or the feeling comes from the voice or face, not the words (a goodbye
    said in tears); first words without a goodbye keep the tone's answer."""
    if checks.tone_emotion(forecast_emotion, evidence) not in NEGATIVE_EMOTIONS:
        return False
    words = evidence.modalities.text
    if not words.available:
        return True
    if forecast_emotion in NEGATIVE_EMOTIONS and top_emotion(words.probs)[0] not in NEGATIVE_EMOTIONS:
        return True
    reason = templates.leave_reason(evidence.words)
    return reason is None or reason_strength(reason) >= LEAVE_HARD_PROB
