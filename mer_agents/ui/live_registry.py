"""The Live tab's sessions: one LiveState per browser tab, in a registry keyed by Gradio's session hash.

Both streams and the timer of one tab reach the same object without racing to create it; `close(gone=True)`
(the tab's unload) also refuses to make it again for a late stream chunk, and idle sessions are reaped.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from mer_agents.live import LiveSession
from mer_agents.ui.timeline import TimelineView

TICK_S = 0.35  # UI refresh while someone speaks or a turn is answered: meters, events, replies
IDLE_CLOSE_S = 600.0  # a session with no stream and no run for this long is closed
GONE_KEEP_S = 3600.0  # how long a closed tab's key is remembered, so a late stream chunk does not reopen it


@dataclass
class LiveState:
    """One browser tab: the live session, its dialogue, and what the page last showed."""

    session: LiveSession
    views: dict[int, TimelineView] = field(default_factory=dict)
    recording: bool = False
    spoken: set[int] = field(default_factory=set)
    shown: dict[str, Any] = field(default_factory=dict)
    face_t: float | None = None
    face_read_at: float = float("-inf")  # monotonic time of the meter's last reading
    face: dict[str, float] | None = None
    face_note: str = "camera off"
    n_plotted: int = -1
    audio_note: str = ""  # why the last microphone chunk was refused ("" once one is accepted)
    tick_s: float = TICK_S  # the refresh period the page's timer was last given
    view: dict[str, Any] = field(default_factory=dict)  # chat/timeline/plot/audio updates not yet shown
    lock: threading.Lock = field(default_factory=threading.Lock)


class LiveRegistry:
    """Per-session live state keyed by Gradio's session hash; closes what a tab leaves behind."""

    def __init__(self) -> None:
        self._states: dict[str, LiveState] = {}
        self._gone: dict[str, float] = {}  # tabs that were closed (unload) -> when
        self._lock = threading.Lock()

    def get(self, key: str) -> LiveState | None:
        with self._lock:
            return self._states.get(key)

    def get_or_create(self, key: str, make) -> LiveState | None:
        """The tab's state, made on its first stream chunk; None for a tab that was closed.

        A chunk Gradio queued before the tab's unload can arrive after it: reopening would leak a session.
        """
        with self._lock:
            if key in self._gone:
                return None
            state = self._states.get(key)
            if state is None or state.session.closed:
                self._reap_locked()
                state = LiveState(session=make())
                self._states[key] = state
            return state

    def close(self, key: str, gone: bool = False) -> None:
        """Close the tab's session; `gone` (the tab itself closed) also refuses to make it again."""
        with self._lock:
            state = self._states.pop(key, None)
            if gone:
                now = time.monotonic()
                self._gone = {k: t for k, t in self._gone.items() if now - t < GONE_KEEP_S}
                self._gone[key] = now
        if state is not None:
            state.session.close()

    def states(self) -> list[LiveState]:
        with self._lock:
            return list(self._states.values())

    def close_all(self) -> None:
        with self._lock:
            states, self._states = list(self._states.values()), {}
        for state in states:
            state.session.close()

    def _reap_locked(self) -> None:
        now = time.monotonic()
        for key, state in list(self._states.items()):
            if not state.session.busy and now - state.session.last_active > IDLE_CLOSE_S:
                del self._states[key]
                state.session.close()

    def __len__(self) -> int:
        with self._lock:
            return len(self._states)


REGISTRY = LiveRegistry()
