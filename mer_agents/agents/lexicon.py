"""The words the audit and the text gate read: emotion vocabularies, phrase patterns, text helpers, and what
the evidence lets a text name.

Pure functions and compiled patterns, shared by the audit's checks (checks.py), the text gate (text_gate.py)
and the responder. Patterns are plain lexical facts about a text; the thresholds here say when a modality's
reading counts (STRONG_CONFIDENCE, STRONG_PROB) and which emotions a text may name (MENTION_FLOOR).
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

from mer_agents.labels import MODALITIES, top_emotion
from mer_agents.types import Evidence

# where one sentence ends and the next begins: after ".", "!" or "?" and white space (every module that
# splits words into sentences splits them here; each keeps its own filter of the pieces)
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")

STRONG_CONFIDENCE = 0.5  # a modality counts as "strong" at this confidence ...
STRONG_PROB = 0.5  # ... when its top label has at least this probability
MENTION_FLOOR = 0.2  # the summary may name an emotion some modality reads at least this high
REPEAT_NGRAM = 4
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

# --- the reply against this moment of the conversation (checks.check_moment) -------------------------
GREETING_OPEN = re.compile(
    r"^\W*(hi+|hel+o+|he+y+|hiya+|good (morning|afternoon|evening)|welcome)\b", re.I
)  # typed stretched too: "Hii", "heyy", "hellooo"
STRETCHED_END = re.compile(r"(\w)\1+$")
THANKS_FOR_TELLING = re.compile(
    r"\b(thank(s| you) for (sharing|telling|opening up|explaining|letting me know|being (so )?(open|honest))|"
    r"i appreciate you (sharing|telling|opening up))\b",
    re.I,
)
# "You're welcome" answers thanks; "good idea" answers an idea (checks.check_moment's wrong_moment). Chosen
# on the 1,480 graded ESConv train turns: experiments/reply_audit/README.md, "Thanks, plans and questions
# asked again".
YOU_ARE_WELCOME = re.compile(
    r"\b(you'?re|your|you are|you r) (very |so |quite |most |always )?welcome\b|\bmy pleasure\b|"
    r"\bglad (i|to) (could |can |was able to )?(help|be of)",
    re.I,
)
THANKS_IMPLIED = re.compile(
    r"\b(help(ed|ful|s|ing)?|appreciat\w*|grateful|means a lot|advice|feel (a (little|lot|bit) |so much )?"
    r"better|(great|good) listener|food for thought|you too|glad (i|we) (talked|had|chatted|came)|"
    r"nice (talking|chatting)|good talk)\b",
    re.I,
)
PRAISES_PLAN = re.compile(
    r"\b(good|great|nice|wonderful|excellent|smart|wise|brilliant|fantastic) (plan|idea|decision|choice)\b|"
    r"\bsounds like (a|an) (good |great |nice )?plan\b",
    re.I,
)
INTENTION = re.compile(
    r"\b(i'?ll|i will|will do|going to|gonna|plan\w*|decid\w*|decision|idea|option|suggest\w*|consider\w*|"
    r"try\w*|want to|wanna|need to|thinking (of|about)|maybe|might|could|should|switch\w*|sounds good|"
    r"that would|in mind)\b",
    re.I,
)
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

# --- text helpers -----------------------------------------------------------------------------------


def words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower())


def content_words(text: str) -> set[str]:
    return {w.replace("'", "") for w in words(text) if len(w) > 2 and w.replace("'", "") not in STOPWORDS}


def unstretched(word: str, vocab: frozenset[str]) -> str:
    """`word` with its last letter typed once, when only that makes it a word of `vocab` ("hii" → "hi",
    "heyyy" → "hey"): people type greetings stretched, and a stretched greeting is still only a greeting."""
    if word in vocab:
        return word
    short = STRETCHED_END.sub(r"\1", word)
    return short if short in vocab else word


def sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_BREAK.split(text.strip()) if re.search(r"\w", s)]


def emotions_named(text: str) -> set[str]:
    found = set(words(text))
    return {label for label, vocab in EMOTION_WORDS.items() if found & set(vocab)}


def plain(text: str) -> str:
    """Lower case, punctuation as spaces: texts compared as said."""
    return re.sub(r"\W+", " ", text.lower()).strip()


def repeated_ngrams(text: str, n: int = REPEAT_NGRAM) -> list[str]:
    toks = words(text)
    seen: dict[tuple[str, ...], int] = {}
    for i in range(len(toks) - n + 1):
        gram = tuple(toks[i : i + n])
        seen[gram] = seen.get(gram, 0) + 1
    return [" ".join(g) for g, c in seen.items() if c > 1]


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


def trouble_word(text: str, said: str) -> re.Match | None:
    """A TROUBLE word of the reply that the person did not say ("after all the problems I passed")."""
    from mer_agents.perception.text_head import lexicon_tokens

    said_words = set(lexicon_tokens(said))
    return next((m for m in TROUBLE.finditer(text) if m.group(0).lower() not in said_words), None)


# --- what the evidence lets a text name --------------------------------------------------------------------


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
