"""The audit's code checks: pure functions over stage outputs and evidence; each failure names its evidence.

The reflection agent's verdicts rest on these, not on the small model's opinion: a stage is sent back
(`revise`) exactly when one of its checks fails; the model only words the critique. Rules are kept
defensible (ESConv's exploration → comforting → action order; plain lexical facts about the reply).

This module holds CheckResult, the reply's checks (its own, the moment's, the guard's, the strategy fit), the
emotion the tone check guards, and the verdicts made of the results. The checks of the stages before the
reply (perception, forecast, strategy) are in stage_checks.py; the word lists, patterns and text helpers
they share with the text gate and the responder are in lexicon.py.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Iterable

from pydantic import BaseModel, Field

from mer_agents.agents import guard, templates
from mer_agents.agents.lexicon import (
    CHEERFUL,
    DISMISSIVE,
    FIRST_PERSON,
    FRAGMENT_START,
    GREETING_OPEN,
    HYPHENATED,
    INTENTION,
    LEFT_BY_OTHER,
    LEFT_BY_PERSON,
    PRAISES_PLAN,
    SENTENCE_END,
    SORROWFUL,
    SPEAKER_TAG,
    STOPWORDS,
    SUGGESTION,
    THANKS_FOR_TELLING,
    THANKS_IMPLIED,
    TIME_SPECIFICS,
    YOU_ARE_WELCOME,
    content_words,
    names_negative_feeling,
    plain,
    repeated_ngrams,
    sentences,
    trouble_word,
    words,
)
from mer_agents.labels import EMOTIONS, NEGATIVE_EMOTIONS, top_emotion
from mer_agents.types import AuditVerdict, Evidence, StageName, Turn

# --- thresholds -----------------------------------------------------------------------------------
MAX_SENTENCES = 3
MAX_WORDS = 60
MIN_SIMILARITY = 0.25  # MiniLM cosine reply↔transcript below which (with no shared word) it ignores them
WORDS_TONE_PROB = (
    0.4  # the person's own words read this negative → cheerful replies fail, whatever the fusion
)
# A sentence of the person's words that reads a negative emotion at least this strongly on its own makes the
# tone that emotion's, not joy's: chosen on held-out ESConv train situations and the good-news design sets
# (experiments/first_messages/hard_part_selection.py, experiments/first_messages/hard_part_selection.json).
HARD_PART_PROB = 0.4
STRATEGY_FIT_RATIO = 0.5  # planned strategy's classifier probability vs the top one's


class CheckResult(BaseModel):
    """One check on one stage: ok, or the issue, the evidence it rests on and what to change."""

    stage: StageName
    name: str
    ok: bool
    issue: str = ""
    evidence: list[str] = Field(default_factory=list)
    instruction: str = ""
    hint: dict[str, Any] = Field(default_factory=dict)


def fail(
    stage: StageName, name: str, issue: str, evidence: Iterable[str], instruction: str, **hint: Any
) -> CheckResult:
    return CheckResult(
        stage=stage,
        name=name,
        ok=False,
        issue=issue,
        evidence=list(evidence),
        instruction=instruction,
        hint=hint,
    )


def ok(stage: StageName, name: str) -> CheckResult:
    return CheckResult(stage=stage, name=name, ok=True)


# --- reply ------------------------------------------------------------------------------------------------


def check_reply(
    reply: str,
    strategy: str,
    emotion: str,
    transcript: str,
    history: list[Turn],
    similarity: float | None,
    language: str | None = None,
) -> list[CheckResult]:
    """Lexical checks on the reply; `similarity` is the MiniLM cosine reply↔transcript (None: unknown);
    `language` is the person's language as Whisper detected it (None: judged from the words). The checks
    named in guard.GUARD_CHECKS form the guard (see guard.py)."""
    stage: StageName = "reply"
    text = reply.strip()
    if not text:
        return [fail(stage, "empty", "the reply is empty", [], "Write one to three sentences.")]
    results: list[CheckResult] = check_guard(text, transcript, history, language)
    sents, nwords = sentences(text), len(words(text))
    results.append(
        fail(
            stage,
            "length",
            f"{len(sents)} sentences, {nwords} words: too long",
            [f"limit {MAX_SENTENCES} sentences / {MAX_WORDS} words"],
            "Say it in one to three short sentences.",
        )
        if len(sents) > MAX_SENTENCES or nwords > MAX_WORDS
        else ok(stage, "length")
    )
    fragment = bool(FRAGMENT_START.match(text))  # ", Have you been …": the tail of some other text
    results.append(
        fail(
            stage,
            "unfinished",
            "the reply starts or stops mid-sentence",
            [f"starts with {text[:12]!r}" if fragment else f"ends with {text[-12:]!r}"],
            "Write whole sentences; say less rather than trail off.",
        )
        if fragment or not SENTENCE_END.search(text) or text.count("(") > text.count(")")
        else ok(stage, "unfinished")
    )
    tag = SPEAKER_TAG.search(text)
    results.append(
        fail(
            stage,
            "continuation",
            "the reply writes the other side of the dialogue",
            [f"found {tag.group(0).strip()!r}"] if tag else [],
            "Write only your own reply, no speaker labels.",
        )
        if tag
        else ok(stage, "continuation")
    )
    follows, need = True, ""
    if strategy == "Question" and "?" not in text:
        follows, need = False, "ask one open question (end it with '?')"
    elif strategy == "Providing Suggestions" and not SUGGESTION.search(text):
        follows, need = False, "offer one concrete, gentle suggestion ('maybe you could ...')"
    elif strategy == "Self-disclosure" and not FIRST_PERSON.search(text):
        follows, need = False, "share a brief experience of your own ('I ...')"
    results.append(
        fail(
            stage,
            "follows_strategy",
            f"the reply does not carry out {strategy}",
            [f"strategy: {strategy}"],
            f"Follow the strategy: {need}.",
        )
        if not follows
        else ok(stage, "follows_strategy")
    )
    cheer = (
        CHEERFUL.search(text)
        if emotion in NEGATIVE_EMOTIONS
        else ((SORROWFUL.search(text) or trouble_word(text, transcript)) if emotion == "joy" else None)
    )
    sorrow_word = names_negative_feeling(text, transcript) if emotion == "joy" and not cheer else None
    mismatch = bool(cheer or sorrow_word)
    results.append(
        fail(
            stage,
            "tone_mismatch",
            f"{'cheerful' if emotion in NEGATIVE_EMOTIONS else 'sorrowful'} words "
            f"to a person feeling {emotion}",
            [f"found {(cheer.group(0) if cheer else sorrow_word)!r}", f"emotion: {emotion}"]
            if mismatch
            else [],
            f"Drop the {'cheerful' if emotion in NEGATIVE_EMOTIONS else 'sorrowful'} words; "
            f"acknowledge the {emotion} {'gently' if emotion in NEGATIVE_EMOTIONS else 'warmly'}.",
        )
        if mismatch
        else ok(stage, "tone_mismatch")
    )
    harm = DISMISSIVE.search(text)
    results.append(
        fail(
            stage,
            "dismissive",
            "dismissive or harmful phrasing",
            [f"found {harm.group(0)!r}"] if harm else [],
            "Never minimise or dismiss the feeling; validate it instead.",
        )
        if harm
        else ok(stage, "dismissive")
    )
    # a short follow-up ("okay, I will do that") is answered through the last exchange: count its words too
    recent = " ".join(f"{t.user_text} {t.reply or ''}" for t in history[-1:])
    shared = content_words(text) & (content_words(transcript) | content_words(recent))
    ignores = (
        bool(transcript.strip())
        and not shared
        and similarity is not None
        and similarity < MIN_SIMILARITY
        and (bool(history) or text not in templates.opening_answers(transcript))  # "Of course, I'm here…"
    )
    results.append(
        fail(
            stage,
            "ignores_person",
            "the reply does not speak to what the person said",
            [
                f"shared content words: none; similarity {similarity:.2f} < {MIN_SIMILARITY}"
                if similarity is not None
                else "shared content words: none"
            ],
            "Refer to what the person actually said.",
        )
        if ignores
        else ok(stage, "ignores_person")
    )
    repeats = repeated_ngrams(text)
    norm = [plain(s) for s in sents]
    dup_sent = len(norm) != len(set(norm))
    earlier = {plain(t.reply or "") for t in history}
    same_as_before = plain(text) in earlier
    repetitive = bool(repeats) or dup_sent or same_as_before
    detail = (
        ([f"repeated: {repeats[0]!r}"] if repeats else [])
        + (["a sentence repeats"] if dup_sent else [])
        + (["same as an earlier reply"] if same_as_before else [])
    )
    results.append(
        fail(stage, "repetition", "the reply repeats itself", detail, "Say each thing once, freshly.")
        if repetitive
        else ok(stage, "repetition")
    )
    return results


# --- the reply against this moment of the conversation (what the judges caught that the guard passed) ------
COPY_RATIO = (
    0.75  # an earlier supporter turn this similar (characters, or the reply's content words) is a copy
)
# A question of the reply this similar to a question an earlier supporter turn asked asks it again ("How long
# have you been together?" after "7 years"): on the 1,480 graded ESConv train turns such candidates graded
# A 0.06 / C 0.69 (experiments/reply_audit/README.md, "Thanks, plans and questions asked again").
REASK_RATIO = 0.8
QUESTION_SENTENCE = re.compile(r"[^.!?]*\?")
MIN_TOLD_WORDS = 4  # content words the person must have said for "thank you for sharing" to make sense


def copied_turn(reply: str, earlier: list[str]) -> str | None:
    """The earlier supporter turn `reply` nearly copies (characters, or its content words when it has at
    least three), else None."""
    mine = content_words(reply)
    return next(
        (
            e
            for e in earlier
            if difflib.SequenceMatcher(None, plain(e), plain(reply)).ratio() >= COPY_RATIO
            or (len(mine) >= 3 and len(mine & content_words(e)) >= COPY_RATIO * len(mine))
        ),
        None,
    )


def asked_again(reply: str, earlier: list[str]) -> str | None:
    """The earlier supporter question that a question of `reply` asks again (characters, or its content
    words when it has at least two), else None."""
    asked = [(q.strip(), plain(q), content_words(q)) for e in earlier for q in QUESTION_SENTENCE.findall(e)]
    for question in QUESTION_SENTENCE.findall(reply):
        mine, mine_plain = content_words(question), plain(question)
        for before, before_plain, theirs in asked:
            same = difflib.SequenceMatcher(None, mine_plain, before_plain).ratio() >= REASK_RATIO
            if same or (len(mine) >= 2 and len(mine & theirs) >= REASK_RATIO * len(mine)):
                return before
    return None


def check_moment(reply: str, transcript: str, history: list[Turn]) -> list[CheckResult]:
    """Checks of the reply against this moment of the conversation: a near-copy of an earlier supporter
    turn or a question it asked again (`copies_earlier`), a greeting, goodbye or thanks at the wrong moment,
    a you're-welcome to no thanks or praise for a plan nobody gave (`wrong_moment`), specifics
    of time, recurrence or compound words that nothing said supports (`invents_specifics`), and sympathy
    for being left when the person did the leaving (`role_reversal`). The audit names each failure in its
    hints (reflection.Audit.hints: `drop`), so a refinement round drops every candidate that fails it."""
    stage: StageName = "reply"
    text = reply.strip()
    said = " ".join([transcript, *(t.user_text for t in history)])
    earlier = [t.reply or "" for t in history if t.reply]
    conversation = " ".join([said, *earlier])
    out: list[CheckResult] = []
    copied = copied_turn(text, earlier) or asked_again(text, earlier)
    out.append(
        fail(
            stage,
            "copies_earlier",
            "the reply repeats an earlier supporter turn or asks its question again",
            [f"earlier: {copied[:80]!r}"],
            "Do not repeat what was already said; answer their last words.",
        )
        if copied
        else ok(stage, "copies_earlier")
    )
    wrong = ""
    if GREETING_OPEN.match(text):
        if history and not GREETING_OPEN.match(transcript.strip()):
            wrong = "a greeting in the middle of the conversation"
    elif (
        guard.CLOSING.search(text)
        and not guard.closes(transcript)
        and (bool(history) or text not in templates.opening_answers(transcript))  # "Take care! I'm here…"
    ):
        wrong = f"a goodbye or pleasantry ({guard.CLOSING.search(text).group(0)!r}) while the person goes on"
    elif THANKS_FOR_TELLING.search(text) and len(content_words(transcript) - guard.GREETING) < MIN_TOLD_WORDS:
        wrong = "thanks for sharing when the person has told nothing yet"
    elif YOU_ARE_WELCOME.search(text) and not (
        templates.THANKED.search(transcript) or THANKS_IMPLIED.search(transcript) or guard.closes(transcript)
    ):
        wrong = f"{YOU_ARE_WELCOME.search(text).group(0)!r} when the person thanked for nothing"
    elif PRAISES_PLAN.search(text) and not INTENTION.search(transcript):
        wrong = f"praise ({PRAISES_PLAN.search(text).group(0)!r}) for a plan or idea the person did not give"
    out.append(
        fail(
            stage,
            "wrong_moment",
            f"the reply is {wrong}",
            [f"person: {transcript[:80]!r}"],
            "Answer what the person just said, at this point of the conversation.",
        )
        if wrong
        else ok(stage, "wrong_moment")
    )
    conv_plain = plain(conversation)
    specifics = [m.group(0) for m in TIME_SPECIFICS.finditer(text) if plain(m.group(0)) not in conv_plain]
    for m in HYPHENATED.finditer(text):  # "co-workers": the guard reads "co" and "workers"
        joined = (m.group(1) + m.group(2)).lower()
        if guard.invented(joined, [conversation]) and joined not in conv_plain.replace(" ", ""):
            specifics.append(m.group(0))
    out.append(
        fail(
            stage,
            "invents_specifics",
            "the reply asserts specifics nobody said",
            [f"not in the conversation: {', '.join(specifics[:4])}"],
            "Drop the invented specifics; say back only what the person told.",
        )
        if specifics
        else ok(stage, "invents_specifics")
    )
    reversed_role = LEFT_BY_OTHER.search(text) if LEFT_BY_PERSON.search(said) else None
    out.append(
        fail(
            stage,
            "role_reversal",
            "sympathy for being left, to the person who did the leaving",
            [f"reply: {reversed_role.group(0)!r}; person: {LEFT_BY_PERSON.search(said).group(0)!r}"],
            "Keep who did what straight: the person made the choice.",
        )
        if reversed_role
        else ok(stage, "role_reversal")
    )
    return out


def check_guard(text: str, transcript: str, history: list[Turn], language: str | None) -> list[CheckResult]:
    """The guard's own checks (debris, invented facts, greeting only, language); see guard.py."""
    stage: StageName = "reply"
    debris = guard.DEBRIS.search(text)
    conversation = [transcript, *(t.user_text for t in history), *(t.reply or "" for t in history)]
    made_up = guard.invented(text, conversation)
    person = guard.person_language(transcript, language)
    share = guard.english_share(text)
    foreign = share is not None and share < guard.ENGLISH_SHARE
    return [
        fail(
            stage,
            "debris",
            "the reply holds code or markup debris",
            [f"found {debris.group(0)!r}"],
            "Write plain sentences only.",
        )
        if debris
        else ok(stage, "debris"),
        fail(
            stage,
            "invented",
            "the reply names things the person never mentioned",
            [f"not in the conversation: {', '.join(made_up[:5])}"],
            "Speak only about what the person said; invent no names, numbers or events.",
        )
        if made_up
        else ok(stage, "invented"),
        fail(
            stage,
            "greeting_only",
            "the reply is only a greeting",
            [f"reply: {text[:60]!r}"],
            "Respond to what the person said, not only with a greeting.",
        )
        if guard.greeting_only(text, content_words(text))
        else ok(stage, "greeting_only"),
        fail(
            stage,
            "language",
            "the reply is not in the person's language (or in English, the fallback)",
            [f"English word share {share:.2f} < {guard.ENGLISH_SHARE}; person: {person}"],
            "Reply in plain English sentences.",
        )
        if foreign
        else ok(stage, "language"),
    ]


