"""Call the demo's API from Python with gradio_client (the README shows this file; tests run it as it is).

Start the app first (`python app.py`), then: `python docs/api_snippet.py path/to/clip.mp4`.
"""

import json
import os
import sys

from gradio_client import Client, handle_file

url = os.environ.get("MER_APP_URL", "http://127.0.0.1:7860/")
clip = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("MER_CLIP", "examples/sad_loss.mp4")
client = Client(url, verbose=False)

# One call: the final reply and the run's JSON trace (every event, verdicts, timings).
reply, trace_path = client.predict(clip=handle_file(clip), message="", api_name="/analyze")
print("reply:", reply)
with open(trace_path, encoding="utf-8") as f:
    print("trace keys:", sorted(json.load(f)))

# Streaming: each timeline event as JSON, as the agents produce it.
events = []
for event in client.submit(clip=handle_file(clip), message="", api_name="/analyze_stream"):
    events.append(event)
    print(f"{event['t']:6.2f}s {event['kind']:<22} {event.get('stage') or ''}")
