"""Bad command-line arguments: one readable line, exit code 2, no traceback; `analyze` still writes a trace.

The limits come from Settings (commands.add_setting / settings_from_args), so they are checked here against
Settings itself. The first two cases are the ones a probe found printing tracebacks; they run as real
subprocesses, the way a user types them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mer_agents.cli import main
from mer_agents.config import Settings, field_limits

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "lonely_city.mp4"


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mer_agents", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=300,
        check=False,
    )


def _exit_code(args: list[str]) -> int:
    """main()'s return code, or argparse's exit code for a usage error."""
    try:
        return main(args)
    except SystemExit as exc:
        return int(exc.code or 0)


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err and lines[0].startswith("error: ")
    return lines[0]


def test_perceive_fps_zero_is_one_line():
    result = _cli("perceive", str(EXAMPLE), "--fps", "0")
    assert result.returncode == 2
    assert _one_line(result.stderr) == f"error: --fps must be {field_limits('fps')} (got 0)"


def test_analyze_max_rounds_99_is_one_line_and_writes_a_trace(tmp_path):
    trace = tmp_path / "t.json"
    result = _cli("analyze", "--text", "I failed my exam.", "--max-rounds", "99", "--trace", str(trace))
    assert result.returncode == 2
    assert _one_line(result.stderr) == "error: --max-rounds must be from 0 to 6 (got 99)"
    data = json.loads(trace.read_text())
    assert data["error"] == "--max-rounds must be from 0 to 6 (got 99)" and data["reply"] is None
    assert [e["kind"] for e in data["events"]] == ["run_failed"]
    assert f"trace: {trace}" in result.stdout


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["perceive", "x.mp4", "--fps", "31"], "--fps must be greater than 0 and at most 30 (got 31)"),
        (["perceive", "x.mp4", "--fps", "fast"], "--fps: input should be a valid number"),
        (["perceive", "x.mp4", "--max-duration", "-5"], "--max-duration must be greater than 0 (got -5)"),
        (["perceive", "x.mp4", "--first-seconds", "0"], "--first-seconds must be greater than 0 (got 0)"),
        (["perceive", "x.mp4", "--bogus"], "unrecognized arguments: --bogus"),
        (["perceive"], "the following arguments are required: path"),
        (["nonsense"], "invalid choice: 'nonsense'"),
    ],
)
def test_perceive_and_top_level_bad_arguments(args, expected, capsys):
    assert _exit_code(args) == 2
    assert expected in _one_line(capsys.readouterr().err)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--max-rounds", "-1"], "--max-rounds must be from 0 to 6 (got -1)"),
        (["--max-rounds", "two"], "--max-rounds: input should be a valid integer"),
        (["--seed", "1.5"], "--seed: input should be a valid integer"),
        (["--backend", "gpt"], "--backend: input should be 'auto', 'embedded', 'transformers_omni', 'openai"),
        (["--backend", "openai_http"], "the openai_http backend needs a server URL"),
    ],
)
def test_analyze_bad_settings_write_a_trace(args, expected, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("MER_BASE_URL", raising=False)
    trace = tmp_path / "t.json"
    assert main(["analyze", "--text", "hello", *args, "--trace", str(trace)]) == 2
    line = _one_line(capsys.readouterr().err)
    assert expected in line
    assert json.loads(trace.read_text())["error"] == line.removeprefix("error: ")


def test_bad_environment_value_is_named(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MER_MAX_ROUNDS", "40")
    assert main(["analyze", "--text", "hello", "--trace", str(tmp_path / "t.json")]) == 2
    assert _one_line(capsys.readouterr().err) == "error: MER_MAX_ROUNDS must be from 0 to 6 (got 40)"


def test_unwritable_trace_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["analyze", "--text", "hello", "--trace", str(blocker / "t.json")]) == 2
    assert "cannot write the trace to" in _one_line(capsys.readouterr().err)


def test_help_quotes_the_settings_limits(capsys):
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert field_limits("max_rounds") in out and f"default {Settings().max_rounds}" in out


def test_a_huge_seed_is_one_line(tmp_path):
    """The probe's case: `--seed 99999999999999999999999` printed a 51-line traceback; the seed is 32-bit
    (llama.cpp's), so the CLI refuses it in one line (and writes the trace)."""
    result = _cli(
        "analyze", "--text", "hello", "--seed", "99999999999999999999999", "--trace", str(tmp_path / "t.json")
    )
    assert result.returncode == 2
    assert (
        _one_line(result.stderr) == "error: --seed must be from 0 to 2147483647 (got 99999999999999999999999)"
    )


def _subcommands(parser, prefix=()):
    """(argv prefix, subparser) for every leaf subcommand (analyze, eval meld, bench pipeline, ...)."""
    import argparse

    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield prefix, parser
        return
    for name, sub in subs[0].choices.items():
        yield from _subcommands(sub, (*prefix, name))


def _number_options():
    from mer_agents.cli import build_parser

    for prefix, parser in _subcommands(build_parser()):
        for action in parser._actions:
            if action.option_strings and action.type is not None and action.type not in (str, Path):
                if getattr(action.type, "__name__", "") in ("int", "float", "float list"):
                    yield prefix, action


def test_every_number_option_is_bounded():
    """No option reads a bare int or float any more (a 23-digit number reached llama.cpp): each is
    commands.number, bounded and finite, or a Settings flag that Settings checks."""
    options = list(_number_options())
    assert len(options) >= 20
    assert all(action.type not in (int, float) for _, action in options), [
        (p, a.option_strings) for p, a in options if a.type in (int, float)
    ]


@pytest.mark.parametrize("value", ["99999999999999999999999", "-99999999999999999999999", "nan", "inf", "x"])
def test_every_number_option_refuses_a_bad_value_in_one_line(value, capsys):
    """Every numeric option of every subcommand (eval, bench, ...) with a huge, negative, NaN, infinite or
    non-number value: argparse's one-line usage error naming the option, exit 2, before any work starts."""
    for prefix, action in _number_options():
        flag = action.option_strings[0]
        assert _exit_code([*prefix, f"{flag}={value}"]) == 2, (prefix, flag)
        line = _one_line(capsys.readouterr().err)
        assert f"argument {flag}" in line and "(see --help)" in line, line
