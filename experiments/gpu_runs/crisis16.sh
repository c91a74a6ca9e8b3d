#!/bin/bash
# Crisis round 16 on a lent GPU: round 14's sets, from the wheel (3 passes), seeds 0, 1 and 2 at once, each
# written to $OUT as it ends, then their mean (soup.py). The threshold is chosen here afterwards
# (app_threshold.py). usage: bash experiments/gpu_runs/crisis16.sh PYTHON DEVICE  (EPOCHS=0.0005: a dry run)
PY=$1; DEV=$2; E=${EPOCHS:-3}
. "$(dirname "$0")/setup.sh"
nvidia-smi --query-gpu=name,memory.used --format=csv 2>/dev/null
export MER_TRAIN_THREADS=2
for K in 0 1 2; do
  timeout ${LIMIT:-430} $PY experiments/crisis_detector/train.py --train-only --epochs $E --seed $K --esconv 6000 \
    --more --writers --typed-negatives --plain --buried --coded --round5 --round6 --round7 --round8 --round9 \
    --round10 --round11 --round12 --out $OUT/crisis16_s$K.npz > /tmp/crisis16_s$K.log 2>&1 &
done
wait
for K in 0 1 2; do grep -v "^step" /tmp/crisis16_s$K.log | grep -v -E "Loading|LOAD|UNEXPECTED|^Key|^---|pooler|^Notes|^$" | tail -n 3; grep "^step" /tmp/crisis16_s$K.log | tail -n 1; done
$PY experiments/gpu_runs/soup.py $OUT/crisis16_s0.npz $OUT/crisis16_s1.npz $OUT/crisis16_s2.npz --out $OUT/crisis16_soup.npz
ls -la $OUT
