import cutlass
import cutlass.cute as cute


# X: input, cute.Tensor on the GPU, f32, shape [M x N]
# S: input, cute.Tensor on the GPU, f32, shape [cdiv(M, TILE_SIZE) x cdiv(N, TILE_SIZE)]
# Y: output, cute.Tensor on the GPU, f32, shape [M x N]
# Write the result into Y in place (launch kernels from solve).
@cute.jit
def solve(
    X: cute.Tensor,
    S: cute.Tensor,
    Y: cute.Tensor,
    M: cute.Int32,
    N: cute.Int32,
    TILE_SIZE: cute.Int32,
):
    pass
