"""Blind-judging packet and scoring: shuffled, keyed, and scored per source (pure functions, no model)."""

from __future__ import annotations

import argparse
import json

from mer_agents.evaluation.judge import entries, packet, score, trace_entries

RECORDS = [
    {
        "variant": "full",
        "id": f"i{n}",
        "message": f"message {n}",
        "history": [],
        "reply": f"system {n}",
        "gold_reply": f"gold {n}",
    }
    for n in range(5)
]


def test_packet_mixes_sources_hides_the_key_and_is_seeded():
    text, key = packet(entries(RECORDS, "full"), seed=3)
    assert len(key) == 10 and {v["source"] for v in key.values()} == {"full", "gold"}
    assert "source" not in text and "system 0" in text and "gold 0" in text
    assert packet(entries(RECORDS, "full"), seed=3) == (text, key)
    assert packet(entries(RECORDS, "full"), seed=4)[1] != key


def test_score_reports_rates_per_source_and_missing_grades():
    _, key = packet(entries(RECORDS, "full"), seed=0)
    grades = {n: ("A" if info["source"] == "gold" else "C") for n, info in key.items()}
    grades.pop("1")
    report = score(key, grades)
    assert report["missing"] == ["1"]
    assert report["gold"]["A"] == 1.0 or report["gold"]["n"] < 5
    assert report["full"]["C"] == 1.0 and report["full"]["A_ci95"] == [0.0, 0.0]


def test_clip_traces_become_entries(tmp_path):
    trace = {
        "reply": "That sounds hard.",
        "events": [{"kind": "evidence", "evidence": {"transcript": "I am sad."}}],
    }
    path = tmp_path / "clip.json"
    path.write_text(json.dumps(trace))
    (entry,) = trace_entries([path])
    assert entry["source"] == "clip" and entry["conversation"] == ["Person: I am sad."]


def test_the_same_reply_from_several_sources_is_graded_once_and_counted_for_each(tmp_path):
    """Two seeds' items files, two variants: a reply that several of them gave to a turn is one entry with
    all its sources; its grade counts for each; gold appears once per turn (the CLI path, real files)."""
    from mer_agents.commands import eval as eval_cmd

    seed1 = [dict(r, reply="system 0 again") if r["id"] == "i0" else r for r in RECORDS]
    paths = []
    for name, records in (("s0", RECORDS), ("s1", seed1)):
        path = tmp_path / f"{name}.items.jsonl"
        rows = [*records, *[dict(r, variant="one-pass", reply="short") for r in records]]
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))
        paths.append(str(path))
    out, key_path = tmp_path / "packet.md", tmp_path / "key.json"
    args = ["judge-packet", "--items", *paths, "--variant", "full,one-pass", "--out", str(out)]
    parser = argparse.ArgumentParser()
    eval_cmd.add_arguments(parser)
    assert eval_cmd.main(parser.parse_args([*args, "--key", str(key_path)])) == 0
    key = json.loads(key_path.read_text())
    # per turn: gold, "short" (both seeds' one-pass), the full reply (shared by both seeds except turn i0)
    assert len(key) == 5 * 3 + 1 and out.read_text().count("**Reply:** short") == 5
    shared = next(v for v in key.values() if v["item"] == "i1" and "s0:full" in v["sources"])
    assert shared["sources"] == ["s0:full", "s1:full"]
    grades = {n: "A" if "s1:full" in v["sources"] else "C" for n, v in key.items()}
    report = score(key, grades)
    assert report["s1:full"]["A"] == 1.0 and report["s0:full"]["A"] == 0.8 and report["s0:one-pass"]["n"] == 5


def test_a_turn_without_words_shows_only_the_listener():
    """The ESConv reader marks a window that starts mid-dialogue with a turn without words."""
    record = dict(RECORDS[0], history=[{"user_text": "", "reply": "How are you feeling today?"}])
    (entry, _gold) = entries([record], "full")
    assert entry["conversation"] == ["Listener: How are you feeling today?", "Person: message 0"]
