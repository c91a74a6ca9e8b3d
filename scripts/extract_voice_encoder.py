"""Extract the GE2E voice encoder's weights from the resemblyzer 0.1.4 wheel into assets/voice_encoder/.

    .venv/bin/python -m pip download --no-deps resemblyzer==0.1.4 -d /tmp/resemblyzer
    .venv/bin/python scripts/extract_voice_encoder.py --wheel /tmp/resemblyzer/Resemblyzer-0.1.4-*.whl

The wheel's `resemblyzer/pretrained.pt` (17 MB) holds the model state and the optimizer state of its
training; only the model's 14 tensors (3-layer LSTM 40→256, linear 256→256; 5.7 MB as float32) are kept,
as safetensors, so the diarizer (mer_agents/perception/voice_encoder.py) needs neither the package nor its
declared dependencies (the `webrtcvad` C build and the obsolete `typing` backport) — a Space that installs
requirements.txt alone diarizes too. Resemblyzer: Apache-2.0 (resemble-ai/Resemblyzer).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "voice_encoder"
MEMBER = "resemblyzer/pretrained.pt"
LICENSE_MEMBER = "Resemblyzer-0.1.4.dist-info/LICENSE"
KEEP = ("lstm.", "linear.")  # the similarity weight/bias were only for the GE2E training loss


def extract(wheel: Path, out: Path = OUT) -> Path:
    import torch
    from safetensors.torch import save_file

    with zipfile.ZipFile(wheel) as archive:
        raw = archive.read(MEMBER)
        licence = archive.read(LICENSE_MEMBER)
    state = torch.load(io.BytesIO(raw), map_location="cpu", weights_only=False)["model_state"]
    tensors = {k: v.detach().to(torch.float32).contiguous() for k, v in state.items() if k.startswith(KEEP)}
    out.mkdir(parents=True, exist_ok=True)
    (out / "LICENSE").write_bytes(licence)
    target = out / "ge2e.safetensors"
    save_file(tensors, str(target), metadata={"source": f"{wheel.name}:{MEMBER}", "license": "Apache-2.0"})
    (out / "source.json").write_text(
        json.dumps(
            {
                "wheel": wheel.name,
                "member": MEMBER,
                "member_sha256": hashlib.sha256(raw).hexdigest(),
                "tensors": sorted(tensors),
                "license": "Apache-2.0 (resemble-ai/Resemblyzer)",
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=OUT)
    target = extract(**vars(parser.parse_args(argv)))
    print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
