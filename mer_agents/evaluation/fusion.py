"""`eval fusion`: each modality's reading and the forecaster's fusion on the synthetic fusion set (issue #11).

The set (eval_sets/fusion/labels.json, built by experiments/fusion_weights/make_fusion_clips.py) holds short
espeak-ng clips over still photographs, each written to carry one emotion, in seven conditions (congruent,
masking, flat face, face-led, voice clash, no face, audio only; see the script's docstring for how each clip's
label is set). Every clip goes through the pipeline's perception (`perceive`, exactly what `analyze` runs),
then the forecaster's code fusion twice on the same evidence:
  - full: reliability × confidence weights, the face discounts (masking, flat face), the agreement term
    (forecaster.fuse);
  - no-consistency: plain confidence-weighted averaging (the ablation, settings.consistency False).
No language model is involved: the forecaster's model may then move at most MAX_BOOST of the mass, which
this evaluation leaves out so that the two fusions are compared on identical inputs. The set is synthetic
(mechanical prosody, posed or galvanised faces, words written to the label) and small; its numbers say how
the fusion behaves on clear, controlled cases, not how it reads people.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mer_agents.config import Settings
from mer_agents.evaluation.cache import MACHINE_SETTINGS, ResultCache, settings_hash
from mer_agents.evaluation.metrics import bootstrap_ci, classification_report, mean, paired_bootstrap_ci
from mer_agents.evaluation.provenance import code_hash
from mer_agents.evaluation.readers import DataError, spread_subset
from mer_agents.evaluation.runner import Stopwatch, run_items
from mer_agents.labels import EMOTIONS, top_emotion

DEFAULT_LABELS = Path("eval_sets/fusion/labels.json")
READERS = ("words", "face", "voice")  # per-modality readings scored against the label
FUSIONS = ("full", "no-consistency")
MODALITY = {"words": "text", "face": "video", "voice": "audio"}
NOTE = (
    "Synthetic: espeak-ng speech with set prosody over still photographs (Face Research Lab London Set, "
    "CC BY 4.0; Darwin 1872 plates, public domain), words written for each clip's label; a label is the "
    "emotion the clip was written to carry. Code fusion only (no language model)."
)


@dataclass(frozen=True)
class FusionClip:
    id: str
    path: Path
    spec: dict[str, Any]


def read_clips(labels_path: str | Path) -> list[FusionClip]:
    """The clips of labels.json (their files beside it, under clips/); DataError for a missing one."""
    labels_path = Path(labels_path)
    if not labels_path.is_file():
        raise DataError(
            f"no fusion labels at {labels_path} "
            "(build them: python experiments/fusion_weights/make_fusion_clips.py)"
        )
    specs = json.loads(labels_path.read_text(encoding="utf-8"))
    clips = []
    for spec in specs:
        path = labels_path.parent / "clips" / spec["name"]
        if not path.is_file():
            raise DataError(
                f"{path} is missing (rebuild: python experiments/fusion_weights/make_fusion_clips.py)"
            )
        # the cache key holds the file's hash: a rebuilt clip is perceived again
        clips.append(FusionClip(id=f"{spec['name']}#{_file_hash(path)}", path=path, spec=spec))
    return clips


def _file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def perceive_clip(clip: FusionClip, settings: Settings) -> dict[str, Any]:
    """Perception of one clip, reduced to what the fusion reads (and the transcript, to see ASR slips)."""
    from mer_agents.errors import MerError
    from mer_agents.perception import perceive

    try:
        evidence = perceive(clip.path, settings)
    except MerError as exc:
        return {"error": str(exc)}
    return {
        "evidence": evidence.model_dump(
            mode="json",
            include={
                "source",
                "duration_s",
                "analysed_s",
                "has_audio",
                "has_video",
                "transcript",
                "modalities",
                "flags",
            },
        )
    }


def fused(evidence_json: dict[str, Any]) -> dict[str, Any]:
    """Each reader's top label and the two fusions' top labels for one clip's evidence."""
    from mer_agents.agents.forecaster import flat_face, fuse, masking, name_conflicts, used_modalities
    from mer_agents.types import Evidence

    evidence = Evidence.model_validate(evidence_json)
    modalities = used_modalities(evidence)
    out: dict[str, Any] = {"modalities": modalities}
    for reader, name in MODALITY.items():
        mod = getattr(evidence.modalities, name)
        out[reader] = top_emotion(mod.probs)[0] if mod.available else None
        out[f"{reader}_confidence"] = round(mod.confidence, 3) if mod.available else None
    for variant, consistency in (("full", True), ("no-consistency", False)):
        probs, agreement, confidence = fuse(evidence, modalities, consistency)
        out[variant] = top_emotion(probs)[0]
        out[f"{variant}_probs"] = {k: round(v, 4) for k, v in probs.items()}
        out[f"{variant}_confidence"] = round(confidence, 3)
    out["masking"] = masking(evidence, modalities)
    out["flat_face"] = flat_face(evidence, modalities)
    out["conflicts"] = name_conflicts(evidence, modalities)
    out["transcript"] = evidence.transcript
    return out


