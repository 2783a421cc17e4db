import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    signal_size = T.dynamic("signal_size")
    spectrum_size = T.dynamic("spectrum_size")

    @T.prim_func
    def kernel(
        signal: T.Tensor((signal_size,), T.float32),
        spectrum: T.Tensor((spectrum_size,), T.float32),
    ):
        with T.Kernel(T.ceildiv(signal_size, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# signal: input, tensor, f32, shape [M x N x 2] (arrives flat, 1-D)
# spectrum: output, tensor, f32, shape [M x N x 2] (arrives flat, 1-D)
# Write the result into spectrum in place.
def solve(signal: torch.Tensor, spectrum: torch.Tensor, M: int, N: int) -> None:
    solve_kernel()(signal, spectrum)