def check_strategy_fit(strategy: str, probs: dict[str, float]) -> CheckResult:
    """The strategy classifier (trained on ESConv train supporter turns) must see the planned strategy in
    the reply: its probability at least STRATEGY_FIT_RATIO of the classifier's top one."""
    stage: StageName = "reply"
    top = max(probs, key=probs.__getitem__)
    if probs[strategy] >= STRATEGY_FIT_RATIO * probs[top]:
        return ok(stage, "strategy_fit")
    return fail(
        stage,
        "strategy_fit",
        f"the reply reads as {top}, not {strategy}",
        [f"strategy classifier: {top} {probs[top]:.2f}, {strategy} {probs[strategy]:.2f}"],
        f"Carry out {strategy}.",
    )


def guard_failures(results: Iterable[CheckResult]) -> list[CheckResult]:
    """The failed checks that belong to the guard: a reply with any of them is never returned."""
    return [r for r in results if not r.ok and r.name in guard.GUARD_CHECKS]


def tone_emotion(forecast_emotion: str, evidence: Evidence) -> str:
    """The emotion the tone check guards: the forecast, unless it is neutral while the person's own words
    read a negative emotion (a flat face or an even voice telling of a loss must not license cheerful
    words), or it is joy or neutral while one of their sentences, read on its own, is a hard part
    (`hard_part`: "I love him, but I'm so exhausted that sometimes I wish I could disappear")."""
    words = evidence.modalities.text
    if forecast_emotion not in ("neutral", "joy") or not words.available:
        return forecast_emotion
    top, p = top_emotion(words.probs)
    if forecast_emotion == "neutral" and top in NEGATIVE_EMOTIONS and p >= WORDS_TONE_PROB:
        return top
    hard = hard_part(evidence)
    return hard[0] if hard else forecast_emotion


