"""Shared buffers: one arena per test or benchmark case, owned by the supervisor.

The supervisor creates the arena (device memory from the CUDA driver's virtual-memory API, or
a memfd on the CPU), lays every tensor parameter out in it, writes the inputs, zero-fills the
outputs, and sends the child one file descriptor over the control socket. The child maps the
same memory and hands views of it to ``solve``; it never allocates, copies or reads back a
buffer the supervisor judges. After every call the supervisor reads the arena itself.

Both sides import this module; it holds no secrets. ``torch`` is imported only by the
functions that return tensors (the torch-free native child uses pointers).
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from runner.contract import nbytes

ALIGN = 256  # every tensor starts on a 256-byte boundary (vector loads, TMA)


@dataclass(frozen=True)
class Slot:
    """Where one tensor parameter lives in the arena."""

    name: str
    dtype: str
    shape: tuple[int, ...]
    offset: int

    @property
    def nbytes(self) -> int:
        return nbytes(self.dtype, self.shape)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "dtype": self.dtype,
            "shape": list(self.shape),
            "offset": self.offset,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Slot:
        return cls(
            str(raw["name"]),
            str(raw["dtype"]),
            tuple(int(d) for d in raw["shape"]),
            int(raw["offset"]),
        )


def plan(tensors: Iterable[tuple[str, str, tuple[int, ...]]]) -> tuple[list[Slot], int]:
    """Slots for (name, dtype, shape) in order, and the bytes they need."""
    slots, offset = [], 0
    for name, dtype, shape in tensors:
        slot = Slot(name, dtype, tuple(int(d) for d in shape), offset)
        slots.append(slot)
        offset += -(-max(slot.nbytes, 1) // ALIGN) * ALIGN
    return slots, max(offset, ALIGN)


def check_slots(slots: Iterable[Slot], size: int) -> None:
    for s in slots:
        if s.offset < 0 or s.offset % ALIGN or s.offset + s.nbytes > size:
            raise ValueError(f"slot {s.name} does not fit the arena")


class Arena:
    """A mapped shared buffer of ``size`` bytes on ``device`` ('cuda' or 'cpu')."""

    def __init__(
        self, device: str, size: int, *, ptr: int = 0, handle: int = 0, driver=None, view=None
    ):
        self.device = device
        self.size = size
        self.ptr = ptr  # device pointer (cuda)
        self._handle = handle
        self._driver = driver
        self._mmap = view  # the mmap (cpu)
        self._bytes = None

    # -- views -----------------------------------------------------------------------------------
    def pointer(self, slot: Slot) -> int:
        if self.device == "cuda":
            return self.ptr + slot.offset
        import ctypes  # noqa: PLC0415

        base = ctypes.addressof(ctypes.c_char.from_buffer(self._mmap))
        return base + slot.offset

    def byte_tensor(self):
        """The whole arena as a flat torch uint8 tensor (no copy)."""
        if self._bytes is None:
            import torch  # noqa: PLC0415

            if self.device == "cuda":
                self._bytes = torch.as_tensor(_DevicePointer(self.ptr, self.size), device="cuda")
            else:
                self._bytes = torch.frombuffer(self._mmap, dtype=torch.uint8)
        return self._bytes

    def tensor(self, slot: Slot):
        """The slot as a torch tensor of its dtype and shape (no copy)."""
        from runner.common.tensors import TORCH_DTYPES  # noqa: PLC0415

        raw = self.byte_tensor()[slot.offset : slot.offset + slot.nbytes]
        return raw.view(TORCH_DTYPES[slot.dtype]).reshape(slot.shape)

    # -- lifetime --------------------------------------------------------------------------------
    def close(self) -> None:
        """Unmap. Views handed out must be dropped first; a CPU mapping still referenced by
        someone else's view stays mapped until the process ends."""
        self._bytes = None
        if self.device == "cuda" and self.ptr and self._driver is not None:
            ptr, self.ptr = self.ptr, 0
            self._driver.release_shared(ptr, self._handle, self.size)
        elif self._mmap is not None:
            try:
                self._mmap.close()
            except BufferError:
                pass
            self._mmap = None


class PrivateArena(Arena):
    """A copy of a shared arena in memory the child allocates itself, for mode profile only
    (``KERNELJUDGE_PROFILE_BUFFERS=copy``, runner/supervisor/profile.py): a profiler that
    cannot replay kernels on imported memory gets memory of the process's own. Nothing is
    judged from it; :meth:`refresh` copies the supervisor's inputs in before each call."""

    def __init__(self, shared: Arena):
        import torch  # noqa: PLC0415

        source = shared.byte_tensor()
        buf = torch.empty(shared.size, dtype=torch.uint8, device=source.device)
        super().__init__(shared.device, shared.size, ptr=buf.data_ptr())
        self.source = shared
        self._own = buf
        self._bytes = buf
        if shared.device == "cpu":
            import ctypes  # noqa: PLC0415

            self._mmap = (ctypes.c_char * shared.size).from_address(buf.data_ptr())
        self.refresh()

    def refresh(self) -> None:
        self._own.copy_(self.source.byte_tensor())

    def close(self) -> None:
        self._bytes = self._own = None
        self._mmap = None
        self.ptr = 0


class _DevicePointer:
    """A device buffer torch can wrap without copying (``__cuda_array_interface__``)."""

    def __init__(self, ptr: int, size: int):
        self.__cuda_array_interface__ = {
            "shape": (size,),
            "typestr": "|u1",
            "data": (ptr, False),
            "version": 2,
        }


def _round_up(size: int, granule: int) -> int:
    return -(-max(size, 1) // granule) * granule


def create(device: str, size: int, driver=None) -> tuple[Arena, int]:
    """A new arena of at least ``size`` bytes and the fd that shares it (the caller closes the
    fd once it has been sent). ``driver``: a :class:`runner.common.cudadrv.Driver` for CUDA."""
    if device == "cuda":
        size = _round_up(size, driver.share_granularity())
        ptr, handle, fd = driver.create_shared(size)
        return Arena("cuda", size, ptr=ptr, handle=handle, driver=driver), fd
    size = _round_up(size, mmap.PAGESIZE)
    fd = os.memfd_create("kj-arena", os.MFD_CLOEXEC)
    os.ftruncate(fd, size)
    view = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
    return Arena("cpu", size, view=view), fd


def attach(device: str, fd: int, size: int, driver=None) -> Arena:
    """Map an arena the supervisor shared as ``fd`` (closed here)."""
    try:
        if device == "cuda":
            ptr, handle = driver.import_shared(fd, size)
            return Arena("cuda", size, ptr=ptr, handle=handle, driver=driver)
        if os.fstat(fd).st_size < size:
            raise ValueError("the shared buffer is smaller than announced")
        view = mmap.mmap(fd, size, mmap.MAP_SHARED, mmap.PROT_READ | mmap.PROT_WRITE)
        return Arena("cpu", size, view=view)
    finally:
        os.close(fd)
