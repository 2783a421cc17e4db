import cutlass
import cutlass.cute as cute


# signal: input, cute.Tensor on the GPU, f32, flat 1-D, M * N * 2 elements
# spectrum: output, cute.Tensor on the GPU, f32, flat 1-D, M * N * 2 elements
# Write the result into spectrum in place (launch kernels from solve).
@cute.jit
def solve(signal: cute.Tensor, spectrum: cute.Tensor, M: cute.Int32, N: cute.Int32):
    pass
