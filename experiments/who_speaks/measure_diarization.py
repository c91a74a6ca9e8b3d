"""Diarization error rate, speaker count and speaker-attributed WER on labelled multi-speaker clips.

    .venv/bin/python experiments/who_speaks/measure_diarization.py --clips /tmp/speakers_select \
        --thresholds 0.2,0.3,0.4
    .venv/bin/python experiments/who_speaks/measure_diarization.py --clips /tmp/speakers_select \
        --min-speaker 0,0.5,1,1.5,2
    .venv/bin/python experiments/who_speaks/measure_diarization.py --clips eval_sets/speakers --asr \
        --singles examples

Clips and labels come from experiments/who_speaks/make_speaker_clips.py (the `select` set chooses
diarize.THRESHOLD and diarize.MIN_SPEAKER_S, swept by --thresholds and --min-speaker, 0 = no minimum; the
`report` set in eval_sets/speakers is only measured). DER: 10 ms frames over the reference speech and the
hypothesis speech, speakers mapped one-to-one to maximise overlap (Hungarian), DER = (missed + false alarm +
confusion) / reference speech, pooled over clips; overlapped reference frames count once per speaker, so a
one-speaker-per-frame system misses the overlap. Speaker-attributed WER (--asr): Whisper with word timestamps,
words given to the diarized turns (diarize.attribute), each reference speaker's words compared with those of
the hypothesis speaker mapped to them (pooled edits / reference words). --singles: how many speakers the
diarizer finds in the single-speaker clips of a folder (.mp4, .mp3, .wav, .flac; it should be one). Per-turn
emotion: each diarized turn's words read by the text head, right when it names the emotion of the reference
turn it overlaps most and that turn's speaker is the one mapped to it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from mer_agents.config import Settings  # noqa: E402
from mer_agents.perception import diarize, vad  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402

FRAME = 0.01


def frames(turns: list[tuple[str, float, float]], n: int) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for speaker, start, end in turns:
        mask = out.setdefault(speaker, np.zeros(n, bool))
        mask[int(start / FRAME) : int(end / FRAME)] = True
    return out


def mapping(ref: dict[str, np.ndarray], hyp: dict[str, np.ndarray]) -> dict[str, str]:
    """Reference speaker → hypothesis speaker, one to one, maximising the overlap."""
    from scipy.optimize import linear_sum_assignment

    r, h = list(ref), list(hyp)
    if not r or not h:
        return {}
    overlap = np.array([[np.sum(ref[a] & hyp[b]) for b in h] for a in r])
    rows, cols = linear_sum_assignment(-overlap)
    return {r[i]: h[j] for i, j in zip(rows, cols)}


def der_counts(ref_turns, hyp_turns, duration: float) -> dict[str, float]:
    n = int(duration / FRAME) + 1
    ref, hyp = frames(ref_turns, n), frames(hyp_turns, n)
    ref_count = sum(m.astype(int) for m in ref.values()) if ref else np.zeros(n, int)
    hyp_count = sum(m.astype(int) for m in hyp.values()) if hyp else np.zeros(n, int)
    pairs = mapping(ref, hyp)
    correct = sum(np.sum(ref[a] & hyp[b]) for a, b in pairs.items())
    total = float(ref_count.sum())
    missed = float(np.maximum(ref_count - hyp_count, 0).sum())
    false_alarm = float(np.maximum(hyp_count - ref_count, 0).sum())
    confusion = float(np.minimum(ref_count, hyp_count).sum() - correct)
    return {"ref": total, "missed": missed, "false_alarm": false_alarm, "confusion": confusion}


def words_of(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower())


def edits(a: list[str], b: list[str]) -> int:
    d = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, d[0] = d[0], i
        for j, y in enumerate(b, 1):
            prev, d[j] = d[j], min(d[j] + 1, d[j - 1] + 1, prev + (x != y))
    return d[len(b)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clips", type=Path, required=True)
    parser.add_argument("--thresholds", default=str(diarize.THRESHOLD))
    parser.add_argument(
        "--min-speaker",
        default=str(diarize.MIN_SPEAKER_S),
        help="diarize.MIN_SPEAKER_S values (s of speech a speaker needs), comma-separated; 0 = no minimum",
    )
    parser.add_argument("--asr", action="store_true", help="also speaker-attributed WER (Whisper)")
    parser.add_argument("--singles", type=Path, help="folder of single-speaker example clips")
    args = parser.parse_args(argv)
    settings = Settings()
    clips = []
    for label_path in sorted(args.clips.glob("*.json")):
        label = json.loads(label_path.read_text())
        media = load_media(args.clips / label["clip"], settings)
        spans = vad.speech_segments(media.audio, media.sample_rate)
        wins = diarize.windows(spans)
        clips.append((label, media, spans, wins, diarize.embed_windows(media.audio, wins)))
    print(f"{len(clips)} clips from {args.clips}; model: {diarize.MODEL_NAME}")
    thresholds = [float(t) for t in args.thresholds.split(",")]
    min_speakers = [float(m) for m in args.min_speaker.split(",")]

    for threshold, min_speaker in ((t, m) for t in thresholds for m in min_speakers):
        total = {"ref": 0.0, "missed": 0.0, "false_alarm": 0.0, "confusion": 0.0}
        right_count = 0
        for label, media, spans, wins, emb in clips:
            turns = diarize.turns_from(spans, wins, diarize.speaker_labels(emb, wins, threshold, min_speaker))
            ref = [(t["speaker"], t["start"], t["end"]) for t in label["turns"]]
            hyp = [(t.speaker, t.start, t.end) for t in turns]
            for k, v in der_counts(ref, hyp, media.duration_s).items():
                total[k] += v
            right_count += len(diarize.speakers(turns)) == label["talking_speakers"]
        der = (total["missed"] + total["false_alarm"] + total["confusion"]) / total["ref"]
        kinds = ("missed", "false_alarm", "confusion")
        parts = ", ".join(f"{k} {total[k] / total['ref']:.3f}" for k in kinds)
        print(
            f"threshold {threshold:.2f}, min speaker {min_speaker:g} s: DER {der:.3f} ({parts}); "
            f"speaker count right in {right_count}/{len(clips)}"
        )
    if args.asr:
        from mer_agents.perception.asr import transcribe

        threshold, min_speaker = thresholds[0], min_speakers[0]
        from mer_agents.labels import EMOTIONS
        from mer_agents.perception.text import classify_texts

        n_edits = n_words = right = 0
        emotion_hits: list[bool] = []
        for label, media, spans, wins, emb in clips:
            turns = diarize.turns_from(spans, wins, diarize.speaker_labels(emb, wins, threshold, min_speaker))
            said = transcribe(media.audio, settings, word_timestamps=True)
            turns = diarize.attribute(turns, said.words)
            ref_text: dict[str, str] = {}
            for t in label["turns"]:
                ref_text[t["speaker"]] = ref_text.get(t["speaker"], "") + " " + t["text"]
            hyp_text: dict[str, str] = {}
            for t in turns:
                hyp_text[t.speaker] = hyp_text.get(t.speaker, "") + " " + t.text
            n = int(media.duration_s / FRAME) + 1
            pairs = mapping(
                frames([(t["speaker"], t["start"], t["end"]) for t in label["turns"]], n),
                frames([(t.speaker, t.start, t.end) for t in turns], n),
            )
            for speaker, text in ref_text.items():
                ref_words = words_of(text)
                n_edits += edits(ref_words, words_of(hyp_text.get(pairs.get(speaker, ""), "")))
                n_words += len(ref_words)
            right += bool(turns) and pairs.get(label["answer"]) == turns[-1].speaker
            spoken = [t for t in turns if t.text]
            read = classify_texts([t.text for t in spoken]).argmax(axis=1) if spoken else []
            for t, k in zip(spoken, read):  # the reference turn it overlaps most, same speaker mapped
                ref = max(label["turns"], key=lambda r: min(r["end"], t.end) - max(r["start"], t.start))
                emotion_hits.append(EMOTIONS[k] == ref["emotion"] and pairs.get(ref["speaker"]) == t.speaker)
        print(
            f"speaker-attributed WER {n_edits / n_words:.3f} ({n_edits} edits / {n_words} words); "
            f"last speaker (the one answered) right in {right}/{len(clips)}; "
            f"per-turn emotion of the right speaker (text head on the attributed words) "
            f"{sum(emotion_hits)}/{len(emotion_hits)}"
        )
    if args.singles:
        found = []
        for path in sorted(
            p for p in args.singles.iterdir() if p.suffix in (".mp4", ".mp3", ".wav", ".flac")
        ):
            media = load_media(path, settings)
            spans = vad.speech_segments(media.audio, media.sample_rate)
            turns = diarize.diarize(media.audio, spans, thresholds[0], min_speakers[0])
            found.append(f"{path.name}: {max(1, len(diarize.speakers(turns)))}")
        print("speakers found in single-speaker clips: " + "; ".join(found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
