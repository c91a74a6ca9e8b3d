"""The person asks the listener something: what the question wants, and whether a reply leaves it unanswered.

Why: on graded ESConv *train* turns whose last words ask the supporter a question (about one turn in nine),
the judge-ranked pick was graded A 0.16 / C 0.35 by blind judges (37 turns), against A 0.46 / C 0.15 on the
other turns, while the supporters' own replies there were graded A 0.62. Picks asked a question back ("Do you
have anything specific on your mind?" to "Do you have solutions for me?"), thanked or said goodbye
(experiments/person_asks/). `evades` names such a reply (the audit's `evades_question`), so it ranks after the
replies that answer. What a question wants (`kind`): an idea (`advice`), a word about the listener
(`about_you`), a yes or no on what the listener meant (`check`), or whether anyone is there (`presence`).
Tags ("you know?", "huh?") and other questions ("why me?") change nothing. Forcing more than that (a
strategy, a stock answer, a word about the listener) made replies worse on new turns (round 1 and 2 there).
"""

from __future__ import annotations

import re
from typing import Literal

from mer_agents.agents.lexicon import sentences

Kind = Literal["advice", "about_you", "check", "presence", "other"]

# --- what the person's question asks for --------------------------------------------------------------
TAG_QUESTION = re.compile(  # a question mark that asks nothing: "things pile up, you know?"
    r"^(you know|ya know|y'know|right|huh|isn'?t it|don'?t you think|lol|haha|eh|no|ok|okay|really|seriously"
    r"|you see|see|get it|am i right|know what i mean|know what i'm saying)\W*$",
    re.I,
)
ADVICE = re.compile(
    r"\b(should i|shall i|do i need to|would it be (ok|okay|wise|wrong|bad|better|unprofessional)"
    r"|what (can|could|should|do|else can|else could|else should) i\b|what'?s the best way"
    r"|how (can|could|do|should|would) i\b|how do you (stop|deal|cope|handle|get|make|manage|find)"
    r"|any (other |more |good |specific )?(ideas?|suggestions?|advice|tips?|thoughts|recommendations?"
    r"|solutions?|resources?|ways?)"
    r"|(have|got) (any|some) (other |more )?(ideas?|suggestions?|advice|tips?|thoughts|recommendations?"
    r"|solutions?|resources?)"
    r"|(ideas?|suggestions?|advice|tips?|recommendations?|solutions?) (for|on) (me|how|what)"
    r"|suggest|recommend|what (would|do) you (do|think i|advise)|do you think i|what if (it|that|this|they|i)"
    r"|where (can|could|should|do) i|where would you|is there (a|any) way|what do you think i"
    r"|can you (help|assist|give|tell me (how|what))|could you (help|assist|give)|would you be able to"
    r"|(works?|would work|is) best|which (one|ones|of them|do you)|what (other|else)\b"
    r"|(a )?good idea|a good way|(ok|okay|alright|normal|wrong|bad) (to|if)\b"
    r"|what (advice|suggestions?|ideas?|tips?)|\bresources?\b)",
    re.I,
)
ABOUT_YOU = re.compile(
    r"\b(how about you|what about you|and you|and yourself|about yourself|how are you|how r u|how're you"
    r"|how have you been|how'?s your|how is your|how was your|have you (ever|been|had|tried|experienced|gone"
    r"|felt|found|dealt|done)|did you|were you|are you (a|an|married|in|from|ok|okay|working|still|doing)"
    r"|do you (have|like|work|live|feel|know|ever|get|use)|has (this|that|it) (ever )?(helped|happened"
    r"|worked)|(helped|happened to|worked for|work for) you|where are you|what do you do"
    r"|your (experience|family|kids|day|job|partner|mood)"
    r"|\byou (felt|did|were|had|went|got|used|tried|found|dealt|coped|managed|handled|still)\b)\b",
    re.I,
)
CHECK_OPEN = re.compile(  # checking what the listener meant: "So, keep myself busy?", "you mean chat online?"
    r"^(so|so you('re| are)? saying|you mean|oh,? you mean|do you mean|you're saying|like|such as|"
    r"as in|meaning|you think)\b",
    re.I,
)
QUESTION_OPEN = re.compile(  # a question without its "?": "what can i do" ("Have a great evening" is none)
    r"^(should|shall|what|how|where|when|why|which)\b",
    re.I,
)
YOUR_PERSON = re.compile(  # the listener's person, not their experience: a program has none to tell
    r"\b(where are you (from|located|based|at)|where do you live|where('?s| is) your|are you (a|an) (real|"
    r"professional|person|human|bot|robot|program|therapist|counsel?lor|volunteer|student|man|woman|girl|guy|"
    r"doctor|psychologist)|are you (real|human|male|female|married)|how old are you|what'?s your (name|job)|"
    r"what is your (name|job)|your (name|age|weather)|how'?s the weather|what do you do for)\b",
    re.I,
)
PRESENCE = re.compile(  # at the end of a run-on line too: "i'm just thinking about a new job Are you there?"
    r"(^(hello|hi|hey)\W*$)|\b(are you (still )?(there|here|with me)|(is )?any ?(one|body) (there|here)"
    r"|you (still )?there|still there)\W*$",
    re.I,
)
HERE = re.compile(r"\b(here|yes|yeah|still with you)\b", re.I)
CHECK_MAX_WORDS = 14
HOW_ARE_YOU = re.compile(
    r"\b(how are you|how r u|how're you|how have you been|how'?s your day|how is your day|how are things)\b",
    re.I,
)
# "how are you" after small talk ("I'm fine, and you?"); after other words, a new topic ("I don't really know
# how. What about you?")
YOU_TOO = re.compile(r"\b(how about you|what about you|and you|and yourself)\b", re.I)
# --- whether a reply answers ------------------------------------------------------------------------
WELCOME_ONLY = re.compile(  # thanks, welcome or goodbye and nothing else: no answer to a question
    r"^\W*((you'?re|you are|your) (very |most |so )?welcome|no (problem|worries)|my pleasure|(thanks?|thank "
    r"you)( so much| for (sharing|chatting|talking))?|good ?bye|bye|take care|good luck|have a (good|great|"
    r"nice) (day|night|evening)|best wishes|all the best)\W*$",
    re.I,
)


