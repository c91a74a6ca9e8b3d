"""The audit's code checks: pure functions over stage outputs and evidence; each failure names its evidence.

The reflection agent's verdicts rest on these, not on the small model's opinion: a stage is sent back
(`revise`) exactly when one of its checks fails; the model only words the critique. Rules are kept
defensible (ESConv's exploration → comforting → action order; plain lexical facts about the reply).
"""

from __future__ import annotations

import difflib
import functools
import re
from typing import Any, Iterable

from pydantic import BaseModel, Field

from mer_agents.agents import guard
from mer_agents.labels import EMOTIONS, MODALITIES, NEGATIVE_EMOTIONS, top_emotion
from mer_agents.types import AuditVerdict, EmotionForecast, Evidence, StageName, StrategyPlan, Turn

# --- thresholds -----------------------------------------------------------------------------------
STRONG_CONFIDENCE = 0.5  # a modality counts as "strong" at this confidence ...
STRONG_PROB = 0.5  # ... when its top label has at least this probability
MENTION_FLOOR = 0.2  # the summary may name an emotion some modality reads at least this high
ACUTE_INTENSITY = 0.5  # negative emotion at least this intense = acute distress
MAX_SENTENCES = 3
MAX_WORDS = 60
MIN_SIMILARITY = 0.25  # MiniLM cosine reply↔transcript below which (with no shared word) it ignores them
REPEAT_NGRAM = 4
WORDS_TONE_PROB = (
    0.4  # the person's own words read this negative → cheerful replies fail, whatever the fusion
)
# A sentence of the person's words that reads a negative emotion at least this strongly on its own makes the
# tone that emotion's, not joy's: chosen on held-out ESConv train situations and the good-news design sets
# (scripts/hard_part_selection.py, docs/results/hard_part_selection.json).
HARD_PART_PROB = 0.4
STRATEGY_FIT_RATIO = 0.5  # planned strategy's classifier probability vs the top one's
SENTENCE_END = re.compile(r"[.!?…][\"'”’)]*$")

EMOTION_WORDS: dict[str, tuple[str, ...]] = {
    "joy": ("happy", "happiness", "joy", "joyful", "cheerful", "glad", "delighted", "excited"),
    "sadness": ("sad", "sadness", "unhappy", "grief", "grieving", "down", "depressed", "sorrow", "upset"),
    "anger": ("angry", "anger", "frustrated", "frustration", "furious", "annoyed", "mad"),
    "fear": ("fear", "afraid", "scared", "anxious", "anxiety", "worried", "nervous", "fearful"),
    "surprise": ("surprise", "surprised", "shocked", "astonished"),
    "disgust": ("disgust", "disgusted", "repulsed"),
    "neutral": ("neutral", "calm", "flat"),
}
EMOTION_VOCAB = frozenset(w for vocab in EMOTION_WORDS.values() for w in vocab) | frozenset(EMOTION_WORDS)
CHEERFUL = re.compile(
    r"\b(great!|that'?s great|sounds great|great news|awesome|congrats|congratulations|wonderful|fantastic|"
    r"yay|amazing|hooray|so exciting|glad to hear|happy to hear|lol|haha)\b|:\)|😀|😊",
    re.I,
)
SORROWFUL = re.compile(  # condolences: wrong for good news
    r"\b(oh no|sorry to hear|sorry for your|so sorry|that'?s (horrible|terrible|awful|sad|rough|tough)|"
    r"(a |such a |really )?(hard|tough|difficult|rough) time|"
    r"must be (so |really |very )?(hard|difficult|painful|tough)|my condolences)\b",
    re.I,
)
# Good news answered as trouble ("What got you depressed?", "What tests are you struggling with?"): for a
# person feeling joy, a reply may not name a negative feeling (the text head's stated-emotion words, not
# negated) or presume a problem.
TROUBLE = re.compile(
    r"\b(struggl\w*|bother\w*|troubl\w*|problems?|wrong|cope|coping|going through|get through)\b", re.I
)
NEGATIVE_FEELINGS = ("sadness", "anger", "fear", "disgust")


def names_negative_feeling(text: str, said: str = "") -> str | None:
    """The first negative-feeling word of the reply ("upset", "depressed") that the text head's Lexicon does
    not read as negated and that the person did not use themselves ("I was so worried, but I passed!" allows
    "worried"), or None."""
    from mer_agents.perception.text_head import lexicon_tokens

    said_words = set(lexicon_tokens(said))
    return next(
        (
            word
            for word, emotion, negated in _lexicon().mentions(text)
            if emotion in NEGATIVE_FEELINGS and not negated and word not in said_words
        ),
        None,
    )


