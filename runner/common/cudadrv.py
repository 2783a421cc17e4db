"""The few CUDA driver calls a torch-free child needs, through ctypes (``libcuda.so.1``).

The driver library ships with the GPU driver, so this works wherever a GPU does, and it
loads in milliseconds where ``import torch`` takes seconds. Everything runs in the device's
primary context, the one the CUDA runtime statically linked into a user's solution uses too,
so pointers allocated here are valid in the user's kernels.
"""

from __future__ import annotations

import ctypes

import numpy as np

# CUdevice_attribute values (cuda.h)
_ATTR_L2_CACHE_SIZE = 38
_ATTR_CC_MAJOR = 75
_ATTR_CC_MINOR = 76

# bit patterns no correct kernel leaves behind: NaN for floats, 0x5A bytes for integers
# (the same values runner.common.tensors.poison_ writes)
POISON_F32 = 0x7FC00000
POISON_F16 = 0x7E00
POISON_BYTE = 0x5A

CUresult = ctypes.c_int


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

    # -- memory ---------------------------------------------------------------------------------
    def alloc(self, nbytes: int) -> int:
        """A device pointer (0 for an empty buffer, as torch gives an empty tensor)."""
        if nbytes <= 0:
            return 0
        ptr = ctypes.c_uint64()
        self._call("cuMemAlloc_v2", ctypes.byref(ptr), ctypes.c_size_t(nbytes))
        return ptr.value

    def free(self, ptr: int) -> None:
        if ptr:
            self._call("cuMemFree_v2", ctypes.c_uint64(ptr))

    def to_device(self, ptr: int, host: np.ndarray) -> None:
        """Copy a contiguous host array into device memory at ``ptr``."""
        host = np.ascontiguousarray(host)
        if host.nbytes == 0:
            return
        self._call(
            "cuMemcpyHtoD_v2",
            ctypes.c_uint64(ptr),
            ctypes.c_void_p(host.ctypes.data),
            ctypes.c_size_t(host.nbytes),
        )

    def to_host(self, ptr: int, nbytes: int) -> np.ndarray:
        """``nbytes`` of device memory at ``ptr`` as a flat uint8 array."""
        out = np.empty(nbytes, dtype=np.uint8)
        if nbytes:
            self._call(
                "cuMemcpyDtoH_v2",
                ctypes.c_void_p(out.ctypes.data),
                ctypes.c_uint64(ptr),
                ctypes.c_size_t(nbytes),
            )
        return out

    def poison(self, ptr: int, nbytes: int, dtype: str) -> None:
        """Fill a buffer of ``dtype`` elements with the poison pattern (synchronous)."""
        if nbytes <= 0:
            return
        dptr = ctypes.c_uint64(ptr)
        if dtype == "f32":
            self._call(
                "cuMemsetD32_v2", dptr, ctypes.c_uint(POISON_F32), ctypes.c_size_t(nbytes // 4)
            )
        elif dtype == "f16":
            self._call(
                "cuMemsetD16_v2", dptr, ctypes.c_ushort(POISON_F16), ctypes.c_size_t(nbytes // 2)
            )
        else:
            self._call("cuMemsetD8_v2", dptr, ctypes.c_ubyte(POISON_BYTE), ctypes.c_size_t(nbytes))
        self.synchronize()
