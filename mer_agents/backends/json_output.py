"""JSON outputs for backends without a grammar: pull the object out of a reply and check it against the
schema, so a backend can ask once for a repair with the concrete faults named.

The check covers the JSON-schema subset the agents' output models use (type, enum, const, required,
properties, additionalProperties: false, items, min/max, minItems/maxItems, maxLength); the agents still
validate with pydantic, this only decides whether a repair round is worth asking for.
"""

from __future__ import annotations

import json
from typing import Any

JSON_INSTRUCTION = (
    "Reply with one JSON object only, no prose and no code fences, matching this JSON schema:\n{schema}"
)
REPAIR_INSTRUCTION = (
    "That reply is not valid: {faults}. Reply again with one JSON object only, matching the schema."
)
_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


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


def json_faults(text: str, schema: dict[str, Any]) -> list[str]:
    """What is wrong with text as an instance of schema (empty when it is fine)."""
    try:
        value = json.loads(text)
    except ValueError as exc:
        return [f"not JSON ({exc.msg})"]
    return schema_faults(value, schema, schema)


def schema_faults(value: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "$") -> list[str]:
    if "$ref" in schema:
        schema = _resolve(schema["$ref"], root)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [schema_faults(value, option, root, where) for option in schema[key]]
            return [] if any(not faults for faults in options) else [f"{where}: matches none of {key}"]
    faults: list[str] = []
    expected = schema.get("type")
    if expected is not None:
        kinds = expected if isinstance(expected, list) else [expected]
        ok = any(
            isinstance(value, _TYPES.get(kind, (object,)))
            and not (kind in ("integer", "number") and isinstance(value, bool))
            for kind in kinds
        )
        if not ok:
            return [f"{where}: expected {'/'.join(kinds)}, got {type(value).__name__}"]
    if "enum" in schema and value not in schema["enum"]:
        faults.append(f"{where}: {value!r} is not one of {schema['enum']}")
    if "const" in schema and value != schema["const"]:
        faults.append(f"{where}: must be {schema['const']!r}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            faults.append(f"{where}: {value} < minimum {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            faults.append(f"{where}: {value} > maximum {schema['maximum']}")
    if isinstance(value, str) and "maxLength" in schema and len(value) > schema["maxLength"]:
        faults.append(f"{where}: longer than {schema['maxLength']} characters")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        faults += [f"{where}: missing {name!r}" for name in schema.get("required", []) if name not in value]
        if schema.get("additionalProperties") is False:
            faults += [f"{where}: unexpected {name!r}" for name in value if name not in properties]
        for name, sub in properties.items():
            if name in value:
                faults += schema_faults(value[name], sub, root, f"{where}.{name}")
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            faults.append(f"{where}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            faults.append(f"{where}: more than {schema['maxItems']} items")
        if isinstance(schema.get("items"), dict):
            for index, item in enumerate(value):
                faults += schema_faults(item, schema["items"], root, f"{where}[{index}]")
    return faults


def _resolve(ref: str, root: dict[str, Any]) -> dict[str, Any]:
    node: Any = root
    for part in ref.lstrip("#/").split("/"):
        node = node.get(part, {}) if isinstance(node, dict) else {}
    return node if isinstance(node, dict) else {}
