"""Build the strategy exemplar bank from ESConv train (thu-coai/Emotional-Support-Conversation, CC BY-NC 4.0).

    .venv/bin/python scripts/build_exemplar_bank.py [--source ESConv_train.json] [--out assets/exemplars]
        [--name esconv_train] [--exclude-dialogues IDS.txt] [--exclude-heldout]

One exemplar per supporter turn that follows seeker words (mer_agents/evaluation/esconv_data.py: dialogue ids
`esconv-train-NNN` in file order; the seeker's most recent words = their last block of consecutive turns
before the reply): those words, the reply, its strategy, the dialogue id, the turn index, the dialogue's
emotion_type and problem_type, and whether the reply is the supporter's second turn in a row (`followup`).
Only replies that transfer to another conversation are kept (`transferable`, counts printed):
no digits, URLs, e-mail/@handles, capitalised words mid-sentence other than "I" (likely names and places),
4 to 40 words, and not a greeting or closing only ("hi", "bye", "you're welcome", "take care", ...).
The seeker words are embedded with MiniLM and stored as float16.
`--exclude-dialogues` leaves listed dialogues out; `--exclude-heldout` leaves out the held-out selection slice
(mer_agents.evaluation.esconv_data.heldout_train_dialogues()). At run time, `retrieve(...,
exclude={dialogue_id})` skips a
dialogue under evaluation.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from mer_agents.agents import guard  # noqa: E402
from mer_agents.agents.retrieval import BANK_NAME, Exemplar, save_bank  # noqa: E402
from mer_agents.embeddings import embed  # noqa: E402
from mer_agents.evaluation.esconv_data import (  # noqa: E402
    DEFAULT_TRAIN,
    heldout_train_dialogues,
    previous_supporter,
    read_train,
    seeker_words,
)

MAX_CHARS = 400  # of the seeker words kept (the reply is at most MAX_WORDS words)
MIN_WORDS, MAX_WORDS = 4, 40
CLOSING_MIN_WORDS = 2
_DIGIT = re.compile(r"\d")
_URL = re.compile(r"https?:|www\.|\.(com|org|net|gov|edu|co\.uk)\b|@", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_ALLOWED_CAPS = re.compile(r"^(I|I'm|I've|I'd|I'll|I’m|I’ve|I’d|I’ll|OK|Ok)$")
# Greeting / closing phrases and the filler around them: a reply made only of these does not carry a strategy
# into another conversation.
_SOCIAL = re.compile(
    r"\b(hi|hello|hey|hiya|good (morning|afternoon|evening|night|day)|bye|goodbye|good bye|see you|"
    r"you'?re (very |most |so )?welcome|you are (very |most |so )?welcome|your welcome|welcome|no problem|"
    r"take care|thank you|thanks|thank u|"
    r"how are you( doing| feeling)?( today| tonight| this (morning|afternoon|evening))?|how is it going|"
    r"how's it going|"
    r"how can i help( you)?( today)?|what can i (help|do for) you( with)?( today)?|"
    r"nice to (meet|talk to|chat with) you|"
    r"have a (nice|good|great|wonderful|lovely|blessed) (day|night|evening|weekend|one)|"
    r"i'?m (fine|good|doing well|well)|i am (fine|good|doing well|well)|glad (i|to) (could )?help|"
    r"(it was|it's been|it has been) (really |very |so )?(nice|good|great|a pleasure) "
    r"(talking|chatting|to talk|to chat) "
    r"(to|with) you|i hope (that )?(everything|things|it all) (goes|go|work|works|turns?) (out )?"
    r"(well|your way|fine)|"
    r"you too|same to you|all the best|best of luck|good luck|stay safe)\b"
)
_FILLER = {
    "and",
    "you",
    "too",
    "so",
    "much",
    "a",
    "very",
    "there",
    "to",
    "for",
    "your",
    "the",
    "it",
    "is",
    "my",
    "friend",
    "oh",
    "well",
    "ok",
    "okay",
    "yes",
    "sure",
    "again",
    "also",
    "today",
    "i",
    "am",
    "as",
    "anyway",
    "really",
    "this",
    "evening",
    "tonight",
    "morning",
}


def sentence_initial_positions(text: str) -> set[int]:
    """Start offsets of words that open a sentence (the first word, or after . ! ? and optional quotes)."""
    starts = set()
    for m in _WORD.finditer(text):
        before = text[: m.start()].rstrip(" \"'“”(")
        if not before or before[-1] in ".!?:;":
            starts.add(m.start())
    return starts


def has_name_like_word(text: str) -> bool:
    """A capitalised word mid-sentence other than "I"/"I'm"/...: likely a name or a place."""
    starts = sentence_initial_positions(text)
    return any(
        m.group()[0].isupper() and m.start() not in starts and not _ALLOWED_CAPS.match(m.group())
        for m in _WORD.finditer(text)
    )


def social_only(text: str) -> bool:
    """Greeting- or closing-only: nothing but greeting/closing phrases and filler words remains."""
    rest = _SOCIAL.sub(" ", text.lower().replace("’", "'"))
    return not [w for w in re.findall(r"[a-z']+", rest) if w not in _FILLER]


_GREETING = re.compile(
    r"\b(hi|hello|hey|hiya|good (morning|afternoon|evening)|how are you|how is it going|"
    r"how's it going|how can i help|what can i (help|do for)|nice to (meet|talk to|chat with))\b"
)


def is_closing(reply: str) -> bool:
    """A goodbye or you're-welcome without a greeting: social-only, or a reply the guard reads as closing."""
    if _GREETING.search(reply.lower().replace("’", "'")):
        return False
    return bool(guard.CLOSING.search(reply)) or social_only(reply)


