"""Perception: a clip (or a typed message) → typed, per-modality emotional evidence.

`perceive` decodes the clip once (media.py), then reads the words (asr.py → text.py), the voice (vad.py →
voice.py) and the face (face.py), and gathers every doubt into top-level flags. Models load lazily, once per
process (mer_agents.cache.load_once); `warm_up` loads them all ahead of the first clip. Nothing heavy is
imported at module import time.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TypeVar

import numpy as np

from mer_agents.config import Settings
from mer_agents.errors import MediaError, MerError
from mer_agents.types import Evidence, Flag, Modalities, ModalityEvidence, SpeakerTurn

LOW_ASR_LOGPROB = -0.8  # duration-weighted mean token log-prob below this (≈ p < 0.45 per token) is doubtful
LOW_ASR_NO_SPEECH = 0.5  # mean p(no speech) of the kept segments above this is doubtful
ENGLISH = "en"

MAX_MESSAGE_CHARS = 2000  # a typed message longer than this is refused (app, API and CLI alike)
Progress = Callable[[str], None]
T = TypeVar("T")


@contextmanager
def _timed(timings: dict[str, float], step: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        timings[step] = round(timings.get(step, 0.0) + time.perf_counter() - start, 4)


def _timed_call(timings: dict[str, float], step: str, fn: Callable[..., T], *args: Any) -> T:
    with _timed(timings, step):
        return fn(*args)


def _transcribe(audio: np.ndarray, settings: Settings, word_timestamps: bool = False):
    from mer_agents.perception.asr import transcribe

    return transcribe(audio, settings, word_timestamps)


def _speaker_turns(audio: np.ndarray, sr: int, spans: list[tuple[float, float]], settings: Settings):
    """Speaker turns when the clip has two or more speakers, else [] (one speaker: read as before)."""
    from mer_agents.perception import diarize
    from mer_agents.perception.vad import _to_16k

    if not settings.diarize or not diarize.available():
        return []
    turns = diarize.diarize(_to_16k(audio, sr), spans)
    return turns if len(diarize.speakers(turns)) > 1 else []


def _target(turns: list[SpeakerTurn], settings: Settings) -> str:
    """Settings.speaker when the clip has it, else the last to speak; a missing one is a MediaError."""
    from mer_agents.perception.diarize import speakers

    names = speakers(turns)
    if settings.speaker is None:
        return turns[-1].speaker
    if settings.speaker not in names:
        raise MediaError(
            f"speaker {settings.speaker} is not in this clip: it has {', '.join(names)} "
            "(in order of first speech)"
        )
    return settings.speaker


def _read_turns(turns: list[SpeakerTurn]) -> list[SpeakerTurn]:
    """Each turn with the text head's emotion for its own words (what the per-speaker plot shows)."""
    from mer_agents.labels import EMOTIONS
    from mer_agents.perception.text import classify_texts

    spoken = [i for i, t in enumerate(turns) if t.text]
    if not spoken:
        return turns
    top = classify_texts([turns[i].text for i in spoken]).argmax(axis=1)
    out = list(turns)
    for i, k in zip(spoken, top):
        out[i] = turns[i].model_copy(update={"emotion": EMOTIONS[int(k)]})
    return out


def _within(start: float, end: float, turns: list[SpeakerTurn]) -> bool:
    mid = (start + end) / 2
    return any(t.start - 0.2 <= mid <= t.end + 0.2 for t in turns)


def _unavailable(note: str) -> ModalityEvidence:
    return ModalityEvidence(available=False, note=note)


def _dedupe(flags: list[Flag]) -> list[Flag]:
    seen: set[str] = set()
    out = []
    for flag in flags:
        if flag.code not in seen:
            seen.add(flag.code)
            out.append(flag)
    return out


