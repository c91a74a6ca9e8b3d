"""Voice: prosody of the speech segments → an arousal/valence reading → an emotion distribution.

Measured per speech window (VAD segments, split to at most WINDOW_S) and over the whole clip, with librosa:
  - pitch: pYIN F0 (70–400 Hz, 64 ms hop, speech only) → median level (Hz and semitones re 100 Hz) and
    range (10th–90th percentile, semitones), plus the voiced fraction;
  - energy: frame RMS in dBFS over speech (level and 10–90 % spread);
  - speaking rate: syllable-like peaks of the smoothed energy envelope per second of speech;
  - pauses: gaps between VAD segments (count, mean length, share of the clip without speech).

Why documented rules and not a trained model: no emotional-speech corpus with a usable licence ships in a
wheel or in ../shared/data, and prosody-to-arousal is the one mapping the literature agrees on
(Scherer 2003; Juslin & Laukka 2003: aroused speech is louder, higher, wider in pitch and faster). Each cue is
mapped linearly between a calm and an agitated anchor onto [-1, 1]:

    loudness   -32 dBFS → -1   -14 dBFS → +1      (weight 0.25; depends on recording gain, so kept modest)
    pitch range  3 st   → -1    10 st   → +1      (weight 0.30)
    rate       3.0 syl/s→ -1   6.0 syl/s→ +1      (weight 0.25)
    pitch level -3 st   → -1   +9 st    → +1      (re 100 Hz, weight 0.20; confounded with the speaker)

    arousal = Σ weight · cue.
    valence = 0.6 · clip(0.6·range − 0.5·max(0, loud − range) + 0.4·min(0, rate)), i.e. lively, melodic
              speech leans positive; loud-but-flat (pressed) and slow speech lean negative. Prosodic valence
              is weak in the literature, hence the 0.6 shrink and the down-weighting below.

The emotion distribution is a softmax over negative squared distances from the (valence, arousal) reading to
each label's point on the circumplex (Russell 1980), with valence distances weighted 0.5:
neutral (0, -0.1), joy (0.7, 0.45), sadness (-0.6, -0.6), anger (-0.6, 0.75), fear (-0.55, 0.55),
surprise (0.25, 0.8), disgust (-0.55, 0.1). Confidence grows with the seconds of voiced speech and is capped
at MAX_CONFIDENCE: the voice says "how aroused", much less "which emotion".

How well it separates calm from agitated speech is measured on espeak-ng sentences read calm and agitated
(experiments/voice_rules/measure_voice_rules.py; figures in experiments/voice_rules/README.md): well across
speakers, and almost always within one sentence and voice; a milder contrast is told apart less well. Most
of the cross-speaker spread is the pitch level (a high voice reads as more aroused: there is no speaker
baseline in a single clip), and espeak-ng does not widen its pitch range when raised, so the range cue
contributes little on synthetic speech. Top labels: calm → neutral/sadness, agitated → disgust/fear (valence
from prosody stays weak: treat the voice's label as "calm vs aroused", not as a category).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from mer_agents.cache import load_once
from mer_agents.labels import EMOTIONS
from mer_agents.types import Flag, ModalityEvidence, TimePoint

MODEL_NAME = "prosody rules (librosa pYIN, RMS, energy-peak rate; Silero VAD) → arousal/valence → circumplex"

F0_MIN, F0_MAX = 70.0, 400.0
FRAME = 1024  # 64 ms at 16 kHz: pYIN window
HOP = 1024  # 64 ms hop: prosody statistics need no finer grid, and pYIN's Viterbi cost is per frame
ENV_FRAME, ENV_HOP = 400, 160  # 25 ms / 10 ms energy envelope for the syllable rate
PEAK_MIN_GAP_S = 0.07  # at most ~14 syllables per second
PEAK_PROMINENCE_DB = 3.0
WINDOW_S = 3.0  # timeline windows: VAD segments split into pieces of at most this
MIN_PAUSE_S = 0.2
SILENCE_DBFS = -55.0  # whole track quieter than this = silence
MIN_VOICED_FRAMES = 5  # fewer voiced frames in a window → fall back to the clip's pitch cues

ANCHORS = {  # cue: (calm value → -1, agitated value → +1, weight)
    "loudness": (-32.0, -14.0, 0.25),
    "pitch_range": (3.0, 10.0, 0.30),
    "rate": (3.0, 6.0, 0.25),
    "pitch_level": (-3.0, 9.0, 0.20),
}
VALENCE_SHRINK = 0.6
CIRCUMPLEX = {  # (valence, arousal)
    "neutral": (0.0, -0.1),
    "joy": (0.7, 0.45),
    "sadness": (-0.6, -0.6),
    "anger": (-0.6, 0.75),
    "fear": (-0.55, 0.55),
    "surprise": (0.25, 0.8),
    "disgust": (-0.55, 0.1),
}
VALENCE_DISTANCE_WEIGHT = 0.5
TEMPERATURE = 0.12
MAX_CONFIDENCE = 0.6
FULL_CONFIDENCE_VOICED_S = 3.0


@dataclass
class Prosody:
    """Raw cues of one stretch of speech."""

    seconds: float
    f0_median_hz: float | None
    pitch_level_st: float | None  # semitones re 100 Hz
    pitch_range_st: float | None
    voiced_fraction: float
    loudness_dbfs: float
    loudness_range_db: float
    rate_syl_s: float


@load_once
def _pyin_compiled() -> bool:
    """pYIN's numba kernels compile on first use (seconds); do it once, on a short noise burst."""
    import librosa

    rng = np.random.default_rng(0)
    librosa.pyin(
        rng.standard_normal(8000).astype(np.float32) * 0.1,
        fmin=F0_MIN,
        fmax=F0_MAX,
        sr=16000,
        frame_length=FRAME,
        hop_length=HOP,
    )
    return True


