"""The private channel between the supervisor and the child.

Control messages are JSON lines over a socketpair whose child end is passed as an fd. No
tensor travels on it: the supervisor shares its buffers (runner.common.arena) by sending the
child one file descriptor per arena with the ``attach`` message (SCM_RIGHTS). Only the child
accepts descriptors; anything the child sends besides its JSON answer is dropped.

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

MAX_LINE = 1 << 20  # a control message longer than this is a protocol violation


class ChannelClosed(Exception):
    """The other side closed the channel (for the supervisor: the child died)."""


class ChannelTimeout(Exception):
    pass


class ProtocolError(Exception):
    pass


class Channel:
    def __init__(self, sock: socket.socket, accept_fds: bool = False):
        self.sock = sock
        self._buf = b""
        self.accept_fds = accept_fds
        self.fds: list[int] = []  # received descriptors, in order, not yet taken

    @classmethod
    def from_fd(cls, fd: int, accept_fds: bool = False) -> Channel:
        return cls(socket.socket(fileno=fd), accept_fds)

    def send(self, msg: dict, fds: tuple[int, ...] = ()) -> None:
        data = (json.dumps(msg, allow_nan=True) + "\n").encode()
        try:
            if fds:
                sent = socket.send_fds(self.sock, [data], list(fds))
                if sent < len(data):
                    self.sock.sendall(data[sent:])
            else:
                self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError, OSError) as exc:
            raise ChannelClosed(str(exc)) from None

    def take_fd(self) -> int:
        """The oldest received descriptor (ProtocolError when none arrived)."""
        if not self.fds:
            raise ProtocolError("expected a file descriptor with this message")
        return self.fds.pop(0)

    def _read(self) -> bytes:
        if not self.accept_fds:
            return self.sock.recv(65536)
        chunk, fds, _flags, _addr = socket.recv_fds(self.sock, 65536, 8)
        self.fds.extend(fds)
        return chunk

    def readable(self) -> bool:
        """Whether a message (or the channel's end) is waiting to be received."""
        return b"\n" in self._buf or bool(select.select([self.sock], [], [], 0)[0])

    def recv(self, timeout: float | None = None, spin_s: float = 0.0) -> dict:
        """The next message. ``spin_s``: poll without sleeping for that long first (a blocked
        process of a virtual machine can take hundreds of microseconds to wake up, which the
        timed calls' windows would carry as noise)."""
        now = time.monotonic()
        deadline = None if timeout is None else now + timeout
        spin_until = now + spin_s
        while b"\n" not in self._buf:
            if len(self._buf) > MAX_LINE:
                raise ProtocolError("control message too long")
            now = time.monotonic()
            spinning = now < spin_until and (deadline is None or now < deadline)
            wait = 0.0 if spinning else None if deadline is None else max(0.0, deadline - now)
            ready, _, _ = select.select([self.sock], [], [], wait)
            if not ready:
                if spinning:
                    continue
                raise ChannelTimeout()
            try:
                chunk = self._read()
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
        for fd in self.fds:
            try:
                os.close(fd)
            except OSError:
                pass
        self.fds.clear()
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
