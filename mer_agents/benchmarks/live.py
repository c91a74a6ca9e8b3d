"""`python -m mer_agents.benchmarks.live` (bench target `live`): the Live tab in headless Chromium.

Measures, on the real path (real VAD, perception models and backend):
- CPU use of the launched server before any page is open (its queue's polling);
- CPU use of the server process while the camera and microphone stream silence (psutil, over --idle-s), and
  the microphone chunks (server requests) a second that cost it;
- for a spoken turn: speech end → end declared (the pause), end declared → clip written, → first timeline
  event, → evidence, → reply;
- whether the turn was read ahead (perceived during its end-of-turn pause; MER_LIVE_READ_AHEAD=0 turns it
  off for a comparison), and how many readings the phase began;
- in both phases, the CPU the browser took beside the server (Chromium and Playwright's driver, the
  benchmark process's children) and the machine's load average: on two cores the browser competes with
  the models for the same cores, as it does on a laptop.

Chromium gets a fake camera (a y4m made from an example clip's first frame, so the face meter has a face)
and a fake microphone (a wav): `--use-file-for-fake-*-capture`. The same helpers drive
tests/test_live_browser.py. Needs Debian `chromium` (apt-get install -y chromium; never `playwright install`).
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from mer_agents.benchmarks import write_report
from mer_agents.commands import MAX_SECONDS, number

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_WAV = ROOT / "tests" / "fixtures" / "live" / "turns.wav"
FACE_CLIP = ROOT / "examples" / "happy_news.mp4"
CHROMIUM = "/usr/bin/chromium"
# Headless Chromium as the benchmark and the browser tests run it (no network chatter, no first-run UI) ...
HEADLESS_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# ... with a fake camera and microphone granted without a prompt (pages that use media)
FAKE_MEDIA_FLAGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]
CHROMIUM_FLAGS = [*HEADLESS_FLAGS, *FAKE_MEDIA_FLAGS, "--autoplay-policy=no-user-gesture-required"]
CAMERA_SIZE = (320, 240)
WAV_RATE = 16000
LEAD_SILENCE_S = 1.0
TAIL_SILENCE_S = 4.0
ROOM_NOISE_DBFS = -60.0  # the "silent" microphone is faint noise, as a real room is, not digital zeros
UI_TIMEOUT_MS = 60_000
NO_BROWSER_S = 5.0  # the launched app's CPU is measured this long before any page opens


def chromium_path() -> str | None:
    return CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------------------------------ fake media


def fake_camera_y4m(path: Path, frames: int = 5) -> Path:
    """A short y4m (Chromium loops it): the first frame of an example clip with a face, else a grey card."""
    import cv2

    w, h = CAMERA_SIZE
    image = None
    if FACE_CLIP.exists():
        import av

        with av.open(str(FACE_CLIP)) as container:
            for frame in container.decode(video=0):
                image = frame.to_ndarray(format="rgb24")
                break
    if image is None:
        image = np.full((h, w, 3), 120, np.uint8)
    yuv = cv2.cvtColor(cv2.resize(image, (w, h), interpolation=cv2.INTER_AREA), cv2.COLOR_RGB2YUV_I420)
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{w} H{h} F5:1 Ip A1:1 C420jpeg\n".encode())
        out.writelines(b"FRAME\n" + yuv.tobytes() for _ in range(frames))
    return path


def fake_mic_wav(path: Path, speech: bool = True, seconds: float = 20.0) -> Path:
    """The speech fixture between silences (speech=True), or faint room noise for `seconds`."""
    import soundfile as sf

    rng = np.random.default_rng(0)
    if speech:
        audio, rate = sf.read(FIXTURE_WAV, dtype="float32")
        assert rate == WAV_RATE
        audio = np.concatenate(
            [
                np.zeros(int(LEAD_SILENCE_S * rate), np.float32),
                audio,
                np.zeros(int(TAIL_SILENCE_S * rate), np.float32),
            ]
        )
    else:
        audio = np.zeros(int(seconds * WAV_RATE), np.float32)
    audio = audio + rng.standard_normal(audio.size).astype(np.float32) * 10 ** (ROOM_NOISE_DBFS / 20)
    sf.write(path, audio, WAV_RATE, subtype="PCM_16")
    return path


def launch_chromium(playwright: Any, wav: Path, y4m: Path, loop_audio: bool = False):
    args = CHROMIUM_FLAGS + [
        f"--use-file-for-fake-video-capture={y4m}",
        f"--use-file-for-fake-audio-capture={wav}{'' if loop_audio else '%noloop'}",
    ]
    return playwright.chromium.launch(executable_path=chromium_path(), args=args, headless=True)


def start_streaming(page: Any) -> None:
    """Open the Live tab (when it is one tab of several), turn on the camera stream and the microphone."""
    page.wait_for_selector("#live-camera, [role=tab]", state="attached", timeout=UI_TIMEOUT_MS)
    tab = page.get_by_role("tab", name="Live", exact=True)
    if tab.count():
        tab.first.click()
    camera = page.locator("#live-camera")
    camera.get_by_text("Click to Access Webcam").click(timeout=UI_TIMEOUT_MS)
    camera.locator("button[aria-label='capture photo']").click(timeout=UI_TIMEOUT_MS)
    page.locator("#live-mic button.record-button").click(timeout=UI_TIMEOUT_MS)


# ------------------------------------------------------------------------------------------ the server


def has_live_tab(demo: Any) -> bool:
    return any(getattr(block, "elem_id", None) == "live-tab" for block in demo.blocks.values())


def live_demo():
    """The app's demo (settings from the environment) when build_demo mounts the Live tab; else a Blocks with
    only the tab (same backend)."""
    import gradio as gr

    from mer_agents.backends.shared import shared_backend
    from mer_agents.config import Settings
    from mer_agents.ui.app import build_app, queued
    from mer_agents.ui.live import build_live_tab

    settings = Settings.from_env()
    app = build_app(settings)
    if has_live_tab(app):
        return app, True
    with gr.Blocks(title="mer_agents live") as demo:
        build_live_tab(settings, shared_backend(settings))  # the backend build_app registered
    return queued(demo), False


def wait_for_done_turn(timeout_s: float) -> Any:
    """The first live turn that got its reply (or failed) in this process's sessions."""
    from mer_agents.ui.live import REGISTRY

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for state in REGISTRY.states():
            for turn in list(state.session.turns):
                if turn.status in ("done", "failed"):
                    return turn
        time.sleep(0.2)
    return None


