"""Readers for the two public dev sets: MELD utterances (emotion) and ESConv supporter turns (strategy).

Both return plain pydantic items with a stable `id`, so results can be cached per item and a `--limit`
subset is the same every time.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Sequence

from pydantic import BaseModel, ConfigDict, Field

from mer_agents.errors import MerError
from mer_agents.evaluation.esconv_data import (
    DEFAULT_TRAIN,
    TAG_TO_STRATEGY,
    EsconvTurn,
    is_heldout,
    read_lines,
    read_train,
)
from mer_agents.labels import EMOTIONS, STRATEGIES
from mer_agents.types import Turn

MELD_COLUMNS = ("Utterance", "Speaker", "Emotion", "Dialogue_ID", "Utterance_ID")
WINDOW_TURNS = 5  # turns per ESConv dev line, the target included (the window held-out train items copy)


class DataError(MerError):
    """A dataset file is missing or not in the expected format."""


# --------------------------------------------------------------------------------------------- MELD


class MeldItem(BaseModel):
    """One MELD utterance with the utterances before it in its dialogue (oldest first)."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="'d<Dialogue_ID>_u<Utterance_ID>'")
    dialogue_id: int
    utterance_id: int
    speaker: str
    text: str
    emotion: str
    context: tuple[str, ...] = Field((), description="all earlier utterances of the dialogue, oldest first")
    context_speakers: tuple[str, ...] = ()


