"""The person asks the listener something: which answer the question wants, and whether a reply gives one.

Why: on held-out ESConv *train* turns whose last words ask the supporter a question (about one turn in nine),
the judge-ranked pick was graded A 0.16 / C 0.35 by blind judges (37 turns), against A 0.46 / C 0.15 on the
other turns, while the supporters' own replies there were graded A 0.62. The picks asked a question back
("Do you have anything specific on your mind?" to "Do you have solutions for me?"), thanked, or said goodbye
(experiments/person_asks/). A question wants an answer first: an idea when they ask what to do (`advice`),
a word about the listener when they ask about the listener (`about_you`), a yes or no when they check what
the listener meant (`check`), "I'm here" when they ask if anyone is there (`presence`). Questions that
want none of these (a tag like "you know?", "why me?", "how much money do they provide?") are `other` and
change nothing.
"""

from __future__ import annotations

import re
from typing import Literal

from mer_agents.agents.lexicon import FIRST_PERSON, SUGGESTION, sentences

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
QUESTION_OPEN = re.compile(  # a question without its "?": "what can i do"
    r"^(should|shall|what|how|where|when|why|who|which|can|could|would|will|do|does|did|is|are|have|has|any)\b",
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
    r"\b(how are you|how r u|how're you|how have you been|how'?s your day|how is your day|how about you"
    r"|what about you|and you|and yourself|how are things)\b",
    re.I,
)
# The strategy whose human replies answer each kind (the planner puts it first, planner.rank). In ESConv
# train, supporters answered a request for ideas with Providing Suggestions most often (0.37 of 262 turns,
# next 0.13).
# The kinds whose answer the template leads with, later in a conversation as on first words
# (responder.answers_first): on 60 train turns that ask, its answers to a question about the listener were
# graded A 0.31 / C 0.00 against the human replies' A 0.29 / C 0.46 (experiments/person_asks/, round 2).
TEMPLATE_KINDS = ("about_you", "presence")
ANSWERED_BY = {
    "advice": "Providing Suggestions",
    "about_you": "Self-disclosure",
    "how_are_you": "Others",
    "presence": "Others",
}

# --- whether a reply answers ------------------------------------------------------------------------
EMPATHY_I = re.compile(  # "I'm sorry to hear that": the listener's sympathy, not a word about the listener
    r"\bi('m| am)( so| very| really| truly)? (sorry|glad|happy to hear|here)\b"
    r"|\bi (can )?(understand|see|hear|imagine|know|get)\b|\bi think (you|that|it)\b|\bi hope\b"
    r"|\bfor me to\b|\btell me\b|\blet me\b",
    re.I,
)
IDEA_ASKED = re.compile(r"\b(have you (tried|thought|considered|looked)|would you (try|consider))\b", re.I)
ANSWERED = re.compile(  # a plain answer to "should I…?" / "is it a good idea…?"
    r"^\W*(yes|yeah|yep|no|nope|definitely|absolutely|sure|of course|i (think|would|'d|believe|feel)|"
    r"i'd|it (is|could|might|may|would|can)|that (would|could|might|is|sounds)|that's|it's|you (should|could|"
    r"might|can|may))\b",
    re.I,
)
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


def answer_strategy(transcript: str) -> str | None:
    """The strategy that answers the person's question (ANSWERED_BY): "How about you?" is small talk
    answered in kind (Others), another question about the listener a word of their own (Self-disclosure),
    a request for ideas an idea; None for the other questions and for none."""
    wants = kind(transcript)
    if wants == "about_you" and HOW_ARE_YOU.search(question(transcript) or ""):
        return ANSWERED_BY["how_are_you"]
    return ANSWERED_BY.get(wants or "")


def evades(reply: str, transcript: str) -> str:
    """Why `reply` leaves the person's question unanswered ("" when it answers, or nothing was asked that
    wants an answer): it only thanks or says goodbye, only asks questions back, or (for `about_you`)
    says nothing of the listener, (for `presence`) does not say the listener is there, or (for `advice`)
    offers no idea and no plain answer in any form."""
    wants = kind(transcript)
    if wants in (None, "other"):
        return ""
    said = sentences(reply)
    if not said:
        return ""
    if WELCOME_ONLY.match(reply.strip()):
        return "only thanks or a goodbye"
    statements = [s for s in said if not s.strip().endswith("?")]
    if wants == "about_you":
        own = EMPATHY_I.sub(" ", " ".join(statements))
        return "" if FIRST_PERSON.search(own) else "says nothing of the listener"
    if not statements:
        return "only asks back"
    if wants == "presence":
        return "" if HERE.search(reply) else "does not say the listener is here"
    if wants == "advice" and not (
        SUGGESTION.search(reply) or IDEA_ASKED.search(reply) or any(ANSWERED.match(s) for s in said)
    ):  # "Have you tried meditation before bed?" offers an idea as a question
        return "offers no idea and no answer"
    return ""
