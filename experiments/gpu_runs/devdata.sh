#!/bin/bash
# Build .devdata/ (git-ignored through .git/info/exclude), what a lent GPU needs beside the tree: the wheels of
# pydantic and its needs for the machine's Python 3.12, MiniLM-L6 from the installed wheel as float16 and
# xz-compressed, ESConv train and MELD train/dev (gzipped where large). About 46 MB; carry it with
# carry [".devdata"]. usage: bash experiments/gpu_runs/devdata.sh   (in the repository root, after install)
set -e
grep -qx "/.devdata/" .git/info/exclude 2>/dev/null || { mkdir -p .git/info; echo "/.devdata/" >> .git/info/exclude; }
rm -rf .devdata; mkdir -p .devdata/whl .devdata/minilm .devdata/data/esconv .devdata/data/meld
.venv/bin/python -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  -d .devdata/whl "pydantic==$(.venv/bin/python -c 'import pydantic; print(pydantic.VERSION)')" \
  "pydantic_core==$(.venv/bin/python -c 'import pydantic_core; print(pydantic_core.__version__)')" \
  annotated-types typing-inspection typing_extensions
MD=$(PYTHONPATH=. .venv/bin/python -c "from mer_agents.embeddings import minilm_dir; print(minilm_dir())")
cp "$MD"/*.json "$MD"/vocab.txt .devdata/minilm/
.venv/bin/python -c "
import lzma
import numpy as np
from safetensors.numpy import load_file, save
d = load_file('$MD/model.safetensors')
blob = save({k: (v.astype(np.float16) if v.dtype == np.float32 else v) for k, v in d.items()})
lzma.open('.devdata/minilm/model16.safetensors.xz', 'wb', preset=6).write(blob)
"
S=../shared/data
gzip -9 -c $S/esconv/ESConv_train.json > .devdata/data/esconv/ESConv_train.json.gz
cp $S/esconv/strategy.json .devdata/data/esconv/; cp $S/README.md .devdata/data/
gzip -9 -c $S/meld/train_sent_emo.csv > .devdata/data/meld/train_sent_emo.csv.gz
cp $S/meld/dev_sent_emo.csv .devdata/data/meld/
du -sh .devdata
