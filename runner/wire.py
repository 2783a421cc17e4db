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


def save_bytes(path: Path, raw: np.ndarray) -> None:
    """Write a flat uint8 array as .npy (raw tensor bytes)."""
    assert raw.dtype == np.uint8 and raw.ndim == 1
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as f:
        np.save(f, raw, allow_pickle=False)
    os.replace(tmp, path)


def load_bytes(path: Path, nbytes: int) -> np.ndarray:
    """Load a flat uint8 .npy of exactly ``nbytes`` bytes; ProtocolError otherwise."""
    try:
        size = os.stat(path).st_size
    except FileNotFoundError:
        raise ProtocolError(f"{path.name}: missing") from None
    if size > nbytes + NPY_HEADER_SLACK:
        raise ProtocolError(f"{path.name}: {size} bytes on disk, expected about {nbytes}")
    try:
        arr = np.load(path, allow_pickle=False, mmap_mode=None)
    except Exception as exc:  # noqa: BLE001 - any parse failure is a protocol error
        raise ProtocolError(f"{path.name}: unreadable ({type(exc).__name__}: {exc})") from None
    if not isinstance(arr, np.ndarray) or arr.dtype != np.uint8 or arr.ndim != 1:
        raise ProtocolError(f"{path.name}: not a flat uint8 array")
    if arr.size != nbytes:
        raise ProtocolError(f"{path.name}: {arr.size} bytes, expected {nbytes}")
    return arr
