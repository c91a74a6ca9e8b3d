"""Readers for ESConv (thu-coai/Emotional-Support-Conversation, CC BY-NC 4.0): dev TSV and train JSON.

**Dev** — the flattened `devWithStrategy_short.tsv`:

Each line is a sliding context window (up to 5 turns, separated by ` EOS `) that ends in a supporter turn.
A turn reads `<flag> <speaker> <index> [<Strategy>] text`: speaker 0 = seeker, 1 = supporter; supporter
turns carry a strategy tag. The file has no dialogue ids, so a dialogue starts wherever the index of the
final turn does not grow from one line to the next; dialogues are numbered in file order as
`esconv-dev-000`, `esconv-dev-001`, ... The exemplar bank and the evaluation both use these ids, which is
what lets retrieval exclude exemplars from the dialogue being evaluated (no leakage).

**Train** — `ESConv_train.json` (897 full dialogues; the dialogues of the dev/test splits removed): a JSON
list of {experience_type, emotion_type, problem_type, situation, survey_score, dialog: [{text, speaker:
usr|sys, strategy}]}. `read_train` numbers the dialogues in file order as `esconv-train-000`, ... and gives
every turn its position in the dialogue as `index` (speaker usr → "seeker", sys → "supporter"; strategy
spellings go through TAG_TO_STRATEGY). Consecutive turns of one speaker are kept as they are; the seeker's
most recent words before a turn (`seeker_words`) are the last block of consecutive seeker turns before it,
joined with a space — supporter turns in between (the supporter speaking twice in a row) are skipped, so a
second supporter turn answers the same seeker words as the first. This is the same rule as
`mer_agents.evaluation.readers.message_and_history` on dev. Every HELDOUT_EVERY-th train dialogue
(`heldout_train_dialogues()`: 000, 010, 020, ...) is held out for selection: banks and classifiers trained on
train leave them out of training and choose their settings on them; dev is only for reporting.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from mer_agents.errors import MerError

TURN_SEP = " EOS "
_TURN = re.compile(r"^\s*([\d.]+)\s+(\d+)\s+(\d+)\s+(.*)$", re.DOTALL)
_TAG = re.compile(r"^\[([^\]]+)\]\s*(.*)$", re.DOTALL)
# Tag spellings in the file → the 8 canonical strategy names of labels.STRATEGIES.
TAG_TO_STRATEGY = {
    "Question": "Question",
    "Questions": "Question",
    "Restatement or Paraphrasing": "Restatement or Paraphrasing",
    "Reflection of feelings": "Reflection of feelings",
    "Self-disclosure": "Self-disclosure",
    "Affirmation and Reassurance": "Affirmation and Reassurance",
    "Providing Suggestions": "Providing Suggestions",
    "Information": "Information",
    "Other": "Others",
    "Others": "Others",
}
ID_PREFIX = "esconv-dev-"
TRAIN_PREFIX = "esconv-train-"
TRAIN_DIALOGUES = 897  # dialogues in ESConv_train.json
HELDOUT_EVERY = 10  # every 10th train dialogue (by file-order number) is the held-out selection slice
DEFAULT_TRAIN = Path(__file__).resolve().parents[3] / "shared" / "data" / "esconv" / "ESConv_train.json"
_SPEAKERS = {"usr": "seeker", "sys": "supporter"}


class EsconvTurn(BaseModel):
    model_config = ConfigDict(frozen=True)

    index: int
    speaker: str  # "seeker" | "supporter"
    text: str
    strategy: str | None = None


class EsconvLine(BaseModel):
    """One line of the file: a context window ending in the supporter turn to predict."""

    dialogue: str
    turns: list[EsconvTurn]

    @property
    def target(self) -> EsconvTurn:
        return self.turns[-1]

    @property
    def context(self) -> list[EsconvTurn]:
        return self.turns[:-1]


def parse_turn(raw: str) -> EsconvTurn:
    match = _TURN.match(raw)
    if not match:
        raise MerError(f"not an ESConv turn: {raw[:60]!r}")
    _, speaker, index, rest = match.groups()
    strategy = None
    tag = _TAG.match(rest.strip())
    if tag:
        name, rest = tag.groups()
        if name not in TAG_TO_STRATEGY:
            raise MerError(f"unknown ESConv strategy tag [{name}]")
        strategy = TAG_TO_STRATEGY[name]
    return EsconvTurn(
        index=int(index),
        speaker="supporter" if speaker == "1" else "seeker",
        text=rest.strip(),
        strategy=strategy,
    )


def read_lines(path: str | Path) -> list[EsconvLine]:
    """Every line of the file with its dialogue id (see the module docstring for how ids are assigned)."""
    path = Path(path)
    if not path.is_file():
        raise MerError(f"ESConv file not found: {path}")
    out: list[EsconvLine] = []
    number, previous = -1, None
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        turns = [parse_turn(t) for t in raw.split(TURN_SEP)]
        last = turns[-1].index
        if previous is None or last <= previous:
            number += 1
        previous = last
        out.append(EsconvLine(dialogue=f"{ID_PREFIX}{number:03d}", turns=turns))
    return out


# ------------------------------------------------------------------------------------------- train


class EsconvDialogue(BaseModel):
    """One full ESConv train dialogue with its metadata; turn `index` is the position in `turns`."""

    model_config = ConfigDict(frozen=True)

    id: str
    emotion_type: str = ""
    problem_type: str = ""
    situation: str = ""
    turns: list[EsconvTurn]


def read_train(path: str | Path = DEFAULT_TRAIN) -> list[EsconvDialogue]:
    """Every dialogue of ESConv_train.json, ids `esconv-train-NNN` in file order (see the module
    docstring)."""
    path = Path(path)
    if not path.is_file():
        raise MerError(f"ESConv train file not found: {path}")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise MerError(f"{path.name} is not JSON: {exc}") from None
    if not isinstance(raw, list):
        raise MerError(f"{path.name}: expected a JSON list of dialogues")
    out: list[EsconvDialogue] = []
    for number, item in enumerate(raw):
        turns = []
        for index, turn in enumerate(item.get("dialog") or []):
            speaker = _SPEAKERS.get(turn.get("speaker"))
            if speaker is None:
                raise MerError(
                    f"{path.name} dialogue {number} turn {index}: unknown speaker {turn.get('speaker')!r}"
                )
            strategy = turn.get("strategy") if speaker == "supporter" else None
            if strategy is not None:
                if strategy not in TAG_TO_STRATEGY:
                    raise MerError(
                        f"{path.name} dialogue {number} turn {index}: unknown strategy {strategy!r}"
                    )
                strategy = TAG_TO_STRATEGY[strategy]
            turns.append(
                EsconvTurn(
                    index=index,
                    speaker=speaker,
                    text=" ".join(str(turn.get("text", "")).split()),
                    strategy=strategy,
                )
            )
        out.append(
            EsconvDialogue(
                id=f"{TRAIN_PREFIX}{number:03d}",
                emotion_type=str(item.get("emotion_type") or ""),
                problem_type=str(item.get("problem_type") or ""),
                situation=str(item.get("situation") or ""),
                turns=turns,
            )
        )
    return out


def _block_before(turns: Sequence[EsconvTurn], i: int, speaker: str) -> tuple[str, int]:
    """The consecutive turns of `speaker` ending at position `i` (walking back), joined, and the position
    just before them."""
    block = []
    while i >= 0 and turns[i].speaker == speaker:
        block.append(turns[i].text)
        i -= 1
    return " ".join(reversed(block)), i


def _last_seeker_turn(turns: Sequence[EsconvTurn], before: int) -> int:
    """Position of the seeker's last turn before `before` (-1 when none): supporter turns are skipped."""
    i = min(before, len(turns)) - 1
    while i >= 0 and turns[i].speaker != "seeker":
        i -= 1
    return i


