"""The few CUDA driver calls both sides need, through ctypes (``libcuda.so.1``): device
information, synchronisation, the virtual-memory API through which the supervisor shares
its buffers with the child as file descriptors, and the stream memory operations through which
the two hand a timed call to each other on the GPU (runner/common/signals.py).

The driver library ships with the GPU driver, so this works wherever a GPU does, and it
loads in milliseconds where ``import torch`` takes seconds (the torch-free native child uses
only this). Everything runs in the device's primary context, the one torch and the CUDA
runtime statically linked into a user's solution use too, so memory mapped here is valid in
the user's kernels.
"""

from __future__ import annotations

import ctypes

# CUdevice_attribute values (cuda.h)
_ATTR_L2_CACHE_SIZE = 38
_ATTR_CC_MAJOR = 75
_ATTR_CC_MINOR = 76

CUresult = ctypes.c_int
_STREAM_WAIT_VALUE_GEQ = 0x0  # CU_STREAM_WAIT_VALUE_GEQ
_HOST_REGISTER_PORTABLE_DEVICEMAP = 0x1 | 0x2  # CU_MEMHOSTREGISTER_PORTABLE | _DEVICEMAP

# The virtual-memory API (cuMemCreate & co.): the supervisor allocates every buffer a solution
# touches and shares it with the sandboxed child as a POSIX file descriptor (sent over the
# control socket), which works across the sandbox's namespaces where legacy IPC handles do not.
_MEM_ALLOCATION_TYPE_PINNED = 1
_MEM_HANDLE_TYPE_POSIX_FD = 1
_MEM_LOCATION_TYPE_DEVICE = 1
_MEM_ACCESS_READWRITE = 3


class _MemLocation(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("id", ctypes.c_int)]


class _MemAllocFlags(ctypes.Structure):
    _fields_ = [
        ("compressionType", ctypes.c_ubyte),
        ("gpuDirectRDMACapable", ctypes.c_ubyte),
        ("usage", ctypes.c_ushort),
        ("reserved", ctypes.c_ubyte * 4),
    ]


class _MemAllocationProp(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("requestedHandleTypes", ctypes.c_int),
        ("location", _MemLocation),
        ("win32HandleMetaData", ctypes.c_void_p),
        ("allocFlags", _MemAllocFlags),
    ]


class _MemAccessDesc(ctypes.Structure):
    _fields_ = [("location", _MemLocation), ("flags", ctypes.c_int)]


_SHARED: Driver | None = None


class CudaError(RuntimeError):
    """A failed driver call; ``str()`` starts with "CUDA error" like torch's messages."""

    def __init__(self, code: int, name: str, text: str, call: str):
        super().__init__(f"CUDA error: {text} ({name}, in {call})")
        self.code = code
        self.name = name

    @property
    def out_of_memory(self) -> bool:
        return self.name == "CUDA_ERROR_OUT_OF_MEMORY"


