"""Text is never rendered as HTML: the typed message and the reply in the chat, and the status line.

Unit checks of the escaping, then the real page in headless Chromium: a message with an <img onerror> and an
apostrophe goes through a run and must come back as the literal text in the chat (no <img> element, no
alert), and a replayed trace whose run id carries markup must show it literally in the status line.

CONTROL-FLOW: the browser part serves runs with mer_agents/backends/scripted.py (the LLM's answers are
canned; perception and the rest of the app are real). What is tested is how the page shows text, not the
replies.
"""

from __future__ import annotations

import pytest

pytest.importorskip("gradio")

from mer_agents.backends import shared  # noqa: E402
from mer_agents.backends.scripted import ScriptedBackend  # noqa: E402
from mer_agents.benchmarks.live import HEADLESS_FLAGS, chromium_path, free_port  # noqa: E402
from mer_agents.config import Settings  # noqa: E402
from mer_agents.ui import formatting  # noqa: E402
from mer_agents.ui.live_views import live_chat_messages  # noqa: E402

HOSTILE = "<img src=x onerror=alert(1)> It's hard & <b>bold</b>"
RUN_TIMEOUT_MS = 300_000  # a typed-message run with canned answers; the machine is shared and slow


def test_chat_texts_are_escaped_for_the_chatbot():
    from types import SimpleNamespace

    from mer_agents.live import LiveTurn, TurnSpan

    turn = SimpleNamespace(
        user_text=HOSTILE, reply="<script>x()</script>\nOK", emotion="sadness", strategy="Question"
    )
    user, reply = formatting.chat_messages(SimpleNamespace(turns=[turn]))
    assert user["content"] == "&lt;img src=x onerror=alert(1)&gt; It's hard &amp; &lt;b&gt;bold&lt;/b&gt;"
    assert reply["content"] == "&lt;script&gt;x()&lt;/script&gt;<br>OK<br><br>[sadness · Question]"
    live = LiveTurn(
        id=1,
        span=TurnSpan(start_s=0, end_s=1, reason="pause", detected_s=1.8),
        transcript=HOSTILE,
        status="failed",
        error="<i>oops</i>",
    )
    said, failed = live_chat_messages([live])
    assert "<" not in said["content"] + failed["content"].replace("<br>", "")


def test_status_line_text_is_literal_markdown():
    assert formatting.md_escape("It's") == "It's"  # was It&#x27;s, shown as such
    assert formatting.md_escape(HOSTILE) == (
        "&lt;img src=x onerror=alert\\(1\\)&gt; It's hard &amp; &lt;b&gt;bold&lt;/b&gt;"
    )
    assert formatting.md_escape("**a** > #b") == "\\*\\*a\\*\\* &gt; \\#b"


def test_the_reply_box_shows_each_draft_marked_until_the_kept_reply_replaces_it():
    """Issue #14: the first look and then the round's reply appear as soon as they are known, marked as drafts
    under audit (reply box and status line), are replaced in place by later drafts, and the kept reply ends
    the marking."""
    from mer_agents.events import DraftReply, RunFailed, RunFinished
    from mer_agents.ui.timeline import TimelineView, apply

    view = TimelineView()
    assert formatting.reply_text(view) == ""
    apply(view, DraftReply(t=0.5, round=0, text="That sounds so hard.", basis="code"))
    assert formatting.reply_text(view) == f"{formatting.DRAFT_MARK} That sounds so hard."
    assert f"{formatting.FIRST_LOOK}, under audit" in formatting.status_line(view)
    apply(view, DraftReply(t=1.0, round=0, text="That sounds hard."))
    assert formatting.reply_text(view) == f"{formatting.DRAFT_MARK} That sounds hard."
    assert "round 0's draft, under audit" in formatting.status_line(view)
    apply(view, DraftReply(t=2.0, round=1, text="Losing it after eight years hurts."))
    assert formatting.reply_text(view).endswith("Losing it after eight years hurts.")
    apply(
        view,
        RunFinished(
            t=3.0,
            reply="Losing it after eight years hurts.",
            emotion="sadness",
            strategy="Reflection of feelings",
            rounds=1,
            all_passed=True,
            best_round=1,
        ),
    )
    assert formatting.reply_text(view) == "Losing it after eight years hurts."
    assert "draft" not in formatting.status_line(view)
    stopped = TimelineView()
    apply(stopped, DraftReply(t=1.0, text="That sounds hard."))
    apply(stopped, RunFailed(t=2.0, error="Run cancelled by the user."))
    # nothing is lost
    assert formatting.reply_text(stopped) == f"{formatting.UNAUDITED_MARK} That sounds hard."