def read_meld(path: str | Path) -> list[MeldItem]:
    """All utterances of a MELD *_sent_emo.csv, in dialogue/utterance order, each with its full context."""
    path = _existing(path)
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = [c for c in MELD_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise DataError(f"{path.name} is not a MELD CSV: missing columns {', '.join(missing)}")
        rows = []
        for line_no, row in enumerate(reader, start=2):
            emotion = (row["Emotion"] or "").strip().lower()
            if emotion not in EMOTIONS:
                raise DataError(f"{path.name} line {line_no}: unknown emotion {row['Emotion']!r}")
            try:
                key = (int(row["Dialogue_ID"]), int(row["Utterance_ID"]))
            except (TypeError, ValueError):
                raise DataError(
                    f"{path.name} line {line_no}: Dialogue_ID/Utterance_ID are not integers"
                ) from None
            rows.append((key, (row["Speaker"] or "").strip(), (row["Utterance"] or "").strip(), emotion))
    if not rows:
        raise DataError(f"{path.name} holds no utterances")
    rows.sort(key=lambda r: r[0])
    items: list[MeldItem] = []
    texts: list[str] = []
    speakers: list[str] = []
    current = None
    for (dialogue, utterance), speaker, text, emotion in rows:
        if dialogue != current:
            current, texts, speakers = dialogue, [], []
        items.append(
            MeldItem(
                id=f"d{dialogue}_u{utterance}",
                dialogue_id=dialogue,
                utterance_id=utterance,
                speaker=speaker,
                text=text,
                emotion=emotion,
                context=tuple(texts),
                context_speakers=tuple(speakers),
            )
        )
        texts.append(text)
        speakers.append(speaker)
    return items


# ------------------------------------------------------------------------------------------- ESConv


class EsconvItem(BaseModel):
    """One supporter turn to predict: its context window, the gold strategy and the gold reply."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="'<dialogue>_t<turn index>', unique in the file")
    line: int = Field(description="1-based position among the file's non-empty lines")
    dialogue_id: str = Field(
        description="'esconv-dev-NNN' or 'esconv-train-NNN' as in mer_agents.evaluation.esconv_data "
        "(retrieval skips the dialogue under test)"
    )
    context: tuple[EsconvTurn, ...] = Field(description="the turns before the target, oldest first")
    strategy: str
    reply: str

    @property
    def message(self) -> str:
        """The seeker's last block of consecutive turns, joined: what the pipeline answers."""
        return message_and_history(self)[0]

    @property
    def history(self) -> list[Turn]:
        return message_and_history(self)[1]


def canonical_strategy(tag: str) -> str:
    """'[Questions]' / 'Other' / 'Providing Suggestions' → a name in labels.STRATEGIES."""
    key = tag.strip().strip("[]").strip()
    if key not in TAG_TO_STRATEGY:
        raise DataError(f"unknown ESConv strategy tag {tag!r}")
    return TAG_TO_STRATEGY[key]


def read_esconv(path: str | Path) -> list[EsconvItem]:
    """Every line of a *WithStrategy_short.tsv as an item (its last turn is the tagged supporter target).

    Parsing and dialogue ids come from mer_agents.evaluation.esconv_data (shared with the exemplar bank, so
    retrieval can
    exclude the dialogue under test). A line whose window holds no seeker turn borrows the dialogue's
    most recent earlier turns from previous lines.
    """
    path = _existing(path)
    try:
        lines = read_lines(path)
    except MerError as exc:
        raise DataError(f"{path.name}: {exc}") from None
    items: list[EsconvItem] = []
    seen: dict[str, dict[int, EsconvTurn]] = {}
    for line_no, line in enumerate(lines, start=1):
        target, context = line.target, list(line.context)
        if target.speaker != "supporter" or target.strategy is None:
            raise DataError(
                f"{path.name} line {line_no}: the last turn is not a supporter turn tagged [Strategy]"
            )
        turns = seen.setdefault(line.dialogue, {})
        turns.update({t.index: t for t in line.turns})
        if not any(t.speaker == "seeker" for t in context):
            first = context[0].index if context else target.index
            earlier = [turns[i] for i in sorted(turns) if i < first]
            while earlier and not any(t.speaker == "seeker" for t in context):
                context.insert(0, earlier.pop())
        if target.strategy not in STRATEGIES:
            raise DataError(f"{path.name} line {line_no}: strategy {target.strategy!r} is not one of the 8")
        items.append(
            EsconvItem(
                id=f"{line.dialogue}_t{target.index}",
                line=line_no,
                dialogue_id=line.dialogue,
                context=tuple(context),
                strategy=target.strategy,
                reply=target.text,
            )
        )
    if not items:
        raise DataError(f"{path.name} holds no supporter turns")
    if len({item.id for item in items}) != len(items):
        raise DataError(f"{path.name}: a dialogue repeats a target turn index; cannot assign unique ids")
    return items


def read_esconv_heldout_train(path: str | Path = DEFAULT_TRAIN) -> list[EsconvItem]:
    """Every tagged supporter turn of the held-out train dialogues (every 10th; `esconv_data.is_heldout`) as
    an item shaped like a dev line: the WINDOW_TURNS - 1 turns before it, reaching further back until the
    window holds a seeker turn.

    This is where settings are chosen; dev is only for reporting. Ids are `esconv-train-NNN_t<index>`, so
    retrieval skips the dialogue under test as it does on dev; `line` counts items in file order.
    """
    try:
        dialogues = [d for d in read_train(path) if is_heldout(d.id)]
    except MerError as exc:
        raise DataError(str(exc)) from None
    items: list[EsconvItem] = []
    for dialogue in dialogues:
        for target in dialogue.turns:
            if target.speaker != "supporter" or target.strategy not in STRATEGIES:
                continue
            start = max(0, target.index - (WINDOW_TURNS - 1))
            while start > 0 and not any(t.speaker == "seeker" for t in dialogue.turns[start : target.index]):
                start -= 1
            items.append(
                EsconvItem(
                    id=f"{dialogue.id}_t{target.index}",
                    line=len(items) + 1,
                    dialogue_id=dialogue.id,
                    context=tuple(dialogue.turns[start : target.index]),
                    strategy=target.strategy,
                    reply=target.text,
                )
            )
    if not items:
        raise DataError(f"{Path(path).name}: the held-out dialogues hold no tagged supporter turns")
    return items


def message_and_history(item: EsconvItem) -> tuple[str, list[Turn]]:
    """The seeker's last block of turns as the message; the exchanges before it as dialogue history.

    Supporter turns that follow the seeker's last block (the supporter speaking twice in a row) are part of
    neither; `supporter_followup(item)` tells whether that happened. A window that starts after the
    dialogue's first turn yet leaves no earlier exchange gets one marker turn (no words; the supporter turns
    that open the window, if any, as its reply): the conversation did not start here, and the agents treat
    an empty history as the person's first words (planner.priors, responder.opening).
    """
    blocks: list[tuple[list[str], list[EsconvTurn]]] = []  # (seeker texts, supporter turns after them)
    for turn in item.context:
        if turn.speaker == "seeker":
            if not blocks or blocks[-1][1]:
                blocks.append(([], []))
            blocks[-1][0].append(turn.text)
        else:
            if not blocks:
                blocks.append(([], []))
            blocks[-1][1].append(turn)
    seeker_blocks = [i for i, b in enumerate(blocks) if b[0]]
    if not seeker_blocks:
        return "", []
    last = seeker_blocks[-1]
    history = [
        Turn(
            user_text=" ".join(seeker),
            strategy=supporter[-1].strategy if supporter else None,
            reply=" ".join(t.text for t in supporter) or None,
        )
        for seeker, supporter in blocks[:last]
        if seeker
    ]
    if not history and item.context[0].index > 0:
        opening_supporter = blocks[0][1] if not blocks[0][0] else []
        history = [Turn(user_text="", reply=" ".join(t.text for t in opening_supporter) or None)]
    return " ".join(blocks[last][0]), history


def supporter_followup(item: EsconvItem) -> bool:
    """True when the supporter already spoke after the seeker's last turn (the target is a second turn)."""
    return bool(item.context) and item.context[-1].speaker == "supporter"


# ------------------------------------------------------------------------------------------ helpers


def spread_subset(n: int, limit: int | None) -> list[int]:
    """Indices of a fixed, spread-out subset: item floor(i * n / limit) for i < limit (all when no limit)."""
    if limit is None or limit <= 0 or limit >= n:
        return list(range(n))
    return [(i * n) // limit for i in range(limit)]


def item_ids(paths: Sequence[str | Path]) -> frozenset[str]:
    """The "id" of every line of these items.jsonl files (`eval esconv --exclude-items`)."""
    ids = set()
    for path in paths:
        path = _existing(path)
        for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                ids.add(str(json.loads(line)["id"]))
            except (ValueError, KeyError, TypeError):
                raise DataError(f"{path.name} line {line_no}: not an items.jsonl line with an id") from None
    return frozenset(ids)


def _existing(path: str | Path) -> Path:
    path = Path(path)
    if not path.is_file():
        raise DataError(f"dataset file not found: {path}")
    return path
