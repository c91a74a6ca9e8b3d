"""Who speaks when: Silero VAD speech spans → Resemblyzer speaker embeddings → clustering with a threshold.

Each speech span (vad.py) is cut into windows of WINDOW_S (hop HOP_S; a shorter span is one window), each
window is embedded by Resemblyzer's GE2E voice encoder (voice_encoder.py: resemblyzer 0.1.4's network with the
weights of its `pretrained.pt`, vendored in assets/voice_encoder/, Apache-2.0; torch, CPU), and the windows
are clustered by average-linkage agglomerative clustering on cosine distance, cut at THRESHOLD (chosen on the
`select` clips of experiments/who_speaks/make_speaker_clips.py, measured on the `report` clips:
experiments/who_speaks/measure_diarization.py). Too little speech founds no speaker: a cluster whose windows
cover less than MIN_SPEAKER_S of speech (the last words of a clip cut mid-phrase, one short window padded with
silence to the encoder's partial, land far from the rest) is absorbed, each of its windows taking the label of
the nearest other cluster (cosine to its centroid). Every FRAME_S of speech takes the label of the nearest
window centre in its span; runs of one label are turns, and turns shorter than MIN_TURN_S join their
neighbour. Speakers are named S1, S2, … in order of first speech. Overlapping speech is given to one speaker
(the model tells no overlap). Words are attributed to turns by their Whisper timestamps (`attribute`).

How MIN_SPEAKER_S was chosen, on selection data only: the 4 `select` clips (make_speaker_clips.py --set select
--out /tmp/speakers_select, then measure_diarization.py --clips /tmp/speakers_select --min-speaker
0,0.5,1,1.5,2) and 161 single-speaker selection cuts (experiments/who_speaks/min_speaker_selection.py: each
select voice reading 4 select lines, and examples/happy_news.mp4 and worried_audio_only.mp3 looped as
benchmarks.growth.make_clip does, each cut every 0.5 s from 3 to 16 s). With no minimum, or too small a one,
some cuts were split in two by a short last span; the smallest value splitting no cut, 1.0 s, was taken, and
it left the select clips' DER and speaker counts as they were (experiments/who_speaks/README.md). The
`report` clips (eval_sets/speakers), the single-speaker examples (whole) and cuts of examples/sad_loss.mp4
were only measured at it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mer_agents.errors import ModelError
from mer_agents.perception import voice_encoder
from mer_agents.types import SpeakerTurn

RATE = 16000
WINDOW_S = 1.5  # one speaker embedding per window ...
PARTIAL_S = 1.6  # ... padded to the encoder's partial utterance (160 mel frames of 10 ms)
HOP_S = 0.75  # ... every this many seconds within a speech span
MIN_WINDOW_S = 0.4  # a speech span shorter than this gets no embedding of its own (nearest window's label)
THRESHOLD = 0.30  # cosine distance at which two clusters are different speakers (see the module docstring)
# a cluster whose windows cover less speech than this (s) is no speaker: its windows join the nearest other
# cluster. Chosen on selection data only (the smallest of 0.5/1.0/1.5/2.0 s that split none of 161
# single-speaker selection cuts, select DER unchanged; module docstring); the report set was only measured
MIN_SPEAKER_S = 1.0
FRAME_S = 0.1
MIN_TURN_S = 0.5
MAX_GAP_S = 1.0  # one speaker's speech with a longer pause is two turns
MIN_SPEECH_S = 2.0  # less speech than this is one speaker: too little to tell voices apart
MODEL_NAME = "Resemblyzer 0.1.4 GE2E voice encoder (its pretrained.pt weights, vendored; Apache-2.0)"


def available() -> bool:
    """Whether the voice encoder loads (its weights ship in assets/; False only if they were removed)."""
    try:
        voice_encoder.encoder()
    except ModelError:
        return False
    return True


def warm_up() -> None:
    voice_encoder.encoder()


def windows(spans: Sequence[tuple[float, float]]) -> list[tuple[int, float, float]]:
    """(span index, start, end) of each embedding window."""
    out = []
    for i, (start, end) in enumerate(spans):
        if end - start < MIN_WINDOW_S:
            continue
        if end - start <= WINDOW_S:
            out.append((i, start, end))
            continue
        t = start
        while t + WINDOW_S < end:
            out.append((i, t, t + WINDOW_S))
            t += HOP_S
        out.append((i, max(start, end - WINDOW_S), end))
    return out


def embed_windows(audio: np.ndarray, wins: Sequence[tuple[int, float, float]]) -> np.ndarray:
    """One unit-length 256-d embedding per window: each window peak-normalised, padded with silence to the
    encoder's 1.6 s partial, all of them in one batched forward pass."""
    size = int(PARTIAL_S * RATE)
    mels = []
    for _, start, end in wins:
        piece = audio[int(start * RATE) : int(end * RATE)].astype(np.float32)[:size]
        peak = float(np.abs(piece).max()) if piece.size else 0.0
        piece = np.pad(piece / peak if peak > 0 else piece, (0, size - len(piece)))
        mels.append(voice_encoder.mel_frames(piece)[: voice_encoder.PARTIAL_FRAMES])
    return voice_encoder.embed(np.stack(mels))