def warm_up() -> None:
    """Compile pYIN now (the app calls this at start-up)."""
    _pyin_compiled()


def _db(x: np.ndarray | float) -> np.ndarray | float:
    return 20.0 * np.log10(np.maximum(x, 1e-6))


def _norm(value: float | None, cue: str) -> float:
    lo, hi, _ = ANCHORS[cue]
    if value is None or not math.isfinite(value):
        return 0.0
    return float(np.clip(2.0 * (value - lo) / (hi - lo) - 1.0, -1.0, 1.0))


def arousal_valence(p: Prosody) -> tuple[float, float]:
    """The documented rules (module docstring): prosodic cues → (arousal, valence) in [-1, 1]."""
    n = {
        cue: _norm(getattr(p, attr), cue)
        for cue, attr in (
            ("loudness", "loudness_dbfs"),
            ("pitch_range", "pitch_range_st"),
            ("rate", "rate_syl_s"),
            ("pitch_level", "pitch_level_st"),
        )
    }
    weights = {cue: ANCHORS[cue][2] for cue in n}
    if p.pitch_range_st is None:  # no pitch: spread its weight over loudness and rate
        weights = {"loudness": 0.5, "rate": 0.5, "pitch_range": 0.0, "pitch_level": 0.0}
    arousal = sum(weights[c] * n[c] for c in n) / sum(weights.values())
    valence_raw = (
        0.6 * n["pitch_range"] - 0.5 * max(0.0, n["loudness"] - n["pitch_range"]) + 0.4 * min(0.0, n["rate"])
    )
    valence = VALENCE_SHRINK * float(np.clip(valence_raw, -1.0, 1.0))
    return float(np.clip(arousal, -1, 1)), valence


def emotion_probs(arousal: float, valence: float) -> dict[str, float]:
    """Softmax over distances to each label's circumplex point (valence distance down-weighted)."""
    logits = np.array(
        [
            -(VALENCE_DISTANCE_WEIGHT * (valence - v) ** 2 + (arousal - a) ** 2) / TEMPERATURE
            for v, a in (CIRCUMPLEX[label] for label in EMOTIONS)
        ]
    )
    weights = np.exp(logits - logits.max())
    weights /= weights.sum()
    return {label: float(w) for label, w in zip(EMOTIONS, weights)}


