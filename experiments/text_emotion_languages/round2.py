"""The emotion probe for words not in English, round 2: written training messages in its 12 languages (#37).

    .venv/bin/python experiments/text_emotion_languages/round2.py            # round2_choice.json (select/)
    .venv/bin/python experiments/text_emotion_languages/round2.py --ship     # the shipped asset
    .venv/bin/python experiments/text_emotion_languages/round2.py --report --old OLD.npz   # once
    .venv/bin/python experiments/text_emotion_languages/round2.py --round 4 [--ship | --report --old OLD.npz]

Why: the shipped probe (probe.py) learnt only English (the emotion encoder's fit split) and reads other
languages through the multilingual encoder: 0.70 right on report/. The crisis probe gained most, in session
35, from written messages in the other languages themselves and a hidden layer (crisis_detector/multilingual/
round13.py). An MLP on the English data alone did worse than the logistic probe on select/ (0.62-0.66 against
0.69: explored before this rule), so the question here is the data.

Data: train_written/ (four helpers who saw nothing of the project: 8 messages per emotion in each of the 12
languages of select/ and report/, with other example lines). report2/ (two other helpers, written apart at the
same time: 3 per emotion and language, 252 messages) reports.

Rule, stated before it ran (committed with this file, before train_written/ or report2/ were read by any
model): candidates are probe.py's GRID (logistic, C and class weight) and one MLP (one ReLU layer of 256,
alpha 1e-3, early stopping, seed 0), each trained on the English fit split plus every train_written/ row,
mixed with the current English reading at each of probe.MIX. The best accuracy on select/ (macro-F1 breaks
ties) ships if it is above the shipped probe's on select/ (0.691). Then report2/ is read once, the app's
reading with the old probe against the new one (paired), with report/ (read before) beside it; reported
whichever way it goes. If nothing ships, report2/ stays unread.
Result: the rule shipped the MLP (select/ 0.691 -> 0.774, mix 0.5), and report2/ read 0.639 -> 0.687, report/
0.702 -> 0.726 (intervals touching 0). But joy fell on both report sets (0.81 -> 0.69, 0.83 -> 0.67), and the
test of the issue's own example, "hoy me dieron la beca para estudiar en berlin, no lo puedo creer!!", failed
(the MLP reads surprise 0.71, joy 0.01). A reader that turns good news into surprise or sadness misleads the
reply, so the asset was reverted: not shipped, a departure from the rule's wording, recorded in the README.

Round 3 (--round 3), stated after that and before it ran (committed with this paragraph): only the logistic
probes of probe.GRID (the MLP's confidence is what lost joy), trained on the English fit split plus
train_written/, report2/ and report/ (both read now), mixed at each of probe.MIX. Among the settings whose joy
recall on select/ is >= the shipped probe's there, the best accuracy on select/ ships if it is above the
shipped probe's (0.691) and tests/test_perception_text_languages.py passes with it. Then report3/ (two new
helpers, written after round 2's report) is read once, old against new, reported whichever way it goes.
Result of round 3: select/ 0.786 with joy kept, but the test failed again (surprise 0.28, joy 0.25): not
shipped, report3/ unread.

Round 4 (--round 4), stated after that and before it ran (committed with this paragraph, before
good_news_written/ exists): round 3's rule and report3/, with good_news_written/ added to training: two new
helpers' good news the writer can hardly believe ("no lo puedo creer"), labelled joy, 6 per language (72).
The app labels good news joy (#37: good-news sets read joy), and round 3 learnt disbelief as surprise.
Sources: MELD (GPL-3.0), ESConv (CC BY-NC 4.0), the written sets (MIT), USE multilingual v3 (Google,
Apache-2.0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from functools import partial
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE), str(HERE.parent / "crisis_detector")]

import numpy as np  # noqa: E402
import probe  # noqa: E402
import written_sets  # noqa: E402

from mer_agents import multilingual  # noqa: E402
from mer_agents.evaluation.metrics import bootstrap_ci  # noqa: E402
from mer_agents.labels import EMOTIONS  # noqa: E402
from mer_agents.perception import text_languages  # noqa: E402

ROUND2_SETS = ("train_written",)
ROUND3_SETS = ("train_written", "report2", "report")
ROUND_SETS = {2: ROUND2_SETS, 3: ROUND3_SETS, 4: (*ROUND3_SETS, "good_news_written")}
MLP = ("mlp", None)


def choice_path(rnd: int) -> Path:
    return HERE / f"round{rnd}_choice.json"


def training_data(sets: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """probe.training_data's English fit split plus the rows of the written `sets`, embedded."""
    x, y = probe.training_data()
    written = [row for name in sets for row in probe.rows(name)]
    if "report2" in sets:  # round 3: a read row that nearly repeats a report3/ message is left out
        held = [written_sets.words(t) for t, _, _ in probe.rows("report3")]
        written = [row for row in written if not written_sets.nearly_repeats(row[0], held)]
    xw = multilingual.embed([t for t, _, _ in written])
    return np.vstack([x, xw]), np.concatenate([y, [label for _, label, _ in written]])


