"""Live chat core: a bounded per-session buffer of streamed audio/frames, turn detection, one run at a time.

The browser streams microphone chunks and webcam frames; nothing here knows about Gradio. Audio is
resampled to 16 kHz mono (buffer.py) and fed to a streaming silero VAD (vad.py: the model perception's VAD
loads, run chunk by chunk with per-session recurrent state). A turn ends after `pause_s` of silence or at
`max_turn_s` (turns.py); its audio and the frames over its span are written as a clip (mp4, or wav without
camera; perception.media.write_clip) that goes through the ordinary pipeline, so a live turn is analysed
exactly like an uploaded clip. `LiveSession` (session.py) ties it together for one browser session.
"""

from mer_agents.live.buffer import MAX_CHUNK_S, LiveBuffer, checked_sample_rate, to_mono_float
from mer_agents.live.session import LivePreview, LiveSession, LiveTurn, Runner, TurnStatus
from mer_agents.live.settings import SAMPLE_RATE, LiveSettings
from mer_agents.live.turns import TurnDetector, TurnSpan
from mer_agents.live.vad import VAD_WINDOW, VAD_WINDOW_S, StreamingVad

__all__ = [
    "MAX_CHUNK_S",
    "SAMPLE_RATE",
    "VAD_WINDOW",
    "VAD_WINDOW_S",
    "LiveBuffer",
    "LivePreview",
    "LiveSession",
    "LiveSettings",
    "LiveTurn",
    "Runner",
    "StreamingVad",
    "TurnDetector",
    "TurnSpan",
    "TurnStatus",
    "checked_sample_rate",
    "to_mono_float",
]
