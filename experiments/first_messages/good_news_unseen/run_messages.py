"""Run `analyze --text` on each message of messages.json (in-process, default settings); write OUT.json.

.venv/bin/python experiments/first_messages/good_news_unseen/run_messages.py \
    experiments/first_messages/good_news_unseen/new.json
The messages are read from the folder OUT.json is written to (good_news_unseen/, good_news_unseen2/).
"""

import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

from mer_agents.cli import main

HERE = Path(sys.argv[1]).resolve().parent
out = []
with tempfile.TemporaryDirectory() as tmp:
    for message in json.loads((HERE / "messages.json").read_text()):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            main(["analyze", "--text", message, "--quiet", "--trace", f"{tmp}/t.json"])
        lines = buf.getvalue().splitlines()
        reply = [line[len("reply: ") :] for line in lines if line.startswith("reply: ")]
        emotion = [line for line in lines if line.startswith("emotion: ")]
        out.append(
            {"message": message, "reply": reply[0] if reply else "", "emotion": emotion[0] if emotion else ""}
        )
        print(out[-1], file=sys.stderr)
Path(sys.argv[1]).write_text(json.dumps(out, indent=1))