def cluster(embeddings: np.ndarray, threshold: float = THRESHOLD) -> list[int]:
    """Cluster labels, renumbered in order of first appearance (0 = the first to speak).

    Average-linkage agglomerative clustering on cosine distance, merging while the nearest two clusters are
    closer than `threshold`: what sklearn's AgglomerativeClustering(distance_threshold=threshold,
    metric="cosine", linkage="average") computes (tests/test_perception_diarize.py compares them), in numpy.
    A clip has a few hundred windows at most, and importing sklearn (with scipy and its own BLAS threads)
    made the first clip with speech wait for the import (docs/RESULTS_LOG.md).
    """
    n = len(embeddings)
    if n < 2:
        return [0] * n
    x = np.asarray(embeddings, np.float64)
    x = x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)
    dist = np.clip(1.0 - x @ x.T, 0.0, 2.0)
    np.fill_diagonal(dist, np.inf)
    size = np.ones(n)
    label = np.arange(n)
    while True:
        i, j = sorted(np.unravel_index(int(np.argmin(dist)), dist.shape))
        if not dist[i, j] < threshold:  # inf once one cluster is left
            break
        # Lance-Williams for average linkage: the merged cluster's distance is the size-weighted mean
        with np.errstate(invalid="ignore"):
            merged = (size[i] * dist[i] + size[j] * dist[j]) / (size[i] + size[j])
        dist[i, :], dist[:, i] = merged, merged
        dist[i, i] = dist[j, :] = dist[:, j] = np.inf
        size[i] += size[j]
        label[label == j] = i
    return _first_appearance(int(r) for r in label)


def absorb_small(
    embeddings: np.ndarray,
    wins: Sequence[tuple[int, float, float]],
    labels: Sequence[int],
    min_speaker_s: float = MIN_SPEAKER_S,
) -> list[int]:
    """Labels without clusters too small to be a speaker: a cluster whose windows cover less than
    `min_speaker_s` seconds of speech gives each of its windows to the nearest kept cluster (cosine to the
    kept cluster's centroid); when no cluster covers that much, the one covering most is kept. Renumbered in
    order of first appearance."""
    names = list(dict.fromkeys(labels))
    if len(names) < 2:
        return list(labels)
    covered = {k: _covered([(s, e) for (_, s, e), lab in zip(wins, labels) if lab == k]) for k in names}
    kept = [k for k in names if covered[k] >= min_speaker_s] or [max(names, key=lambda k: covered[k])]
    if len(kept) == len(names):
        return list(labels)
    centroids = np.stack([embeddings[[lab == k for lab in labels]].mean(axis=0) for k in kept])
    centroids /= np.linalg.norm(centroids, axis=1, keepdims=True)
    nearest = np.argmax(np.asarray(embeddings) @ centroids.T, axis=1)
    return _first_appearance(lab if lab in kept else kept[int(n)] for lab, n in zip(labels, nearest))


def _covered(intervals: Sequence[tuple[float, float]]) -> float:
    """Seconds covered by the union of (start, end) intervals."""
    total, end = 0.0, float("-inf")
    for s, e in sorted(intervals):
        total += max(0.0, e - max(s, end))
        end = max(end, e)
    return total


