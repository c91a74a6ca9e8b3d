"""Strategy exemplar retrieval: nearest ESConv supporter turns to what the person just said (MiniLM cosine).

The bank (assets/exemplars/esconv_train.*, built by scripts/build_exemplar_bank.py from ESConv *train*)
holds, per supporter turn whose reply transfers to another conversation, the seeker words it answered, the
reply and its strategy, the dialogue it came from and that dialogue's emotion and problem type. Evaluation
runs on ESConv dev, whose dialogues are not in train, so nothing overlaps; `exclude` (dialogue ids) stays as
the guard for any evaluation on bank dialogues — e.g. the held-out train slice (`esconv-train-NNN`): pass the
id of the dialogue under test and no exemplar from it can leak its gold reply or strategy into a prompt.
`strategy=` restricts the search to exemplars of one strategy (the responder's candidate replies).
"""

from __future__ import annotations

import json
import threading
from functools import lru_cache
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict

from mer_agents.config import Settings
from mer_agents.embeddings import embed
from mer_agents.errors import ModelError

BANK_DIR = Path(__file__).resolve().parents[2] / "assets" / "exemplars"  # the shipped bank
BANK_NAME = Settings.model_fields["exemplar_bank_name"].default


class Exemplar(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    dialogue: str
    turn: int
    seeker: str
    reply: str
    strategy: str
    emotion_type: str = ""  # ESConv's label for the dialogue (anxiety, depression, ...); "" in older banks
    problem_type: str = ""  # ESConv's label for the dialogue (job crisis, breakup with partner, ...)
    followup: bool = False  # the supporter's second turn in a row (it answers the same seeker words)
    previous: str = ""  # the supporter's turn before the seeker words (what the seeker was answering)
    closing: bool = False  # a goodbye / you're-welcome reply: offered only when the person is closing
    score: float = 0.0


class Bank:
    """Exemplars and their unit-norm embeddings, loaded from `<dir>/<name>.jsonl` + `.npz`: `vectors` of the
    seeker words (what retrieval by situation compares) and `reply_vectors` of the replies (what the reply
    selector scores; None in a bank built without them)."""

    def __init__(
        self, exemplars: list[Exemplar], vectors: np.ndarray, reply_vectors: np.ndarray | None = None
    ):
        if len(exemplars) != len(vectors) or (
            reply_vectors is not None and len(reply_vectors) != len(vectors)
        ):
            raise ModelError("exemplar bank is inconsistent: jsonl and npz differ in length")
        self.exemplars = exemplars
        self.vectors = vectors.astype(np.float32)
        self.reply_vectors = None if reply_vectors is None else reply_vectors.astype(np.float32)
        self.dialogues = np.array([e.dialogue for e in exemplars])
        self.strategies = np.array([e.strategy for e in exemplars])
        self.closing = np.array([e.closing for e in exemplars], dtype=bool)

    @classmethod
    def load(cls, directory: Path = BANK_DIR, name: str = BANK_NAME) -> Bank:
        jsonl, npz = directory / f"{name}.jsonl", directory / f"{name}.npz"
        if not jsonl.is_file() or not npz.is_file():
            raise ModelError(
                f"strategy exemplar bank missing in {directory} (run: python scripts/build_exemplar_bank.py)"
            )
        rows = [
            Exemplar.model_validate_json(line)
            for line in jsonl.read_text(encoding="utf-8").splitlines()
            if line
        ]
        with np.load(npz) as data:
            replies = data["reply_vectors"] if "reply_vectors" in data.files else None
            return cls(rows, data["vectors"], replies)

    def search(
        self,
        query: str,
        k: int = 2,
        exclude: set[str] | frozenset[str] = frozenset(),
        strategy: str | None = None,
    ) -> list[Exemplar]:
        """The k nearest exemplars by cosine similarity, skipping the dialogues in `exclude`; with `strategy`,
        the k nearest among the exemplars of that strategy (the whole bank is scored, then filtered)."""
        if not query.strip() or k <= 0 or not self.exemplars:
            return []
        scores = self.vectors @ _query_vector(query)
        return self._top(np.where(self.closing, -np.inf, scores), k, exclude, strategy)

    def rank_replies(
        self,
        scores: np.ndarray,
        k: int,
        exclude: set[str] | frozenset[str] = frozenset(),
        strategy: str | None = None,
        closing: bool = False,
    ) -> list[Exemplar]:
        """The k exemplars whose replies score highest by `scores` (one per exemplar, e.g. the reply
        selector's fit), skipping `exclude`d dialogues, other strategies, and goodbyes unless `closing`."""
        if len(scores) != len(self.exemplars):
            raise ModelError("reply scores do not match the exemplar bank")
        scores = np.asarray(scores, dtype=np.float32)
        if not closing:
            scores = np.where(self.closing, -np.inf, scores)
        return self._top(scores, k, exclude, strategy)

    def _top(self, scores: np.ndarray, k: int, exclude, strategy: str | None) -> list[Exemplar]:
        if exclude:
            scores = np.where(np.isin(self.dialogues, list(exclude)), -np.inf, scores)
        if strategy is not None:
            scores = np.where(self.strategies == strategy, scores, -np.inf)
        order = np.argsort(-scores)[:k]
        return [
            self.exemplars[i].model_copy(update={"score": float(scores[i])})
            for i in order
            if np.isfinite(scores[i])
        ]


@lru_cache(maxsize=64)
def _query_vector(query: str) -> np.ndarray:
    """The query's embedding; cached, since the planner and the responder search with the same words."""
    vector = embed([query])[0]
    vector.setflags(write=False)
    return vector


_banks: dict[tuple[Path, str], Bank] = {}
_lock = threading.Lock()


def bank_location(settings: Settings | None = None) -> tuple[Path, str]:
    """(folder, name) of the bank `settings` name (Settings.exemplar_bank, _name); the shipped one without."""
    if settings is None:
        return BANK_DIR, BANK_NAME
    return settings.exemplar_bank or BANK_DIR, settings.exemplar_bank_name


def bank_at(directory: Path, name: str) -> Bank:
    """The bank `<directory>/<name>.*`, loaded once per process."""
    with _lock:
        if (directory, name) not in _banks:
            _banks[directory, name] = Bank.load(directory, name)
        return _banks[directory, name]


def default_bank(settings: Settings | None = None) -> Bank:
    """The bank `settings` name (the shipped one when None), loaded once per process."""
    return bank_at(*bank_location(settings))


def retrieve(
    query: str,
    k: int = 2,
    exclude: set[str] | frozenset[str] = frozenset(),
    strategy: str | None = None,
    settings: Settings | None = None,
) -> list[Exemplar]:
    """Nearest supporter turns to `query` from the bank `settings` name (the shipped one when None), best
    first, each with its cosine `score`.

    `exclude`: dialogue ids to skip (see the module docstring); `strategy`: only exemplars of that strategy.
    """
    return default_bank(settings).search(query, k=k, exclude=exclude, strategy=strategy)


def save_bank(
    exemplars: list[Exemplar],
    vectors: np.ndarray,
    directory: Path,
    name: str = BANK_NAME,
    reply_vectors: np.ndarray | None = None,
) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / f"{name}.jsonl", "w", encoding="utf-8") as fh:
        fh.writelines(
            json.dumps(ex.model_dump(exclude={"score"}), ensure_ascii=False) + "\n" for ex in exemplars
        )
    arrays = {"vectors": vectors.astype(np.float16)}
    if reply_vectors is not None:
        arrays["reply_vectors"] = reply_vectors.astype(np.float16)
    np.savez_compressed(directory / f"{name}.npz", **arrays)
