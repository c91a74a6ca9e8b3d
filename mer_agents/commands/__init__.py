"""One module per CLI subcommand: add_arguments(parser) and main(args) -> int.

Options that set a Settings field are declared with `add_setting` and turned into Settings with
`settings_from_args`: Settings is the one validator (types and ranges), so the CLI accepts exactly what the
app and the environment accept, its --help quotes the same limits, and a bad value is one line naming the
flag ("--fps must be greater than 0 and at most 30 (got '0')") instead of a pydantic traceback.
"""

from __future__ import annotations

import argparse
from typing import Any, get_args

# Settings field → the flag that sets it (the same flag in every subcommand).
FLAGS = {
    "fps": "--fps",
    "max_duration_s": "--max-duration",
    "first_seconds": "--first-seconds",
    "max_rounds": "--max-rounds",
    "seed": "--seed",
    "backend": "--backend",
    "model": "--model",
    "base_url": "--base-url",
    "llm_threads": "--threads",
    "speaker": "--speaker",
}


def add_setting(
    parser: argparse.ArgumentParser, field: str, help_text: str, metavar: str | None = None
) -> None:
    """An option for Settings.<field>, read as text and validated by Settings; --help shows its limits."""
    from mer_agents.config import Settings, field_limits

    info = Settings.model_fields[field]
    choices = get_args(info.annotation) if field == "backend" else ()
    notes = [field_limits(field)]
    if info.default is not None:
        default = f"{info.default:g}" if isinstance(info.default, float) else str(info.default)
        notes.append(f"default {default}")
    shown = "; ".join(note for note in notes if note)
    parser.add_argument(
        FLAGS[field],
        dest=field,
        default=None,
        metavar=metavar or ("{" + ",".join(choices) + "}" if choices else _metavar(field)),
        help=f"{help_text} ({shown})" if shown else help_text,
    )


def _metavar(field: str) -> str:
    return FLAGS[field][2:].upper().replace("-", "_")


def settings_from_args(args: argparse.Namespace, **extra: Any) -> Any:
    """Settings from MER_* plus the options given and `extra` (None: keep).

    A bad option's error names its flag.
    """
    from mer_agents.config import Settings, SettingsError

    given = {field: getattr(args, field) for field in FLAGS if getattr(args, field, None) is not None}
    given.update({field: value for field, value in extra.items() if value is not None})
    try:
        return Settings.from_env(**given)
    except SettingsError as exc:
        if exc.field in given:
            raise SettingsError(exc.field, FLAGS[exc.field], exc.value, exc.problem) from None
        raise
