"""Lazily built resources, safe under concurrent first use (a warm-up thread, a first run, a second process).

- `load_once`: a model loader runs at most once per process and argument tuple; concurrent callers wait;
  `forget` drops loaded results (an idle extra model, backends/shared.py).
- `Recent`: the most recently used values of an expensive function of each key (MiniLM vectors, the reply
  judge's logits), bounded, shared by threads.
- `assembly_lock`: the exclusive right to build files on disk (one thread per process, one process per
  machine), so two first users never write the same model folder at once.
- `unique_temp`: a temporary name beside the destination that no other process, thread or call shares, so a
  write-then-rename never renames (or deletes) somebody else's half-written file; `written_in_place` wraps
  that write-then-rename.
"""

from __future__ import annotations

import functools
import os
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Generic, TypeVar

try:  # POSIX: also keep a second process from building the same files at the same time
    import fcntl
except ImportError:  # pragma: no cover - Windows: the thread lock still holds within one process
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
TEMP_SUFFIX = ".tmp"

_path_locks: dict[str, threading.Lock] = {}
_path_locks_guard = threading.Lock()


def load_once(loader: Callable[..., T]) -> Callable[..., T]:
    """Decorate a model loader: the first call per argument tuple loads, concurrent callers wait for it."""
    results: dict[tuple, T] = {}
    lock = threading.Lock()

    @functools.wraps(loader)
    def wrapper(*args) -> T:
        if args in results:
            return results[args]
        with lock:
            if args not in results:
                results[args] = loader(*args)
            return results[args]

    def forget(match: Callable[[tuple], bool]) -> list[T]:
        """Drop the loaded results whose argument tuple `match`es (their memory is freed once unused)."""
        with lock:
            dropped = [args for args in results if match(args)]
            return [results.pop(args) for args in dropped]

    wrapper.cache_clear = results.clear  # type: ignore[attr-defined]
    wrapper.forget = forget  # type: ignore[attr-defined]
    return wrapper


class Recent(Generic[K, T]):
    """The values of an expensive function of each key, the `size` most recently used kept: a key asked
    again (in the same call or a later one) is computed once; the least recently used is dropped first."""

    def __init__(self, size: int):
        self.size = size
        self._values: OrderedDict[K, T] = OrderedDict()
        self._lock = threading.Lock()

    def values(self, keys: Sequence[K], compute: Callable[[list[K]], Iterable[T]]) -> list[T]:
        """One value per key, in order; `compute(missing)` gives the values of the keys not kept, in order
        (each once). Two threads missing the same key may both compute it: the values are the same."""
        with self._lock:
            known = {k: self._values[k] for k in set(keys) if k in self._values}
            for k in known:
                self._values.move_to_end(k)
        missing = list(dict.fromkeys(k for k in keys if k not in known))
        if missing:
            fresh = list(compute(missing))
            with self._lock:
                for k, value in zip(missing, fresh):
                    self._values[k] = known[k] = value
                while len(self._values) > self.size:
                    self._values.popitem(last=False)
        return [known[k] for k in keys]


def _thread_lock(path: Path) -> threading.Lock:
    key = str(path.resolve())
    with _path_locks_guard:
        return _path_locks.setdefault(key, threading.Lock())


@contextmanager
def assembly_lock(lock_file: Path) -> Iterator[None]:
    """Hold the right to build what `lock_file` guards: a lock per path for this process's threads, then an
    exclusive flock on the file for other processes. The caller re-checks, under the lock, whether another
    holder already finished the job. Raises OSError when the lock file cannot be created."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    with _thread_lock(lock_file), open(lock_file, "a+b") as handle:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def unique_temp(dest: Path) -> Path:
    """`.<name>.<pid>-<thread>-<random>.tmp` beside `dest`: unique per process, thread and call."""
    tag = f"{os.getpid()}-{threading.get_ident()}-{uuid.uuid4().hex[:8]}"
    return dest.with_name(f".{dest.name}.{tag}{TEMP_SUFFIX}")


@contextmanager
def written_in_place(dest: Path) -> Iterator[Path]:
    """Yield a unique temporary path beside `dest` to write; it is renamed onto `dest` when the block ends
    without an error and removed either way, so `dest` only ever holds a complete file."""
    tmp = unique_temp(dest)
    try:
        yield tmp
        tmp.replace(dest)
    finally:
        tmp.unlink(missing_ok=True)


def remove_leftovers(dest: Path) -> None:
    """Temporary files of `dest` that a killed writer left behind (call only under its assembly_lock)."""
    for stale in dest.parent.glob(f".{dest.name}.*{TEMP_SUFFIX}"):
        stale.unlink(missing_ok=True)
