"""The vendored GE2E voice encoder (assets/voice_encoder/): loads without resemblyzer, embeds as it does."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf

from mer_agents.perception import voice_encoder

CLIP = Path(__file__).resolve().parents[1] / "eval_sets" / "speakers" / "two_speakers_a.flac"


def _partials() -> tuple[np.ndarray, list[dict]]:
    audio, rate = sf.read(CLIP, dtype="float32")
    assert rate == voice_encoder.RATE
    turns = json.loads(CLIP.with_suffix(".json").read_text())["turns"]
    pieces = [audio[int(t["start"] * rate) : int(t["start"] * rate) + int(1.6 * rate)] for t in turns]
    mels = np.stack([voice_encoder.mel_frames(p)[: voice_encoder.PARTIAL_FRAMES] for p in pieces])
    return mels, turns


def test_embeddings_are_unit_length_and_tell_the_two_voices_apart():
    mels, turns = _partials()
    assert mels.shape[1:] == (voice_encoder.PARTIAL_FRAMES, voice_encoder.N_MELS)
    e = voice_encoder.embed(mels)
    assert e.shape == (len(turns), 256) and np.allclose(np.linalg.norm(e, axis=1), 1, atol=1e-5)
    same = [
        e[i] @ e[j] for i in range(len(e)) for j in range(i) if turns[i]["speaker"] == turns[j]["speaker"]
    ]
    other = [
        e[i] @ e[j] for i in range(len(e)) for j in range(i) if turns[i]["speaker"] != turns[j]["speaker"]
    ]
    assert min(same) > max(other), (same, other)


def test_the_vendored_encoder_matches_resemblyzer():
    """Where the resemblyzer package is installed (not required), its mel front end and network give the same
    numbers as the vendored ones."""
    pytest.importorskip("resemblyzer")
    import warnings

    import torch

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from resemblyzer import VoiceEncoder, wav_to_mel_spectrogram
    audio, _ = sf.read(CLIP, dtype="float32")
    piece = audio[16000 : 16000 + 25600]
    assert np.array_equal(wav_to_mel_spectrogram(piece), voice_encoder.mel_frames(piece))
    mels, _ = _partials()
    with torch.inference_mode():
        theirs = VoiceEncoder("cpu", verbose=False)(torch.from_numpy(mels)).numpy()
    assert np.allclose(theirs, voice_encoder.embed(mels), atol=1e-6)


def test_missing_weights_are_told_in_one_line(monkeypatch, tmp_path):
    from mer_agents.errors import ModelError

    monkeypatch.setattr(voice_encoder, "WEIGHTS", tmp_path / "absent.safetensors")
    voice_encoder.encoder.cache_clear()
    try:
        with pytest.raises(ModelError, match="voice encoder weights are missing"):
            voice_encoder.encoder()
    finally:
        voice_encoder.encoder.cache_clear()


def test_the_numpy_network_matches_torch_on_the_same_weights():
    """The encoder runs in numpy (no torch in a CPU process); torch's own LSTM with the vendored weights
    gives the same embeddings."""
    import torch
    from safetensors.torch import load_file

    weights = load_file(str(voice_encoder.WEIGHTS))
    lstm = torch.nn.LSTM(voice_encoder.N_MELS, voice_encoder.HIDDEN, voice_encoder.LAYERS, batch_first=True)
    lstm.load_state_dict({k.removeprefix("lstm."): v for k, v in weights.items() if k.startswith("lstm.")})
    mels, _ = _partials()
    with torch.inference_mode():
        _, (hidden, _) = lstm(torch.from_numpy(mels))
        raw = torch.relu(hidden[-1] @ weights["linear.weight"].T + weights["linear.bias"])
        theirs = (raw / raw.norm(dim=1, keepdim=True)).numpy()
    ours = voice_encoder.embed(mels)
    assert ours.dtype == np.float32
    np.testing.assert_allclose(ours, theirs, atol=2e-6)
