#!/bin/bash
# For the next lent GPU (prepared in session 37, not run yet): crisis round 16 (crisis16.sh: three seeds from
# the wheel and their mean) and the reply judge's round 5 (seeds.sh with TASKS=judge: three seeds from the
# wheel, now from one head, and their mean) at once; 7 files back (4 crisis, 2 judge, the judge's logs).
# usage, after `bash experiments/gpu_runs/trip.sh . both` here, with carry [".devdata"]:
#   bash experiments/gpu_runs/next.sh python3 cuda      (run with timeout_s 590: each crisis seed stops at 510 s)
# (a dry run on CPU in a trimmed worktree: EPOCHS=0.0005 EPOCHS_SCALE=0.002 SKIP_WHL=1 ... cpu)
PY=$1; DEV=$2; HERE=$(dirname "$0")
. "$HERE/setup.sh"  # once: the two scripts below find the wheels, model and data in place
SKIP_WHL=1 LIMIT=${LIMIT:-510} bash "$HERE/crisis16.sh" "$PY" "$DEV" > /tmp/next_crisis.log 2>&1 &
SKIP_WHL=1 TASKS=judge bash "$HERE/seeds.sh" "$PY" "$DEV" > /tmp/next_judge.log 2>&1
wait
grep -v -E "Loading|LOAD|UNEXPECTED|^Key|^---|pooler|^Notes|^$" /tmp/next_crisis.log /tmp/next_judge.log | tail -n 60
ls -la "$OUT"
