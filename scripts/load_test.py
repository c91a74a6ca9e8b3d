"""A bounded load test of the app (issue 13): N concurrent `/analyze` text requests to one app on loopback.

    .venv/bin/python scripts/load_test.py [--clients 8] [--max-rounds 1] [--timeout 300] [--json OUT.json]

Starts `app.py` as a child process on 127.0.0.1 and a free port (perception warm-up on, as a user gets it),
waits until it answers, then submits one request per client at the same moment, each from its own
gradio_client.Client. Records per request: latency (submit → result), the outcome (completed, failed with
its message, or unfinished at the deadline, which is then cancelled), and the longest queue Gradio reported
to it; for the server: its peak RSS (VmHWM of the process, and the highest sampled RSS of it and its
children). Nothing leaves the machine; the app is stopped at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = [
    "I failed my driving test again and I feel like an idiot.",
    "My best friend moved away and the evenings are so quiet now.",
    "I got the job! I still can't believe it.",
    "My landlord wants us out by the end of the month and I don't know where to go.",
    "I keep arguing with my mother about everything.",
    "My dog is sick and the vet does not know what it is.",
    "I worked all weekend and my boss did not even notice.",
    "I am nervous about my exam tomorrow.",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float | None:
    """Linear-interpolated percentile (q in 0..100) of `values`; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low, high = int(pos), min(int(pos) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


class RssSampler(threading.Thread):
    """The highest RSS of the server process and its children, sampled every `every_s` seconds."""

    def __init__(self, pid: int, every_s: float = 0.25) -> None:
        super().__init__(daemon=True)
        self.pid, self.every_s, self.peak, self._halt = pid, every_s, 0, threading.Event()

    def run(self) -> None:
        import psutil

        proc = psutil.Process(self.pid)
        while not self._halt.is_set():
            try:
                children = proc.children(recursive=True)
                total = proc.memory_info().rss + sum(c.memory_info().rss for c in children)
            except psutil.Error:
                return
            self.peak = max(self.peak, total)
            self._halt.wait(self.every_s)

    def stop(self) -> None:
        self._halt.set()


def vm_hwm_bytes(pid: int) -> int | None:
    """The kernel's peak resident set size of the process (VmHWM), while it is still alive."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def start_app(port: int, max_rounds: int, log_path: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "MER_MAX_ROUNDS": str(max_rounds),
        "HF_HUB_OFFLINE": "1",
        "GRADIO_ANALYTICS_ENABLED": "False",
    }
    log = log_path.open("w")
    command = [sys.executable, str(ROOT / "app.py"), "--host", "127.0.0.1", "--port", str(port)]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_until_up(url: str, proc: subprocess.Popen, timeout_s: float = 180) -> float:
    import urllib.request

    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        if proc.poll() is not None:
            raise SystemExit(f"the app exited with code {proc.returncode} before it answered")
        try:
            with urllib.request.urlopen(url + "config", timeout=2):
                return time.monotonic() - started
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"the app did not answer within {timeout_s:.0f} s")


def one_client(url: str, message: str, go: threading.Event, deadline: float, result: dict) -> None:
    from gradio_client import Client

    client = Client(url, verbose=False)
    go.wait()
    submitted = time.monotonic()
    job = client.submit(clip=None, message=message, api_name="/analyze")
    result.update(submitted=submitted, queue_max=0)
    while not job.done():
        if time.monotonic() > deadline:
            job.cancel()
            result.update(outcome="unfinished", latency_s=None)
            return
        status = job.status()
        result["queue_max"] = max(result["queue_max"], status.queue_size or 0)
        time.sleep(0.2)
    try:
        reply, _trace = job.result()
        result.update(outcome="completed", latency_s=time.monotonic() - submitted, reply=reply)
    except Exception as exc:  # a refusal or failure reaches the client as an exception with its message
        first_line = (str(exc).splitlines() or [type(exc).__name__])[0]
        result.update(outcome="failed", latency_s=time.monotonic() - submitted, error=first_line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="concurrent /analyze requests (8)")
    parser.add_argument("--max-rounds", type=int, default=1, help="MER_MAX_ROUNDS for the app (1)")
    parser.add_argument("--timeout", type=float, default=300, help="deadline for all requests, seconds (300)")
    parser.add_argument("--json", type=Path, default=None, metavar="OUT.json", help="write the figures here")
    args = parser.parse_args(argv)
    if not 1 <= args.clients <= 16:
        parser.error("--clients must be from 1 to 16")

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"mer_load_app_{port}.log"
    app = start_app(port, args.max_rounds, log_path)
    sampler = RssSampler(app.pid)
    sampler.start()
    try:
        up_s = wait_until_up(url, app)
        go = threading.Event()
        deadline = time.monotonic() + args.timeout
        results = [{"message": MESSAGES[i % len(MESSAGES)]} for i in range(args.clients)]
        threads = [
            threading.Thread(target=one_client, args=(url, r["message"], go, deadline, r), daemon=True)
            for r in results
        ]
        for t in threads:
            t.start()
        time.sleep(2)  # let every client connect before they all submit at once
        started = time.monotonic()
        go.set()
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()) + 30)
        wall_s = time.monotonic() - started
        hwm = vm_hwm_bytes(app.pid)
    finally:
        sampler.stop()
        app.terminate()
        try:
            app.wait(20)
        except subprocess.TimeoutExpired:
            app.kill()

    latencies = [r["latency_s"] for r in results if r.get("outcome") == "completed"]
    counts = {k: sum(r.get("outcome") == k for r in results) for k in ("completed", "failed", "unfinished")}
    counts["lost"] = args.clients - sum(counts.values())  # a thread that never reported an outcome
    summary = {
        "clients": args.clients,
        "max_rounds": args.max_rounds,
        "timeout_s": args.timeout,
        "app_ready_s": round(up_s, 1),
        "wall_s": round(wall_s, 1),
        **counts,
        "latency_p50_s": round(percentile(latencies, 50), 1) if latencies else None,
        "latency_p95_s": round(percentile(latencies, 95), 1) if latencies else None,
        "latency_max_s": round(max(latencies), 1) if latencies else None,
        "longest_queue_seen": max((r.get("queue_max", 0) for r in results), default=0),
        "peak_rss_mb_vmhwm": round(hwm / 2**20) if hwm else None,
        "peak_rss_mb_sampled": round(sampler.peak / 2**20),
        "load_average": os.getloadavg(),
        "requests": [{k: v for k, v in r.items() if k != "submitted"} for r in results],
    }
    for r in summary["requests"]:
        if r.get("latency_s") is not None:
            r["latency_s"] = round(r["latency_s"], 1)
    print(json.dumps({k: v for k, v in summary.items() if k != "requests"}, indent=1))
    for r in summary["requests"]:
        print(
            f"  {r.get('outcome', 'lost'):>10}  {r.get('latency_s')!s:>6} s  queue≤{r.get('queue_max')}  "
            f"{r.get('reply') or r.get('error') or ''}"[:150]
        )
    print(f"app log: {log_path}")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0 if counts["completed"] == args.clients else 1


if __name__ == "__main__":
    sys.exit(main())