class Driver:
    """Device 0 of this process (``CUDA_VISIBLE_DEVICES`` picks it), primary context current."""

    def __init__(self, library: str = "libcuda.so.1"):
        self.lib = ctypes.CDLL(library)
        self._call("cuInit", 0)
        dev = ctypes.c_int()
        self._call("cuDeviceGet", ctypes.byref(dev), 0)
        self.device = dev.value
        ctx = ctypes.c_void_p()
        self._call("cuDevicePrimaryCtxRetain", ctypes.byref(ctx), self.device)
        self._call("cuCtxSetCurrent", ctx)

    @classmethod
    def shared(cls) -> Driver:
        """This process's one driver handle (the primary context is retained once)."""
        global _SHARED
        if _SHARED is None:
            _SHARED = cls()
        return _SHARED

    def _call(self, name: str, *args) -> None:
        fn = getattr(self.lib, name)
        rc = fn(*args)
        if rc != 0:
            raise self.error(rc, name)

    def error(self, code: int, call: str) -> CudaError:
        name_p, text_p = ctypes.c_char_p(), ctypes.c_char_p()
        self.lib.cuGetErrorName(code, ctypes.byref(name_p))
        self.lib.cuGetErrorString(code, ctypes.byref(text_p))
        name = (name_p.value or b"CUDA_ERROR_UNKNOWN").decode(errors="replace")
        text = (text_p.value or b"unknown error").decode(errors="replace")
        return CudaError(code, name, text, call)

    # -- device ---------------------------------------------------------------------------------
    def attribute(self, attr: int) -> int:
        out = ctypes.c_int()
        self._call("cuDeviceGetAttribute", ctypes.byref(out), attr, self.device)
        return out.value

    def info(self) -> dict:
        name = ctypes.create_string_buffer(256)
        self._call("cuDeviceGetName", name, 256, self.device)
        total = ctypes.c_size_t()
        self._call("cuDeviceTotalMem_v2", ctypes.byref(total), self.device)
        major, minor = self.attribute(_ATTR_CC_MAJOR), self.attribute(_ATTR_CC_MINOR)
        return {
            "kind": "cuda",
            "name": name.value.decode(errors="replace"),
            "arch": f"sm_{major}{minor}",
            "l2_bytes": self.attribute(_ATTR_L2_CACHE_SIZE),
            "total_memory": total.value,
        }

    def synchronize(self) -> None:
        self._call("cuCtxSynchronize")

    # -- stream memory operations (runner/common/signals.py) -------------------------------------
    def wait_geq(self, stream: int, address: int, value: int) -> None:
        """Queue on ``stream`` a wait until the 32-bit word at ``address`` is >= ``value``."""
        self._call(
            "cuStreamWaitValue32_v2",
            ctypes.c_void_p(stream),
            ctypes.c_uint64(address),
            ctypes.c_uint32(value),
            ctypes.c_uint(_STREAM_WAIT_VALUE_GEQ),
        )

    def write_word(self, stream: int, address: int, value: int) -> None:
        """Queue on ``stream`` a write of ``value`` into the 32-bit word at ``address``."""
        self._call(
            "cuStreamWriteValue32_v2",
            ctypes.c_void_p(stream),
            ctypes.c_uint64(address),
            ctypes.c_uint32(value),
            ctypes.c_uint(0),
        )

    def register_host(self, address: int, size: int) -> int:
        """Page-lock ``size`` bytes of this process's memory at ``address`` and map them into
        the device's address space; returns their device address."""
        self._call(
            "cuMemHostRegister_v2",
            ctypes.c_void_p(address),
            ctypes.c_size_t(size),
            ctypes.c_uint(_HOST_REGISTER_PORTABLE_DEVICEMAP),
        )
        dev = ctypes.c_uint64()
        self._call("cuMemHostGetDevicePointer_v2", ctypes.byref(dev), ctypes.c_void_p(address), 0)
        return int(dev.value)

    def unregister_host(self, address: int) -> None:
        self._call("cuMemHostUnregister", ctypes.c_void_p(address))

    # -- shared memory (virtual-memory API) -----------------------------------------------------
    def _prop(self) -> _MemAllocationProp:
        prop = _MemAllocationProp()
        prop.type = _MEM_ALLOCATION_TYPE_PINNED
        prop.requestedHandleTypes = _MEM_HANDLE_TYPE_POSIX_FD
        prop.location = _MemLocation(_MEM_LOCATION_TYPE_DEVICE, self.device)
        return prop

    def share_granularity(self) -> int:
        out = ctypes.c_size_t()
        prop = self._prop()
        self._call("cuMemGetAllocationGranularity", ctypes.byref(out), ctypes.byref(prop), 0)
        return int(out.value)

    def _map(self, handle: ctypes.c_ulonglong, size: int) -> int:
        ptr = ctypes.c_uint64()
        self._call(
            "cuMemAddressReserve",
            ctypes.byref(ptr),
            ctypes.c_size_t(size),
            ctypes.c_size_t(0),
            ctypes.c_uint64(0),
            ctypes.c_ulonglong(0),
        )
        self._call(
            "cuMemMap",
            ctypes.c_uint64(ptr.value),
            ctypes.c_size_t(size),
            ctypes.c_size_t(0),
            handle,
            ctypes.c_ulonglong(0),
        )
        desc = _MemAccessDesc(_MemLocation(_MEM_LOCATION_TYPE_DEVICE, self.device), 0)
        desc.flags = _MEM_ACCESS_READWRITE
        self._call(
            "cuMemSetAccess",
            ctypes.c_uint64(ptr.value),
            ctypes.c_size_t(size),
            ctypes.byref(desc),
            ctypes.c_size_t(1),
        )
        return int(ptr.value)

    def create_shared(self, size: int) -> tuple[int, int, int]:
        """(pointer, handle, fd): ``size`` bytes (a multiple of :meth:`share_granularity`) of
        device memory mapped here and exportable as the file descriptor ``fd``."""
        handle = ctypes.c_ulonglong()
        prop = self._prop()
        self._call(
            "cuMemCreate",
            ctypes.byref(handle),
            ctypes.c_size_t(size),
            ctypes.byref(prop),
            ctypes.c_ulonglong(0),
        )
        fd = ctypes.c_int(-1)
        self._call(
            "cuMemExportToShareableHandle",
            ctypes.byref(fd),
            handle,
            _MEM_HANDLE_TYPE_POSIX_FD,
            ctypes.c_ulonglong(0),
        )
        return self._map(handle, size), int(handle.value), int(fd.value)

    def import_shared(self, fd: int, size: int) -> tuple[int, int]:
        """(pointer, handle) of memory another process shared as ``fd``, mapped here."""
        handle = ctypes.c_ulonglong()
        self._call(
            "cuMemImportFromShareableHandle",
            ctypes.byref(handle),
            ctypes.c_void_p(fd),
            _MEM_HANDLE_TYPE_POSIX_FD,
        )
        return self._map(handle, size), int(handle.value)

    def release_shared(self, ptr: int, handle: int, size: int) -> None:
        self._call("cuMemUnmap", ctypes.c_uint64(ptr), ctypes.c_size_t(size))
        self._call("cuMemAddressFree", ctypes.c_uint64(ptr), ctypes.c_size_t(size))
        self._call("cuMemRelease", ctypes.c_ulonglong(handle))
