"""Crisis guard: words about suicide, self-harm or abuse get a calm safety message, not a ranked reply.

No candidate source of this demo can be trusted with such a moment: a 135M model writes upbeat or invented
text, and a human exemplar from another conversation answers another situation. So when what the person just
said mentions suicide, self-harm, being told to kill themselves, or abuse and danger at home, the pipeline
keeps the reading and the plan visible but replaces the reply with a fixed, caring message that encourages
reaching local emergency services, a crisis line or someone they trust — with no phone number, since the
demo cannot know the person's country and an invented number could cost a life — and says so in the
timeline (RunFinished.reply_source "crisis"). The reflection loop is skipped: there is nothing to refine.

Two readers, either suffices. The phrase rules: plain, stated phrases (English, plus the commonest Spanish,
French and German ones, since Whisper transcribes in the speaker's language) and the warning signs of
safe-messaging guidance (a plan, the means, a goodbye). The classifier reads meaning where no phrase matches
("I have the pills ready", "i dont want to be here anymore, whats the point"): MiniLM-L6 fine-tuned end to end
on crisis and non-crisis distress messages by several writers who never saw this code, plus ESConv and MELD
train utterances and plain everyday statements as negatives, typed as people type on both sides (when only
crisis messages were, "im waiting for the bus" read as risk), and risks said once among everyday sentences
(experiments/crisis_detector/: data, training, the threshold chosen on held-out train turns, figures on the
messages of a writer no choice saw and on ESConv dev). It reads the whole message and, for a long one, each
window of sentences, so a risk said in the middle of a ramble counts. It reads typed messages (those not in
English through a probe on multilingual sentence embeddings, crisis_languages.py) and English speech; speech
in another language it reads through Whisper's English translation (on the French example clip it flagged an
angry traveller's original words), the rules reading every language. Both over-trigger on
purpose: a safety message to someone who only mentions such thoughts costs little; a cheerful reply to
someone in danger costs a great deal.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from mer_agents import multilingual
from mer_agents.agents import crisis_languages
from mer_agents.agents.lexicon import SENTENCE_BREAK
from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.minilm import tuned

Kind = Literal["self-harm", "abuse"]
WEIGHTS = Path(__file__).resolve().parents[2] / "assets" / "crisis_detector" / "crisis.npz"
LABELS: tuple[str, ...] = ("none", "self-harm", "abuse")  # the classifier's outputs, in order
# P(crisis) = 1 − P(none) at or above which the classifier flags a message, for a weights file that does
# not carry its own `threshold` (the shipped one does: chosen in experiments/crisis_detector/train.py)
THRESHOLD = 0.5
WINDOW_WORDS = 40  # a longer message is also read in windows of whole sentences of about this many words

SELF_HARM = re.compile(
    r"\b(kill(ing)? (my ?self|myself)|kill themselves|end(ing)? (my|it) (own )?(life|all)|end it all|"
    r"suicid\w*|take my (own )?life|(want|wanted|wanting|going) to die|wish i (was|were) dead|"
    r"don'?t want to (live|be alive|exist|wake up)|no reason to (live|go on)|better off dead|"
    r"(hurt|hurting|harm|harming|cut|cutting|burn|burning) my ?self|self[- ]?harm\w*|overdos\w*|"
    r"(quiero|quería) morir(me)?|matarme|suicidarme|me tuer|veux mourir|mich umbringen|will sterben|"
    r"suizid\w*)\b",
    re.IGNORECASE,
)
# Warning signs that safe-messaging guidance lists beside talk of dying (AFSP, NIMH, Samaritans): a plan or
# the means at hand, saying goodbye, giving things away, being a burden, wishing to be dead or not to wake up,
# and the slang people type for suicide. Said flatly, they carry no "suicide" for the phrases above, and the
# classifier missed many (experiments/crisis_detector/writer3/); written from the guidance and checked on
# writer3's set and ESConv train, before the fresh report set was written.
WARNING_SIGNS = re.compile(
    r"\b((stockpil\w*|sav(ed|ing) up|hoard\w*|stash\w*|sav(ed|ing) all) (all )?(of )?"
    r"(my |the |these |those )?(pills|meds|medications?|tablets|sleeping pills|painkillers|pain pills)|"
    r"(have|got|get|bought|buying|tied) (a |the |my )?(noose|rope ready)|noose|"
    r"(suicide|goodbye|farewell) (note|letter|video)s?|"
    r"jump(ing)? (off|from) (a |the |my )?(bridge|roof|building|balcony|cliff|ledge)|"
    r"(jump|step|walk)(ing)? in front of (a |the )?(train|bus|truck|car)|"
    r"lethal dose|how many (pills|tablets)\b.{0,30}\b(die|kill|lethal|fatal|enough)|"
    r"(painless|quick|easiest) way(s)? to (die|go|end it)|"
    r"(giv(e|ing)|gave) away (all )?(of )?my (stuff|things|belongings|possessions|pets?|cat|dog)|"
    r"this is (my )?(last |final )?goodbye|saying my (last |final )?goodbyes?|"
    r"won'?t be (here|around|alive) (tomorrow|much longer|for long)|"
    r"last time (you|anyone)('ll| will)? (hear|see) (from )?me|"
    r"(better off|happier|be fine) without me|(i'?m|i am|im) (just |such )?a burden|"
    r"(disappear|vanish)(ed)? (forever|for good|permanently)|"
    r"(never|not) (want|wanna) to wake up|(wish|hope) i (don'?t|never|wouldn'?t|won'?t) wake up|"
    r"no (point|reason) (in |to )?(living|being alive|going on|life)|nothing (left )?to live for|"
    r"(want|wants|wanted|wanting|wish|ready|deserve) to (be )?dead|(i'?d|would) rather be dead|"
    r"wish(ed)? i (had )?(was|were|had been|had never been) (dead|born)|never wake up( again)?|"
    r"(isn'?t|is not|ain'?t|no longer|not) worth living|only (one )?way out(?! of)|"
    r"permanent (exit|way out|solution)|"
    r"(for|after|once) i'?m gone|least painful (way|method)|which method|"
    r"(cut|cutting|burn|burning|burned|burnt|hit|hitting|starv\w*) my ?self|"
    r"(cut|cutting|slit|slitting) my (arms?|wrists?|thighs?|legs?|skin)|"
    r"\bkms\b|\bunaliv\w*|\bctb\b|sewer ?slide|su[i1]c[i1]d\w*)\b",
    re.IGNORECASE,
)
ABUSE = re.compile(
    r"\b((he|she|they|my \w+) (hits|beats|hit|beat|chokes|choked|kicks|kicked|rapes|raped|abuses|abused) me|"
    r"(being|been|was|am|get|got) (abused|raped|molested|assaulted|beaten)|domestic (violence|abuse)|"
    r"sexual(ly)? (abuse|abused|assault|assaulted)|not safe at home|afraid for my (life|safety)|"
    r"threaten\w* to kill me|going to kill me)\b",
    re.IGNORECASE,
)
# The same talk in other languages (typed text is read untranslated, and on fresh_report10 11 of round 10's
# 15 misses were not in English): first-person wishes to die or not to live, suicide and self-injury words,
# in the common ways people type them (no accents), written from how these languages say it; figures of
# speech ("me muero de risa", "ich lach mich tot", "muoio dal ridere") do not match
# (experiments/crisis_detector/languages/).
OTHER_LANGUAGES = re.compile(
    r"\b((will|mochte|möchte|moechte) (nicht mehr|nie wieder) (leben|aufwachen)|nicht mehr leben wollen|"
    r"mich (umzubringen|umbringen|toten|töten|zu toten|zu töten|ritzen)|selbstmord|lebensm(u|ü|ue)de|"
    r"mir das leben (zu )?nehmen|(ware|wäre|waere) lieber tot|"
    r"envie de mourir|plus envie de vivre|marre de vivre|(je veux|j'?ai envie d'?) ?en finir|me suicider|"
    r"mettre fin (a|à) mes jours|me faire du mal|me scarifi\w*|"
    r"(ya )?no quiero (vivir|seguir viviendo|despertar)|quitarme la vida|acabar con mi vida|ganas de morir|"
    r"hacerme da(n|ñ)o|quero morrer|n(a|ã)o quero (mais )?viver|(quero|vou) me matar(?! de)|"
    r"tirar (a )?minha (pr(o|ó)pria )?vida|vontade de morrer|"
    r"voglio morire|non voglio (pi(u|ù) )?vivere|farla finita|togliermi la vita|uccidermi|farmi del male|"
    r"ik wil (dood|niet meer leven)|zelfmoord|mezelf (doden|pijn doen|snijden)|er een eind(e)? aan maken|"
    r"chc(e|ę) umrze(c|ć)|nie chc(e|ę) (ju(z|ż) )?(zy|ży)(c|ć)|zabi(c|ć) si(e|ę)|samob(o|ó)j\w*|"
    r"(o|ö)lmek istiyorum|intihar|kendimi (o|ö)ld(u|ü)r\w*|ya(s|ş)amak istemiyorum|"
    r"(ingin|pengen|pingin|mau) mati|bunuh diri|(tidak|ga|gak|nggak|ngga) (ingin|mau) hidup( lagi)?|"
    r"melukai diri|"
    r"gusto ko (na|nang|ng) mamatay|magpakamatay|ayoko (na|nang|ng) mabuhay|"
    r"marna chaht(a|i)|mar jaana chaht(a|i)|khudkushi|aatmahatya|jeena nahi chaht(a|i)|"
    r"nataka kufa|kujiua|sitaki kuishi|muon chet|khong muon song|"
    r"vreau s(a|ă) mor|sinucid\w*|nu mai vreau s(a|ă) tr(a|ă)iesc|"
    r"vill inte leva|ta livet av mig|sj(a|ä)lvmord)\b",
    re.IGNORECASE,
)
ABUSE_OTHER_LANGUAGES = re.compile(
    r"\b((schl(a|ä|ae)gt|schlug|vergewaltigt) mich|me golpea|mi picchia|mnie bije|beni (d(o|ö)v(u|ü)yor)|"
    r"memukul(i)? (saya|aku)|sinasaktan (niya )?ako|mujhe maart(a|i))\b",
    re.IGNORECASE,
)
RULES: tuple[tuple[Kind, re.Pattern[str]], ...] = (  # `rules` reads them in this order: self-harm first
    ("self-harm", SELF_HARM),
    ("self-harm", WARNING_SIGNS),
    ("self-harm", OTHER_LANGUAGES),
    ("abuse", ABUSE),
    ("abuse", ABUSE_OTHER_LANGUAGES),
)
REPLIES: dict[Kind, str] = {
    "self-harm": (
        "I'm really sorry you're going through this, and I'm glad you told me. Your safety matters most "
        "right now. If you might act on these thoughts, please call your local emergency number or a crisis "
        "line in your country now, and if you can, reach out to someone you trust to be with you. "
        "I'm here to listen."
    ),
    "abuse": (
        "I'm really sorry this is happening to you, and I'm glad you told me. No one deserves to be hurt, "
        "and your safety matters most right now. If you are in danger, please call your local emergency "
        "number, or contact a local crisis or domestic-violence line, or someone you trust who can help you "
        "stay safe. I'm here to listen."
    ),
}


class Crisis(BaseModel):
    """What the guard found: the kind and the words that matched (shown in the timeline)."""

    model_config = ConfigDict(frozen=True)

    kind: Kind
    words: str
    source: str = "the person's words"  # or "the English translation's words" (a non-English clip)

    @property
    def reply(self) -> str:
        return REPLIES[self.kind]

    @property
    def note(self) -> str:
        return (
            f'crisis guard: {self.source} mention {self.kind} ("{self.words}"); the reply is a '
            "fixed safety message, not a ranked candidate, and the reflection loop was skipped"
        )


def rules(words: str) -> Crisis | None:
    """The phrase rules alone, self-harm first."""
    for kind, pattern in RULES:
        match = pattern.search(words or "")
        if match:
            return Crisis(kind=kind, words=match.group(0))
    return None


def detect(words: str, settings: Settings | None = None, classifier: bool = True) -> Crisis | None:
    """The crisis in what the person just said; None when there is none. The phrase rules first (with
    `classifier`, unless it overrules them: `overruled`), then the classifier (module docstring); typed text
    routed as not English is read by the multilingual probe (crisis_languages), instead of the classifier or
    beside it as its file says."""
    found = rules(words)
    if found is not None:
        return None if classifier and overruled(words, settings) else found
    if not (words or "").strip() or not classifier:
        return found
    texts = windows(words)
    if (settings is None or settings.crisis_languages) and multilingual.other_language(words):
        found = _flag(texts, crisis_languages.probs(texts), crisis_languages.threshold())
        if found is not None or crisis_languages.mode() == "instead":
            return found
    return _flag(texts, classify(texts, settings), threshold(settings))


def overruled(words: str, settings: Settings | None = None) -> bool:
    """A phrase rule's match the classifier overrules: English words (a rule read in another language always
    stands) of a short message (`vetoed`) whose P(crisis) is below the weights' `rule_veto` (no veto in a
    file without one). Why: a phrase matches words, not whose story or when — "when i was 19 i took an
    overdose. im 45 now, married, two kids" — and such matches were half of the held-back near misses that
    got the safety message, which training could not move (experiments/crisis_detector/, round 19). The
    veto is tiny: the classifier must be all but sure."""
    return _overruling(words, settings) is not None


def _overruling(words: str, settings: Settings | None) -> float | None:
    """The classifier's P(crisis) when it overrules a rule's match in these words (`overruled`), else None."""
    veto = rule_veto(settings)  # read first: with no veto, a rule stands without loading the classifier
    if not vetoed(words, 0.0, veto):
        return None
    p_crisis = risk(words, settings)
    return p_crisis if vetoed(words, p_crisis, min(veto, threshold(settings))) else None


def overrule_note(words: str, settings: Settings | None = None) -> str | None:
    """What the timeline says when the classifier overruled a rule's match in these words (else None), so a
    reader sees why a message with such words got no safety message."""
    found = rules(words)
    p_crisis = None if found is None else _overruling(words, settings)
    if p_crisis is None:
        return None
    return (
        f'crisis guard: the words match a phrase rule ("{found.words}"), but the classifier reads P(crisis) '
        f"{p_crisis:.4f}, below its veto {rule_veto(settings):g} (a crisis that is past, or "
        "someone else's): no safety message"
    )


def vetoed(words: str, p_crisis: float, veto: float) -> bool:
    """Whether the classifier's P(crisis) for these words overrules a rule's match at `veto` (the
    experiments read it so, with their own readings). Only a message read whole (≤ WINDOW_WORDS words): in a
    longer one a risk said once among everyday sentences dilutes every window ("i think i'm going to kill
    myself once tax season is over…" then a ramble read 0.007), so there a rule always stands."""
    short = len(words.split()) <= WINDOW_WORDS
    return bool(veto > 0 and p_crisis < veto and short and not multilingual.other_language(words))


def _flag(texts: list[str], probs: np.ndarray, at: float) -> Crisis | None:
    """The window with the highest P(crisis) when it reaches `at`, its kind the likelier of the two."""
    risk = 1.0 - probs[:, 0]
    best = int(np.argmax(risk))
    if risk[best] < at:
        return None
    kind: Kind = "abuse" if probs[best, 2] > probs[best, 1] else "self-harm"
    return Crisis(kind=kind, words=_quote(texts[best]))


def risk(words: str, settings: Settings | None = None) -> float:
    """The classifier's own P(crisis) for a message, the highest over its windows: what `detect` compares
    with the threshold where no rule matches (experiments read it where a rule matches too)."""
    return float((1.0 - classify(windows(words), settings)[:, 0]).max())


def _quote(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def windows(words: str) -> list[str]:
    """The message, and for a long one each run of whole sentences of about WINDOW_WORDS words."""
    text = " ".join(words.split())
    if len(text.split()) <= WINDOW_WORDS:
        return [text]
    sentences = [s for s in SENTENCE_BREAK.split(text) if s.strip()]
    out, current = [text], []
    for sentence in sentences:
        current.append(sentence)
        if len(" ".join(current).split()) >= WINDOW_WORDS:
            out.append(" ".join(current))
            current = current[-1:]
    if len(current) > 1 or (current and len(out) == 1):
        out.append(" ".join(current))
    return list(dict.fromkeys(out))


def weights_path(settings: Settings | None = None) -> Path:
    return (settings.crisis_detector if settings is not None else None) or WEIGHTS


def threshold(settings: Settings | None = None) -> float:
    return _scorer(weights_path(settings))[1]


def rule_veto(settings: Settings | None = None) -> float:
    """P(crisis) below which the classifier overrules a phrase rule (`overruled`); 0 (never) for weights
    that store none (chosen in experiments/crisis_detector/rule_veto.py, stored beside the threshold)."""
    return _stored(weights_path(settings), "rule_veto")


@load_once
def _stored(path: Path, name: str) -> float:
    """A value stored beside the weights, 0 when the file has none (the file itself is read by `_scorer`)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            return float(data[name]) if name in data.files else 0.0
    except (OSError, ValueError):
        return 0.0  # a missing file fails in `_scorer`, with its message


def classify(texts: list[str], settings: Settings | None = None) -> np.ndarray:
    """P(none, self-harm, abuse) per text (rows), from the fine-tuned classifier."""
    scorer, _ = _scorer(weights_path(settings))
    return scorer.probs(texts)


def _scorer(path: Path):
    """(the scorer, its threshold: the file's `threshold` when it has one, else THRESHOLD)."""
    return tuned(
        path, "threshold", "crisis detector", "python experiments/crisis_detector/train.py", THRESHOLD
    )
