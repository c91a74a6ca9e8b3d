"""Can a small model over cheap features of each candidate pick what judges accept? (issue #34, item 2)

    .venv/bin/python experiments/reply_judge_scorer/feature_picker.py   # writes feature_picker.json here

Why: the judge-trained cross-encoder (train.py) ranked the judged candidates worse than the shipped score
(AUC A vs C 0.556 vs 0.697). Before another encoder, this asks whether the signals the project already has,
combined by a model fitted on the grades, separate the candidates *within a turn* (what a picker needs).
Features of each candidate: the shipped score and its parts (fit, strategy, fluency), the failed checks,
the guard, its rank and its distance to the turn's best, the words the conversation does not hold, length,
a question mark, MiniLM cosines of the reply to the person's words and to the turn they answered, the
cosines of the bank turn the reply came from (its seeker words, its previous turn) to this moment's, whether
it is the template, and the moment's kind (thanks, taking up a suggestion, greeting, a question, a short
answer, a statement) alone and with a question mark. Models: logistic regression (A vs not; not-C vs C)
and gradient boosting, fitted on one graded set and picking on the other (both ways): the 180 turns of
train_grades/ and the 100 of ../reply_policy/heldout_candidate_grades/ (held-out ESConv *train*; no dev).
A pick is the best-scored candidate that passes the guard, as the responder keeps it. Sources: ESConv train
(CC BY-NC 4.0), MiniLM-L6 (Apache-2.0), the grades (this project's helper judges, MIT).
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from sklearn.ensemble import GradientBoostingClassifier  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

from experiments.reply_policy.candidate_grades_heldout import load_grades  # noqa: E402
from experiments.reply_policy.responder_preview import SOURCE, turns  # noqa: E402
from mer_agents.embeddings import embed  # noqa: E402

SETS = {
    "train_grades": HERE / "train_grades",
    "selection": ROOT / "experiments" / "reply_policy" / "heldout_candidate_grades",
}
BANK = ROOT / "assets" / "exemplars" / "esconv_train.jsonl"
GRADE = {"A": 1.0, "B": 0.5, "C": 0.0}
THANKS = re.compile(r"\b(thank|thanks|thx|appreciate)", re.I)
ACCEPT = re.compile(
    r"\b(i will try|i'll try|i can try|i'll have to try|i will (do|look|give|keep)|i'll (do|look|give|keep)|"
    r"good idea|great idea|sounds good|i could try|will do|i guess i can|i might try|i may try|"
    r"i'm going to try|i am going to try|that might help|that could help|i think i will|i think i'll)",
    re.I,
)
GREET = re.compile(
    r"^\W*(hi|hello|hey|good (morning|afternoon|evening))\b|how are you|and you\??\s*$|yourself\??\s*$", re.I
)
MOMENTS = ("thanks", "accept", "greet", "asks", "short", "statement")
SHORT_WORDS = 8
BOOT = 5000
SEED = 0


def moment(words: str) -> str:
    """The kind of the person's last words (MOMENTS), by the first pattern that matches."""
    if THANKS.search(words):
        return "thanks"
    if ACCEPT.search(words):
        return "accept"
    if GREET.search(words):
        return "greet"
    if "?" in words:
        return "asks"
    return "short" if len(words.split()) <= SHORT_WORDS else "statement"


def graded_turns(folder: Path) -> list[dict]:
    """The set's turns: its candidates row, the turn the person answered, the grade of each judged reply."""
    rows, graded = load_grades(folder)
    previous = {}
    for t in turns(SOURCE):
        previous[t["dialogue"], t["message"]] = (t["history"][-1].reply or "") if t["history"] else ""
    return [
        {"row": row, "previous": previous.get((row["dialogue"], row["message"]), ""), "grades": graded[i]}
        for i, row in enumerate(rows)
        if i in graded
    ]


def features(data: list[dict], bank: dict[str, dict]) -> tuple[np.ndarray, list[str | None], np.ndarray]:
    """(one feature row per candidate, its grade or None when not judged, its turn's number)."""
    texts = {"."}
    for d in data:
        texts |= {d["row"]["message"], d["previous"] or "."}
        for c in d["row"]["candidates"]:
            texts.add(c["text"])
            if c["text"].strip() in bank:
                source = bank[c["text"].strip()]
                texts |= {source["seeker"], source["previous"] or "."}
    order = sorted(texts)
    vec = dict(zip(order, embed(order)))
    rows, grades, turn = [], [], []
    for number, d in enumerate(data):
        row = d["row"]
        kind, words, answered = moment(row["message"]), vec[row["message"]], vec[d["previous"] or "."]
        best = max(c["score"] for c in row["candidates"])
        for c in row["candidates"]:
            source = bank.get(c["text"].strip())
            asks = "?" in c["text"]
            rows.append(
                [
                    c["score"],
                    c["score"] - best,
                    c["scores"]["fit"],
                    c["scores"]["strategy"],
                    c["scores"]["fluency"],
                    len(c["failed"]),
                    bool(c["guard"]),
                    c["rank"],
                    c["novel"],
                    min(c["words"], 40) / 40,
                    asks,
                    float(vec[c["text"]] @ words),
                    float(vec[c["text"]] @ answered),
                    float(vec[source["seeker"]] @ words) if source else 0.0,
                    float(vec[source["previous"] or "."] @ answered) if source else 0.0,
                    c["source"] == "template",
                    len(row["message"].split()) / 50,
                    *(kind == m for m in MOMENTS),
                    *(kind == m and asks for m in MOMENTS),
                ]
            )
            grades.append(d["grades"].get(c["text"]))
            turn.append(number)
    return np.array(rows, dtype=float), grades, np.array(turn)