def forecast_for_the_fused_emotion(messages, params) -> str:
    """Forecaster script: name the emotion the schema's pattern asks for (the code's fused top label)."""
    import json
    import re

    pattern = params.json_schema["properties"]["explanation"].get("pattern", "")
    found = re.search(r"point to (\w+)\)", pattern) or re.search(r"\) (\w+)\)", pattern)
    emotion = found.group(1) if found else "sadness"
    return json.dumps(
        {
            "explanation": f"The words show {emotion}, in what the person says.",
            "boost_label": "none",
            "boost": 0,
        }
    )


@pytest.fixture(scope="module")
def app_url(tmp_path_factory):
    from mer_agents.ui.layout import build_demo

    saved = dict(shared._BACKENDS)
    # n_threads=3: a backend key of its own, so an app built elsewhere in this process keeps its backend.
    settings = Settings(trace_dir=tmp_path_factory.mktemp("traces"), n_threads=3, max_rounds=0)
    backend = ScriptedBackend(forecast=[forecast_for_the_fused_emotion])
    demo = build_demo(settings, backend).queue(default_concurrency_limit=1, max_size=16)
    _, url, _ = demo.launch(
        server_name="127.0.0.1", server_port=free_port(), prevent_thread_lock=True, quiet=True
    )
    yield url
    demo.close()
    shared._BACKENDS.clear()
    shared._BACKENDS.update(saved)


@pytest.fixture(scope="module")
def page(app_url):
    if chromium_path() is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium_path(),
            args=HEADLESS_FLAGS,
            headless=True,
        )
        page = browser.new_page(viewport={"width": 1400, "height": 1400})
        page.set_default_timeout(120_000)
        page.dialogs = []
        page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(app_url)
        page.locator("#analyze").wait_for()
        yield page
        browser.close()


@pytest.mark.browser
@pytest.mark.slow
def test_the_chat_shows_markup_as_typed(page):
    page.locator("#message textarea").fill(HOSTILE)
    page.locator("#analyze").click()
    page.wait_for_function(
        "() => document.querySelector('#reply textarea')?.value.trim().length > 0 || "
        "document.querySelector('#status')?.innerText.startsWith('Stopped')",
        timeout=RUN_TIMEOUT_MS,
    )
    status = page.locator("#status").inner_text()
    assert not status.startswith("Stopped"), status
    page.wait_for_function(
        "(t) => document.querySelector('#chat')?.innerText.includes(t)", arg=HOSTILE, timeout=60_000
    )
    assert page.locator("#chat img").count() == 0 and page.locator("#chat b").count() == 0
    assert page.dialogs == []
    status = page.locator("#status").inner_text()
    assert status.startswith("Done") and "&#" not in status


@pytest.mark.browser
@pytest.mark.slow
def test_the_status_line_shows_markup_and_apostrophes_as_typed(page, tmp_path):
    from mer_agents.events import RunFailed, RunStarted
    from mer_agents.trace import Trace

    trace = Trace()
    trace.add(RunStarted(run_id="It's <b>x</b> #1"))
    trace.add(RunFailed(error=HOSTILE))
    path = trace.write(tmp_path / "crafted.json")
    page.get_by_text("Replay a trace").click()  # a closed accordion's children are not in the page yet
    page.locator("#replay-file input[type=file]").set_input_files(str(path))
    page.wait_for_function("() => document.querySelector('#status')?.innerText.startsWith('Replayed')")
    status = page.locator("#status").inner_text()
    assert status == "Replayed 2 events of run It's <b>x</b> #1."
    assert page.locator("#status b").count() == 0 and page.locator("#timeline img").count() == 0
    assert HOSTILE in page.locator("#timeline").inner_text() and page.dialogs == []
