"""Clips outside examples/ for looking at and for blind judging (issue #10).

    PATH=<dir with ffmpeg>:$PATH .venv/bin/python experiments/unseen_clips/make_unseen_clips.py \
        [--out /tmp/unseen_clips]
        [--set dev|judge|judge2]

Three sets. `CLIPS` ("dev"): written after the responder was built and then LOOKED AT while it was fixed (the
guard's loss/family words, the forecast check's neutral rule, the Question template came from them), so they
are development clips now. `JUDGE_CLIPS` ("judge"): written before any output on them was seen; their replies
go to the blind judge without being read first. `JUDGE2_CLIPS` ("judge2"): the same, written for the second
judgment, once the first judge set's replies had been seen.

Same material and recipe as scripts/make_examples.py (espeak-ng speech over public-domain stills that ship in
scikit-image / matplotlib wheels; ffmpeg can be the binary of the imageio-ffmpeg wheel moviepy installs).
The texts were written for judging after the responder and guard were built, and nothing was tuned on them.
The clips are not committed; the specs below and this command rebuild them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from make_examples import build  # noqa: E402

CLIPS = {
    "job_loss_smiling.mp4": {
        "text": (
            "I lost my job today. "
            "I worked there for eight years, and now I don't know how I will pay the rent."
        ),
        "voice": "en-us+m3",
        "speed": 120,
        "pitch": 35,
        "amplitude": 80,
        "image": "astronaut",
    },
    "flight_angry_no_face.mp4": {
        "text": (
            "This is the third time they cancelled my flight without telling me. "
            "I am so angry I could scream."
        ),
        "voice": "en-us",
        "speed": 205,
        "pitch": 60,
        "amplitude": 190,
        "image": "coffee",
    },
    "scholarship.mp4": {
        "text": "I got the scholarship! I really did not think they would pick me. I have to tell my mom!",
        "voice": "en-us+f2",
        "speed": 180,
        "pitch": 70,
        "amplitude": 160,
        "image": "astronaut",
    },
    "surgery_audio_only.mp3": {
        "text": (
            "I have surgery tomorrow morning and I am terrified. I keep thinking something will go wrong."
        ),
        "voice": "en-gb",
        "speed": 165,
        "pitch": 55,
        "amplitude": 110,
        "image": None,
    },
    "dog_died.mp4": {
        "text": "My dog died last night. He was with me for twelve years. The house feels so empty now.",
        "voice": "en-us+f4",
        "speed": 110,
        "pitch": 30,
        "amplitude": 70,
        "image": "grace_hopper",
    },
    "friend_ignores.mp4": {
        "text": "My best friend has not answered my messages for two weeks. I don't know what I did wrong.",
        "voice": "en-us+m1",
        "speed": 140,
        "pitch": 45,
        "amplitude": 100,
        "image": "grace_hopper",
    },
}

JUDGE_CLIPS = {
    "breakup.mp4": {
        "text": (
            "My girlfriend left me yesterday after three years together. I keep checking my phone for her."
        ),
        "voice": "en-us+m2",
        "speed": 115,
        "pitch": 35,
        "amplitude": 75,
        "image": "grace_hopper",
    },
    "promotion.mp4": {
        "text": "They gave me the promotion! After all those late nights, it finally paid off.",
        "voice": "en-us+f3",
        "speed": 185,
        "pitch": 75,
        "amplitude": 170,
        "image": "astronaut",
    },
    "landlord_angry.mp3": {
        "text": "My landlord keeps coming into my apartment without asking. It makes me furious.",
        "voice": "en-us",
        "speed": 200,
        "pitch": 55,
        "amplitude": 190,
        "image": None,
    },
    "exam_fear.mp4": {
        "text": "My final exam is in two days and I can't remember anything I studied. I'm panicking.",
        "voice": "en-gb",
        "speed": 175,
        "pitch": 60,
        "amplitude": 120,
        "image": "grace_hopper",
    },
    "lonely_city.mp4": {
        "text": (
            "I moved to a new city for work and I don't know anyone here. Most evenings I just sit alone."
        ),
        "voice": "en-us+f4",
        "speed": 120,
        "pitch": 40,
        "amplitude": 80,
        "image": "coffee",
    },
    "dad_sick.mp4": {
        "text": "The doctor called and said my dad's cancer is back. I don't know how to tell my kids.",
        "voice": "en-us+m3",
        "speed": 115,
        "pitch": 30,
        "amplitude": 70,
        "image": "astronaut",
    },
}

# Written on 2026-11-30 for the second blind judgment (after the reply selector), before any output on them
# was seen; the first judge set above had been judged and its replies seen by then.
JUDGE2_CLIPS = {
    "car_crash.mp4": {
        "text": "Someone crashed into my car this morning. Nobody was hurt, but I am still shaking.",
        "voice": "en-us+f2",
        "speed": 170,
        "pitch": 65,
        "amplitude": 120,
        "image": "coffee",
    },
    "new_aunt.mp4": {
        "text": "My sister just had her baby! I'm an aunt now and I can't stop smiling.",
        "voice": "en-us+f3",
        "speed": 180,
        "pitch": 75,
        "amplitude": 160,
        "image": "astronaut",
    },
    "coworker_credit.mp3": {
        "text": (
            "My coworker presented my work as his own in the meeting today, and my boss praised him for it."
        ),
        "voice": "en-us",
        "speed": 195,
        "pitch": 50,
        "amplitude": 180,
        "image": None,
    },
    "grandmother.mp4": {
        "text": "We buried my grandmother today. She raised me, and I don't know who I am without her.",
        "voice": "en-us+m1",
        "speed": 110,
        "pitch": 30,
        "amplitude": 70,
        "image": "grace_hopper",
    },
    "abroad.mp4": {
        "text": "I got accepted to a program abroad, but I'm scared to leave my family behind.",
        "voice": "en-gb",
        "speed": 150,
        "pitch": 55,
        "amplitude": 110,
        "image": "astronaut",
    },
    "no_sleep.mp4": {
        "text": "I haven't slept properly in weeks. I lie awake every night worrying about money.",
        "voice": "en-us+m3",
        "speed": 125,
        "pitch": 40,
        "amplitude": 85,
        "image": "grace_hopper",
    },
    "rejections.mp3": {
        "text": "I got another rejection email today. That's twenty applications and not a single interview.",
        "voice": "en-us+m2",
        "speed": 130,
        "pitch": 35,
        "amplitude": 90,
        "image": None,
    },
    "surprise_party.mp4": {
        "text": "My friends threw me a surprise party for my birthday. I had no idea they were planning it!",
        "voice": "en-us+f4",
        "speed": 185,
        "pitch": 70,
        "amplitude": 170,
        "image": "coffee",
    },
}
SETS = {"dev": CLIPS, "judge": JUDGE_CLIPS, "judge2": JUDGE2_CLIPS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/unseen_clips"))
    parser.add_argument("--set", choices=tuple(SETS), default="dev")
    args = parser.parse_args()
    build(SETS[args.set], args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
