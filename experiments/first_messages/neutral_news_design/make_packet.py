"""Blind packet of the before/after replies of a message set (each distinct reply once), and its scores.

    .venv/bin/python experiments/first_messages/neutral_news_design/make_packet.py --dir DIR  # packet, key
    .venv/bin/python experiments/first_messages/neutral_news_design/make_packet.py --dir DIR --score

DIR holds messages.json and the first looks before (base.json) and after (new.json) the change.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from mer_agents.evaluation.judge import merge_same, packet  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", type=Path, required=True)
    parser.add_argument("--score", action="store_true")
    args = parser.parse_args()
    messages = {m["id"]: m for m in json.loads((args.dir / "messages.json").read_text())}
    runs = {name: json.loads((args.dir / f"{name}.json").read_text()) for name in ("base", "new")}
    if not args.score:
        entries = [
            {
                "item": mid,
                "source": name,
                "conversation": [f"Person: {m['message']}"],
                "reply": runs[name][mid]["reply"],
            }
            for mid, m in messages.items()
            for name in runs
        ]
        text, key = packet(merge_same(entries), seed=11)
        (args.dir / "packet.md").write_text(text + "\n")
        (args.dir / "key.json").write_text(json.dumps(key, indent=1) + "\n")
        return
    key = json.loads((args.dir / "key.json").read_text())
    grades = json.loads((args.dir / "grades.json").read_text())
    graded = {(info["item"], s): grades[n] for n, info in key.items() for s in info["sources"]}
    rows = []
    for kind in ("good", "plain", "hard"):
        ids = [mid for mid, m in messages.items() if m["kind"] == kind]
        for name in runs:
            c = Counter(graded[(mid, name)] for mid in ids)
            rows.append(f"| {len(ids)} {kind} | {name} | {c['A']} | {c['B']} | {c['C']} |")
        changed = [mid for mid in ids if runs["base"][mid]["reply"] != runs["new"][mid]["reply"]]
        moves = Counter(f"{graded[(m, 'base')]}→{graded[(m, 'new')]}" for m in changed)
        rows.append(f"| | changed replies: {len(changed)} | {dict(sorted(moves.items()))} | | |")
    print("| messages | replies | A | B | C |\n|---|---|---|---|---|\n" + "\n".join(rows))


if __name__ == "__main__":
    main()