@functools.cache
def _lexicon():
    from mer_agents.perception.text_head import Lexicon

    return Lexicon()


def _trouble(text: str, said: str) -> re.Match | None:
    """A TROUBLE word of the reply that the person did not say ("after all the problems I passed")."""
    from mer_agents.perception.text_head import lexicon_tokens

    said_words = set(lexicon_tokens(said))
    return next((m for m in TROUBLE.finditer(text) if m.group(0).lower() not in said_words), None)


FRAGMENT_START = re.compile(r"\s*[,;:.)\]]")
DISMISSIVE = re.compile(
    r"\b(calm down|get over it|not a big deal|no big deal|at least|you'?re overreacting|stop being|"
    r"just relax|"
    r"cheer up|could be worse|move on|everything happens for a reason|don'?t be sad|man up|snap out of it|"
    r"kill yourself|hurt yourself|end it all|you should die|give up on life|nobody cares|i hate you|"
    r"shut up|you('re| are) (so )?(stupid|pathetic|worthless|an idiot|useless|a loser))\b",
    re.I,
)
SPEAKER_TAG = re.compile(r"((^|\n|\s)(seeker|user|person|supporter|assistant|human)|(^|\n)\s*you)\s*:", re.I)
SUGGESTION = re.compile(
    r"\b(try|could|might|maybe|perhaps|how about|what about|consider|suggest|recommend|have you thought|"
    r"it may help|it might help|would it help|you can|you may want)\b",
    re.I,
)
FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'd|my|me)\b", re.I)
STOPWORDS = frozenset(
    "a an the and or but if so to of in on at for with from by about as is are was were be been "
    "being am do does did have has had i me my you your he she it we they them their our this that "
    "these those there here what when where why how who which not no yes just very really so too can "
    "could would should will shall may might must im ive id dont its thats youre feel feeling like "
    "get got go going know think want one also still even all any some much many more most than then "
    "now well ok okay oh ".split()
)
NUMBER = re.compile(r"\d+(?:\.\d+)?")
FACE_WORDS = re.compile(r"\b(face|facial|smil\w*|frown\w*|expression)\b", re.I)
VOICE_WORDS = re.compile(r"\b(voice|tone|pitch|prosody|speaking rate)\b", re.I)
DESCRIBED_BY = {"face": FACE_WORDS, "voice": VOICE_WORDS}


class CheckResult(BaseModel):
    """One check on one stage: ok, or the issue, the evidence it rests on and what to change."""

    stage: StageName
    name: str
    ok: bool
    issue: str = ""
    evidence: list[str] = Field(default_factory=list)
    instruction: str = ""
    hint: dict[str, Any] = Field(default_factory=dict)


def _fail(
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


def _ok(stage: StageName, name: str) -> CheckResult:
    return CheckResult(stage=stage, name=name, ok=True)


# --- text helpers -----------------------------------------------------------------------------------


def words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower())


def content_words(text: str) -> set[str]:
    return {w.replace("'", "") for w in words(text) if len(w) > 2 and w.replace("'", "") not in STOPWORDS}


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if re.search(r"\w", s)]


def emotions_named(text: str) -> set[str]:
    found = set(words(text))
    return {label for label, vocab in EMOTION_WORDS.items() if found & set(vocab)}


def strong_labels(evidence: Evidence, modalities: Iterable[str]) -> dict[str, str]:
    """modality → its top label, for the modalities that read a label confidently."""
    out: dict[str, str] = {}
    for name in modalities:
        mod = getattr(evidence.modalities, name)
        if not mod.available or mod.confidence < STRONG_CONFIDENCE:
            continue
        label, p = top_emotion(mod.probs)
        if p >= STRONG_PROB:
            out[name] = label
    return out


def readable_emotions(evidence: Evidence) -> set[str]:
    """The emotions some available modality reads at MENTION_FLOOR or more: what a text may name."""
    return {
        label
        for name in MODALITIES
        if (mod := getattr(evidence.modalities, name)).available
        for label, p in mod.probs.items()
        if p >= MENTION_FLOOR
    }


