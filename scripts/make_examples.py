"""Build the example clips in examples/ (and the small test fixtures) from license-clean material.

Speech: espeak-ng (the tool is GPL-3.0; the audio it synthesises is not covered by it).
Faces/scenes: public-domain / CC0 images that ship inside wheels (scikit-image, matplotlib); see
examples/README.md for each source and license. Muxed with ffmpeg (H.264 + AAC, 10 fps still-image video).

    .venv/bin/python scripts/make_examples.py          # needs espeak-ng, ffmpeg, scikit-image, matplotlib
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
FIXTURES = ROOT / "tests" / "fixtures" / "perception"
MAX_BYTES = 1_000_000
MAX_SECONDS = 15.0
VIDEO_FPS = 10
FRAME_SIDE = 480  # the stills are scaled to this height (even width kept)


def _image(name: str) -> Path:
    """Path of a bundled still: 'astronaut', 'coffee' (scikit-image) or 'grace_hopper' (matplotlib)."""
    if name == "grace_hopper":
        import matplotlib

        return Path(matplotlib.get_data_path()) / "sample_data" / "grace_hopper.jpg"
    import skimage.data

    return Path(skimage.data.__file__).parent / f"{name}.png"


CLIPS = {
    "happy_news.mp4": {
        "text": "Guess what! I got the job! They called me this morning and I start next month. "
        "I am so happy, I can't stop smiling!",
        "voice": "en-us+f3",
        "speed": 175,
        "pitch": 70,
        "amplitude": 160,
        "image": "astronaut",
        "expected": {"words": "joy", "face": "joy", "voice": "aroused"},
        "about": "smiling face, joyful words, brisk and high voice",
    },
    "sad_loss.mp4": {
        "text": "My grandmother passed away last week. She used to call me every Sunday. I miss her so much.",
        "voice": "en-us+f4",
        "speed": 115,
        "pitch": 30,
        "amplitude": 70,
        "image": "grace_hopper",
        "expected": {"words": "sadness", "face": "neutral", "voice": "calm"},
        "about": "sad words, slow low quiet voice, a composed (neutral) face: the words carry the emotion",
    },
    "worried_audio_only.mp3": {
        "text": "My exam results come out tomorrow and I can't sleep. What if I failed? I am really scared.",
        "voice": "en-gb",
        "speed": 170,
        "pitch": 60,
        "amplitude": 120,
        "image": None,
        "expected": {"words": "fear", "face": None, "voice": "aroused"},
        "about": "audio only, anxious words, fast voice",
    },
    "no_face.mp4": {
        "text": "I waited two hours and they lost my order again. "
        "Nobody even said sorry. I am so angry right now!",
        "voice": "en-us",
        "speed": 200,
        "pitch": 55,
        "amplitude": 190,
        "image": "coffee",
        "expected": {"words": "anger", "face": None, "voice": "aroused"},
        "about": "angry words, loud fast voice, over a photo of a coffee cup (no face)",
    },
}
# A minute of one person talking, for `bench growth` (cut to 5, 15, 30, 60 s): sad_loss.mp4's voice and
# picture, and no sentence said twice (looping a short clip repeats its lines, and Whisper's own loop guard
# then decodes every window again at higher temperatures: a cost of the repetition, not of the length).
# In a folder of its own, so that the app does not list it among its examples.
SAME_AS_SAD_LOSS = ("voice", "speed", "pitch", "amplitude", "image", "expected")
LONG_CLIPS = {
    "long/grief_monologue.mp4": {
        "text": (
            "My grandmother passed away last week. She used to call me every Sunday, always at six, right "
            "after her favourite radio show. She would ask what I had eaten and whether I was sleeping "
            "enough, and I would laugh and tell her not to worry. Last Sunday the phone did not ring, and I "
            "sat there waiting anyway. I keep finding little things she gave me: a scarf, a recipe card in "
            "her handwriting, a postcard from the seaside. My mother says the funeral was beautiful, but I "
            "barely remember it. At work everyone expects me to be fine again, and I nod and answer emails, "
            "but inside I feel empty. I don't know how to stop missing her, and part of me does not want to."
        ),
        **{k: CLIPS["sad_loss.mp4"][k] for k in SAME_AS_SAD_LOSS},
        "about": "a minute of sad words in sad_loss.mp4's voice over its picture, no sentence said twice",
    },
}
LONG_MAX_SECONDS = 90.0
FIXTURE_CLIPS = {
    "spanish.mp3": {
        "text": "Hoy estoy muy contenta porque mi hermana viene a visitarme el fin de semana.",
        "voice": "es",
        "speed": 160,
        "pitch": 50,
        "amplitude": 120,
        "image": None,
    },
}


def _run(cmd: list[str]) -> None:
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _speak(spec: dict, wav: Path) -> None:
    _run(
        [
            "espeak-ng",
            "-v",
            spec["voice"],
            "-s",
            str(spec["speed"]),
            "-p",
            str(spec["pitch"]),
            "-a",
            str(spec["amplitude"]),
            "-w",
            str(wav),
            spec["text"],
        ]
    )


FFMPEG_COMMON = ("-y", "-loglevel", "error", "-fflags", "+bitexact")


def ffmpeg_exe() -> str:
    """ffmpeg from PATH, else the binary that ships in the imageio-ffmpeg wheel."""
    import imageio_ffmpeg

    return shutil.which("ffmpeg") or imageio_ffmpeg.get_ffmpeg_exe()


def mux_audio(wav: Path, out: Path, rate: int, codec: list[str], ffmpeg: str = "ffmpeg") -> None:
    """The speech alone, mono at `rate`, encoded with `codec` (e.g. ["-c:a", "flac"])."""
    _run(
        [
            ffmpeg,
            *FFMPEG_COMMON,
            "-i",
            str(wav),
            "-ac",
            "1",
            "-ar",
            str(rate),
            *codec,
            "-map_metadata",
            "-1",
            str(out),
        ]
    )


def mux_still(
    picture: Path,
    wav: Path,
    out: Path,
    *,
    fps: int,
    side: int,
    crf: int,
    audio_bitrate: str,
    ffmpeg: str = "ffmpeg",
    video_threads: int | None = None,
) -> None:
    """The speech over a still picture scaled to `side` px high: H.264 at `fps` frames a second, mono AAC."""
    threads = ["-threads", str(video_threads)] if video_threads else []
    _run(
        [
            ffmpeg,
            *FFMPEG_COMMON,
            "-loop",
            "1",
            "-framerate",
            str(fps),
            "-i",
            str(picture),
            "-i",
            str(wav),
            "-vf",
            f"scale=-2:{side},format=yuv420p",
            "-c:v",
            "libx264",
            *threads,
            "-tune",
            "stillimage",
            "-crf",
            str(crf),
            "-r",
            str(fps),
            "-c:a",
            "aac",
            "-b:a",
            audio_bitrate,
            "-ac",
            "1",
            "-shortest",
            "-map_metadata",
            "-1",
            "-movflags",
            "+faststart",
            str(out),
        ]
    )


def _mux(spec: dict, wav: Path, out: Path) -> None:
    if spec["image"] is None:
        codec = ["-c:a", "libmp3lame", "-b:a", "48k"] if out.suffix == ".mp3" else ["-c:a", "flac"]
        mux_audio(wav, out, 22050, codec)
        return
    mux_still(_image(spec["image"]), wav, out, fps=VIDEO_FPS, side=FRAME_SIDE, crf=28, audio_bitrate="64k")


def _probe_seconds(path: Path) -> float:
    import av

    with av.open(str(path)) as container:
        return container.duration / 1_000_000


def build(specs: dict, folder: Path, max_seconds: float = MAX_SECONDS) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, spec in specs.items():
            wav = Path(tmp) / (Path(name).stem + ".wav")
            _speak(spec, wav)
            out = folder / name
            out.parent.mkdir(parents=True, exist_ok=True)
            _mux(spec, wav, out)
            seconds, size = _probe_seconds(out), out.stat().st_size
            if seconds > max_seconds or size > MAX_BYTES:
                raise SystemExit(
                    f"{name}: {seconds:.1f} s / {size} bytes is over the {max_seconds} s / 1 MB budget"
                )
            print(f"{out}: {seconds:.1f} s, {size / 1000:.0f} kB")


def main() -> int:
    for tool in ("espeak-ng", "ffmpeg"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is not installed")
    build(CLIPS, EXAMPLES)
    build(LONG_CLIPS, EXAMPLES, LONG_MAX_SECONDS)
    build(FIXTURE_CLIPS, FIXTURES)
    scripts = {name: {k: v for k, v in spec.items()} for name, spec in (CLIPS | LONG_CLIPS).items()}
    (EXAMPLES / "scripts.json").write_text(json.dumps(scripts, indent=2) + "\n")
    print(f"{(EXAMPLES / 'scripts.json').relative_to(ROOT)}: the spoken text and settings of each clip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