def _asr_flags(transcription, speech_found: bool) -> list[Flag]:
    flags: list[Flag] = []
    if transcription is None:
        return flags
    if speech_found and not transcription.text:
        flags.append(
            Flag(code="low_asr_confidence", message="speech was detected but nothing could be transcribed")
        )
        return flags
    lang = transcription.language
    if transcription.text and lang and lang != ENGLISH:
        prob = transcription.language_prob or 0.0
        if transcription.translation:
            how = "its words are read from Whisper's English translation" + (
                f" ({transcription.translation_note})" if transcription.translation_unsure else ""
            )
        else:
            how = (
                "the text-emotion head was trained on English and reads this transcript less reliably "
                f"({transcription.translation_note or 'no translation'})"
            )
        flags.append(
            Flag(
                code="non_english",
                message=(f"the speech seems to be in '{lang}' (p={prob:.2f}), not English: {how}"),
            )
        )
    if transcription.segments:
        from mer_agents.perception.asr import segment_means

        logprob, no_speech = segment_means(transcription.segments)
        if logprob < LOW_ASR_LOGPROB or no_speech > LOW_ASR_NO_SPEECH:
            flags.append(
                Flag(
                    code="low_asr_confidence",
                    message=(
                        f"the transcript is uncertain (mean token log-prob {logprob:.2f}, "
                        f"p(no speech) {no_speech:.2f})"
                    ),
                )
            )
    return flags


def perceive(
    path: str | Path,
    settings: Settings,
    context: Sequence[str] = (),
    progress: Progress | None = None,
) -> Evidence:
    """Evidence for one clip: per-modality emotion distributions, timelines, cues and flags.

    Raises MediaError (one readable line) for a file that cannot be analysed.
    """
    from mer_agents.perception.face import face_evidence
    from mer_agents.perception.media import load_media
    from mer_agents.perception.vad import speech_segments
    from mer_agents.perception.voice import voice_evidence

    say = progress or (lambda _message: None)
    timings: dict[str, float] = {}
    started = time.perf_counter()
    context = _context(context, settings)

    say("decoding the clip…")
    with _timed(timings, "decode"):
        media = load_media(path, settings)
    flags = list(media.flags)

    transcription = None
    segments: list[tuple[float, float]] = []
    turns: list[SpeakerTurn] = []
    target: str | None = None
    asr_job: Future | None = None
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mer-asr")
    try:
        if media.audio is not None:
            say("finding speech…")
            with _timed(timings, "vad"):
                segments = speech_segments(media.audio, media.sample_rate)
            if segments:
                say("telling the speakers apart…")
                with _timed(timings, "diarize"):
                    turns = _speaker_turns(media.audio, media.sample_rate, segments, settings)
                target = _target(turns, settings) if turns else None
                # Whisper (CTranslate2, GIL released) runs beside the voice and face readers: its fixed cost
                # per 30 s window dominates short clips, and the others then cost no extra wall time.
                say("transcribing…")
                asr_job = pool.submit(
                    _timed_call, timings, "asr", _transcribe, media.audio, settings, bool(turns)
                )
            say("reading the voice…")
            mine = [(t.start, t.end) for t in turns if t.speaker == target] if turns else segments
            with _timed(timings, "voice"):
                audio_ev, voice_flags = voice_evidence(media.audio, media.sample_rate, mine)
            flags += voice_flags
        else:
            audio_ev = _unavailable("the clip has no audio track")

        if media.frames:
            say("reading the face…")
            with _timed(timings, "face"):
                video_ev, face_flags = face_evidence(
                    media.frames, media.frame_times, media.fps, turns, target
                )
            flags += face_flags
        else:
            video_ev = _unavailable(
                "the clip has no video track"
                if "no_video_track" in media.flag_codes()
                else "no video frame could be decoded"
            )
        if asr_job is not None:
            transcription = asr_job.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)

    words = transcription.text if transcription else ""
    asr_segments = transcription.segments if transcription else []
    if turns and transcription is not None:
        from mer_agents.perception.diarize import attribute

        turns = _read_turns(attribute(turns, transcription.words))
        theirs = [t for t in turns if t.speaker == target]
        words = " ".join(t.text for t in theirs if t.text) or words
        before = turns[: turns.index(theirs[-1])]
        others = [f"{t.speaker}: {t.text}" for t in before if t.text and t.speaker != target]
        context = _context([*context, *others], settings)
        asr_segments = [s for s in asr_segments if _within(s.start, s.end, theirs)]
        flags.append(_speakers_flag(turns, target, video_ev))
    if transcription is not None and transcription.text:
        from mer_agents.perception.text import text_evidence

        say("reading the words…")
        translated = bool(transcription.translation)
        with _timed(timings, "text"):
            text_ev = text_evidence(
                transcription.translation or words,
                [] if translated else asr_segments,
                context,
                settings,
                language=transcription.language,
                translated=translated,
                unsure=transcription.translation_unsure,
                original=words if translated else "",
            )
    elif media.audio is None:
        text_ev = _unavailable("no audio track: there are no words to read")
    elif not segments:
        text_ev = _unavailable("no speech was detected: there are no words to read")
    else:
        text_ev = _unavailable("speech was detected but nothing could be transcribed")
    flags += _asr_flags(transcription, bool(segments))

    timings["total"] = round(time.perf_counter() - started, 4)

    return Evidence(
        source=Path(path).name,
        duration_s=media.duration_s,
        analysed_s=media.analysed_s,
        has_audio=media.has_audio,
        has_video=media.has_video,
        transcript=words,
        translation=transcription.translation if transcription else "",
        translation_unsure=bool(
            transcription and transcription.translation and transcription.translation_unsure
        ),
        language=transcription.language if transcription and transcription.text else None,
        language_prob=transcription.language_prob if transcription and transcription.text else None,
        segments=asr_segments,
        modalities=Modalities(text=text_ev, audio=audio_ev, video=video_ev),
        flags=_dedupe(flags),
        context=context,
        speakers=turns,
        speaker=target,
        timings=timings,
        media_path=str(Path(path).resolve()),
    )