def unobserved(evidence: Evidence) -> tuple[str, ...]:
    """The modalities not observed, as a text names them: "face" (no video), "voice" (no audio)."""
    pairs = (("face", evidence.modalities.video), ("voice", evidence.modalities.audio))
    return tuple(noun for noun, mod in pairs if not mod.available)


def describes(text: str, modalities: Iterable[str]) -> list[str]:
    """Those of `modalities` ("face", "voice") that `text` describes."""
    return [m for m in modalities if DESCRIBED_BY[m].search(text)]


# --- perception ---------------------------------------------------------------------------------------


def check_perception(summary: str, evidence: Evidence, digest: str) -> list[CheckResult]:
    stage: StageName = "perception"
    results: list[CheckResult] = []
    if not summary.strip():
        return [_fail(stage, "empty", "the summary is empty", [], "Write one sentence over all modalities.")]
    readable = readable_emotions(evidence)
    unsupported = emotions_named(summary) - readable - {"neutral"}
    results.append(
        _fail(
            stage,
            "unsupported_emotion",
            f"the summary names {', '.join(sorted(unsupported))}, which no modality reads",
            [f"labels read at ≥{MENTION_FLOOR}: {', '.join(sorted(readable)) or 'none'}"],
            f"Name only emotions the evidence shows: {', '.join(sorted(readable)) or 'neutral'}.",
        )
        if unsupported
        else _ok(stage, "unsupported_emotion")
    )
    known = {float(x) for x in NUMBER.findall(digest)}
    known |= {round(x * 100) for x in list(known) if x <= 1}
    invented = [x for x in NUMBER.findall(summary) if float(x) not in known]
    results.append(
        _fail(
            stage,
            "invented_numbers",
            f"the summary cites numbers not in the evidence: {', '.join(invented[:4])}",
            [f"evidence numbers: {', '.join(sorted({x for x in NUMBER.findall(digest)})[:12])}"],
            "Cite only numbers that appear in the evidence, or none.",
        )
        if invented
        else _ok(stage, "invented_numbers")
    )
    absent = describes(summary, unobserved(evidence))
    results.append(
        _fail(
            stage,
            "absent_modality",
            f"the summary describes the {' and '.join(absent)}, which is unavailable",
            [f"{m}: unavailable" for m in absent],
            f"Do not describe the {' or '.join(absent)}: it was not observed.",
        )
        if absent
        else _ok(stage, "absent_modality")
    )
    return results


# --- forecast -------------------------------------------------------------------------------------------


def check_forecast(
    forecast: EmotionForecast, evidence: Evidence, modalities: Iterable[str]
) -> list[CheckResult]:
    """The forecast may not contradict two or more confident modalities that agree on one label — except
    that a neutral face and voice never overrule words that confidently name an emotion."""
    stage: StageName = "forecast"
    strong = strong_labels(evidence, modalities)
    counts: dict[str, list[str]] = {}
    for mod, label in strong.items():
        counts.setdefault(label, []).append(mod)
    agreeing = {label: mods for label, mods in counts.items() if len(mods) >= 2}
    words = strong_labels(evidence, ["text"]).get("text") if "text" in modalities else None
    if words and words != "neutral":  # a composed face and an even voice are restraint, not counter-evidence
        agreeing.pop("neutral", None)
    for label, mods in agreeing.items():
        if forecast.emotion != label:
            ev = [
                f"{m}: {label} {getattr(evidence.modalities, m).probs[label]:.2f} "
                f"(confidence {getattr(evidence.modalities, m).confidence:.2f})"
                for m in mods
            ]
            return [
                _fail(
                    stage,
                    "contradicts_agreeing_evidence",
                    f"forecast says {forecast.emotion} but {' and '.join(mods)} agree on {label}",
                    [*ev, f"forecast: {forecast.emotion} {forecast.probs[forecast.emotion]:.2f}"],
                    f"The confident modalities agree on {label}; do not move the forecast away from it.",
                    label=label,
                )
            ]
    return [_ok(stage, "contradicts_agreeing_evidence")]


# --- strategy -------------------------------------------------------------------------------------------