# ------------------------------------------------------------------------------------------ benchmark


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--idle-s",
        type=number(float, 0, MAX_SECONDS, above=True),
        default=10.0,
        help="seconds of streamed silence to measure CPU over",
    )
    parser.add_argument(
        "--reply-timeout-s",
        type=number(float, 0, MAX_SECONDS, above=True),
        default=600.0,
        help="how long to wait for the reply",
    )
    parser.add_argument(
        "--json", type=Path, default=None, metavar="OUT.json", help="also write the numbers here"
    )


def main(args: argparse.Namespace) -> int:
    import psutil
    from playwright.sync_api import sync_playwright

    from mer_agents.ui.live import REGISTRY

    if chromium_path() is None:
        print("Chromium is not installed (apt-get install -y chromium)")
        return 1
    demo, full_app = live_demo()
    from mer_agents.backends.shared import shared_backend
    from mer_agents.config import Settings
    from mer_agents.ui.app import launch
    from mer_agents.warm import warm_up

    settings = Settings.from_env()
    warm_up(settings, shared_backend(settings))  # as app.main does at launch: the latency is the run's
    _, url, _ = launch(demo, "127.0.0.1", free_port(), prevent_thread_lock=True, quiet=True)
    proc = psutil.Process()
    report: dict[str, Any] = {"app": "app.demo" if full_app else "Live tab only", "cores": psutil.cpu_count()}
    time.sleep(2.0)  # launched: no page open yet, so this is what the server costs doing nothing
    server_cpu = _own_cpu_s(proc)
    time.sleep(NO_BROWSER_S)
    report["idle_no_browser"] = {
        "seconds": NO_BROWSER_S,
        "cpu_percent_of_one_core": round(100 * (_own_cpu_s(proc) - server_cpu) / NO_BROWSER_S, 1),
    }
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        y4m = fake_camera_y4m(Path(tmp) / "cam.y4m")
        quiet = fake_mic_wav(Path(tmp) / "quiet.wav", speech=False, seconds=args.idle_s + 30)
        browser = launch_chromium(pw, quiet, y4m, loop_audio=True)
        page = browser.new_page()
        page.goto(url)
        start_streaming(page)
        time.sleep(5.0)  # streams up, models the handlers touch loaded
        before, chunks = _stream_seconds(REGISTRY), _audio_chunks(REGISTRY)
        server_cpu, browser_cpu = _own_cpu_s(proc), _children_cpu_s(proc)
        time.sleep(args.idle_s)
        server_cpu, browser_cpu = _own_cpu_s(proc) - server_cpu, _children_cpu_s(proc) - browser_cpu
        cpu = 100 * server_cpu / args.idle_s
        streamed = _stream_seconds(REGISTRY) - before
        report["idle"] = {
            "seconds": args.idle_s,
            "cpu_percent_of_one_core": round(cpu, 1),
            "cpu_percent_of_machine": round(cpu / max(1, psutil.cpu_count()), 1),
            "audio_streamed_s": round(streamed, 2),
            "audio_chunks_per_s": round((_audio_chunks(REGISTRY) - chunks) / args.idle_s, 2),
            "browser_cpu_percent_of_one_core": round(100 * browser_cpu / args.idle_s, 1),
            "load_avg_1m": round(psutil.getloadavg()[0], 2),
        }
        browser.close()
        REGISTRY.close_all()

        speech = fake_mic_wav(Path(tmp) / "speech.wav", speech=True)
        browser = launch_chromium(pw, speech, y4m)
        page = browser.new_page()
        page.goto(url)
        start_streaming(page)
        started, server_cpu, browser_cpu = time.monotonic(), _own_cpu_s(proc), _children_cpu_s(proc)
        turn = wait_for_done_turn(args.reply_timeout_s)
        seconds = time.monotonic() - started
        server_cpu, browser_cpu = _own_cpu_s(proc) - server_cpu, _children_cpu_s(proc) - browser_cpu
        if turn is None:
            report["turn"] = {"error": f"no reply within {args.reply_timeout_s:g} s"}
        else:
            report["turn"] = {
                "status": turn.status,
                "error": turn.error,
                "speech_s": round(turn.span.duration_s, 2),
                "end_declared_after_speech_s": round(turn.span.detected_s - turn.span.end_s, 2),
                "after_end_declared_s": turn.timings,
                "stage_s": turn.stage_s,
                "read_ahead": turn.read_ahead,  # perceived during the pause (Settings.live_read_ahead)
                "read_aheads": sum(state.session.read_aheads for state in REGISTRY.states()),
                # the embedded LLM's threads in the turn's last generation (backends/cpu_share.py)
                "llm_threads": getattr(shared_backend(settings), "last_threads", None),
                "llm_threads_used": dict(getattr(shared_backend(settings), "threads_used", {})),
                "perception_s": turn.perception_s,
                "reply": turn.reply,
                # from streaming on to the reply: the speech, the pause, and the answer
                "phase_s": round(seconds, 1),
                "server_cpu_percent_of_one_core": round(100 * server_cpu / seconds, 1),
                "browser_cpu_percent_of_one_core": round(100 * browser_cpu / seconds, 1),
                "load_avg_1m": round(psutil.getloadavg()[0], 2),
            }
        browser.close()
        REGISTRY.close_all()
    demo.close()
    print(json.dumps(report, indent=2))
    if args.json is not None:
        write_report(args.json, report)
    return 0


def _own_cpu_s(proc: Any) -> float:
    times = proc.cpu_times()
    return times.user + times.system


def _children_cpu_s(proc: Any) -> float:
    """CPU seconds of the processes below this one now alive (Chromium's lives as long as the browser)."""
    import psutil

    total = 0.0
    for child in proc.children(recursive=True):
        try:
            total += _own_cpu_s(child)
        except psutil.Error:  # exited between the listing and the reading
            pass
    return total


def _stream_seconds(registry) -> float:
    return sum(state.session.buffer.audio_end_s for state in registry.states())


def _audio_chunks(registry) -> int:
    return sum(state.session.buffer.chunks for state in registry.states())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    raise SystemExit(main(parser.parse_args()))
