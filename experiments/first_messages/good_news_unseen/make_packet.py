"""packet.md (each distinct reply once, shuffled, seed 7) and key.json from base.json and new.json (and the
human replies of gold.json where the folder has one); then, with
`--score`, the A/B/C counts per source from grades.json. `--dir FOLDER`: another set's folder (default: this
one), e.g. experiments/first_messages/good_news_unseen2."""

import json
import random
import sys
from collections import Counter
from pathlib import Path

HERE = Path(sys.argv[sys.argv.index("--dir") + 1]) if "--dir" in sys.argv else Path(__file__).resolve().parent
if "--score" in sys.argv:
    key = json.loads((HERE / "key.json").read_text())
    grades = json.loads((HERE / "grades.json").read_text())
    for source in ("base", "new"):
        counts = Counter(grades[k] for k, v in key.items() if source in v["sources"])
        print(source, {g: counts[g] for g in "ABC"})
    raise SystemExit(0)
runs = {
    r: json.loads((HERE / f"{r}.json").read_text())
    for r in ("base", "new", "gold")
    if (HERE / f"{r}.json").exists()
}
entries = []
for i, rows in enumerate(zip(*runs.values())):
    sources: dict[str, list[str]] = {}
    for name, x in zip(runs, rows):
        sources.setdefault(x["reply"].strip(), []).append(name)
    entries += [(i, rows[0]["message"], reply, names) for reply, names in sources.items()]
random.Random(7).shuffle(entries)
lines = [
    "# Replies to grade\n",
    'Grade each reply A, B or C by the rubric. Answer with one JSON object {"1": "A", ...}.\n',
]
key = {}
for k, (i, message, reply, names) in enumerate(entries, 1):
    lines.append(f"## {k}\n\n> Person: {message}\n\n**Reply:** {reply}\n")
    key[str(k)] = {"item": i, "sources": names}
(HERE / "packet.md").write_text("\n".join(lines))
(HERE / "key.json").write_text(json.dumps(key, indent=1))
