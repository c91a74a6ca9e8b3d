"""The app in headless Debian Chromium (Python Playwright): upload an example, watch the timeline, get a
reply.

Needs `apt-get install chromium` (never `playwright install`); skips with a message only where Chromium is
missing. Saves test-artifacts/app_run.png.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from mer_agents.benchmarks.live import FAKE_MEDIA_FLAGS, HEADLESS_FLAGS, chromium_path
from tests.test_app_client import app, app_url, example_clip  # noqa: F401  (shared app fixtures)

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_FLAGS = [*HEADLESS_FLAGS, *FAKE_MEDIA_FLAGS]
RUN_TIMEOUT_MS = 900_000  # generous: CI machines are slow and shared; speed lives in benchmarks

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def browser():
    if chromium_path() is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=chromium_path(),
            args=CHROMIUM_FLAGS,
            headless=True,
        )
        yield b
        b.close()


def test_upload_example_fills_timeline_and_shows_reply(browser, app_url):  # noqa: F811
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1400, "height": 1500})
    page.set_default_timeout(120_000)  # a loaded CI machine renders slowly
    page.goto(app_url)
    page.locator("#analyze").wait_for()
    page.locator("#clip-video input[type=file]").set_input_files(str(example_clip()))
    page.locator("#clip-video video").first.wait_for(state="attached", timeout=60_000)
    submitted = time.monotonic()
    page.locator("#analyze").click()
    page.locator("#timeline details.mer-entry").first.wait_for(timeout=RUN_TIMEOUT_MS)
    first_entry_s = time.monotonic() - submitted
    page.wait_for_function(
        "() => { const t = document.querySelector('#reply textarea'); "
        "return t && t.value.trim().length > 0; }",
        timeout=RUN_TIMEOUT_MS,
    )
    page.wait_for_function("() => document.querySelector('#trace a') !== null", timeout=60_000)
    total_s = time.monotonic() - submitted
    stages = page.eval_on_selector_all("#timeline details.mer-entry", "els => els.map(e => e.dataset.stage)")
    for stage in ("evidence", "perception", "forecast", "strategy", "reply", "audit"):
        assert stage in stages, stages
    assert page.locator("#timeline script").count() == 0
    page.locator("#timeline").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "app_run.png"), full_page=True)
    print(
        f"browser: first timeline entry {first_entry_s:.2f}s after submit; reply after {total_s:.1f}s; "
        f"{len(stages)} entries",
        file=sys.__stderr__,
    )
    page.close()


def _analyze_clip(browser, url: str, kind: str, clip: Path):
    """A page that uploaded `clip` through the Clip tab's video or audio input and ran it to the final
    reply (not the draft shown while the audit runs); the first timeline entry opened."""
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1400, "height": 1700})
    page.set_default_timeout(120_000)
    page.goto(url)
    page.locator("#analyze").wait_for()
    if kind == "audio":
        page.get_by_role("tab", name="Audio").click()  # the audio input sits in the Clip tab's second tab
    page.locator(f"#clip-{kind} input[type=file]").set_input_files(str(clip))
    page.locator(f"#clip-{kind} {kind}").first.wait_for(state="attached", timeout=60_000)
    page.locator("#analyze").click()
    page.wait_for_function(
        "() => { const t = document.querySelector('#reply textarea'); "
        "return t && t.value.trim().length > 0 && !t.value.startsWith('[draft'); }",
        timeout=RUN_TIMEOUT_MS,
    )
    page.locator("#timeline details.mer-entry").first.evaluate("e => e.open = true")
    return page


def test_a_two_speaker_clip_shows_its_speakers_and_whom_it_answers(browser, app_url):  # noqa: F811
    """A generated two-speaker conversation (eval_sets/speakers) through the Clip tab's audio input: the
    timeline's evidence names the speakers and the answered one, the emotion plot shades their turns.
    Saves test-artifacts/app_two_speakers.png."""
    page = _analyze_clip(browser, app_url, "audio", ROOT / "eval_sets" / "speakers" / "two_speakers_a.flac")
    timeline = page.locator("#timeline").inner_text()
    assert "2 speakers, answering S2" in timeline, timeline[:2000]
    assert "S1 " in timeline
    page.screenshot(path=str(ARTIFACTS / "app_two_speakers.png"), full_page=True)
    page.close()


def test_a_two_face_clip_reads_the_face_of_the_answered_speaker(browser, app_url):  # noqa: F811
    """A generated two-face conversation (eval_sets/speaking_faces) through the Clip tab's video input: the
    timeline's evidence says which face is the answered speaker's. Saves test-artifacts/app_two_faces.png."""
    clip = ROOT / "eval_sets" / "speaking_faces" / "two_faces_a.mp4"
    page = _analyze_clip(browser, app_url, "video", clip)
    timeline = page.locator("#timeline").inner_text()
    assert "2 speakers, answering S2" in timeline, timeline[:2000]
    assert "S2's face: the right one of 2" in timeline, timeline[:3000]
    page.screenshot(path=str(ARTIFACTS / "app_two_faces.png"), full_page=True)
    page.close()
