"""Reader for ESConv's flattened `devWithStrategy_short.tsv` (thu-coai/Emotional-Support-Conversation).

Each line is a sliding context window (up to 5 turns, separated by ` EOS `) that ends in a supporter turn.
A turn reads `<flag> <speaker> <index> [<Strategy>] text`: speaker 0 = seeker, 1 = supporter; supporter
turns carry a strategy tag. The file has no dialogue ids, so a dialogue starts wherever the index of the
final turn does not grow from one line to the next; dialogues are numbered in file order as
`esconv-dev-000`, `esconv-dev-001`, ... The exemplar bank and the evaluation both use these ids, which is
what lets retrieval exclude exemplars from the dialogue being evaluated (no leakage).
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from mer_agents.errors import MerError

TURN_SEP = " EOS "
_TURN = re.compile(r"^\s*([\d.]+)\s+(\d+)\s+(\d+)\s+(.*)$", re.S)
_TAG = re.compile(r"^\[([^\]]+)\]\s*(.*)$", re.S)
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