def evaluate_fusion(
    labels_path: str | Path,
    settings: Settings,
    *,
    limit: int | None = None,
    cache: ResultCache | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """The OUT dict of `eval fusion` (per-item records under `items`)."""
    clock = Stopwatch()
    all_clips = read_clips(labels_path)
    clips = [all_clips[i] for i in spread_subset(len(all_clips), limit)]
    hash_ = settings_hash(settings, task="fusion", code=code_hash())
    results = run_items(
        clips,
        lambda clip: perceive_clip(clip, settings),
        cache=cache,
        variant="perception",
        hash_=hash_,
        progress=progress,
        desc="fusion set perception",
    )
    records = []
    for clip, result in zip(clips, results):
        spec = clip.spec
        record = {k: spec[k] for k in ("condition", "label", "words", "face", "voice_emotion", "video")}
        record["id"] = spec["name"]
        if "error" in result:
            records.append(dict(record, error=result["error"]))
            continue
        records.append(dict(record, **fused(result["evidence"])))
    ok = [r for r in records if "error" not in r]
    gold = [r["label"] for r in ok]
    out: dict[str, Any] = {
        "task": "fusion",
        "data": str(labels_path),
        "n_file": len(all_clips),
        "limit": limit,
        "n": len(ok),
        "failed": len(records) - len(ok),
        "errors": sorted({r["error"] for r in records if "error" in r})[:5],
        "subset": "all"
        if len(clips) == len(all_clips)
        else f"every item floor(i*{len(all_clips)}/{len(clips)})",
        "label_counts": dict(Counter(gold)),
        "condition_counts": dict(Counter(r["condition"] for r in ok)),
        "settings": settings.model_dump(mode="json", exclude=MACHINE_SETTINGS),
        "note": NOTE,
        "variants": {},
    }
    # per reading, 1.0 / 0.0 for each clip it read (a reader without a reading on a clip skips it)
    hits = {
        name: [float(r[name] == r["label"]) for r in ok if r[name] is not None]
        for name in (*READERS, *FUSIONS)
    }
    for variant in FUSIONS:
        block = classification_report(gold, [r[variant] for r in ok], EMOTIONS)
        block["accuracy_ci95"] = bootstrap_ci(hits[variant])
        out["variants"][variant] = block
    out["readers"] = {
        reader: {
            "n": len(hits[reader]),
            "accuracy": mean(hits[reader]) if hits[reader] else None,
            "accuracy_ci95": bootstrap_ci(hits[reader]),
        }
        for reader in READERS
    }
    out["paired"] = {
        "full_minus_no_consistency": paired_bootstrap_ci(hits["full"], hits["no-consistency"]),
        "changed": sum(r["full"] != r["no-consistency"] for r in ok),
        "description": "full − no-consistency fused accuracy, paired over the same clips",
    }
    out["by_condition"] = {}
    for condition in dict.fromkeys(r["condition"] for r in ok):
        rows = [r for r in ok if r["condition"] == condition]
        out["by_condition"][condition] = {
            "n": len(rows),
            **{
                name: _share([r[name] == r["label"] for r in rows if r[name] is not None])
                for name in (*READERS, *FUSIONS)
            },
        }
    out["majority_baseline"] = max(Counter(gold).values()) / len(gold) if gold else None
    out["items"] = {"fusion": records}
    out["seconds"] = clock()
    return out


def _share(hits: list[bool]) -> float | None:
    return round(sum(hits) / len(hits), 3) if hits else None
