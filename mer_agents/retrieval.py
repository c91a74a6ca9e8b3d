"""Strategy exemplar retrieval: nearest ESConv supporter turns to what the person just said (MiniLM cosine).

The bank (assets/exemplars/, built by scripts/build_exemplar_bank.py) holds, per supporter turn, the seeker
words it answered, the reply and its strategy, and the dialogue it came from. `exclude` takes dialogue ids
(`esconv-dev-NNN`): evaluation on ESConv dev passes the id of the dialogue under test so that no exemplar
from that same dialogue can leak its gold reply or strategy into the prompt.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict

from mer_agents.embeddings import embed
from mer_agents.errors import ModelError

BANK_DIR = Path(
    os.environ.get("MER_EXEMPLAR_BANK", Path(__file__).resolve().parents[1] / "assets" / "exemplars")
)
BANK_NAME = "esconv_dev"


class Exemplar(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    dialogue: str
    turn: int
    seeker: str
    reply: str
    strategy: str
    score: float = 0.0


class Bank:
    """Exemplars and their unit-norm embeddings, loaded from `<dir>/<name>.jsonl` + `.npz`."""

    def __init__(self, exemplars: list[Exemplar], vectors: np.ndarray):
        if len(exemplars) != len(vectors):
            raise ModelError("exemplar bank is inconsistent: jsonl and npz differ in length")
        self.exemplars = exemplars
        self.vectors = vectors.astype(np.float32)
        self.dialogues = np.array([e.dialogue for e in exemplars])

    @classmethod
    def load(cls, directory: Path = BANK_DIR, name: str = BANK_NAME) -> "Bank":
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
        return cls(rows, np.load(npz)["vectors"])

    def search(
        self, query: str, k: int = 2, exclude: set[str] | frozenset[str] = frozenset()
    ) -> list[Exemplar]:
        """The k nearest exemplars by cosine similarity, skipping the dialogues in `exclude`."""
        if not query.strip() or k <= 0 or not self.exemplars:
            return []
        scores = self.vectors @ embed([query])[0]
        if exclude:
            scores = np.where(np.isin(self.dialogues, list(exclude)), -np.inf, scores)
        order = np.argsort(-scores)[:k]
        return [
            self.exemplars[i].model_copy(update={"score": float(scores[i])})
            for i in order
            if np.isfinite(scores[i])
        ]


_bank: Bank | None = None
_lock = threading.Lock()


def default_bank() -> Bank:
    """The shipped bank, loaded once per process."""
    global _bank
    with _lock:
        if _bank is None:
            _bank = Bank.load()
        return _bank


def retrieve(query: str, k: int = 2, exclude: set[str] | frozenset[str] = frozenset()) -> list[Exemplar]:
    """Nearest supporter turns to `query` from the shipped bank (see the module docstring for `exclude`)."""
    return default_bank().search(query, k=k, exclude=exclude)


def save_bank(exemplars: list[Exemplar], vectors: np.ndarray, directory: Path, name: str = BANK_NAME) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / f"{name}.jsonl", "w", encoding="utf-8") as fh:
        for ex in exemplars:
            fh.write(json.dumps(ex.model_dump(exclude={"score"}), ensure_ascii=False) + "\n")
    np.savez_compressed(directory / f"{name}.npz", vectors=vectors.astype(np.float16))
