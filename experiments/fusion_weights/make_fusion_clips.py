"""Build the synthetic fusion sets: clips with an intended emotion, for `eval fusion`.

Two splits with different sentences and different people: eval_sets/fusion_selection/ (the fusion's settings
are chosen on it: experiments/fusion_weights/fusion_selection.py) and eval_sets/fusion/ (reported only).

Issue #11 asks for a labelled multimodal set to evaluate the forecaster's fusion: congruent and conflicting
face/voice/words, audio-only and no-face cases. Every clip here is synthetic — espeak-ng speech with
controlled prosody over a still photograph — and its label is the emotion the clip was *written* to carry,
not a rating of how it comes across. Conditions (`condition` in labels.json) and how the label is set:
  congruent     words, face and voice carry the same emotion                        → that emotion
  masking       a smiling face over negative words (politeness, masking)            → the words' emotion
  flat_face     a neutral face over emotional words                                 → the words' emotion
  face_led      plain, neutral words with an expressive face and a matching voice   → the face's emotion
  voice_clash   words of one emotion in the prosody of another, no face in view     → the words' emotion
  no_face       emotional words and a matching voice over a picture without a face  → the words' emotion
  audio_only    emotional words and a matching voice, no video track                → the words' emotion
The sentences were written for this set (not drawn from any training or selection data); the faces and their
licenses are listed in eval_sets/fusion/faces/README.md.

    .venv/bin/python experiments/fusion_weights/make_fusion_clips.py  # needs espeak-ng and ffmpeg
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from make_examples import _image, _speak, ffmpeg_exe, mux_audio, mux_still  # noqa: E402  (as the example clips are made)

OUT = ROOT / "eval_sets" / "fusion"
VIDEO_FPS = 5
FRAME_SIDE = 320  # frame height; faces stay above ~100 px
NO_FACE_IMAGE = "coffee"  # scikit-image's coffee.png (CC0): a scene without a face

# espeak-ng prosody per emotion: (speed wpm, pitch 0-99, amplitude 0-200)
PROSODY = {
    "neutral": (160, 50, 100),
    "joy": (180, 75, 160),
    "surprise": (175, 85, 160),
    "anger": (195, 55, 190),
    "fear": (185, 70, 110),
    "sadness": (115, 30, 70),
    "disgust": (140, 35, 130),
}
VOICES = ("en-us", "en-us+f3", "en-gb", "en-us+m3", "en-us+f4")
# A clashing prosody per words' emotion: the opposite arousal.
CLASH = {
    "joy": "sadness",
    "sadness": "anger",
    "anger": "sadness",
    "fear": "neutral",
    "surprise": "sadness",
    "disgust": "joy",
}

WORDS = {  # written for this set: the report split
    "joy": [
        "We won the regional final this afternoon and the whole team is still cheering.",
        "My sister just had her baby, a healthy little girl, and I am an aunt now!",
        "They accepted my application for the apartment by the river, I move in next week.",
        "I got the highest mark in the class on my history essay, I am thrilled.",
        "Our old friends surprised us with a visit tonight and we laughed for hours.",
        "The bakery I started last year finally made a profit this month, I am so proud.",
    ],
    "sadness": [
        "My best friend moved across the country and the weekends feel so empty now.",
        "I failed the exam again, and I really thought I was ready this time.",
        "Our old cat died last night, she was with me for sixteen years.",
        "Nobody came to my birthday dinner, I sat there alone and went home early.",
        "Since the divorce the house is quiet, and I miss hearing the kids in the morning.",
        "I found out my grandfather is too ill to come home from the hospital.",
    ],
    "anger": [
        "They charged me twice for the same repair and then hung up on me. This is outrageous.",
        "My coworker took credit for my project in front of the whole department, I am furious.",
        "The landlord ignored the broken heating for a month and now he wants more rent.",
        "Someone dented my car in the parking lot and just drove off without a note.",
        "I waited three hours at the office and they told me to come back tomorrow. Unbelievable.",
        "He promised to fix it and lied to my face again. I have had enough.",
    ],
    "fear": [
        "The doctor called and wants to see me about my scan results tomorrow, I am terrified.",
        "I heard footsteps outside my window tonight and now I cannot stop shaking.",
        "There are rumours of layoffs at work and I am scared I will be the first to go.",
        "My son has not answered his phone all day and I am afraid something happened.",
        "I have to speak in front of three hundred people on Friday and I am panicking.",
        "The storm is getting closer and the river is already rising near our house.",
    ],
    "surprise": [
        "Wait, my old teacher remembered my name after twenty years? I cannot believe it.",
        "I opened the door and all my friends were standing there, I had no idea!",
        "They moved the meeting to today? Nobody told me anything, wow.",
        "I just found out my quiet neighbour used to be a famous drummer. Really!",
    ],
    "disgust": [
        "The kitchen at that restaurant was filthy, there were bugs crawling on the counter.",
        "I found mould all over the bread I just bought, it smelled rotten and made me gag.",
        "He spat on the floor right in front of me, that was revolting.",
        "The fridge at work has rotten food in it and the smell makes me feel sick.",
    ],
    "neutral": [
        "I went to the post office this morning and then I walked back home.",
        "Today I have two meetings and after that I will do some shopping.",
        "The bus was on time, and I read a few pages of my book on the way.",
        "I am cooking rice and vegetables for dinner tonight.",
        "We are painting the hallway this weekend, a light grey colour.",
        "I changed my phone plan yesterday and the new one starts next month.",
        "My train leaves at nine, so I will pack my bag tonight.",
        "I sorted the papers on my desk and answered some emails.",
        "This afternoon I am going to the library to return two books.",
    ],
}

SELECTION_WORDS = {  # written for the selection split: other sentences, for choosing fusion settings
    "joy": [
        "My little brother got into the university he dreamed of, we are all celebrating.",
        "I finished the marathon today, my legs hurt but I am beaming.",
        "The garden I planted in spring is full of flowers now and it makes me so glad.",
        "My best friend is coming home from abroad next week, I can hardly wait.",
        "We adopted a kitten this morning and she is already purring on my lap.",
        "I got a raise at work today, my manager said I earned it.",
    ],
    "sadness": [
        "My father has been in the hospital for weeks and he does not recognise me anymore.",
        "I was not chosen for the team again, and I feel like I will never be good enough.",
        "My dog ran away last month and we never found him.",
        "I spent the holidays alone this year and the flat felt so empty.",
        "My oldest friend stopped talking to me and I do not even know why.",
        "We had to sell my grandmother's house, and I cried when I handed over the keys.",
    ],
    "anger": [
        "The mechanic kept my car for two weeks and it is still broken. I am so angry.",
        "My neighbour plays loud music every night until three and laughs when I complain.",
        "They cancelled my order without asking and kept my money. This is infuriating.",
        "My manager yelled at me in front of everyone for a mistake that was not mine.",
        "Someone stole my bike from right outside the station, again. I am furious.",
        "The airline lost my luggage and nobody even bothers to call me back.",
    ],
    "fear": [
        "There is a strange man who has followed me home twice this week, I am scared.",
        "My test results come back on Monday and I am so afraid of what they will say.",
        "The company might close and I do not know how we will pay the mortgage, I am frightened.",
        "I keep hearing noises in the attic at night and I am too afraid to go up.",
        "My daughter is driving through the snow storm right now and I am terrified.",
        "I have my first flight tomorrow and I am scared the plane will crash.",
    ],
    "surprise": [
        "What? My sister is getting married next week and nobody told me? Wow!",
        "I cannot believe it, the quiet boy from my class is now a famous actor!",
        "They gave me the keys to a brand new office? I did not expect that at all!",
        "My old phone started working again after a year in a drawer. Amazing!",
    ],
    "disgust": [
        "The hotel room had dirty sheets and hair in the sink, it was disgusting.",
        "Someone left rotten fish in the office bin and the smell made me want to throw up.",
        "The milk had gone sour and lumpy, I almost drank it, yuck.",
        "He chewed with his mouth open and wiped his nose on the tablecloth, gross.",
    ],
    "neutral": [
        "I walked to the shop this morning and bought some bread and milk.",
        "Tomorrow I will clean the windows and then call my aunt.",
        "The meeting is at ten, and after lunch I have a training session.",
        "I took the tram to work and listened to the radio.",
        "We moved the sofa to the other wall of the living room.",
        "I am making soup and a salad for lunch today.",
        "My library card expires next month, so I will renew it.",
        "I watered the plants and then read the newspaper.",
        "The plumber is coming on Thursday to look at the sink.",
    ],
}

# Face stills (faces/ of each split's folder) by the expression they show (their sources say so; the
# folder's faces/README.md).
FACE_STILLS = {
    "joy": [
        "london004_happy.jpg",
        "london006_happy.jpg",
        "london025_happy.jpg",
        "london001_happy.jpg",
        "duchenne_oldman_happy.jpg",
        "rejlandergirl_happy.jpg",
        "wallichgirl_happy.jpg",
    ],
    "neutral": [
        "london004_neutral.jpg",
        "london006_neutral.jpg",
        "london025_neutral.jpg",
        "london001_neutral.jpg",
        "london005_neutral.jpg",
        "duchenne_oldman_neutral.jpg",
        "duchenne_youngman_neutral.jpg",
    ],
    "sadness": ["duchenne_youngman_sad.jpg", "darwinboy_sad.jpg", "darwinboy_crying.jpg"],
    "fear": ["duchenne_oldman_fear.jpg"],
}
SELECTION_FACES = {  # other people of the London set
    "joy": [f"london{n}_happy.jpg" for n in ("002", "003", "007", "008", "009", "010", "011", "012")],
    "neutral": [f"london{n}_neutral.jpg" for n in ("002", "003", "007", "008", "009", "010", "011", "012")],
}
# Emotions of the words under a neutral face (flat_face), in order of the neutral faces.
FLAT_EMOTIONS = ("anger", "sadness", "fear", "disgust", "surprise", "joy", "anger", "sadness")
SPLITS = {  # split → (folder, words, faces)
    "report": (OUT, WORDS, FACE_STILLS),
    "selection": (ROOT / "eval_sets" / "fusion_selection", SELECTION_WORDS, SELECTION_FACES),
}


def specs(split: str = "report") -> list[dict]:
    """Every clip of a split, deterministic: name, condition, label, words, face, prosody, voice."""
    _, sentences, stills = SPLITS[split]
    out: list[dict] = []
    used = {emotion: 0 for emotion in sentences}

    def words(emotion: str) -> str:
        text = sentences[emotion][used[emotion] % len(sentences[emotion])]
        used[emotion] += 1
        return text

    def add(
        condition: str,
        label: str,
        text_emotion: str,
        face: str | None,
        face_emotion: str | None,
        voice_emotion: str,
        video: bool = True,
    ) -> None:
        i = len(out)
        speed, pitch, amplitude = PROSODY[voice_emotion]
        out.append(
            {
                "name": f"{i:02d}_{condition}_{label}" + (".mp4" if video else ".flac"),
                "condition": condition,
                "label": label,
                "words": words(text_emotion),
                "words_emotion": text_emotion,
                "face": face,
                "face_emotion": face_emotion,
                "voice_emotion": voice_emotion,
                "voice": VOICES[i % len(VOICES)],
                "speed": speed,
                "pitch": pitch,
                "amplitude": amplitude,
                "video": video,
            }
        )

    for emotion, faces in stills.items():  # congruent: one per face
        for face in faces:
            add("congruent", emotion, emotion, face, emotion, emotion)
    negative = ["sadness", "anger", "fear"]
    for i, face in enumerate(stills["joy"][:6]):  # masking: 6
        emotion = negative[i % 3]
        add("masking", emotion, emotion, face, "joy", emotion)
    for face, emotion in zip(stills["neutral"], FLAT_EMOTIONS):  # flat_face: one per neutral face
        add("flat_face", emotion, emotion, face, "neutral", emotion)
    for emotion in [e for e in ("joy", "sadness", "fear") if e in stills]:  # face_led: 5 joy, ≤ 3 others
        for face in stills[emotion][: 5 if emotion == "joy" else 3]:
            add("face_led", emotion, "neutral", face, emotion, emotion)
    for emotion, clash in CLASH.items():  # voice_clash: 6
        add("voice_clash", emotion, emotion, None, None, clash)
    for emotion in PROSODY:  # no_face: 7
        add("no_face", emotion, emotion, None, None, emotion)
    for emotion in PROSODY:  # audio_only: 14
        for _ in range(2):
            add("audio_only", emotion, emotion, None, None, emotion, video=False)
    return out


def _picture(spec: dict, folder: Path) -> Path:
    return folder / "faces" / spec["face"] if spec["face"] else _image(NO_FACE_IMAGE)


def build_clip(spec: dict, folder: Path) -> Path:
    """Synthesise the speech and mux it over the still (or alone, as FLAC) into folder/clips/."""
    out = folder / "clips" / spec["name"]
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "speech.wav"
        _speak({**spec, "text": spec["words"]}, wav)
        if not spec["video"]:
            mux_audio(wav, out, 16000, ["-c:a", "flac"], ffmpeg=ffmpeg_exe())
        else:
            mux_still(
                _picture(spec, folder),
                wav,
                out,
                fps=VIDEO_FPS,
                side=FRAME_SIDE,
                crf=30,
                audio_bitrate="48k",
                ffmpeg=ffmpeg_exe(),
                video_threads=1,
            )
    return out


def main() -> int:
    if shutil.which("espeak-ng") is None:
        raise SystemExit("espeak-ng is not installed")
    for split, (folder, _, _) in SPLITS.items():
        clips = folder / "clips"
        if clips.exists():
            shutil.rmtree(clips)
        clips.mkdir(parents=True)
        all_specs = specs(split)
        for spec in all_specs:
            path = build_clip(spec, folder)
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1000:.0f} kB", file=sys.stderr)
        (folder / "labels.json").write_text(json.dumps(all_specs, indent=1) + "\n")
        print(f"{split}: {len(all_specs)} clips", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
