"""Crisis guard: words about suicide, self-harm or abuse get a calm safety message, not a ranked reply.

No candidate source of this demo can be trusted with such a moment: a 135M model writes upbeat or invented
text, and a human exemplar from another conversation answers another situation. So when what the person just
said mentions suicide, self-harm, being told to kill themselves, or abuse and danger at home, the pipeline
keeps the reading and the plan visible but replaces the reply with a fixed, caring message that encourages
reaching local emergency services, a crisis line or someone they trust — with no phone number, since the
demo cannot know the person's country and an invented number could cost a life — and says so in the
timeline (RunFinished.reply_source "crisis"). The reflection loop is skipped: there is nothing to refine.

The patterns are plain, stated phrases (English, plus the commonest Spanish, French and German ones, since
Whisper transcribes in the speaker's language). They over-trigger on purpose: a safety message to someone
who only mentions such thoughts costs little; a cheerful reply to someone in danger costs a great deal.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

Kind = Literal["self-harm", "abuse"]

SELF_HARM = re.compile(
    r"\b(kill(ing)? (my ?self|myself)|kill themselves|end(ing)? (my|it) (own )?(life|all)|end it all|"
    r"suicid\w*|take my (own )?life|(want|wanted|wanting|going) to die|wish i (was|were) dead|"
    r"don'?t want to (live|be alive|exist|wake up)|no reason to (live|go on)|better off dead|"
    r"(hurt|hurting|harm|harming|cut|cutting|burn|burning) my ?self|self[- ]?harm\w*|overdos\w*|"
    r"(quiero|quería) morir(me)?|matarme|suicidarme|me tuer|veux mourir|mich umbringen|will sterben|"
    r"suizid\w*)\b",
    re.IGNORECASE,
)
ABUSE = re.compile(
    r"\b((he|she|they|my \w+) (hits|beats|hit|beat|chokes|choked|kicks|kicked|rapes|raped|abuses|abused) me|"
    r"(being|been|was|am|get|got) (abused|raped|molested|assaulted|beaten)|domestic (violence|abuse)|"
    r"sexual(ly)? (abuse|abused|assault|assaulted)|not safe at home|afraid for my (life|safety)|"
    r"threaten\w* to kill me|going to kill me)\b",
    re.IGNORECASE,
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

    @property
    def reply(self) -> str:
        return REPLIES[self.kind]

    @property
    def note(self) -> str:
        return (
            f'crisis guard: the person\'s words mention {self.kind} ("{self.words}"); the reply is a '
            "fixed safety message, not a ranked candidate, and the reflection loop was skipped"
        )


def detect(words: str) -> Crisis | None:
    """The crisis in what the person just said, self-harm first; None when there is none."""
    for kind, pattern in (("self-harm", SELF_HARM), ("abuse", ABUSE)):
        match = pattern.search(words or "")
        if match:
            return Crisis(kind=kind, words=match.group(0))
    return None
