"""Does a small language model read a reply's fit better than the reply judge? (#34, a stronger reader)

    .venv/bin/python experiments/reply_lm_reader/lm_reader.py --score smollm2 --out smollm2.json
    .venv/bin/python experiments/reply_lm_reader/lm_reader.py --score qwen05 --limit 140 --out qwen05.json
    .venv/bin/python experiments/reply_lm_reader/lm_reader.py --analyze smollm2.json qwen05.json

The reply judge separates judged-A from judged-C candidates across turns (AUC 0.83) but picks within a turn
only a few points better than the rank before it; the C picks it keeps are often the wrong feeling ("so sorry
to hear that" to "good, feels better now") or a question just answered. A language model has read far more
conversation than the judge's 9,306 grades. Here each graded candidate of the 287 held-out train turns of
round 2 (`../reply_judge_scorer/round2.py`: never trained on by the judge) is scored by the embedded models'
log-probability of the reply after the conversation (`cond`), and without it (`unc`, for PMI = cond − unc),
through transformers, which dequantises the GGUF the app ships (SmolLM2-135M-Instruct Q8_0,
Qwen2.5-Coder-0.5B-Instruct Q4_K_M). The picks are the shipped key (`responder.rank_key`) with the judge's
logit plus w × the LM score. ESConv *train* only.
Sources: ESConv (CC BY-NC 4.0); the grades: this project's blind helper judges; SmolLM2 and Qwen2.5-Coder
(Apache-2.0).
"""

from __future__ import annotations

import argparse
import collections
import copy
import json
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from experiments.reply_judge_scorer.crossfit import candidates, shipped_key, versus  # noqa: E402
from experiments.reply_judge_scorer.round2 import auc, held_turns  # noqa: E402
from experiments.reply_judge_scorer.train import scores_of  # noqa: E402
from mer_agents.agents import reply_judge  # noqa: E402

CACHE = Path.home() / ".cache" / "mer_agents"
MODELS = {  # the app's own GGUF files, as the embedded backend assembles them in its cache dir
    "smollm2": (CACHE / "smollm2-135m-q8_0" / "b179c9523d0e", "SmolLM2-135M-Instruct.Q8_0.gguf"),
    "qwen05": (CACHE / "qwen2.5-coder-0.5b", "Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf"),
}
HEAD = "A conversation between a person who is going through a hard time and a caring listener.\n\n"
CONTEXT_TOKENS, REPLY_TOKENS = 400, 60
KINDS = ("cond", "pmi", "pmi_per_token")
WEIGHTS = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0)


def turns() -> list[dict]:
    """round2.py's 287 held-out turns, each candidate with the shipped judge's logit."""
    held = held_turns()
    scores_of(reply_judge.WEIGHTS, held)
    return held


def lines(context: str) -> str:
    """ "Person: … Listener: …" as one line each."""
    parts = re.split(r"(Person:|Listener:)", context)
    return "\n".join(parts[i] + " " + parts[i + 1].strip() for i in range(1, len(parts), 2))


def score(model_name: str, limit: int | None, out: Path) -> None:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    torch.set_num_threads(2)
    folder, file = MODELS[model_name]
    tok = AutoTokenizer.from_pretrained(folder, gguf_file=file)
    model = AutoModelForCausalLM.from_pretrained(folder, gguf_file=file, dtype=torch.float32).eval()

    def logprobs(prefix: str, replies: list[str]) -> list[tuple[float, int]]:
        ids = tok(prefix, return_tensors="pt").input_ids[:, -CONTEXT_TOKENS:]
        with torch.no_grad():
            first = model(ids, use_cache=True)
        res = []
        for reply in replies:
            r = tok(" " + reply.strip() + "\n", return_tensors="pt").input_ids[:, :REPLY_TOKENS]
            with torch.no_grad():
                rest = model(r, past_key_values=copy.deepcopy(first.past_key_values), use_cache=True)
            lp = torch.cat([first.logits[:, -1:], rest.logits[:, :-1]], 1).log_softmax(-1)
            res.append((float(lp.gather(-1, r[..., None]).sum()), int(r.shape[1])))
        return res

    rows, started = [], time.time()
    for k, g in enumerate(turns()[:limit]):
        replies = [r["text"] for r in g["replies"]]
        cond = logprobs(HEAD + lines(g["context"]) + "\nListener:", replies)
        unc = logprobs(HEAD + "Listener:", replies)
        for r, (c, n), (u, _) in zip(g["replies"], cond, unc):
            keep = ("text", "grade", "source", "judge", "failed", "guard", "score")
            rows.append(
                {"set": g["set"], "item": g["item"], "dialogue": g["dialogue"], **{f: r[f] for f in keep}}
            )
            rows[-1].update(cond=round(c, 4), unc=round(u, 4), ntok=n)
        if k % 20 == 0:
            print(k, f"{time.time() - started:.0f} s", flush=True)
    out.write_text(json.dumps(rows) + "\n")


def feature(r: dict, kind: str) -> float:
    if kind == "cond":
        return r["cond"] / r["ntok"]
    pmi = r["cond"] - r["unc"]
    return pmi / r["ntok"] if kind == "pmi_per_token" else pmi


def analyze(path: Path) -> dict:
    """The shipped key's picks with the judge's logit plus w × each LM score, against the shipped key
    (crossfit.versus: bootstrap over dialogues), and each score's AUC of judged A vs C (round2.auc)."""
    rows = json.loads(path.read_text())
    by = collections.defaultdict(list)
    for r in rows:
        r.update({kind: feature(r, kind) for kind in KINDS})
        by[(r["set"], r["item"], r["dialogue"])].append(r)
    held = [{"set": k[0], "dialogue": k[2], "replies": g} for k, g in by.items()]

    def picks(kind: str, w: float) -> list[str]:
        key = lambda r: shipped_key({**r, "judge": r["judge"] + w * r[kind]})  # noqa: E731
        return [min(candidates(g), key=key)["grade"] for g in held]

    runs = {"shipped": picks("cond", 0.0)}
    runs.update({f"{kind} w={w}": picks(kind, w) for kind in KINDS for w in WEIGHTS})
    result = versus(held, runs, "shipped", "shipped")
    cands = [r for r in rows if r["source"] != "gold"]
    result["auc_A_vs_C"] = {f: auc(cands, f) for f in ("judge", *KINDS)}
    gold = [r["grade"] for r in rows if r["source"] == "gold"]
    result["gold"] = {x: round(gold.count(x) / len(gold), 3) for x in "AC"}
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--score", choices=sorted(MODELS))
    ap.add_argument("--limit", type=int)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--analyze", type=Path, nargs="+")
    args = ap.parse_args()
    if args.score:
        score(args.score, args.limit, HERE / args.out.name)
        return
    out = {p.name: analyze(HERE / p.name) for p in args.analyze}
    print(json.dumps(out, indent=1, ensure_ascii=False))
    (HERE / "analysis.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