def _first_appearance(labels) -> list[int]:
    order: dict[int, int] = {}
    return [order.setdefault(lab, len(order)) for lab in labels]


def turns_from(
    spans: Sequence[tuple[float, float]], wins: Sequence[tuple[int, float, float]], labels: Sequence[int]
) -> list[SpeakerTurn]:
    """Label every speech frame by its span's nearest window centre; merge runs; absorb short turns."""
    centres = [((s + e) / 2, i, lab) for (i, s, e), lab in zip(wins, labels)]
    frames: list[tuple[float, float, int]] = []
    for i, (start, end) in enumerate(spans):
        own = [(c, lab) for c, j, lab in centres if j == i] or [(c, lab) for c, _, lab in centres]
        if not own:
            continue
        t = start
        while t < end - 1e-6:
            stop = min(end, t + FRAME_S)
            mid = (t + stop) / 2
            frames.append((t, stop, min(own, key=lambda x: abs(x[0] - mid))[1]))
            t = stop
    merged = _merge(frames, MAX_GAP_S)
    changed = True
    while changed and len(merged) > 1:  # a short turn between others joins the longer neighbour
        changed = False
        for k, (start, end, lab) in enumerate(merged):
            if end - start >= MIN_TURN_S:
                continue
            neighbours = [n for n in (k - 1, k + 1) if 0 <= n < len(merged)]
            target = max(neighbours, key=lambda n: merged[n][1] - merged[n][0])
            merged[k][2] = merged[target][2]
            changed = True
            break
        if changed:  # the absorbed turn and its neighbour are one turn now, whatever the pause between
            merged = _merge(merged, float("inf"))
    return [SpeakerTurn(speaker=f"S{lab + 1}", start=round(s, 2), end=round(e, 2)) for s, e, lab in merged]


def _merge(runs: Sequence[Sequence], max_gap: float) -> list[list]:
    """Consecutive (start, end, label) runs of one label, less than `max_gap` s apart, as one run."""
    out: list[list] = []
    for start, end, lab in runs:
        if out and out[-1][2] == lab and start - out[-1][1] < max_gap:
            out[-1][1] = end
        else:
            out.append([start, end, lab])
    return out


def diarize(
    audio: np.ndarray,
    spans: Sequence[tuple[float, float]],
    threshold: float = THRESHOLD,
    min_speaker_s: float = MIN_SPEAKER_S,
) -> list[SpeakerTurn]:
    """Speaker turns of 16 kHz mono audio with its VAD speech spans; [] when there is too little speech."""
    if sum(e - s for s, e in spans) < MIN_SPEECH_S:
        return []
    wins = windows(spans)
    if not wins:
        return []
    return turns_from(spans, wins, speaker_labels(embed_windows(audio, wins), wins, threshold, min_speaker_s))


def speaker_labels(
    embeddings: np.ndarray,
    wins: Sequence[tuple[int, float, float]],
    threshold: float = THRESHOLD,
    min_speaker_s: float = MIN_SPEAKER_S,
) -> list[int]:
    """A speaker label per window: clustered at `threshold`, clusters with too little speech absorbed."""
    return absorb_small(embeddings, wins, cluster(embeddings, threshold), min_speaker_s)


def attribute(turns: Sequence[SpeakerTurn], words: Sequence[tuple[float, float, str]]) -> list[SpeakerTurn]:
    """The turns with their words: each (start, end, word) goes to the turn nearest its midpoint."""
    if not turns:
        return []
    texts: list[list[str]] = [[] for _ in turns]
    for start, end, word in words:
        mid = (start + end) / 2
        k = min(range(len(turns)), key=lambda i: _distance(turns[i], mid))
        texts[k].append(word.strip())
    return [t.model_copy(update={"text": " ".join(w for w in ws if w)}) for t, ws in zip(turns, texts)]


def _distance(turn: SpeakerTurn, t: float) -> float:
    return 0.0 if turn.start <= t <= turn.end else min(abs(turn.start - t), abs(turn.end - t))


def speakers(turns: Sequence[SpeakerTurn]) -> list[str]:
    """Speaker names in order of first speech."""
    return list(dict.fromkeys(t.speaker for t in turns))
