import cutlass
import cutlass.cute as cute

WARP = 32


# Bug: exp(x) without subtracting the maximum: large inputs overflow to inf and give NaN.
@cute.kernel
def softmax_kernel(x: cute.Tensor, y: cute.Tensor, n: cute.Int32):
    lane, _, _ = cute.arch.thread_idx()
    s = cutlass.Float32(0.0)
    for i in range(lane, n, WARP):
        s += cute.math.exp(x[i])
    s = cute.arch.warp_reduction_sum(s)
    for i in range(lane, n, WARP):
        y[i] = cute.math.exp(x[i]) / s


@cute.jit
def solve(input: cute.Tensor, output: cute.Tensor, N: cute.Int32):
    softmax_kernel(input, output, N).launch(grid=(1, 1, 1), block=(WARP, 1, 1))
