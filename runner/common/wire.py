"""The private channel between the supervisor and the child.

Control messages are JSON lines over a socketpair whose child end is passed as an fd.
Tensors travel as ``.npy`` files in the job directory, always as a flat ``uint8`` array of
raw bytes (so every dtype, including u32 and f16, goes through the same path); the receiver
checks the file size, loads with ``allow_pickle=False``, checks dtype/ndim/size and only then
views the bytes as the declared dtype and shape. Nothing is ever unpickled.

This module is imported by both sides; it must stay small and free of secrets.
"""

from __future__ import annotations

import json
import os
import select
import socket
import stat
import time
from pathlib import Path

import numpy as np

MAX_LINE = 1 << 20  # a control message longer than this is a protocol violation
NPY_HEADER_SLACK = 4096


class ChannelClosed(Exception):
    """The other side closed the channel (for the supervisor: the child died)."""


class ChannelTimeout(Exception):
    pass


class ProtocolError(Exception):
    pass


class Channel:
    def __init__(self, sock: socket.socket):
        self.sock = sock
        self._buf = b""

    @classmethod
    def from_fd(cls, fd: int) -> Channel:
        return cls(socket.socket(fileno=fd))

    def send(self, msg: dict) -> None:
        data = (json.dumps(msg, allow_nan=True) + "\n").encode()
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError, OSError) as exc:
            raise ChannelClosed(str(exc)) from None

    def recv(self, timeout: float | None = None) -> dict:
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self._buf:
            if len(self._buf) > MAX_LINE:
                raise ProtocolError("control message too long")
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.sock], [], [], wait)
            if not ready:
                raise ChannelTimeout()
            try:
                chunk = self.sock.recv(65536)
            except (ConnectionResetError, OSError) as exc:
                raise ChannelClosed(str(exc)) from None
            if not chunk:
                raise ChannelClosed("channel closed")
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        try:
            msg = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ProtocolError(f"malformed control message: {exc}") from None
        if not isinstance(msg, dict):
            raise ProtocolError("control message is not an object")
        return msg

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def open_regular(path: Path) -> int:
    """Open a file the child may have tampered with: no symlink as the file or as its
    folder, regular files only (no FIFOs that would block the supervisor). Returns an fd."""
    path = Path(path)
    dfd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        fd = os.open(path.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=dfd)
    finally:
        os.close(dfd)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise ProtocolError(f"{path.name}: not a regular file")
    return fd


def read_capped(path: Path, cap: int) -> tuple[bytes, int]:
    """(first ``cap`` bytes, total size) of a child-written file; (b"", 0) when absent or
    unsafe (symlink, not a regular file)."""
    try:
        fd = open_regular(path)
    except (OSError, ProtocolError):
        return b"", 0
    try:
        size = os.fstat(fd).st_size
        data = b""
        while len(data) < cap:
            chunk = os.read(fd, min(1 << 16, cap - len(data)))
            if not chunk:
                break
            data += chunk
        return data, size
    finally:
        os.close(fd)


def save_bytes(path: Path, raw: np.ndarray) -> None:
    """Write a flat uint8 array as .npy (raw tensor bytes); never follows a planted link."""
    assert raw.dtype == np.uint8 and raw.ndim == 1
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    with os.fdopen(fd, "wb") as f:
        np.save(f, raw, allow_pickle=False)


def load_bytes(path: Path, nbytes: int) -> np.ndarray:
    """Load a flat uint8 .npy of exactly ``nbytes`` bytes; ProtocolError otherwise."""
    try:
        fd = open_regular(path)
    except FileNotFoundError:
        raise ProtocolError(f"{Path(path).name}: missing") from None
    except OSError as exc:
        raise ProtocolError(f"{Path(path).name}: cannot be opened safely ({exc})") from None
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > nbytes + NPY_HEADER_SLACK:
            raise ProtocolError(f"{Path(path).name}: {size} bytes on disk, expected about {nbytes}")
        try:
            arr = np.load(f, allow_pickle=False)
        except Exception as exc:  # noqa: BLE001 - any parse failure is a protocol error
            raise ProtocolError(f"{Path(path).name}: unreadable ({type(exc).__name__})") from None
    if not isinstance(arr, np.ndarray) or arr.dtype != np.uint8 or arr.ndim != 1:
        raise ProtocolError(f"{Path(path).name}: not a flat uint8 array")
    if arr.size != nbytes:
        raise ProtocolError(f"{Path(path).name}: {arr.size} bytes, expected {nbytes}")
    return arr
