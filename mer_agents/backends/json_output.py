"""JSON outputs for backends without a grammar: the instruction that asks for the object, and pulling the
object out of a reply. Validation and the one repair round are the agents' (agents/base.generate_json).
"""

from __future__ import annotations

import json

JSON_INSTRUCTION = (
    "Reply with one JSON object only, no prose and no code fences, matching this JSON schema:\n{schema}"
)


def extract_json(text: str) -> str:
    """The first JSON object in a reply (fences and prose around it dropped); the text itself if none."""
    decoder = json.JSONDecoder()
    for index, char in enumerate(text):
        if char == "{":
            try:
                value, _ = decoder.raw_decode(text, index)
            except ValueError:
                continue
            if isinstance(value, dict):
                return json.dumps(value)
    return text
