"""Everyday first messages the project's reply studies already hold, as training negatives (round 20).

Every message of the first-message sets under ../../first_messages/ that the gate does not read (its five
files: written_sets.GATE_FIRST_MESSAGES) and that ESConv dev did not give (esconv_openings_dev/), each once,
its category the set it came from. All are everyday: their writers were asked for openings, sign-offs,
questions and news with no crisis in them. A row that nearly repeats (word-set Jaccard > OVERLAP_MAX) a
message of ../fresh_report15/ or ../fresh_report16/, one of the gate's 615 first messages or one of the
issue's five phrasings is left out, as in writer20/. Standard library only.
    python3 build.py
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import written_sets  # noqa: E402

REPORT = os.path.join(HERE, "..", "fresh_report15")
LATER_REPORT = os.path.join(HERE, "..", "fresh_report16")
FIRST = written_sets.FIRST_MESSAGES
OVERLAP_MAX = 0.45  # writer20's bar

SETS = (  # every set under FIRST with a messages file, less the gate's five and ESConv dev's openings
    "closing_only_design",
    "closing_only_fresh",
    "closing_only_fresh2",
    "closing_only_fresh3",
    "closing_only_fresh4",
    "closing_only_fresh5",
    "closing_only_fresh6",
    "closing_only_fresh7",
    "closing_words_fresh",
    "esconv_openings",
    "fresh_round3",
    "good_news_unseen",
    "good_news_unseen2",
    "neutral_news_design",
    "neutral_news_unseen",
    "opening_unseen",
    "opening_unseen3",
    "opening_unseen4",
    "questions_fresh",
)


def rows():
    """(category, text) rows of SETS, each text once (the first set that holds it)."""
    out, seen = [], set()
    for name in SETS:
        for text in written_sets.texts_of(os.path.join(FIRST, name, "messages.json")):
            key = written_sets.norm(text)
            if key and key not in seen:
                seen.add(key)
                out.append({"text": text, "category": name})
    return out


if __name__ == "__main__":
    others = written_sets.first_message_others(LATER_REPORT)
    written_sets.write_training_rows(HERE, [], rows(), REPORT, OVERLAP_MAX, others)
