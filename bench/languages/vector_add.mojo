# A vector add for the smoke test of bench/languages/smoke_mojo.py, built with
# `mojo build --emit shared-lib --target-accelerator sm_XY` and called through ctypes.
# Both exported functions return 0 on success and 1 when the GPU runtime raised.
from max.gpu import global_idx
from max.gpu.host import DeviceContext

comptime BLOCK = 256


def add_kernel(
    a: Pointer[Float32, MutAnyOrigin],
    b: Pointer[Float32, MutAnyOrigin],
    c: Pointer[Float32, MutAnyOrigin],
    n: Int64,
):
    var i = Int64(global_idx.x)
    if i < n:
        c[unsafe_offset=i] = a[unsafe_offset=i] + b[unsafe_offset=i]


def _address(addr: Int) -> Pointer[Float32, MutAnyOrigin]:
    return Pointer[Float32, MutAnyOrigin](unsafe_from_address=addr)


@export
def kj_vadd_device(a_addr: Int, b_addr: Int, c_addr: Int, n: Int) abi("C") -> Int:
    """Adds two float32 vectors that already live in GPU memory (e.g. torch tensors)."""
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[add_kernel](
            _address(a_addr),
            _address(b_addr),
            _address(c_addr),
            Int64(n),
            grid_dim=(n + BLOCK - 1) // BLOCK,
            block_dim=BLOCK,
        )
        ctx.synchronize()
        return 0
    except:
        return 1


@export
def kj_vadd_host(a_addr: Int, b_addr: Int, c_addr: Int, n: Int) abi("C") -> Int:
    """Adds two float32 vectors in host memory through buffers this function allocates."""
    try:
        var ctx = DeviceContext()
        var da = ctx.enqueue_create_buffer[DType.float32](n)
        var db = ctx.enqueue_create_buffer[DType.float32](n)
        var dc = ctx.enqueue_create_buffer[DType.float32](n)
        ctx.enqueue_copy(dst_buf=da, src_ptr=_address(a_addr))
        ctx.enqueue_copy(dst_buf=db, src_ptr=_address(b_addr))
        ctx.enqueue_function[add_kernel](
            da.unsafe_ptr(),
            db.unsafe_ptr(),
            dc.unsafe_ptr(),
            Int64(n),
            grid_dim=(n + BLOCK - 1) // BLOCK,
            block_dim=BLOCK,
        )
        ctx.enqueue_copy(dst_ptr=_address(c_addr), src_buf=dc)
        ctx.synchronize()
        return 0
    except:
        return 1
