"""Write crisis.jsonl and noncrisis.jsonl from the hand-written lists in src/.
No text is generated or assembled here; each message is typed in src/*.py."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "src"))
import abuse
import buried
import coded
import distress
import goodbye
import goodbyes_everyday
import humour
import injury
import long_a
import long_b
import plan
import recovered
import wish

crisis = []
crisis += [dict(text=t, kind="self-harm", category="goodbye-or-affairs") for t in goodbye.ITEMS]
crisis += [dict(text=t, kind=k, category="coded-or-slang") for k, t in coded.ITEMS]
crisis += [dict(text=t, kind="self-harm", category="plan-or-means") for t in plan.ITEMS]
crisis += [dict(text=t, kind="self-harm", category="wish-to-die") for t in wish.ITEMS]
crisis += [dict(text=t, kind="self-harm", category="self-injury") for t in injury.ITEMS]
crisis += [dict(text=t, kind="abuse", category="abuse-or-violence") for t in abuse.ITEMS]
crisis += [dict(text=t, kind=k, category="buried-in-long") for k, t in buried.ITEMS]

non = []
non += [dict(text=t, category="recovered-or-past") for t in recovered.ITEMS]
non += [dict(text=t, category="dark-humour-or-figure-of-speech") for t in humour.ITEMS]
non += [dict(text=t, category="everyday-goodbyes") for t in goodbyes_everyday.ITEMS]
non += [dict(text=t, category="long-everyday") for t in long_a.ITEMS + long_b.ITEMS]
non += [dict(text=t, category="distress-no-risk") for t in distress.ITEMS]

for name, rows in (("crisis.jsonl", crisis), ("noncrisis.jsonl", non)):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(name, len(rows))
