"""The texts the app shows a run in: its status line, the reply box, the conversation, all escaped.

Every text from a run, a model or a visitor is shown as the literal text it is: Markdown lines are escaped
(`md_escape`), chat messages too (`chat_text`: the Chatbot renders message text as HTML).
"""

from __future__ import annotations

import html
from typing import Any

from mer_agents.ui.timeline import TimelineView

WAITING_MESSAGE = "waiting for the model: another run is using it"
DRAFT_MARK = "[draft, under audit]"  # leads the reply box while the shown reply may still be revised
UNAUDITED_MARK = "[draft, not audited: the run stopped]"
FIRST_LOOK = "a first look (code's forecast and plan, before the agents')"
LIMIT_FLAGS = ("frames_capped", "truncated")  # evidence flags the status line repeats: a cap changed the run


def status_line(view: TimelineView, elapsed: float | None = None, waiting: bool = False) -> str:
    """The one-line state of the run (Markdown; every text from the run is escaped)."""
    if view.error:
        return f"**Stopped:** {md_escape(view.error)}"
    if view.finished:
        notes = "".join(f" Note: {md_escape(note)}." for note in limit_notes(view))
        return (
            f"**Done** — {view.rounds} refinement round(s), emotion *{md_escape(view.emotion)}*, "
            f"strategy *{md_escape(view.strategy)}*.{notes}"
        )
    running = [e for e in view.entries if e.status == "running"]
    current = f"{running[-1].title} (round {running[-1].round})…" if running else "starting…"
    doing = WAITING_MESSAGE if waiting else view.progress or current
    clock = f" · {elapsed:.0f}s" if elapsed is not None else ""
    draft = ""
    if view.draft:
        whose = FIRST_LOOK if view.draft_basis == "code" else f"round {view.draft_round}'s draft"
        draft = f" · the reply shown is {whose}, under audit"
    return f"⏳ {md_escape(doing)}{clock}{draft}"


def reply_text(view: TimelineView) -> str:
    """The reply box: the kept reply once the run is done; before that the latest draft, marked as one (and
    still there, marked unaudited, when the run failed or was stopped after writing it)."""
    if view.reply or not view.draft:
        return view.reply
    return f"{UNAUDITED_MARK if view.finished else DRAFT_MARK} {view.draft}"


def limit_notes(view: TimelineView) -> list[str]:
    """What a server-side cap changed in this run (fewer frames, first seconds only), for the status line."""
    flags = view.evidence.flags if view.evidence is not None else []
    return [f.message for f in flags if f.code in LIMIT_FLAGS]


MD_SPECIALS = frozenset("\\`*_{}[]()#+-.!|~")  # backslash-escaped in Markdown text ("<", ">", "&": entities)


def md_escape(text: str) -> str:
    """Text shown literally in a gr.Markdown (one line): no HTML, no markup.

    Markup characters are backslash-escaped first, then only &, < and > become entities. The other order
    turned "'" into &#x27; and then escaped its "#", so the status line showed "It&#x27;s".
    """
    flat = " ".join(str(text).split())
    return html.escape("".join("\\" + c if c in MD_SPECIALS else c for c in flat), quote=False)


def chat_text(text: str) -> str:
    """A chat message shown as the literal text it is.

    Gradio's Chatbot puts message text into the page as (sanitised) HTML even with render_markdown=False, so
    a typed or generated <img> became an image; escaped, it shows as typed. Line breaks become <br>.
    """
    return html.escape(str(text), quote=False).replace("\n", "<br>")


def chat_messages(session: Any) -> list[dict[str, str]]:
    """The conversation so far for the Chatbot, every text escaped (chat_text)."""
    messages = []
    for turn in getattr(session, "turns", None) or []:
        messages.append({"role": "user", "content": chat_text(turn.user_text or "(clip)")})
        if turn.reply:
            reply = tagged_reply(turn.reply, turn.emotion, turn.strategy)
            messages.append({"role": "assistant", "content": chat_text(reply)})
    return messages


def tagged_reply(reply: str, emotion: str | None, strategy: str | None) -> str:
    """A reply as the conversation shows it: with the emotion and strategy it answered, "[joy · Question]"."""
    tag = " · ".join(x for x in (emotion, strategy) if x)
    return reply + (f"\n\n[{tag}]" if tag else "")
