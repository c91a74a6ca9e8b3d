#!/bin/bash
# Session 37 on a lent GPU: three seeds each of the reply judge from the wheel on the corrected contexts
# (4 passes, #34), the text-emotion encoder (round 3's recipe, 2 passes, #37) and the strategy encoder
# (1 pass, #37), all at once; each task's three runs averaged into one file (soup.py) on the machine.
# usage: bash experiments/gpu_runs/seeds.sh PYTHON DEVICE   (EPOCHS_SCALE=0.002 for a dry run on CPU)
# TASKS="judge" (next.sh) runs a subset; its runs' files and logs only.
PY=$1; DEV=$2; S=${EPOCHS_SCALE:-1}; TASKS=${TASKS:-"judge emotion strategy"}
. "$(dirname "$0")/setup.sh"
nvidia-smi --query-gpu=name,memory.used --format=csv 2>/dev/null
$PY -c "import torch, transformers; print(torch.__version__, transformers.__version__, torch.cuda.is_available())"
export MER_TRAIN_THREADS=1
R=/tmp/res; mkdir -p $R
ep() { $PY -c "print($1 * $S)"; }
has() { [[ " $TASKS " == *" $1 "* ]]; }
for K in 0 1 2; do
  has judge && $PY experiments/reply_judge_scorer/round2.py --train --init wheel --epochs $(ep 4) --seed $K \
    --out $R/judge_s$K.npz > $R/judge_s$K.log 2>&1 &
  has emotion && $PY experiments/text_emotion_encoder/train.py --train-only --epochs $(ep 2) --seed $K \
    --out $R/emotion_s$K.npz > $R/emotion_s$K.log 2>&1 &
  has strategy && $PY experiments/strategy_encoder/train.py --train-only --epochs $(ep 1) --seed $K \
    --out $R/strategy_s$K.npz > $R/strategy_s$K.log 2>&1 &
done
wait
for f in $R/*.log; do echo "== $f"; grep -v "^step" $f | tail -n 4; grep "^step" $f | tail -n 1; done
for T in $TASKS; do
  $PY experiments/gpu_runs/soup.py $R/${T}_s0.npz $R/${T}_s1.npz $R/${T}_s2.npz --out $OUT/${T}_soup.npz
  cp $R/${T}_s0.npz $OUT/
done
tar -C $R -cf $OUT/${TASKS// /_}_logs.tar $(cd $R && ls *.log)
ls -la $OUT
