"""Blind-judge packets of every candidate the responder ranks, on held-out ESConv *train* turns.

    .venv/bin/python experiments/reply_policy/candidate_grades_heldout.py --n 100 --seed 2 --judges 3 \
        --out DIR
    .venv/bin/python experiments/reply_policy/candidate_grades_heldout.py --out DIR --score  # once graded

Why: a judgment of the kept reply alone says how good one ranking is; a judgment of each candidate lets any
ranking (the shipped `responder.rank_key` and every alternative) be scored offline on the same turns, so a
choice between rankings is made on train with one judging round, and only the chosen one goes to dev.

For sampled supporter turns of the held-out train dialogues (every 10th; never dev; responder_preview.turns),
the forecast is the code fusion of the words and the strategy the planner's code ranking (no LLM, as in
reply_policy_heldout.py); the candidates are the responder's human exemplars and its grounded template,
scored by `responder.score_candidates`. Each turn's first TOP candidates by the shipped rank, the template
and the gold reply go into the packets, shuffled and split among `--judges` packets (DIR/packet_<j>.md, each
for a separate judge who reads only ../shared/eval/judge_rubric.md and it; DIR/key.json is kept from them).
DIR/candidates.jsonl holds every candidate with its scores, checks, rank and features. `--score` reads
DIR/grades_<j>.json and prints the A/B/C share of gold, of the shipped choice, and of each ranking in
RANKINGS, with paired bootstrap intervals against the shipped one.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reply_policy_heldout import novel_words, setup, turn_context  # noqa: E402
from responder_preview import SOURCE, turns  # noqa: E402

from mer_agents.agents import responder  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.labels import STRATEGIES  # noqa: E402

TOP = 4  # candidates per turn judged (by the shipped rank), plus the template when it is not among them
BOOTSTRAP = 5000


def candidates(item: dict, settings: Settings) -> tuple[str, list[dict]]:
    """(strategy, the ranked candidates as dicts with their rank and features)."""
    ctx, forecast, plan = setup(item, settings)
    conversation = [
        item["message"],
        *(t.user_text for t in ctx.history),
        *(t.reply or "" for t in ctx.history),
    ]
    found = [("exemplar", t) for t in responder.exemplar_replies(ctx, plan)]
    found.append(("template", responder.template(ctx, forecast, plan)))
    ranked = responder.score_candidates(ctx, found, forecast, plan)
    out = []
    for rank, c in enumerate(ranked):
        out.append(
            {
                **c.model_dump(),
                "rank": rank,
                "novel": novel_words(c.text, conversation),
                "words": len(c.text.split()),
                "question": c.text.rstrip().endswith("?"),
            }
        )
    return plan.strategy, out


def sampled(args) -> list[dict]:
    """The --n turns of --seed, from held-out dialogues not in --exclude (an earlier DIR's candidates.jsonl):
    a training set of grades stays dialogue-disjoint from the set it is selected on."""
    pool = turns(SOURCE, heldout=not args.bank)
    if args.exclude:
        taken = {row["dialogue"] for row in read_rows(args.exclude)}
        pool = [t for t in pool if t["dialogue"] not in taken]
    return random.Random(args.seed).sample(pool, args.n)


def main_build(args) -> int:
    settings = Settings.from_env(backend="embedded")
    items = sampled(args)
    entries, rows = [], []
    for i, item in enumerate(items):
        strategy, ranked = candidates(item, settings)
        judged = [c for c in ranked if c["rank"] < args.top or c["source"] == "template"]
        context = turn_context(item)
        rows.append(
            {
                "item": i,
                "dialogue": item["dialogue"],
                "message": item["message"],
                "person_asks": item["message"].rstrip().endswith("?"),
                "strategy": strategy,
                "gold_strategy": item["gold_strategy"],
                "gold": item["gold"],
                "candidates": ranked,
                "judged": [c["text"] for c in judged],
            }
        )
        for c in judged:
            entries.append({"context": context, "reply": c["text"], "source": c["source"], "item": i})
        entries.append({"context": context, "reply": item["gold"], "source": "gold", "item": i})
        print(i, strategy, ranked[0]["source"], ranked[0]["text"][:90], file=sys.stderr)
    random.Random(args.seed).shuffle(entries)
    args.out.mkdir(parents=True, exist_ok=True)
    key = {}
    for j in range(args.judges):
        share = entries[j :: args.judges]
        lines = [
            "# Replies to grade\n",
            'Grade each reply A, B or C by the rubric. Answer with one JSON object {"1": "A", ...}.\n',
        ]
        for number, e in enumerate(share, 1):
            lines.append(f"## {number}\n\n{e['context']}\n**Reply:** {e['reply']}\n")
            key[f"{j}:{number}"] = {"item": e["item"], "source": e["source"], "reply": e["reply"]}
        (args.out / f"packet_{j}.md").write_text("\n".join(lines), encoding="utf-8")
    (args.out / "key.json").write_text(json.dumps(key, indent=1), encoding="utf-8")
    with open(args.out / "candidates.jsonl", "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row) + "\n")
    print(
        f"wrote {args.judges} packets ({len(entries)} entries), key.json and candidates.jsonl in {args.out}"
    )
    return 0


def load_grades(out: Path) -> tuple[list[dict], dict[int, dict[str, str]]]:
    """(rows of candidates.jsonl, item → {reply text or 'gold' → grade})."""
    rows = read_rows(out)
    key = json.loads((out / "key.json").read_text())
    graded: dict[int, dict[str, str]] = {}
    for path in sorted(out.glob("grades_*.json")):
        j = path.stem.split("_")[1]
        for number, grade in json.loads(path.read_text()).items():
            entry = key[f"{j}:{number}"]
            name = "gold" if entry["source"] == "gold" else entry["reply"]
            graded.setdefault(entry["item"], {})[name] = grade
    return rows, graded


def shipped(row: dict) -> dict:
    return row["candidates"][0]


# Alternative rankings over the same candidates, each a key on a candidate dict (smaller first), applied after
# the guard (a candidate failing it is never kept). Written before the grades were read; see the README.
RANKINGS = {
    "shipped": lambda c: c["rank"],
    "fewest_novel": lambda c: (len(c["failed"]), c["source"] == "template", c["novel"], c["rank"]),
    "short_first": lambda c: (len(c["failed"]), c["source"] == "template", c["words"] > 12, c["rank"]),
    "template": lambda c: (c["source"] != "template", c["rank"]),
}


def choose(row: dict, ranking) -> dict:
    judged = set(row["judged"])
    pool = [c for c in row["candidates"] if c["text"] in judged and not c["guard"]]
    return min(pool, key=ranking)


def lm_prompts(item: dict) -> tuple[str, str]:
    """(the conversation as plain text ending in "Listener:", the same without the conversation)."""
    head = "A caring listener talks with a person who needs support.\n\n"
    said = "".join(f"Person: {t.user_text}\nListener: {t.reply}\n" for t in item["history"][-2:])
    return f"{head}{said}Person: {item['message']}\nListener:", f"{head}Listener:"


def read_rows(out: Path) -> list[dict]:
    """DIR/candidates.jsonl: one row per turn with its ranked candidates."""
    return [json.loads(line) for line in (out / "candidates.jsonl").read_text().splitlines() if line]


def model_and_turns(args, model: str | None):
    """(the embedded model's engine, (row, turn) for the first --lm-turns rows): what --lm and --pick read."""
    from mer_agents.backends.embedded import EmbeddedBackend

    engine = EmbeddedBackend(Settings.from_env(backend="embedded", model=model)).engine()
    items = sampled(args)
    pairs = []
    for row in read_rows(args.out)[: args.lm_turns]:
        item = items[row["item"]]
        assert item["message"] == row["message"], "candidates.jsonl was built with another --n/--seed"
        pairs.append((row, item))
    return engine, pairs


def main_lm(args) -> int:
    """DIR/lm_<model>.json: each judged candidate's token log-probs under an embedded model, given the
    conversation ("cond") and given none ("uncond"), read by forcing the reply with a grammar."""
    engine, pairs = model_and_turns(args, args.lm)

    def logprobs(prompt: str, text: str) -> list[float]:
        request = {
            "prompt": prompt,
            "max_tokens": 96,
            "temperature": 0,
            "grammar": "root ::= " + json.dumps(" " + text.strip()),
            "n_probs": 1,
            "post_sampling_probs": False,
        }
        response = engine.server.handle_completions(request)
        return [t["logprob"] for t in response["choices"][0]["logprobs"]["content"]]

    out = {}
    for row, item in pairs:
        cond, uncond = lm_prompts(item)
        out[row["item"]] = {
            text: {"cond": logprobs(cond, text), "uncond": logprobs(uncond, text)} for text in row["judged"]
        }
        print(row["item"], file=sys.stderr)
    name = (args.lm or "smollm2").replace("/", "_")
    (args.out / f"lm_{name}.json").write_text(json.dumps(out), encoding="utf-8")
    return 0


PICK_PROMPT = (
    "Here is the end of a conversation in which a listener supports a person, and {n} possible next replies "
    "of the listener. Which reply could a caring listener send as is: on the topic of what the person said, "
    "fitting their feeling, inventing no facts, names or events? Answer with its number only.\n\n"
    "{conversation}\n\nReplies:\n{replies}\n\nThe best reply is number"
)


def main_pick(args) -> int:
    """DIR/pick_<model>.json: turn → the reply an embedded model picks among the judged candidates that pass
    the guard (shown in a seeded shuffled order; the answer is one digit, forced by a grammar)."""
    engine, pairs = model_and_turns(args, args.pick)
    out = {}
    for row, item in pairs:
        judged = set(row["judged"])
        pool = [c["text"] for c in row["candidates"] if c["text"] in judged and not c["guard"]]
        random.Random(row["item"]).shuffle(pool)
        conversation = lm_prompts(item)[0].split("\n\n", 1)[1].removesuffix("\nListener:")
        prompt = PICK_PROMPT.format(
            n=len(pool),
            conversation=conversation,
            replies="\n".join(f"{i}. {text}" for i, text in enumerate(pool, 1)),
        )
        request = {
            "messages": [{"role": "user", "content": prompt}],
            "max_tokens": 2,
            "temperature": 0,
            "grammar": "root ::= " + " | ".join(f'"{i}"' for i in range(1, len(pool) + 1)),
        }
        answer = engine.server.handle_chat_completions(request)["choices"][0]["message"]["content"]
        out[row["item"]] = pool[int(answer.strip()) - 1]
        print(row["item"], answer, file=sys.stderr)
    name = args.pick.replace("/", "_")
    (args.out / f"pick_{name}.json").write_text(json.dumps(out), encoding="utf-8")
    return 0


def features(row: dict, c: dict) -> list[float]:
    """What a learned ranking may use: the scorers, the checks, the rank and the form of the reply."""
    return [
        c["scores"].get("fit", 0.0),
        c["scores"].get("strategy", 0.0),
        c["scores"].get("fluency", 0.0),
        min(c["novel"], 6),
        min(c["words"], 40) / 10,
        len(c["failed"]),
        c["source"] == "template",
        c["rank"],
        row["person_asks"] and c["question"],
        *(row["strategy"] == s for s in STRATEGIES),
    ]


def learned_choices(rows: list[dict], graded: dict[int, dict[str, str]], folds: int = 5) -> dict[int, str]:
    """A logistic ranking (P(A) − P(C)) fitted on the grades of the other folds' turns: cross-validated."""
    from sklearn.linear_model import LogisticRegression

    cases = [(r, c) for r in rows for c in r["candidates"] if c["text"] in graded[r["item"]]]
    x = np.array([features(r, c) for r, c in cases], float)
    y = np.array([graded[r["item"]][c["text"]] for r, c in cases])
    turn = np.array([r["item"] for r, _ in cases])
    order = np.random.default_rng(0).permutation(sorted(set(turn)))
    chosen: dict[int, tuple[float, str]] = {}
    for fold in np.array_split(order, folds):
        test = np.isin(turn, fold)
        good = LogisticRegression(C=0.3, max_iter=2000).fit(x[~test], y[~test] == "A")
        bad = LogisticRegression(C=0.3, max_iter=2000).fit(x[~test], y[~test] == "C")
        value = good.predict_proba(x[test])[:, 1] - bad.predict_proba(x[test])[:, 1]
        for k, v in zip(np.flatnonzero(test), value):
            r, c = cases[k]
            if not c["guard"] and (r["item"] not in chosen or v > chosen[r["item"]][0]):
                chosen[r["item"]] = (v, c["text"])
    return {item: text for item, (_, text) in chosen.items()}


def all_choices(args, rows: list[dict], graded: dict[int, dict[str, str]]) -> dict[str, dict[int, str]]:
    """Ranking name → turn → the reply it keeps: RANKINGS, the cross-validated learned one, each LM's
    (DIR/lm_*.json; checks first, then the mean log-prob given the conversation, or its PMI), and the oracle
    (the best-graded judged candidate: what a perfect ranking of these candidates would reach)."""
    out = {name: {r["item"]: choose(r, key)["text"] for r in rows} for name, key in RANKINGS.items()}
    out["learned_cv"] = learned_choices(rows, graded)
    for path in sorted(args.out.glob("lm_*.json")):
        lm = {int(k): v for k, v in json.loads(path.read_text()).items()}
        for kind in ("cond", "pmi"):

            def value(row: dict, c: dict, kind=kind) -> float:
                s = lm[row["item"]][c["text"]]
                base = sum(s["uncond"]) if kind == "pmi" else 0.0
                return (sum(s["cond"]) - base) / len(s["cond"])

            out[f"{path.stem}_{kind}"] = {
                r["item"]: choose(
                    r, lambda c, r=r: (len(c["failed"]), c["source"] == "template", -value(r, c))
                )["text"]
                for r in rows
                if r["item"] in lm
            }
    for path in sorted(args.out.glob("pick_*.json")):
        out[path.stem] = {int(k): v for k, v in json.loads(path.read_text()).items()}
    rank = {"A": 0, "B": 1, "C": 2}
    out["oracle"] = {
        r["item"]: choose(r, lambda c, r=r: rank[graded[r["item"]][c["text"]]])["text"] for r in rows
    }
    return out


def main_score(args) -> int:
    rows, graded = load_grades(args.out)
    rows = [r for r in rows if r["item"] in graded]
    print(f"{len(rows)} turns graded")

    def shares(grades: list[str]) -> str:
        n = len(grades)
        counts = Counter(grades)
        return f"n={n:3} " + " ".join(f"{g} {counts[g] / n:.2f}" for g in "ABC")

    print(f"{'gold':24} {shares([graded[r['item']]['gold'] for r in rows if 'gold' in graded[r['item']]])}")
    rng = np.random.default_rng(0)
    for name, picks in all_choices(args, rows, graded).items():
        items = sorted(picks)
        grades = [graded[i][picks[i]] for i in items]
        base = [graded[r["item"]][shipped(r)["text"]] for r in rows if r["item"] in picks]
        line = f"{name:24} {shares(grades)}"
        idx = rng.integers(0, len(items), (BOOTSTRAP, len(items)))
        for g in "AC":
            d = np.array([x == g for x in grades], float) - np.array([x == g for x in base], float)
            lo, hi = np.percentile(d[idx].mean(1), [2.5, 97.5])
            line += f"   {g} vs shipped {d.mean():+.2f} [{lo:+.2f}, {hi:+.2f}]"
        print(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--judges", type=int, default=3)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--top", type=int, default=TOP, help="candidates per turn judged, by the shipped rank"
    )
    parser.add_argument("--exclude", type=Path, help="skip the dialogues of this earlier DIR")
    parser.add_argument(
        "--bank",
        action="store_true",
        help="turns of the other train dialogues (training grades for a scorer), not the held-out slice",
    )
    parser.add_argument("--score", action="store_true", help="score DIR/grades_<j>.json")
    parser.add_argument("--lm", help="write DIR/lm_<model>.json with this embedded model (smollm2, …)")
    parser.add_argument("--pick", help="write DIR/pick_<model>.json: this embedded model picks the reply")
    parser.add_argument("--lm-turns", type=int, default=None, help="only the first N turns (--lm, --pick)")
    args = parser.parse_args(argv)
    if args.lm:
        return main_lm(args)
    if args.pick:
        return main_pick(args)
    return main_score(args) if args.score else main_build(args)


if __name__ == "__main__":
    raise SystemExit(main())