def hard_part(evidence: Evidence, threshold: float | None = None) -> tuple[str, float, str] | None:
    """(emotion, probability, sentence) of the most negative sentence or "but" clause of the person's words
    read on its own (perception.text.parts), when a negative emotion reaches HARD_PART_PROB; else None."""
    words = evidence.modalities.text
    threshold = HARD_PART_PROB if threshold is None else threshold
    best = None
    for part in words.cues.get("parts", []) if words.available else []:
        for emotion in NEGATIVE_EMOTIONS:
            p = float(part["scores"].get(emotion, 0.0))
            if p >= threshold and (best is None or p > best[1]):
                best = (emotion, p, part["text"])
    return best


# --- verdicts ---------------------------------------------------------------------------------------------


def verdict(stage: StageName, results: list[CheckResult]) -> AuditVerdict:
    """pass iff every check passed; otherwise the issues, their evidence and the joined instructions."""
    failed = [r for r in results if not r.ok]
    if not failed:
        noted = [e for r in results for e in r.evidence]  # a passing check's evidence: what it overruled
        return AuditVerdict(stage=stage, verdict="pass", evidence=[f"{len(results)} checks passed", *noted])
    return AuditVerdict(
        stage=stage,
        verdict="revise",
        issues=[f.issue for f in failed],
        evidence=[e for f in failed for e in f.evidence],
        instruction=" ".join(f.instruction for f in failed),
    )


def failed_count(results: Iterable[CheckResult]) -> int:
    return sum(not r.ok for r in results)


def merge_hints(results: Iterable[CheckResult]) -> dict[str, Any]:
    hints: dict[str, Any] = {}
    for r in results:
        for key, value in r.hint.items():
            if isinstance(value, list):
                hints.setdefault(key, [])
                hints[key] = [*hints[key], *[v for v in value if v not in hints[key]]]
            else:
                hints[key] = value
    return hints


__all__ = [
    "CheckResult",
    "check_reply",
    "check_guard",
    "check_moment",
    "check_strategy_fit",
    "guard_failures",
    "tone_emotion",
    "verdict",
    "failed_count",
    "merge_hints",
    "EMOTIONS",
    # lexicon.py's helpers that callers read as checks.X (the responder, scripts/)
    "STOPWORDS",
    "content_words",
    "sentences",
]