def check_strategy(plan: StrategyPlan, forecast: EmotionForecast, history: list[Turn]) -> list[CheckResult]:
    stage: StageName = "strategy"
    acute = forecast.emotion in NEGATIVE_EMOTIONS and forecast.intensity >= ACUTE_INTENSITY
    results: list[CheckResult] = []
    early_action = not history and acute and plan.strategy in ("Providing Suggestions", "Information")
    results.append(
        _fail(
            stage,
            "action_before_exploration",
            f"{plan.strategy} in the first turn to a person in acute {forecast.emotion}",
            [f"first turn; {forecast.emotion} intensity {forecast.intensity:.2f}"],
            "Acknowledge and explore the feelings first (reflection, affirmation or a question).",
            avoid=[plan.strategy],
        )
        if early_action
        else _ok(stage, "action_before_exploration")
    )
    recent = [t.strategy for t in history[-2:]]
    interrogation = plan.strategy == "Question" and len(recent) == 2 and all(s == "Question" for s in recent)
    results.append(
        _fail(
            stage,
            "question_streak",
            "a third question in a row: the person is being interrogated",
            ["previous two strategies: Question, Question"],
            "Do not ask again; reflect or affirm what they said.",
            avoid=["Question"],
        )
        if interrogation
        else _ok(stage, "question_streak")
    )
    offtopic = (
        plan.strategy == "Others" and forecast.emotion in NEGATIVE_EMOTIONS and forecast.intensity >= 0.6
    )
    results.append(
        _fail(
            stage,
            "generic_for_distress",
            f"'Others' (small talk) to a person in strong {forecast.emotion}",
            [f"{forecast.emotion} intensity {forecast.intensity:.2f}"],
            "Choose a strategy that engages the feeling.",
            avoid=["Others"],
        )
        if offtopic
        else _ok(stage, "generic_for_distress")
    )
    return results


# --- reply ------------------------------------------------------------------------------------------------


def _plain(text: str) -> str:
    """Lower case, punctuation as spaces: texts compared as said."""
    return re.sub(r"\W+", " ", text.lower()).strip()


