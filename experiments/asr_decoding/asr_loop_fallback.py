"""Why bench growth's longest clips cost more to transcribe: a looped clip repeats its lines within one
Whisper window, and Whisper's own repetition test (compression ratio of the window's text) then decodes the
window again at higher temperatures. This transcribes the looped clip with the temperatures shipped until
session 29 (0.0, 0.3, 0.6) and with the beam alone (shipped since: asr_temperature_selection.py), and prints
the seconds and the words of each (issue #14).

    .venv/bin/python experiments/asr_decoding/asr_loop_fallback.py --seconds 45
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mer_agents.benchmarks.growth import DEFAULT_SOURCE, looped_audio  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.perception import asr  # noqa: E402
from mer_agents.perception.media import load_media  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=45.0, help="length of the looped clip")
    parser.add_argument("--clip", type=Path, default=DEFAULT_SOURCE)
    args = parser.parse_args(argv)
    settings = Settings.from_env()
    audio = looped_audio(load_media(args.clip, settings), args.seconds)
    asr.warm_up(settings)
    for temperatures in ((0.0, 0.3, 0.6), (0.0,)):
        asr.TEMPERATURES = temperatures
        start = time.perf_counter()
        heard = asr.transcribe(audio, settings)
        seconds, words = time.perf_counter() - start, len(heard.text.split())
        print(f"temperatures {temperatures}: {seconds:.2f} s, {words} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
