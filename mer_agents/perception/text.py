"""Text emotion: the words of the transcript (and the preceding dialogue turns) → 7 MELD emotions.

MiniLM-L6 sentence embeddings (plus, when the head has one, a block of stated-emotion-word counts) + the small
head trained by scripts/train_text_head.py on MELD train, ESConv help-seeker turns and GoEmotions (selected on
held-out train data; MELD dev is a report only). The whole
transcript gets one reading with the dialogue context the head was trained with;
each ASR segment gets its own reading for the timeline (its context: the dialogue turns, then the earlier
segments); the words that move the top emotion most (leave-one-word-out) are reported as cues, so the
perception agent can cite them.
"""

from __future__ import annotations

import math
import re
from typing import Sequence

import numpy as np

from mer_agents import multilingual
from mer_agents.cache import load_once
from mer_agents.config import Settings
from mer_agents.embeddings import MODEL_NAME as EMBEDDING_MODEL
from mer_agents.embeddings import embed
from mer_agents.labels import EMOTIONS
from mer_agents.perception import text_encoder, text_languages
from mer_agents.perception.text_head import ASSET_DIR, TextHead, normalise_text
from mer_agents.types import ModalityEvidence, Segment, TimePoint

MAX_SALIENT_WORDS = 40  # leave-one-out costs one embedding per word: longer transcripts skip it
TOP_WORDS = 3
PROB_UNITS = 1 << 20  # probabilities are reported in steps of 2**-20 (about 1e-6)
NON_ENGLISH_CONFIDENCE = 0.5  # the head learned English (TV dialogue, chats, Reddit); others get half
TRANSLATED_CONFIDENCE = 0.8  # English words, but a machine translation's: a little less sure (not tuned)
UNSURE_TRANSLATION_CONFIDENCE = (
    NON_ENGLISH_CONFIDENCE  # a translation below Whisper's quality bar (not tuned)
)
PART_BREAK = re.compile(r"(?<=[.!?])\s+|;\s*|,?\s+but\s+", re.IGNORECASE)  # sentences and "but" clauses
MIN_PART_WORDS = 3  # shorter pieces ("long day.", "wow") are not read on their own


@load_once
def load_head() -> TextHead:
    """The shipped head (assets/text_head/head.npz), loaded once per process."""
    return TextHead.load(ASSET_DIR)


def model_name() -> str:
    head = load_head()
    score = head.meta.get("dev_scores", {}).get("weighted_f1")
    dev = f", MELD dev weighted-F1 {score:.3f}" if score is not None else ""
    trained = head.meta.get("trained_on")
    sources = "MELD+ESConv+GoEmotions" if isinstance(trained, dict) and len(trained) > 1 else "MELD"
    return (
        f"{sources} text head ({head.meta.get('name', '?')}{dev}) over {EMBEDDING_MODEL}, blended with a "
        f"fine-tuned MiniLM-L6 emotion encoder (weight {text_encoder.mix_weight():g})"
    )


def classify_texts(
    texts: Sequence[str], contexts: Sequence[Sequence[str]] | None = None, encoder: bool = True
) -> np.ndarray:
    """Probabilities (n, 7) in EMOTIONS order; contexts[i] = turns before texts[i], oldest first. With
    `encoder`, the head's reading blended with the fine-tuned encoder's (text_encoder.py) at its stored
    weight; without, the head's alone (what the leave-one-word-out cues explain: one encoder pass a word
    would cost more than the rest of the reading)."""
    head_probs = _head_probs(texts, contexts)
    if not encoder or not len(texts):
        return head_probs
    w = text_encoder.mix_weight()
    previous = [normalise_text(ctx[-1]) if ctx else None for ctx in (contexts or [()] * len(texts))]
    return w * text_encoder.probs([normalise_text(t) for t in texts], previous) + (1 - w) * head_probs


def _head_probs(texts: Sequence[str], contexts: Sequence[Sequence[str]] | None = None) -> np.ndarray:
    head = load_head()
    if not texts:
        return np.zeros((0, len(EMOTIONS)))
    contexts = contexts if contexts is not None else [()] * len(texts)
    if len(contexts) != len(texts):
        raise ValueError(f"{len(texts)} texts but {len(contexts)} contexts")
    k = head.spec.context_turns
    utts = [normalise_text(t) for t in texts]
    ctxs = [[normalise_text(c) for c in ctx if str(c).strip()][-k:] if k else [] for ctx in contexts]
    features = None
    if head.uses_embeddings:
        unique = list(dict.fromkeys(utts + [c for ctx in ctxs for c in ctx]))
        vectors = embed(unique)
        row = {text: i for i, text in enumerate(unique)}
        utt_emb = vectors[[row[t] for t in utts]]
        ctx_emb = [vectors[[row[c] for c in ctx]] if ctx else vectors[:0] for ctx in ctxs]
        features = head.features(utt_emb, ctx_emb, utts)
    return head.predict_proba(features, utts)


def _confidence(probs: np.ndarray) -> float:
    """1 − normalised entropy: 0 for a uniform reading, 1 for a one-hot one."""
    p = np.clip(probs, 1e-12, 1.0)
    return float(max(0.0, 1.0 - (-(p * np.log(p)).sum()) / math.log(len(p))))


def _salient_words(text: str, context: Sequence[str], label: int) -> list[dict]:
    """Words whose removal lowers the top emotion's probability most in the head's reading
    (leave-one-word-out)."""
    words = text.split()
    if len(words) < 2 or len(words) > MAX_SALIENT_WORDS:
        return []
    variants = [" ".join(words[:i] + words[i + 1 :]) for i in range(len(words))]
    probs = classify_texts([*variants, text], [context] * (len(variants) + 1), encoder=False)
    drops = probs[-1, label] - probs[:-1, label]
    order = np.argsort(-drops)[:TOP_WORDS]
    return [
        {"word": words[i].strip(".,!?;:\"'"), "drop": round(float(drops[i]), 3)}
        for i in order
        if drops[i] > 0.01
    ]


