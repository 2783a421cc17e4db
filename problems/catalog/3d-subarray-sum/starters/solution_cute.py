import cutlass
import cutlass.cute as cute


# input: input, cute.Tensor on the GPU, i32, shape [N x M x K]
# output: output, cute.Tensor on the GPU, i32, shape [1]
# Write the result into output in place (launch kernels from solve).
@cute.jit
def solve(
    input: cute.Tensor,
    output: cute.Tensor,
    N: cute.Int32,
    M: cute.Int32,
    K: cute.Int32,
    S_DEP: cute.Int32,
    E_DEP: cute.Int32,
    S_ROW: cute.Int32,
    E_ROW: cute.Int32,
    S_COL: cute.Int32,
    E_COL: cute.Int32,
):
    pass
