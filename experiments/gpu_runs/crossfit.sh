#!/bin/bash
# Five folds of the judge scorer at once on a lent GPU; the held-out folds' logits to $OUT (JSON).
PY=$1; DEV=$2
. "$(dirname "$0")/setup.sh"
export MER_TRAIN_THREADS=3
for K in 0 1 2 3 4; do
  $PY experiments/reply_judge_scorer/crossfit.py --fold $K --epochs 4 --out $OUT/f$K.json > /tmp/f$K.log 2>&1 &
done
wait
for K in 0 1 2 3 4; do grep -v "^step" /tmp/f$K.log | tail -n 2; grep "^step" /tmp/f$K.log | tail -n 1; done
$PY experiments/reply_judge_scorer/crossfit.py --score $OUT/f0.json $OUT/f1.json $OUT/f2.json $OUT/f3.json $OUT/f4.json
