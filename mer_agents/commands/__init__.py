"""One module per CLI subcommand: add_arguments(parser) and main(args) -> int.

Options that set a Settings field are declared with `add_setting` and turned into Settings with
`settings_from_args`: Settings is the one validator (types and ranges), so the CLI accepts exactly what the
app and the environment accept, its --help quotes the same limits, and a bad value is one line naming the
flag ("--fps must be greater than 0 and at most 30 (got '0')") instead of a pydantic traceback.

Every other number a subcommand takes is read by `number` (a bounded, finite int or float), so no value
reaches code that cannot take it: a 23-digit seed printed a 51-line traceback.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any, get_args

MAX_COUNT = 1_000_000  # items, repeats, runs or contexts asked for on the command line
MAX_SECONDS = 86_400.0  # a duration on the command line: a day

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


def number(
    kind: type = int, low: float | None = None, high: float | None = None, *, above: bool = False
) -> Callable[[str], Any]:
    """An argparse `type`: a finite `kind` from `low` (exclusive with `above`) to `high`. Anything else is
    argparse's one-line usage error naming the flag (cli.Parser), e.g. "argument --limit: must be from 1
    to 1000000 (got 0)"."""

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except (TypeError, ValueError):
            raise argparse.ArgumentTypeError(f"must be {_kind(kind)} (got {text!r})") from None
        too_low = low is not None and (value <= low if above else value < low)
        if not math.isfinite(value) or too_low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {_range(low, high, above)} (got {text})")
        return value

    parse.__name__ = kind.__name__  # argparse's own messages name the type
    return parse


def numbers(kind: type = float, low: float | None = None, high: float | None = None, *, above: bool = False):
    """An argparse `type` for a comma-separated list of `number`s (at least one)."""
    one = number(kind, low, high, above=above)

    def parse(text: str) -> list[Any]:
        values = [one(part.strip()) for part in str(text).split(",") if part.strip()]
        if not values:
            raise argparse.ArgumentTypeError(f"needs at least one number (got {text!r})")
        return values

    parse.__name__ = f"{kind.__name__} list"
    return parse


def _kind(kind: type) -> str:
    return "a whole number" if kind is int else "a number"


def _range(low: float | None, high: float | None, above: bool) -> str:
    if low is not None and high is not None and not above:
        return f"from {_shown(low)} to {_shown(high)}"
    parts = [f"{'greater than' if above else 'at least'} {_shown(low)}"] if low is not None else []
    return " and ".join(parts + ([f"at most {_shown(high)}"] if high is not None else []))


def _shown(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:g}"


def setting_number(field: str) -> Callable[[str], Any]:
    """`number` with the bounds of Settings.<field> (the flags of eval and bench that feed a setting)."""
    from annotated_types import Ge, Gt, Le, Lt

    from mer_agents.config import Settings

    info = Settings.model_fields[field]
    low = high = None
    above = False
    for bound in info.metadata:
        if isinstance(bound, (Ge, Gt)):
            low, above = (bound.ge, False) if isinstance(bound, Ge) else (bound.gt, True)
        elif isinstance(bound, (Le, Lt)):
            high = bound.le if isinstance(bound, Le) else bound.lt
    kind = float if float in get_args(info.annotation) or info.annotation is float else int
    return number(kind, low, high, above=above)
