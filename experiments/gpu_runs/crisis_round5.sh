#!/bin/bash
# Crisis round 5 on a lent GPU: the same train.py, three epoch counts at once; weights and selections to $OUT.
# usage (from the repository root): bash experiments/gpu_runs/crisis_round5.sh PYTHON DEVICE "EPOCHS..."
PY=$1; DEV=$2; EPOCHS=$3
. "$(dirname "$0")/setup.sh"
nvidia-smi --query-gpu=name,memory.used --format=csv 2>/dev/null
$PY -c "import torch, transformers; print(torch.__version__, transformers.__version__, torch.cuda.is_available())"
for E in $EPOCHS; do
  $PY experiments/crisis_detector/train.py --epochs $E --more --writers --typed-negatives --plain --buried \
    --coded --round5 --out $OUT/crisis_e$E.npz --selection $OUT/selection_e$E.json > $OUT/log_e$E.txt 2>&1 &
done
wait
for E in $EPOCHS; do echo "== $E"; grep -v "^step" $OUT/log_e$E.txt | tail -n 25; grep "^step" $OUT/log_e$E.txt | tail -n 2; done