def reject_reason(reply: str) -> str | None:
    """Why a reply would not transfer to another conversation (None when it would). A closing (is_closing)
    is kept from CLOSING_MIN_WORDS words: it is offered only to a person who is saying goodbye."""
    words = reply.split()
    closing = is_closing(reply)
    if len(words) < (CLOSING_MIN_WORDS if closing else MIN_WORDS):
        return "under 4 words"
    if len(words) > MAX_WORDS:
        return "over 40 words"
    if _DIGIT.search(reply):
        return "digits"
    if _URL.search(reply):
        return "url or @"
    if social_only(reply) and not closing:
        return "greeting only"
    if has_name_like_word(reply):
        return "capitalised word mid-sentence"
    return None


def transferable(reply: str) -> bool:
    return reject_reason(reply) is None


def build(source: Path, exclude: set[str], counts: Counter | None = None) -> list[Exemplar]:
    counts = counts if counts is not None else Counter()
    out: list[Exemplar] = []
    for dialogue in read_train(source):
        if dialogue.id in exclude:
            continue
        for turn in dialogue.turns:
            if turn.speaker != "supporter" or not turn.strategy or not turn.text:
                continue
            seeker = seeker_words(dialogue.turns, turn.index)
            if not seeker:
                counts["no seeker words before"] += 1
                continue
            counts["candidates"] += 1
            reason = reject_reason(turn.text)
            if reason:
                counts[reason] += 1
                continue
            out.append(
                Exemplar(
                    id=f"{dialogue.id}/{turn.index}",
                    dialogue=dialogue.id,
                    turn=turn.index,
                    seeker=seeker[:MAX_CHARS],
                    reply=turn.text,
                    strategy=turn.strategy,
                    emotion_type=dialogue.emotion_type,
                    problem_type=dialogue.problem_type,
                    followup=dialogue.turns[turn.index - 1].speaker == "supporter",
                    previous=previous_supporter(dialogue.turns, turn.index)[:MAX_CHARS],
                    closing=is_closing(turn.text),
                )
            )
    counts["kept"] = len(out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_TRAIN)
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "exemplars")
    parser.add_argument("--name", default=BANK_NAME)
    parser.add_argument(
        "--exclude-dialogues", type=Path, help="file with one dialogue id per line to leave out"
    )
    parser.add_argument(
        "--exclude-heldout",
        action="store_true",
        help="leave out the held-out train slice (every 10th dialogue)",
    )
    args = parser.parse_args(argv)

    exclude: set[str] = set()
    if args.exclude_dialogues:
        exclude |= {s.strip() for s in args.exclude_dialogues.read_text().split() if s.strip()}
    if args.exclude_heldout:
        exclude |= set(heldout_train_dialogues())
    counts: Counter = Counter()
    exemplars = build(args.source, exclude, counts)
    vectors = embed([e.seeker for e in exemplars])
    save_bank(exemplars, vectors, args.out, args.name, reply_vectors=embed([e.reply for e in exemplars]))
    print(
        f"{len(exemplars)} exemplars from {len({e.dialogue for e in exemplars})} dialogues "
        f"({len(exclude)} excluded) → {args.out}/{args.name}.{{jsonl,npz}}"
    )
    print("filter:", dict(counts))
    print("strategies:", dict(Counter(e.strategy for e in exemplars).most_common()))
    print("closings:", sum(e.closing for e in exemplars))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
