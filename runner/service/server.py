"""The warm runner service: one long-lived trusted supervisor per worker/device.

    python -m runner serve --socket PATH [--device cpu|cuda]

It imports torch and the runner once, and keeps spare sandboxed children pre-started (two on a
GPU and one on the CPU by default, ``$KERNELJUDGE_SPARES``; see
``runner.supervisor.childproc.Spare``: interpreter up, torch imported, CUDA context created, no user
code seen). Each job adopts the spare and gets its own job directory; the child is killed
with the job and never reused. The next spare starts booting beside the job, so a job sent
right after another still finds one booted. On a GPU a spare creates its CUDA context in a
step of its own, under the GPU's benchmark lock (runner/supervisor/gpulock.py) only where
``$KERNELJUDGE_SPARE_CONTEXT_LOCK=1`` (off by default: runner/service/spares.py says why).

Protocol (unix stream socket, one job per connection, JSON lines):

    client -> {"job": <JobSpec dict>}            or  {"op": "ping"}
    service -> {"event": {...}}  (progress, as many as there are)
    service -> {"result": <JudgeResult dict>}     or  {"pong": {...}} / {"error": "..."}

Authentication is the filesystem: the socket lives in a directory of mode 0700 owned by the
service's user (the service refuses any other), and the socket itself is 0600. Jobs are
served one at a time (a worker has concurrency 1); a second client waits in the backlog.
Nothing here trusts the child: the judgement is the same ``runner.supervisor.judgement.judge``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import stat
import sys
import threading
from pathlib import Path

from runner.service.spares import SpareSlot

MAX_REQUEST = 64 << 20


def secure_socket_dir(path: Path) -> None:
    """Create the socket's directory 0700, or refuse one that others could enter."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    st = os.lstat(path)
    if not stat.S_ISDIR(st.st_mode):
        raise SystemExit(f"runner serve: {path} is not a directory")
    if st.st_uid != os.geteuid():
        raise SystemExit(f"runner serve: {path} is owned by uid {st.st_uid}, not by this user")
    if st.st_mode & 0o077:
        raise SystemExit(
            f"runner serve: {path} has mode {oct(st.st_mode & 0o777)}; it must be 0700 "
            f"(the directory's permissions are the service's authentication)"
        )


