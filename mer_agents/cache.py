"""Load-once model cache: each loader runs at most once per process, lazily and thread-safely."""

from __future__ import annotations

import functools
import threading
from typing import Callable, TypeVar

T = TypeVar("T")


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

    wrapper.cache_clear = results.clear  # type: ignore[attr-defined]
    return wrapper