def repeated_ngrams(text: str, n: int = REPEAT_NGRAM) -> list[str]:
    toks = words(text)
    seen: dict[tuple[str, ...], int] = {}
    for i in range(len(toks) - n + 1):
        gram = tuple(toks[i : i + n])
        seen[gram] = seen.get(gram, 0) + 1
    return [" ".join(g) for g, c in seen.items() if c > 1]


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
        return [_fail(stage, "empty", "the reply is empty", [], "Write one to three sentences.")]
    results: list[CheckResult] = check_guard(text, transcript, history, language)
    sents, nwords = sentences(text), len(words(text))
    results.append(
        _fail(
            stage,
            "length",
            f"{len(sents)} sentences, {nwords} words: too long",
            [f"limit {MAX_SENTENCES} sentences / {MAX_WORDS} words"],
            "Say it in one to three short sentences.",
        )
        if len(sents) > MAX_SENTENCES or nwords > MAX_WORDS
        else _ok(stage, "length")
    )
    fragment = bool(FRAGMENT_START.match(text))  # ", Have you been …": the tail of some other text
    results.append(
        _fail(
            stage,
            "unfinished",
            "the reply starts or stops mid-sentence",
            [f"starts with {text[:12]!r}" if fragment else f"ends with {text[-12:]!r}"],
            "Write whole sentences; say less rather than trail off.",
        )
        if fragment or not SENTENCE_END.search(text) or text.count("(") > text.count(")")
        else _ok(stage, "unfinished")
    )
    tag = SPEAKER_TAG.search(text)
    results.append(
        _fail(
            stage,
            "continuation",
            "the reply writes the other side of the dialogue",
            [f"found {tag.group(0).strip()!r}"] if tag else [],
            "Write only your own reply, no speaker labels.",
        )
        if tag
        else _ok(stage, "continuation")
    )
    follows, need = True, ""
    if strategy == "Question" and "?" not in text:
        follows, need = False, "ask one open question (end it with '?')"
    elif strategy == "Providing Suggestions" and not SUGGESTION.search(text):
        follows, need = False, "offer one concrete, gentle suggestion ('maybe you could ...')"
    elif strategy == "Self-disclosure" and not FIRST_PERSON.search(text):
        follows, need = False, "share a brief experience of your own ('I ...')"
    results.append(
        _fail(
            stage,
            "follows_strategy",
            f"the reply does not carry out {strategy}",
            [f"strategy: {strategy}"],
            f"Follow the strategy: {need}.",
        )
        if not follows
        else _ok(stage, "follows_strategy")
    )
    cheer = (
        CHEERFUL.search(text)
        if emotion in NEGATIVE_EMOTIONS
        else ((SORROWFUL.search(text) or _trouble(text, transcript)) if emotion == "joy" else None)
    )
    sorrow_word = names_negative_feeling(text, transcript) if emotion == "joy" and not cheer else None
    mismatch = bool(cheer or sorrow_word)
    results.append(
        _fail(
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
        else _ok(stage, "tone_mismatch")
    )
    harm = DISMISSIVE.search(text)
    results.append(
        _fail(
            stage,
            "dismissive",
            "dismissive or harmful phrasing",
            [f"found {harm.group(0)!r}"] if harm else [],
            "Never minimise or dismiss the feeling; validate it instead.",
        )
        if harm
        else _ok(stage, "dismissive")
    )
    # a short follow-up ("okay, I will do that") is answered through the last exchange: count its words too
    recent = " ".join(f"{t.user_text} {t.reply or ''}" for t in history[-1:])
    shared = content_words(text) & (content_words(transcript) | content_words(recent))
    ignores = (
        bool(transcript.strip()) and not shared and similarity is not None and similarity < MIN_SIMILARITY
    )
    results.append(
        _fail(
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
        else _ok(stage, "ignores_person")
    )
    repeats = repeated_ngrams(text)
    norm = [_plain(s) for s in sents]
    dup_sent = len(norm) != len(set(norm))
    earlier = {_plain(t.reply or "") for t in history}
    same_as_before = _plain(text) in earlier
    repetitive = bool(repeats) or dup_sent or same_as_before
    detail = (
        ([f"repeated: {repeats[0]!r}"] if repeats else [])
        + (["a sentence repeats"] if dup_sent else [])
        + (["same as an earlier reply"] if same_as_before else [])
    )
    results.append(
        _fail(stage, "repetition", "the reply repeats itself", detail, "Say each thing once, freshly.")
        if repetitive
        else _ok(stage, "repetition")
    )
    return results


# --- the reply against this moment of the conversation (what the judges caught that the guard passed) ------
COPY_RATIO = (
    0.75  # an earlier supporter turn this similar (characters, or the reply's content words) is a copy
)
GREETING_OPEN = re.compile(r"^\W*(hi|hello|hey|hiya|good (morning|afternoon|evening)|welcome)\b", re.I)
THANKS_FOR_TELLING = re.compile(
    r"\b(thank(s| you) for (sharing|telling|opening up|explaining|letting me know|being (so )?(open|honest))|"
    r"i appreciate you (sharing|telling|opening up))\b",
    re.I,
)
MIN_TOLD_WORDS = 4  # content words the person must have said for "thank you for sharing" to make sense
# specifics of time and recurrence a reply may only say back: "again" presumes an earlier time
TIME_SPECIFICS = re.compile(
    r"\b(again|this time of (the )?year|time of (the )?year|yesterday|last (night|week|month|year)|tonight|"
    r"this (weekend|morning|evening)|holiday season|new year|summer|winter|spring break)\b",
    re.I,
)
LEFT_BY_OTHER = re.compile(  # sympathy for being left
    r"\b(dumped|got dumped|left you|broke up with you|walked out on you|cheated on you|abandoned you)\b", re.I
)
LEFT_BY_PERSON = re.compile(
    r"\b(i (broke up|dumped|left|ended (it|things)|walked out|divorced)|i('m| am) (the one who|leaving))\b",
    re.I,
)
HYPHENATED = re.compile(r"\b([A-Za-z]+)-([A-Za-z]+)\b")


def check_moment(reply: str, transcript: str, history: list[Turn]) -> list[CheckResult]:
    """Checks of the reply against this moment of the conversation: a near-copy of an earlier supporter
    turn (`copies_earlier`), a greeting, goodbye or thanks at the wrong moment (`wrong_moment`), specifics
    of time, recurrence or compound words that nothing said supports (`invents_specifics`), and sympathy
    for being left when the person did the leaving (`role_reversal`). The audit names each failure in its
    hints (reflection.Audit.hints: `drop`), so a refinement round drops every candidate that fails it."""
    stage: StageName = "reply"
    text = reply.strip()
    said = " ".join([transcript, *(t.user_text for t in history)])
    earlier = [t.reply or "" for t in history if t.reply]
    conversation = " ".join([said, *earlier])
    out: list[CheckResult] = []
    mine = content_words(text)
    copied = next(
        (
            e
            for e in earlier
            if difflib.SequenceMatcher(None, _plain(e), _plain(text)).ratio() >= COPY_RATIO
            or (len(mine) >= 3 and len(mine & content_words(e)) >= COPY_RATIO * len(mine))
        ),
        None,
    )
    out.append(
        _fail(
            stage,
            "copies_earlier",
            "the reply repeats an earlier supporter turn",
            [f"earlier: {copied[:80]!r}"],
            "Do not repeat what was already said; answer their last words.",
        )
        if copied
        else _ok(stage, "copies_earlier")
    )
    wrong = ""
    if GREETING_OPEN.match(text):
        if history and not GREETING_OPEN.match(transcript.strip()):
            wrong = "a greeting in the middle of the conversation"
    elif guard.CLOSING.search(text) and not guard.closes(transcript):
        wrong = f"a goodbye or pleasantry ({guard.CLOSING.search(text).group(0)!r}) while the person goes on"
    elif THANKS_FOR_TELLING.search(text) and len(content_words(transcript) - guard.GREETING) < MIN_TOLD_WORDS:
        wrong = "thanks for sharing when the person has told nothing yet"
    out.append(
        _fail(
            stage,
            "wrong_moment",
            f"the reply is {wrong}",
            [f"person: {transcript[:80]!r}"],
            "Answer what the person just said, at this point of the conversation.",
        )
        if wrong
        else _ok(stage, "wrong_moment")
    )
    conv_plain = _plain(conversation)
    specifics = [m.group(0) for m in TIME_SPECIFICS.finditer(text) if _plain(m.group(0)) not in conv_plain]
    for m in HYPHENATED.finditer(text):  # "co-workers": the guard reads "co" and "workers"
        joined = (m.group(1) + m.group(2)).lower()
        if guard.invented(joined, [conversation]) and joined not in conv_plain.replace(" ", ""):
            specifics.append(m.group(0))
    out.append(
        _fail(
            stage,
            "invents_specifics",
            "the reply asserts specifics nobody said",
            [f"not in the conversation: {', '.join(specifics[:4])}"],
            "Drop the invented specifics; say back only what the person told.",
        )
        if specifics
        else _ok(stage, "invents_specifics")
    )
    reversed_role = LEFT_BY_OTHER.search(text) if LEFT_BY_PERSON.search(said) else None
    out.append(
        _fail(
            stage,
            "role_reversal",
            "sympathy for being left, to the person who did the leaving",
            [f"reply: {reversed_role.group(0)!r}; person: {LEFT_BY_PERSON.search(said).group(0)!r}"],
            "Keep who did what straight: the person made the choice.",
        )
        if reversed_role
        else _ok(stage, "role_reversal")
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
        _fail(
            stage,
            "debris",
            "the reply holds code or markup debris",
            [f"found {debris.group(0)!r}"],
            "Write plain sentences only.",
        )
        if debris
        else _ok(stage, "debris"),
        _fail(
            stage,
            "invented",
            "the reply names things the person never mentioned",
            [f"not in the conversation: {', '.join(made_up[:5])}"],
            "Speak only about what the person said; invent no names, numbers or events.",
        )
        if made_up
        else _ok(stage, "invented"),
        _fail(
            stage,
            "greeting_only",
            "the reply is only a greeting",
            [f"reply: {text[:60]!r}"],
            "Respond to what the person said, not only with a greeting.",
        )
        if guard.greeting_only(text, content_words(text))
        else _ok(stage, "greeting_only"),
        _fail(
            stage,
            "language",
            "the reply is not in the person's language (or in English, the fallback)",
            [f"English word share {share:.2f} < {guard.ENGLISH_SHARE}; person: {person}"],
            "Reply in plain English sentences.",
        )
        if foreign
        else _ok(stage, "language"),
    ]


def check_strategy_fit(strategy: str, probs: dict[str, float]) -> CheckResult:
    """The strategy classifier (trained on ESConv train supporter turns) must see the planned strategy in
    the reply: its probability at least STRATEGY_FIT_RATIO of the classifier's top one."""
    stage: StageName = "reply"
    top = max(probs, key=probs.__getitem__)
    if probs[strategy] >= STRATEGY_FIT_RATIO * probs[top]:
        return _ok(stage, "strategy_fit")
    return _fail(
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
        return AuditVerdict(stage=stage, verdict="pass", evidence=[f"{len(results)} checks passed"])
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
    "check_perception",
    "check_forecast",
    "check_strategy",
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
]