def _as_probs(row: np.ndarray) -> dict[str, float]:
    """Probabilities as multiples of 2**-20 summing to exactly 1.0 (largest-remainder rounding): every partial
    sum is exact in binary floating point, so the Probs validator and a JSON round-trip leave them
    unchanged."""
    scaled = np.asarray(row, dtype=np.float64) / max(float(np.sum(row)), 1e-300) * PROB_UNITS
    units = np.floor(scaled).astype(np.int64)
    short = PROB_UNITS - int(units.sum())
    units[np.argsort(-(scaled - units))[:short]] += 1
    return {label: int(u) / PROB_UNITS for label, u in zip(EMOTIONS, units)}


def parts(transcript: str) -> list[str]:
    """The sentences and "but" clauses of a transcript with at least MIN_PART_WORDS words each, when there
    are two or more of them ([] for a single statement: the whole reading is its reading)."""
    found = [p.strip(" ,") for p in PART_BREAK.split(transcript) if p and p.strip(" ,")]
    found = [p for p in found if len(p.split()) >= MIN_PART_WORDS]
    return found if len(found) > 1 else []


def text_evidence(
    transcript: str,
    segments: Sequence[Segment],
    context: Sequence[str],
    settings: Settings,
    language: str | None = None,
    translated: bool = False,
    unsure: bool = False,
    original: str = "",
) -> ModalityEvidence:
    """The words' emotional reading: probs, confidence, a per-segment timeline and the cues behind them.
    `original`: the words as spoken when `transcript` is their English translation (read by the probe)."""
    transcript = normalise_text(transcript or "")
    if not transcript:
        return ModalityEvidence(
            available=False, model=model_name(), note="no words to read: the transcript is empty"
        )
    head = load_head()
    turns = min(settings.text_context_turns, head.spec.context_turns)
    used = [normalise_text(c) for c in context if str(c).strip()][-turns:] if turns else []

    texts, contexts = [transcript], [used]
    spoken = [s for s in segments if normalise_text(s.text)]
    for i, seg in enumerate(spoken):
        texts.append(normalise_text(seg.text))
        earlier = used + [normalise_text(s.text) for s in spoken[:i]]
        contexts.append(earlier[-max(turns, 0) :] if turns else [])
    pieces = parts(transcript)
    probs = classify_texts(texts, contexts)
    # words not in English that no translation replaced: the multilingual probe joins the English reading.
    # Speech carries Whisper's language; only typed words (no language) need the routing test.
    other = not translated and (language != "en" if language else multilingual.other_language(transcript))
    if other and settings.text_languages:
        w = text_languages.mix_weight()
        probs = w * text_languages.probs(texts) + (1 - w) * probs
    # translated speech: the original words too, where the multilingual probe can read them (issue #37)
    read_original = bool(
        translated and normalise_text(original) and language not in (None, "en") and settings.text_languages
    )
    if read_original:
        w = text_languages.SPEECH_MIX
        probs = probs.copy()  # never write into an array a reader may hold
        probs[0] = w * text_languages.probs([normalise_text(original)])[0] + (1 - w) * probs[0]
    # each sentence by the head alone: checks.hard_part's threshold was chosen on the head's readings of
    # sentences (experiments/first_messages/hard_part_selection.py), and the encoder reads an eager "I start
    # on Monday and I can't wait" as fear
    part_probs = classify_texts(pieces, [used] * len(pieces), encoder=False)
    whole = probs[0]
    top = int(whole.argmax())
    confidence = _confidence(whole)
    note = ""
    if language and language != "en" and translated:
        confidence *= UNSURE_TRANSLATION_CONFIDENCE if unsure else TRANSLATED_CONFIDENCE
        note = (
            f"read from Whisper's {'unsure ' if unsure else ''}English translation of the '{language}' speech"
        )
    elif language and language != "en":
        confidence *= NON_ENGLISH_CONFIDENCE
        note = f"the text head was trained on English dialogue; this speech is '{language}', so trust it less"
    if other and not language:  # typed words that do not read as English
        confidence *= NON_ENGLISH_CONFIDENCE
        note = "the text head was trained on English dialogue; these words do not read as English"
    if other and settings.text_languages:
        note += "; a multilingual probe (experiments/text_emotion_languages/) joined the English reading"
    if read_original:
        note += "; the words as spoken were also read by a multilingual probe"

    ranked = sorted(zip(EMOTIONS, whole), key=lambda kv: -kv[1])
    cues = {
        "scores": {label: round(float(p), 4) for label, p in zip(EMOTIONS, whole)},
        "top": [{"emotion": label, "p": round(float(p), 3)} for label, p in ranked[:3]],
        "salient_words": _salient_words(transcript, used, top),
        "context_used": used,
        "n_words": len(transcript.split()),
        "language": language,
        "translated": translated,
        # each sentence (or "but" clause) read on its own: news with a hard part is not simply good news
        "parts": [
            {"text": piece, "scores": {label: round(float(p), 4) for label, p in zip(EMOTIONS, row)}}
            for piece, row in zip(pieces, part_probs)
        ],
    }
    timeline = [
        TimePoint(start=max(0.0, seg.start), end=max(0.0, seg.end, seg.start), probs=_as_probs(row))
        for seg, row in zip(spoken, probs[1:])
    ]
    return ModalityEvidence(
        available=True,
        probs=_as_probs(whole),
        confidence=round(confidence, 4),
        timeline=timeline,
        cues=cues,
        model=model_name(),
        note=note,
    )
