import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    signal_0 = T.dynamic("signal_0")
    spectrum_0 = T.dynamic("spectrum_0")

    @T.prim_func
    def kernel(
        signal: T.Tensor((signal_0,), T.float32),
        spectrum: T.Tensor((spectrum_0,), T.float32),
    ):
        with T.Kernel(T.ceildiv(signal_0, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# signal: input, tensor, f32, shape [2*N]
# spectrum: output, tensor, f32, shape [2*N]
# Write the result into spectrum in place.
def solve(signal: torch.Tensor, spectrum: torch.Tensor, N: int) -> None:
    solve_kernel()(signal, spectrum)
