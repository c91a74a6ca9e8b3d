"""The run machinery: caching/resume, order under concurrency, settings hashing, variant settings.

The end-to-end tests at the bottom run the real text head / pipeline (slow marker)."""

import json
import threading
import time
from pathlib import Path

import pytest

from mer_agents.config import Settings
from mer_agents.evaluation.cache import ResultCache, settings_hash
from mer_agents.evaluation.runner import run_items, write_out


class Item:
    def __init__(self, id):
        self.id = id


class Interrupted(Exception):
    pass


ITEMS = [Item(f"i{k}") for k in range(6)]


def test_second_run_reads_the_cache(tmp_path):
    """A plain counting function (no model): the second run must compute nothing."""
    calls = []

    def fn(item):
        calls.append(item.id)
        return {"value": item.id.upper()}

    cache = ResultCache(tmp_path / "c.jsonl")
    first = run_items(ITEMS, fn, cache=cache, variant="v", hash_="h", progress=False)
    assert [r["value"] for r in first] == ["I0", "I1", "I2", "I3", "I4", "I5"]
    assert len(calls) == 6 and not any(r["cached"] for r in first)

    reopened = ResultCache(tmp_path / "c.jsonl")
    second = run_items(ITEMS, fn, cache=reopened, variant="v", hash_="h", progress=False)
    assert len(calls) == 6 and all(r["cached"] for r in second) and reopened.hits == 6
    assert [r["value"] for r in second] == [r["value"] for r in first]

    other = run_items(ITEMS[:2], fn, cache=reopened, variant="v", hash_="other-settings", progress=False)
    assert len(calls) == 8 and not any(r["cached"] for r in other)


def test_interrupted_run_resumes(tmp_path):
    """The function dies on the 4th item (as a killed run would); a rerun computes only the rest."""
    calls, dead = [], [True]

    def flaky(item):
        calls.append(item.id)
        if item.id == "i3" and dead[0]:
            dead[0] = False
            raise Interrupted
        return {"ok": True}

    path = tmp_path / "c.jsonl"
    with pytest.raises(Interrupted):
        run_items(ITEMS, flaky, cache=ResultCache(path), variant="v", hash_="h", progress=False)
    with path.open("a") as fh:
        fh.write('{"key": "i9|v|h", "resu')  # a line cut short by the interruption is ignored
    calls.clear()
    results = run_items(ITEMS, flaky, cache=ResultCache(path), variant="v", hash_="h", progress=False)
    assert calls == ["i3", "i4", "i5"] and len(results) == 6


def test_errors_are_not_cached(tmp_path):
    cache = ResultCache(tmp_path / "c.jsonl")
    run_items(ITEMS[:2], lambda it: {"error": "server down"}, cache=cache, variant="v", hash_="h", progress=False)
    assert len(cache) == 0


def test_concurrency_keeps_item_order(tmp_path):
    seen_threads = set()

    def slow(item):
        seen_threads.add(threading.get_ident())
        time.sleep(0.05 * (6 - int(item.id[1:])))  # later items finish first
        return {"id": item.id}

    results = run_items(ITEMS, slow, cache=ResultCache(tmp_path / "c.jsonl"), variant="v", hash_="h",
                        concurrency=3, progress=False)
    assert [r["id"] for r in results] == [it.id for it in ITEMS]
    assert len(seen_threads) > 1


def test_settings_hash_tracks_what_changes_results(tmp_path):
    base = Settings()
    assert settings_hash(base) == settings_hash(Settings(cache_dir=tmp_path, n_threads=1))
    assert settings_hash(base) != settings_hash(Settings(seed=1))
    assert settings_hash(base) != settings_hash(Settings(reflection=False))
    assert settings_hash(base, context_turns=2) != settings_hash(base, context_turns=3)


def test_variant_settings():
    from mer_agents.errors import MerError
    from mer_agents.evaluation.esconv import variant_settings

    s = Settings()
    assert variant_settings(s, "full").reflection is True
    assert variant_settings(s, "no-reflection").reflection is False
    assert variant_settings(s, "no-consistency").consistency is False
    assert variant_settings(s, "one-pass").one_pass is True
    with pytest.raises(MerError, match="unknown variant"):
        variant_settings(s, "half")


def test_write_out_is_json(tmp_path):
    path = write_out(tmp_path / "o" / "x.json", {"task": "meld", "n": 1})
    assert json.loads(path.read_text())["n"] == 1