def seeker_words(turns: Sequence[EsconvTurn], before: int) -> str:
    """The seeker's most recent words before position `before`: their last block of consecutive turns, joined.

    Supporter turns between that block and `before` are skipped; "" when the seeker has not spoken yet.
    """
    return _block_before(turns, _last_seeker_turn(turns, before), "seeker")[0]


def previous_supporter(turns: Sequence[EsconvTurn], before: int) -> str:
    """The supporter's turn(s) right before the seeker's most recent block of words ("" when none): what the
    seeker was answering."""
    _, i = _block_before(turns, _last_seeker_turn(turns, before), "seeker")
    return _block_before(turns, i, "supporter")[0]


def heldout_train_dialogues(n: int = TRAIN_DIALOGUES) -> frozenset[str]:
    """The fixed held-out selection slice of train: every HELDOUT_EVERY-th dialogue id (000, 010, ...)."""
    return frozenset(f"{TRAIN_PREFIX}{i:03d}" for i in range(0, n, HELDOUT_EVERY))


def is_heldout(dialogue_id: str) -> bool:
    """True for a train dialogue of the held-out selection slice."""
    if not dialogue_id.startswith(TRAIN_PREFIX):
        return False
    return int(dialogue_id[len(TRAIN_PREFIX) :]) % HELDOUT_EVERY == 0