def _syllable_rate(audio: np.ndarray, sr: int) -> float:
    """Syllable-like peaks of the 300-2500 Hz (vowel-formant band) energy envelope per second of speech.

    Checked against vowel-group counts of the espeak sentences: close to the true rate at slow and fast
    speech alike (experiments/voice_rules/README.md).
    """
    import librosa
    from scipy.signal import find_peaks, sosfilt

    if audio.size < ENV_FRAME * 2:
        return 0.0
    band = sosfilt(_band_filter(sr), audio).astype(np.float32)
    env = _db(librosa.feature.rms(y=band, frame_length=ENV_FRAME, hop_length=ENV_HOP, center=True)[0])
    peaks, _ = find_peaks(
        env,
        prominence=PEAK_PROMINENCE_DB,
        distance=max(1, int(PEAK_MIN_GAP_S * sr / ENV_HOP)),
        height=env.max() - 30.0,
    )
    return float(len(peaks) / (audio.size / sr))


@load_once
def _band_filter(sr: int):
    from scipy.signal import butter

    return butter(4, [300.0, 2500.0], btype="band", fs=sr, output="sos")


def _pitch_frames(audio: np.ndarray, sr: int) -> tuple[np.ndarray, np.ndarray]:
    """(f0 Hz with NaN where unvoiced, frame centre sample) over `audio`, one pYIN call."""
    import librosa

    _pyin_compiled()
    if audio.size < FRAME:
        return np.zeros(0), np.zeros(0, dtype=int)
    f0, voiced, _ = librosa.pyin(
        audio, fmin=F0_MIN, fmax=F0_MAX, sr=sr, frame_length=FRAME, hop_length=HOP, center=True
    )
    f0 = np.where(voiced, f0, np.nan)
    return f0, np.arange(f0.size) * HOP


def _prosody(audio: np.ndarray, sr: int, f0: np.ndarray) -> Prosody:
    import librosa

    seconds = audio.size / sr
    voiced = f0[np.isfinite(f0)]
    if voiced.size >= MIN_VOICED_FRAMES:
        st = 12.0 * np.log2(voiced / 100.0)
        level, spread = float(np.median(st)), float(np.percentile(st, 90) - np.percentile(st, 10))
        f0_med = float(np.median(voiced))
    else:
        level = spread = f0_med = None
    rms = (
        librosa.feature.rms(y=audio, frame_length=ENV_FRAME, hop_length=ENV_HOP)[0]
        if audio.size
        else np.zeros(1)
    )
    rms_db = _db(rms)
    loud = rms_db[rms_db > rms_db.max() - 35.0] if rms_db.size else rms_db
    return Prosody(
        seconds=round(seconds, 3),
        f0_median_hz=None if f0_med is None else round(f0_med, 1),
        pitch_level_st=None if level is None else round(level, 2),
        pitch_range_st=None if spread is None else round(spread, 2),
        voiced_fraction=round(float(voiced.size / max(1, f0.size)), 3),
        loudness_dbfs=round(float(np.mean(loud)) if loud.size else -120.0, 1),
        loudness_range_db=round(
            float(np.percentile(loud, 90) - np.percentile(loud, 10)) if loud.size else 0.0, 1
        ),
        rate_syl_s=round(_syllable_rate(audio, sr), 2),
    )