GUARD = 6  # the guard's column in a feature row


def picks(x: np.ndarray, grades: list, turn: np.ndarray, score: np.ndarray) -> list[str]:
    """The grade of each turn's best-scored judged candidate that passes the guard (any, when none does)."""
    out = []
    for t in np.unique(turn):
        judged = [i for i in np.where(turn == t)[0] if grades[i] is not None]
        if judged:
            passing = [i for i in judged if not x[i, GUARD]] or judged
            out.append(grades[max(passing, key=lambda i: score[i])])
    return out


def auc(score: np.ndarray, grades: list) -> float:
    a = np.array([s for s, g in zip(score, grades) if g == "A"])
    c = np.array([s for s, g in zip(score, grades) if g == "C"])
    return float((a[:, None] > c[None, :]).mean() + 0.5 * (a[:, None] == c[None, :]).mean())


def summary(chosen: list[str], base: list[str]) -> dict:
    """A and C shares of the picks and the paired difference against `base` (bootstrap over turns)."""
    hit = np.array([g == "A" for g in chosen], float) - np.array([g == "A" for g in base], float)
    idx = np.random.default_rng(SEED).integers(0, len(hit), size=(BOOT, len(hit)))
    return {
        "n": len(chosen),
        "A": round(chosen.count("A") / len(chosen), 3),
        "C": round(chosen.count("C") / len(chosen), 3),
        "A_vs_shipped": [
            round(float(hit.mean()), 3),
            *np.round(np.percentile(hit[idx].mean(1), [2.5, 97.5]), 3),
        ],
    }


def models(x: np.ndarray, y: np.ndarray) -> dict:
    """The fitted scorers, each a function of feature rows."""
    scale = StandardScaler().fit(x)
    out = {}
    for c in (0.01, 0.1, 1.0):
        a = LogisticRegression(C=c, max_iter=2000).fit(scale.transform(x), y == 1.0)
        not_c = LogisticRegression(C=c, max_iter=2000).fit(scale.transform(x), y > 0)
        out[f"logistic A, C={c:g}"] = lambda z, m=a: m.decision_function(scale.transform(z))
        out[f"logistic not-C, C={c:g}"] = lambda z, m=not_c: m.decision_function(scale.transform(z))
    for depth in (2, 3):
        gb = GradientBoostingClassifier(
            max_depth=depth, n_estimators=150, learning_rate=0.05, subsample=0.8, random_state=SEED
        ).fit(x, y == 1.0)
        out[f"boosting A, depth {depth}"] = lambda z, m=gb: m.predict_proba(z)[:, 1]
    return out


def by_moment(sets: list[list[dict]]) -> dict:
    """Per kind of the person's last words, over the sets' turns: n, the shipped pick's A and C shares and the
    best judged candidate's A share."""
    out: dict[str, dict] = {}
    for d in (d for data in sets for d in data):
        grades = d["grades"]
        judged = [c for c in d["row"]["candidates"] if c["text"] in grades]
        if not judged:
            continue
        kept = min([c for c in judged if not c["guard"]] or judged, key=lambda c: c["rank"])
        best = max(GRADE[grades[c["text"]]] for c in judged)
        row = out.setdefault(moment(d["row"]["message"]), {"n": 0, "A": 0, "C": 0, "best_A": 0})
        row["n"] += 1
        row["A"] += grades[kept["text"]] == "A"
        row["C"] += grades[kept["text"]] == "C"
        row["best_A"] += best == 1.0
    return {
        k: {"n": v["n"], **{x: round(v[x] / v["n"], 2) for x in ("A", "C", "best_A")}} for k, v in out.items()
    }


def main() -> int:
    bank = {}
    for line in BANK.read_text(encoding="utf-8").splitlines():
        if line:
            e = json.loads(line)
            bank.setdefault(e["reply"].strip(), e)
    graded = {name: graded_turns(folder) for name, folder in SETS.items()}
    data = {name: features(turns_, bank) for name, turns_ in graded.items()}
    result = {"shipped pick by the kind of the last words (both sets)": by_moment(list(graded.values()))}
    for fit_on, pick_on in (("train_grades", "selection"), ("selection", "train_grades")):
        x, g, _ = data[fit_on]
        judged = np.array([v is not None for v in g])
        y = np.array([GRADE[v] for v in g if v is not None])
        xb, gb, tb = data[pick_on]
        base = picks(xb, gb, tb, -xb[:, 7])  # the shipped rank
        oracle = picks(xb, gb, tb, np.array([GRADE.get(v, -1.0) if v else -1.0 for v in gb]))
        rows = {
            "shipped": {**summary(base, base), "auc_A_vs_C": round(auc(xb[:, 0], gb), 3)},
            "oracle": summary(oracle, base),
        }
        for name, score in models(x[judged], y).items():
            s = score(xb)
            rows[name] = {**summary(picks(xb, gb, tb, s), base), "auc_A_vs_C": round(auc(s, gb), 3)}
        result[f"fit on {fit_on}, pick on {pick_on}"] = rows
    print(json.dumps(result, indent=1))
    (HERE / "feature_picker.json").write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
