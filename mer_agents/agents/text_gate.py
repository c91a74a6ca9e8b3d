"""The gate every agent text passes before the timeline shows it: whole, readable, and true to the evidence.

A sub-1B model writes the perception summary, the forecast's explanation and the strategy's reason; on
unseen clips many of them were gibberish ("Because theyt'mdutet yelbjenl'…"), cut off, or invented
("…taken away by an unknown evil…"), and nothing checked them (experiments/reasoning_check/README.md). A text
fails the gate when it
  - does not end a sentence (cut off by the token or character cap),
  - holds words that neither English nor the prompt knows (`unknown`: gibberish, another language the person
    did not speak),
  - names an emotion no reading holds (at or above lexicon.MENTION_FLOOR in some modality), or describes a
    face or a voice that was not observed,
  - brings more than MAX_NOVEL content words that nothing in its prompt (the evidence digest, the person's
    words, the task's own wording) contains, or names, numbers or situation words nobody said
    (guard.invented).
`written` tries the model once more with another seed, then falls back to a code-written account of the
same step from the evidence, labelled as such in its text (CODE_LABEL), and says which happened and why
(`written_by`, shown in the timeline and the audit's verdict).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mer_agents.agents import guard, lexicon
from mer_agents.backends.base import Message
from mer_agents.errors import StageError
from mer_agents.types import Evidence

MAX_NOVEL = (
    3  # content words the prompt never mentioned that a reasoning sentence may bring (its own wording)
)
SENTENCE_END = re.compile(r"[.!?][\"')\]]*$")
TRIES = 2  # the model's tries before code writes the text
CODE_LABEL = "(written by code)"  # ends a text code wrote instead of the model
# The reasoning sentences' own vocabulary, beyond the prompt: how a reader talks about readings.
OWN_WORDS = frozenset(
    "person people seems seem sounds sound looks look feels feel feeling feelings emotion emotions emotional "
    "express expresses expressing expressed expression show shows showing suggest suggests suggesting reads "
    "read reading readings words voice face facial tone strongly mostly mainly clearly slightly likely "
    "probably because since given support supportive strategy help helps helping reflect reflecting "
    "acknowledge validate understand understood listen explore ask question questions share sharing "
    "situation state mood fused fusion agree agrees agreement conflict conflicts evidence signs sign cues "
    "cue calm flat even high low raised quiet loud pitch energy rate pauses smile smiling frown frowning "
    "hard difficult need needs needed want wants heard safe".split()
)


def issues(
    text: str, prompt_text: str, readable: set[str], said: str, absent: tuple[str, ...] = ()
) -> list[str]:
    """Why `text` may not be shown ([] when it may). `prompt_text`: everything its prompt held; `readable`:
    the emotions some reading holds; `said`: the person's words (their own language counts as known);
    `absent`: the modalities not observed ("face", "voice"), which the text may not describe."""
    text = " ".join(text.split())
    if not text:
        return ["empty"]
    out = []
    if not SENTENCE_END.search(text):
        out.append(f"cut off ({text[-24:]!r})")
    prompt_stems = {guard.stem(w) for w in lexicon.words(prompt_text + " " + said)}
    said_words = set(lexicon.words(said))
    unknown = [
        w
        for w in lexicon.words(text)
        if len(w) > 2
        and w not in said_words
        and not guard.known(w.replace("'", ""))
        and guard.stem(w) not in prompt_stems
    ]
    if unknown:
        out.append(f"words no reader knows: {', '.join(unknown[:4])}")
    unsupported = lexicon.emotions_named(text) - readable - {"neutral"}
    if unsupported:
        out.append(f"names {', '.join(sorted(unsupported))}, which no reading holds")
    novel = [
        w
        for w in lexicon.content_words(text)
        if w not in OWN_WORDS and guard.stem(w) not in prompt_stems and w not in lexicon.EMOTION_VOCAB
    ]
    if len(novel) > MAX_NOVEL:
        out.append(f"says things the evidence does not: {', '.join(sorted(novel)[:5])}")
    described = lexicon.describes(text, absent)
    if described:
        out.append(f"describes the {' and '.join(described)}, which was not observed")
    made_up = guard.invented(text, [prompt_text, said])
    if made_up:
        out.append(f"names what nobody said: {', '.join(made_up[:4])}")
    return out


def model_writes(settings, backend) -> bool:
    """Whether the model writes this run's reasoning texts (Settings.reasoning; "auto": not on an embedded
    model — blind readers found code's texts OK far more often than the embedded models' gated ones:
    experiments/reasoning_check/README.md)."""
    if settings.reasoning != "auto":
        return settings.reasoning == "model"
    return getattr(backend, "name", "") != "embedded"


CODE_BY_SETTING = "code (the reasoning setting: code writes the agents' texts for this model)"


def written(
    write: Callable[[int], str],
    check: Callable[[str], list[str]],
    code: Callable[[str], str],
    model: bool = True,
) -> tuple[str, str]:
    """(the text, how it was written). `write(try)` is the model's text on try 0, 1, …; a try that raises
    StageError counts as failed; after TRIES failures `code(why)` writes it; with `model` False code writes
    it straight away (`model_writes`). How: "model", "model (second try: …)" or "code (…)"."""
    if not model:
        return code("the reasoning setting"), CODE_BY_SETTING
    why: list[str] = []
    for attempt in range(TRIES):
        try:
            text = write(attempt).strip()
        except StageError as exc:
            why.append(f"try {attempt + 1}: {exc}")
            continue
        found = check(text)
        if not found:
            return text, "model" if not why else f"model (second try; {'; '.join(why)})"
        why.append(f"try {attempt + 1}: {'; '.join(found)}")
    reason = "; ".join(why)
    return code(reason), f"code ({reason})"


def checker(messages: list[Message], evidence: Evidence, extra: str = "") -> Callable[[str], list[str]]:
    """`issues` bound to a prompt (its messages' text, plus `extra`) and the evidence of this run."""
    # what this turn's prompt told (the digest, the words, the task), not the standing system prompt
    prompt = " ".join(m.text() for m in messages if m.role != "system")
    said = " ".join([evidence.transcript or "", evidence.translation or ""])
    allowed, absent = lexicon.readable_emotions(evidence), lexicon.unobserved(evidence)
    return lambda text: issues(text, f"{prompt} {extra}", allowed, said, absent)