class Service:
    def __init__(self, socket_path: Path, device: str, prestart: bool = True):
        self.socket_path = Path(socket_path)
        self.device = device
        self.slot = SpareSlot(device, enabled=prestart)
        self.stop = threading.Event()
        self.jobs = 0
        self.sock: socket.socket | None = None

    def warm_up(self) -> None:
        """The supervisor's own imports (and CUDA context), done once."""
        import torch  # noqa: F401, PLC0415

        import runner.common.tensors  # noqa: F401, PLC0415
        import runner.supervisor.inputs  # noqa: F401, PLC0415
        import runner.supervisor.judgement  # noqa: F401, PLC0415
        import runner.supervisor.verify  # noqa: F401, PLC0415

        if self.device == "cuda":
            try:
                if torch.cuda.is_available():
                    torch.cuda.init()
                    torch.zeros(1, device="cuda")
            except Exception as exc:  # noqa: BLE001 - the judgement will report it
                print(f"runner serve: CUDA warm-up failed: {exc}", file=sys.stderr, flush=True)

    def bind(self) -> None:
        secure_socket_dir(self.socket_path.parent)
        if self.socket_path.exists() or self.socket_path.is_symlink():
            self.socket_path.unlink()
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            sock.bind(str(self.socket_path))
        finally:
            os.umask(old)
        os.chmod(self.socket_path, 0o600)
        sock.listen(8)
        sock.settimeout(1.0)
        self.sock = sock

    def serve_forever(self) -> None:
        self.slot.refill()
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                self.slot.expire_old()
                continue
            except OSError:
                if self.stop.is_set():
                    break
                raise
            try:
                self.handle(conn)
            except Exception as exc:  # noqa: BLE001 - one bad client must not stop the service
                print(f"runner serve: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
            finally:
                try:
                    conn.close()
                except OSError:
                    pass

    def close(self) -> None:
        self.stop.set()
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        try:
            self.socket_path.unlink()
        except OSError:
            pass
        self.slot.close()

    def handle(self, conn: socket.socket) -> None:
        conn.settimeout(30.0)
        buf = b""
        while b"\n" not in buf:
            chunk = conn.recv(1 << 20)
            if not chunk:
                return
            buf += chunk
            if len(buf) > MAX_REQUEST:
                _send(conn, {"error": "request too large"})
                return
        conn.settimeout(None)
        try:
            req = json.loads(buf.partition(b"\n")[0])
            if not isinstance(req, dict):
                raise ValueError("not an object")
        except ValueError as exc:
            _send(conn, {"error": f"malformed request: {exc}"})
            return
        if req.get("op") == "ping":
            _send(conn, {"pong": {"device": self.device, "pid": os.getpid(), "jobs": self.jobs,
                                  "spare_ready": self.slot.ready(),
                                  "spare_failures": self.slot.failures}})  # fmt: skip
            return
        from runner.contract import JobSpec, SpecError  # noqa: PLC0415

        try:
            job = JobSpec.from_dict(req["job"])
        except (KeyError, TypeError, ValueError, SpecError) as exc:
            _send(conn, {"error": f"invalid job: {exc}"})
            return
        self.run_job(conn, job)

    def run_job(self, conn: socket.socket, job) -> None:
        from runner.supervisor.childproc import native_child_for  # noqa: PLC0415
        from runner.supervisor.judgement import judge  # noqa: PLC0415

        self.jobs += 1
        # the spare is a torch child: a job that gets the torch-free one leaves it for the next
        wants_spare = job.device == self.device and not native_child_for(
            job.language, job.device, job.mode
        )
        spare = self.slot.take(wait_s=_boot_wait_s()) if wants_spare else None
        # the next spare boots beside this job (its CUDA context too, unless the service
        # locks that step: SpareSlot.context_lock)
        self.slot.refill()
        client_gone = False

        def on_event(ev: dict) -> None:
            nonlocal client_gone
            if not client_gone and not _send(conn, {"event": ev}):
                client_gone = True

        try:
            result = judge(job, on_event=on_event, spare=spare)
            _send(conn, {"result": result.to_dict()})
        finally:
            if self.device == "cuda":
                try:
                    import torch  # noqa: PLC0415

                    if torch.cuda.is_available():
                        torch.cuda.empty_cache()  # leave the GPU's memory to the next child
                except Exception:  # noqa: BLE001
                    pass


def _boot_wait_s() -> float:
    """How long a job waits for a spare still booting before starting its own child (a
    booting spare is always at least as far along as a child started now)."""
    try:
        return float(os.environ.get("KERNELJUDGE_SPARE_WAIT_S", "60"))
    except ValueError:
        return 60.0


def _send(conn: socket.socket, msg: dict) -> bool:
    try:
        conn.sendall((json.dumps(msg, allow_nan=True) + "\n").encode())
        return True
    except OSError:
        return False


def ping(socket_path: str, timeout_s: float = 10.0) -> dict | None:
    """Ask a running service how it is (device, jobs served, spare ready); None if unreachable."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout_s)
            s.connect(socket_path)
            s.sendall(b'{"op": "ping"}\n')
            data = b""
            while b"\n" not in data:
                chunk = s.recv(65536)
                if not chunk:
                    return None
                data += chunk
        return json.loads(data).get("pong")
    except (OSError, ValueError):
        return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m runner serve", description=__doc__.split("\n")[0])
    ap.add_argument("--socket", required=True, help="unix socket path (its folder: mode 0700)")
    ap.add_argument("--device", choices=["cpu", "cuda"], default=None)
    ap.add_argument("--no-prestart", action="store_true", help="no spare child (debugging)")
    args = ap.parse_args(argv)
    device = args.device
    if device is None:
        from runner.__main__ import _default_device  # noqa: PLC0415

        device = _default_device()
    prestart = not args.no_prestart and os.environ.get("KERNELJUDGE_PRESTART", "1") != "0"
    service = Service(Path(args.socket), device, prestart=prestart)
    service.bind()  # first, so that clients queue in the backlog during the warm-up

    def on_signal(signum, frame) -> None:
        service.stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    service.slot.refill()  # the spare boots while this process imports torch
    service.warm_up()
    print(f"runner serve: listening on {args.socket} (device {device})", file=sys.stderr,
          flush=True)  # fmt: skip
    try:
        service.serve_forever()
    finally:
        service.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