def _windows(segments: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = []
    for start, end in segments:
        n = max(1, math.ceil((end - start) / WINDOW_S - 1e-6))
        step = (end - start) / n
        out.extend((round(start + i * step, 3), round(start + (i + 1) * step, 3)) for i in range(n))
    return out


def _pauses(segments: list[tuple[float, float]], total_s: float) -> dict[str, float]:
    gaps = [b[0] - a[1] for a, b in zip(segments, segments[1:]) if b[0] - a[1] >= MIN_PAUSE_S]
    speech = sum(e - s for s, e in segments)
    return {
        "pause_count": len(gaps),
        "mean_pause_s": round(float(np.mean(gaps)), 2) if gaps else 0.0,
        "pause_ratio": round(max(0.0, 1.0 - speech / total_s), 3) if total_s > 0 else 0.0,
    }


def voice_evidence(
    audio: np.ndarray | None, sr: int, segments: list[tuple[float, float]]
) -> tuple[ModalityEvidence, list[Flag]]:
    """The audio modality from the speech segments (see module docstring), plus silence / no-speech flags."""
    if audio is None:
        return ModalityEvidence(available=False, model=MODEL_NAME, note="no audio track"), []
    total_s = audio.size / sr
    level = float(_db(np.sqrt(np.mean(audio.astype(np.float64) ** 2)))) if audio.size else -120.0
    if not segments:
        if level < SILENCE_DBFS:
            flag = Flag(
                code="silence", message=f"the audio track is silent ({level:.0f} dBFS): nothing to hear"
            )
        else:
            flag = Flag(
                code="no_speech", message=f"the audio has sound ({level:.0f} dBFS) but no speech was detected"
            )
        note = "no speech detected" if flag.code == "no_speech" else "silent audio"
        return ModalityEvidence(
            available=False,
            model=MODEL_NAME,
            note=note,
            cues={"level_dbfs": round(level, 1), "seconds": round(total_s, 2)},
        ), [flag]

    spans = [(int(s * sr), min(audio.size, int(e * sr))) for s, e in segments]
    speech = np.concatenate([audio[a:b] for a, b in spans if b > a])
    f0, centres = _pitch_frames(speech, sr)
    # map each pitch frame of the concatenated speech back to clip time
    offsets = np.cumsum([0] + [b - a for a, b in spans])
    starts = np.array([a for a, _ in spans])
    seg_idx = np.clip(np.searchsorted(offsets, centres, side="right") - 1, 0, len(spans) - 1)
    frame_t = (starts[seg_idx] + centres - offsets[seg_idx]) / sr

    overall = _prosody(speech, sr, f0)
    arousal, valence = arousal_valence(overall)
    probs = emotion_probs(arousal, valence)

    timeline = []
    windows = []
    for start, end in _windows(segments):
        a, b = int(start * sr), min(audio.size, int(end * sr))
        if b - a < ENV_FRAME * 2:
            continue
        wf0 = f0[(frame_t >= start) & (frame_t < end)]
        p = _prosody(audio[a:b], sr, wf0)
        if p.pitch_range_st is None:  # too few voiced frames: borrow the clip's pitch cues
            p.pitch_level_st, p.pitch_range_st = overall.pitch_level_st, overall.pitch_range_st
        wa, wv = arousal_valence(p)
        timeline.append(TimePoint(start=start, end=end, probs=emotion_probs(wa, wv)))
        windows.append(
            {
                "start": start,
                "end": end,
                "arousal": round(wa, 3),
                "valence": round(wv, 3),
                **{k: v for k, v in vars(p).items() if k != "seconds"},
            }
        )

    voiced_s = overall.voiced_fraction * overall.seconds
    confidence = MAX_CONFIDENCE * min(1.0, voiced_s / FULL_CONFIDENCE_VOICED_S)
    cues = {
        "arousal": round(arousal, 3),
        "valence": round(valence, 3),
        **vars(overall),
        "speech_s": round(overall.seconds, 2),
        "level_dbfs": round(level, 1),
        **_pauses(segments, total_s),
        "segments": [list(s) for s in segments],
        "windows": windows,
    }
    cues.pop("seconds", None)
    return ModalityEvidence(
        available=True,
        probs=probs,
        confidence=round(confidence, 3),
        timeline=timeline,
        cues=cues,
        model=MODEL_NAME,
    ), []
