"""The cores other processes keep busy, and how many llama.cpp threads that leaves the embedded LLM.

llama.cpp's threads wait for each other at every layer, so a thread whose core another process holds stalls
the rest. On two cores, with nothing else running, two threads are faster than one (`bench llm`); beside a
process busy half a core they still win, beside one holding a whole core they lose
(config.default_llm_threads; experiments/cpu_speed/README.md). The Live tab is that case when its browser
runs on the same machine: headless Chromium streaming the camera and the microphone holds about a core
(`bench live`), and a live turn's audited reply came sooner on one thread than on two
(experiments/cpu_speed/live_read_ahead/README.md).

So when `Settings.llm_threads` is unset, the embedded backend asks before each generation how busy the other
processes kept the machine over the last WINDOW_S seconds (a sampler thread reads the system's CPU time and
this process's every SAMPLE_S) and runs on `threads_for`: the cores left, a core more than OTHERS_GONE busy
elsewhere counted as gone. The threshold lies between the two measured cases (half a core: keep it; a whole
core: give it up); it was not tuned.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable

log = logging.getLogger(__name__)

SAMPLE_S = 0.5  # the sampler's period
WINDOW_S = 3.0  # other processes' load is averaged over this much of the recent past
MIN_SPAN_S = 1.0  # less history than this says nothing yet
OTHERS_GONE = 0.75  # a core this busy with other processes is left to them

Reading = tuple[float, float, float]  # (monotonic time, the machine's busy CPU seconds, this process's)


def read_cpu() -> Reading | None:
    """The machine's busy CPU seconds (all cores) and this process's (all its threads), now; None without
    psutil."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with accelerate (requirements.txt)
        return None
    times = psutil.cpu_times()
    busy = sum(times) - times.idle - getattr(times, "iowait", 0.0)
    own = os.times()
    return time.monotonic(), busy, own.user + own.system


def threads_for(max_threads: int, cores: int, others: float | None) -> int:
    """llama.cpp threads for `cores` cores of which other processes keep `others` busy (None: unknown)."""
    if others is None:
        return max_threads
    return max(1, min(max_threads, math.floor(cores - others + OTHERS_GONE)))


class CpuSampler:
    """Readings every SAMPLE_S in a daemon thread; `others()` averages the last WINDOW_S of them."""

    def __init__(self, read: Callable[[], Reading | None] = read_cpu):
        self._read = read
        self._readings: deque[Reading] = deque(maxlen=int(WINDOW_S / SAMPLE_S) + 2)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="cpu-share-sampler", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            self.sample()
            time.sleep(SAMPLE_S)

    def sample(self) -> None:
        reading = self._read()
        if reading is not None:
            with self._lock:
                self._readings.append(reading)

    def others(self) -> float | None:
        """Cores other processes kept busy, on average over the last WINDOW_S (None: too little history)."""
        now = self._read()
        with self._lock:
            past = [r for r in self._readings if now is not None and now[0] - r[0] <= WINDOW_S + SAMPLE_S]
        if now is None or not past or now[0] - past[0][0] < MIN_SPAN_S:
            return None
        t0, busy0, own0 = past[0]
        t1, busy1, own1 = now
        return max(0.0, ((busy1 - busy0) - (own1 - own0)) / (t1 - t0))


SAMPLER = CpuSampler()
