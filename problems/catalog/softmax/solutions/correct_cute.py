import math

import cutlass
import cutlass.cute as cute

WARP = 32


# One warp over the whole vector: the maximum, the sum of exp(x - max) (both reduced across
# the warp with shuffles), then the normalised values. Simple rather than fast.
@cute.kernel
def softmax_kernel(x: cute.Tensor, y: cute.Tensor, n: cute.Int32):
    lane, _, _ = cute.arch.thread_idx()
    m = cutlass.Float32(-math.inf)
    for i in range(lane, n, WARP):
        m = cute.arch.fmax(m, x[i])
    m = cute.arch.warp_reduction_max(m)
    s = cutlass.Float32(0.0)
    comp = cutlass.Float32(0.0)  # compensated (Kahan) sum: each lane adds N / 32 terms
    for i in range(lane, n, WARP):
        term = cute.math.exp(x[i] - m) - comp
        t = s + term
        comp = (t - s) - term
        s = t
    s = cute.arch.warp_reduction_sum(s)
    for i in range(lane, n, WARP):
        y[i] = cute.math.exp(x[i] - m) / s


@cute.jit
def solve(input: cute.Tensor, output: cute.Tensor, N: cute.Int32):
    softmax_kernel(input, output, N).launch(grid=(1, 1, 1), block=(WARP, 1, 1))
