#!/bin/bash
# Crisis round 6 (three epoch counts) and the reply judge scorer (three runs) at once on a lent GPU.
# usage: bash experiments/gpu_runs/both.sh PYTHON DEVICE
PY=$1; DEV=$2; EPOCHS6=${EPOCHS6:-"2 3 4"}
. "$(dirname "$0")/setup.sh"
nvidia-smi --query-gpu=name,memory.used --format=csv 2>/dev/null
$PY -c "import torch, transformers; print(torch.__version__, transformers.__version__, torch.cuda.is_available())"
export MER_TRAIN_THREADS=2
mkdir -p /tmp/res
for E in $EPOCHS6; do
  $PY experiments/crisis_detector/train.py --epochs $E --more --writers --typed-negatives --plain --buried \
    --coded --round5 --round6 --out /tmp/res/crisis6_e$E.npz --selection /tmp/res/selection_round6_e$E.json > /tmp/res/crisis_e$E.log 2>&1 &
done
G=experiments/reply_judge_scorer
$PY $G/train.py --grades $G/train_grades $G/bank_grades --epochs 4 --out $OUT/judge_all_e4.npz --no-choose > /tmp/res/judge_all_e4.log 2>&1 &
$PY $G/train.py --grades $G/train_grades $G/bank_grades --epochs 8 --out $OUT/judge_all_e8.npz --no-choose > /tmp/res/judge_all_e8.log 2>&1 &
$PY $G/train.py --grades $G/train_grades --epochs 4 --out $OUT/judge_old_e4.npz --no-choose > /tmp/res/judge_old_e4.log 2>&1 &
wait
for f in /tmp/res/*.log; do echo "== $f"; grep -v "^step" $f | tail -n 22; grep "^step" $f | tail -n 1; done
# the crisis rule (README, sixth round): near-miss FA <= round 4's 0.0628 + 0.01, then the highest recall
$PY - <<'PY'
import json, glob, shutil, os
rows = []
for p in sorted(glob.glob("/tmp/res/selection_round6_e*.json")):
    d = json.load(open(p)); a = d["at_threshold"]
    rows.append((a["recall"], a["false_alarm_distress"], d["epochs"], p))
    print(d["epochs"], d["threshold"], a)
ok = [r for r in rows if r[1] <= 0.0628 + 0.01]
if ok:
    best = max(ok)
    e = best[3].split("_e")[-1][:-5]
    print("chosen epochs", best[2], "recall", best[0])
    shutil.copy(f"/tmp/res/crisis6_e{e}.npz", os.environ["OUT"] + "/crisis6_chosen.npz")
else:
    print("none within the near-miss budget")
PY
tar -C /tmp/res -cf $OUT/round6_logs.tar $(cd /tmp/res && ls *.json *.log)