def _asked(transcript: str) -> tuple[list[str], list[str]]:
    """(the person's sentences before their closing run of questions, that run); the run is empty when the
    last sentence asks nothing (a tag question asks nothing)."""
    said = [s.strip() for s in sentences(transcript)]
    if not said:
        return [], []
    last = said[-1]
    asked = last.endswith("?") or (
        bool(QUESTION_OPEN.match(last)) and not re.search(r"[.!]\W*$", last) and len(said) == 1
    )
    if not asked or TAG_QUESTION.match(last.rstrip("?").strip(" ,.").split(",")[-1].strip()):
        return said, []
    start = len(said) - 1
    while start > 0 and said[start - 1].endswith("?"):
        start -= 1
    return said[:start], said[start:]


def question(transcript: str) -> str | None:
    """What the person's words end by asking: the trailing run of questions ("How about you? Holding up?"),
    tags aside; None when the last sentence asks nothing."""
    return " ".join(_asked(transcript)[1]) or None


def rest(transcript: str) -> str:
    """The person's words before their last questions ("" when the questions are all they said)."""
    return " ".join(_asked(transcript)[0])


def kind(transcript: str) -> Kind | None:
    """What the person's last question wants (module docstring); None when they ask nothing."""
    asked = question(transcript)
    if asked is None:
        return None
    if PRESENCE.search(asked):
        return "presence"
    if YOUR_PERSON.search(asked):
        return "about_you"
    if ADVICE.search(asked):
        return "advice"
    if ABOUT_YOU.search(asked):
        return "about_you"
    if CHECK_OPEN.match(asked) and len(asked.split()) <= CHECK_MAX_WORDS:
        return "check"
    return "other"


def template_leads(transcript: str) -> bool:
    """Whether the template's answer leads the ranking (responder.answers_first): "are you there?" and a
    question about the listener's person ("where are you from?"), where another conversation's reply
    answers something else ("I usually wait a week before I reach out." to "where are you located?")."""
    return kind(transcript) == "presence" or bool(YOUR_PERSON.search(question(transcript) or ""))


def evades(reply: str, transcript: str) -> str:
    """Why `reply` leaves the person's question unanswered ("" when it does not, or nothing was asked that
    wants an answer): it only thanks or says goodbye, only asks questions back, or (to "are you there?")
    does not say the listener is there."""
    wants = kind(transcript)
    if wants in (None, "other"):
        return ""
    said = sentences(reply)
    if not said:
        return ""
    if WELCOME_ONLY.match(reply.strip()):
        return "only thanks or a goodbye"
    if all(s.strip().endswith("?") for s in said):
        return "only asks back"
    if wants == "presence" and not HERE.search(reply):
        return "does not say the listener is here"
    return ""