def _speakers_flag(turns: list[SpeakerTurn], target: str | None, video: ModalityEvidence) -> Flag:
    from mer_agents.perception.diarize import speakers

    names = speakers(turns)
    places = video.cues.get("speaking_face")
    if places is None:  # no video, or no face at all
        largest = " The face read is the largest in the frame, which may not be theirs."
        face = largest if video.available else ""
    elif target in places:
        face = f" The face read is theirs: {video.note}."
    else:
        face = f" Face: {video.note or 'none read'}."
    return Flag(
        code="several_speakers",
        message=f"{len(names)} speakers ({', '.join(names)}); reading and answering {target}; the others' "
        f"turns are context.{face}",
    )


def check_message(text: str) -> None:
    """MerError (one line) for a typed message over MAX_MESSAGE_CHARS: the same limit everywhere."""
    if len(text) > MAX_MESSAGE_CHARS:
        raise MerError(
            f"The message is {len(text):,} characters long; the limit is {MAX_MESSAGE_CHARS:,}. "
            "Shorten it and try again."
        )


def perceive_text(text: str, settings: Settings, context: Sequence[str] = ()) -> Evidence:
    """Evidence for a typed message: the text modality only; voice and face are simply not there."""
    from mer_agents.perception.text import text_evidence

    text = (text or "").strip()
    if not text:
        raise MerError("the message is empty: type what you want to say")
    context = _context(context, settings)
    timings: dict[str, float] = {}
    with _timed(timings, "text"):
        text_ev = text_evidence(text, [], context, settings)
    timings["total"] = timings["text"]
    return Evidence(
        source="text",
        duration_s=0.0,
        transcript=text,
        modalities=Modalities(
            text=text_ev,
            audio=_unavailable("a typed message has no voice"),
            video=_unavailable("a typed message has no face"),
        ),
        context=context,
        timings=timings,
    )


def _context(context: Sequence[str], settings: Settings) -> list[str]:
    turns = [c.strip() for c in context if c and c.strip()]
    return turns[-settings.text_context_turns :] if settings.text_context_turns else []


def warm_up(settings: Settings | None = None) -> dict[str, float]:
    """Load every perception model (and compile pYIN) now; returns seconds per model. Idempotent."""
    from mer_agents.perception import asr, diarize, face, vad, voice

    settings = settings or Settings.from_env()
    timings: dict[str, float] = {}
    with _timed(timings, "vad"):
        vad.warm_up()
    with _timed(timings, "voice"):
        voice.warm_up()
    with _timed(timings, "face"):
        face.warm_up()
    if settings.diarize:
        with _timed(timings, "diarize"):
            diarize.available()  # loads the voice encoder (its weights ship in assets/voice_encoder/)
    with _timed(timings, "asr"):
        asr.warm_up(settings)
    try:
        from mer_agents.perception import text
    except ImportError:  # the words head is not installed in this checkout
        text = None
    if text is not None:
        with _timed(timings, "text"):
            warm = getattr(text, "warm_up", None)
            if warm is not None:
                warm(settings)
            else:
                text.text_evidence("hello", [], [], settings)
    return timings


__all__ = ["MAX_MESSAGE_CHARS", "check_message", "perceive", "perceive_text", "warm_up"]