def fit(data, c, weight):
    if (c, weight) != MLP:
        return probe.fit(data, c, weight)
    return multilingual.mlp_probe(probe.SEED).fit(*data)


def joy_recall(y: np.ndarray, probs: np.ndarray) -> float:
    joy = y == EMOTIONS.index("joy")
    return round(float((probs.argmax(1)[joy] == y[joy]).mean()), 4)


def choose(rnd: int) -> None:
    data = probe.rows("select")
    texts, y = [t for t, _, _ in data], np.array([label for _, label, _ in data])
    base = probe.current(texts)
    x = multilingual.embed(texts)
    shipped = json.loads((HERE / "choice.json").read_text())["chosen"]
    mix0 = text_languages.mix_weight()
    shipped["joy_recall"] = joy_recall(y, mix0 * text_languages.probs(texts) + (1 - mix0) * base)
    train = training_data(ROUND_SETS[rnd])
    grid = []
    for c, weight in probe.GRID if rnd > 2 else (*probe.GRID, MLP):
        p = fit(train, c, weight).predict_proba(x)
        for mix in probe.MIX:
            q = mix * p + (1 - mix) * base
            row = {"C": c, "class_weight": weight, "mix": mix} | probe.scores(y, q)
            grid.append(row | {"joy_recall": joy_recall(y, q)})
    ok = [r for r in grid if rnd == 2 or r["joy_recall"] >= shipped["joy_recall"]]
    best = max(ok, key=lambda r: (r["accuracy"], r["macro_f1"]), default=None)
    out = {
        "n": len(data),
        "n_train": len(train[1]),
        "shipped probe": shipped,
        "chosen": best,
        "ships": bool(best and best["accuracy"] > shipped["accuracy"]),
        "grid": grid,
    }
    print(json.dumps({k: v for k, v in out.items() if k != "grid"}, indent=1))
    choice_path(rnd).write_text(json.dumps(out, indent=1) + "\n")


def ship(rnd: int) -> None:
    choice = json.loads(choice_path(rnd).read_text())
    assert choice["ships"], "the choice did not ship a probe"
    chosen = choice["chosen"]
    model = fit(training_data(ROUND_SETS[rnd]), chosen["C"], chosen["class_weight"])
    np.savez(probe.ASSET, **multilingual.probe_arrays(model), mix=np.array(chosen["mix"]))
    print("wrote", probe.ASSET)


def report(old: Path, rnd: int) -> None:
    """Once: report2/ (and report/, read before), or after round 2 report3/: the app's reading of typed text
    with the old probe and with the shipped one, paired over messages."""
    from mer_agents.config import Settings
    from mer_agents.perception.text import text_evidence

    readers = {f: getattr(text_languages, f) for f in ("probs", "mix_weight")}
    settings = Settings()
    out: dict = {}
    for name in ("report3",) if rnd > 2 else ("report2", "report"):
        data = probe.rows(name)
        texts, y = [t for t, _, _ in data], np.array([label for _, label, _ in data])
        hits = {}
        new = f"round {rnd}"
        for label, path in (("old probe", old), (new, probe.ASSET)):
            for f, reader in readers.items():
                setattr(text_languages, f, partial(reader, path=path))
            now = np.array(
                [[text_evidence(t, [], [], settings).probs.get(e, 0.0) for e in EMOTIONS] for t in texts]
            )
            hits[label] = (now.argmax(1) == y).astype(float)
            out.setdefault(name, {})[label] = probe.scores(y, now) | {"joy_recall": joy_recall(y, now)}
        for f, reader in readers.items():
            setattr(text_languages, f, reader)
        d = hits[new] - hits["old probe"]
        out[name]["n"] = len(data)
        out[name][f"accuracy {new} - old"] = [round(float(d.mean()), 4), *bootstrap_ci(d, 10000)]
        out[name]["by_language"] = {
            g: {k: round(float(h[[lang == g for _, _, lang in data]].mean()), 3) for k, h in hits.items()}
            for g in dict.fromkeys(lang for _, _, lang in data)
        }
    print(json.dumps(out, indent=1))
    (HERE / f"round{rnd}_report.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ship", action="store_true")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--old", type=Path, help="with --report: the probe before this round (.npz)")
    ap.add_argument(
        "--round", type=int, choices=sorted(ROUND_SETS), default=2, help="the round's rule (docstring)"
    )
    args = ap.parse_args()
    if args.ship:
        ship(args.round)
    elif args.report:
        report(args.old, args.round)
    else:
        choose(args.round)
