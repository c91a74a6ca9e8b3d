"""Grounded template replies: the guarded last resort, built from the person's own words and the strategy.

When no model draft and no human exemplar passes the guard, the responder still has one reply that cannot
invent anything: a fixed sentence per strategy and emotion, with — where it reads cleanly — the person's own
first statement said back in the second person ("I lost my job today" → "you lost your job today").
Every word of a template is either the person's or common English, so it passes the guard by construction
(tests/test_templates.py checks that on varied messages).
"""

from __future__ import annotations

import re

MAX_ECHO_WORDS = 12  # a longer statement is not echoed (it would read as a parrot)
FLIP = {
    "i": "you",
    "me": "you",
    "my": "your",
    "mine": "yours",
    "myself": "yourself",
    "i'm": "you're",
    "i've": "you've",
    "i'd": "you'd",
    "i'll": "you'll",
    "am": "are",
    "we": "you",
    "our": "your",
    "us": "you",
    "we're": "you're",
    "we've": "you've",
}
AFTER_I = {"was": "were", "wasn't": "weren't", "am": "are", "have": "have", "do": "do"}
FEELING = {  # how the feeling is named back
    "sadness": "sad",
    "anger": "angry",
    "fear": "worried",
    "disgust": "upset",
    "surprise": "surprised",
    "joy": "happy",
    "neutral": "this way",
}
HARD = {
    "joy": "That is wonderful news",
    "surprise": "That is quite something",
    "neutral": "Thank you for telling me",
}
DEFAULT_HARD = "That sounds really hard"


def echo(transcript: str) -> str | None:
    """The person's first first-person statement, in the second person, or None when it would not read
    well."""
    for sentence in re.split(r"(?<=[.!?])\s+", transcript.strip()):
        words = sentence.replace("’", "'").rstrip(".!?").split()
        lower = [w.lower().strip(",;:") for w in words]
        if not words or len(words) > MAX_ECHO_WORDS or not {"i", "i'm", "i've", "my"} & set(lower):
            continue
        if {"you", "your", "you're", "yours"} & set(lower) or not re.fullmatch(
            r"[A-Za-z' ,-]+", " ".join(words)
        ):
            return None  # "you" already in it, or digits/symbols: flipping would garble it
        out = []
        for i, (word, low) in enumerate(zip(words, lower)):
            if i > 0 and lower[i - 1] == "i" and low in AFTER_I:
                out.append(AFTER_I[low])
            elif low in FLIP:
                out.append(FLIP[low])
            else:
                out.append(word if i else word.lower())
        return " ".join(out).strip(",;: ")
    return None


def grounded_reply(transcript: str, emotion: str, strategy: str) -> str:
    """One safe reply that carries out `strategy` (see the module docstring)."""
    said = echo(transcript)
    feeling = FEELING.get(emotion, "this way")
    opener = HARD.get(emotion, DEFAULT_HARD)
    positive = emotion in ("joy", "surprise")
    if strategy == "Question":  # worded so the strategy classifier reads a question, not a restatement
        if said is None:
            return f"{opener}. What has it been like for you?"
        return (
            f"It sounds like {said}. How does that feel?"
            if positive
            else f"It sounds like {said}. What has been the hardest part of it for you?"
        )
    if strategy == "Restatement or Paraphrasing" and said:
        return f"So {said}. {'That is a lot to take in.' if not positive else 'That is great to hear.'}"
    if strategy == "Providing Suggestions" and not positive:
        return "Maybe you could take a little time for yourself and talk it through with someone you trust."
    if strategy == "Self-disclosure" and not positive:
        return "I have felt like that too, and I know how heavy it can be."
    if positive:
        return f"{opener}! You must be so {feeling}." if said is None else f"It sounds like {said}. {opener}!"
    if said:
        return f"It sounds like {said}. It makes sense that you feel {feeling}, and I am here to listen."
    return f"{opener}. It makes sense that you feel {feeling}, and I am here to listen."
