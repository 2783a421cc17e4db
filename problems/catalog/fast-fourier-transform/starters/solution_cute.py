import cutlass
import cutlass.cute as cute


# signal: input, cute.Tensor on the GPU, f32, shape [2*N]
# spectrum: output, cute.Tensor on the GPU, f32, shape [2*N]
# Write the result into spectrum in place (launch kernels from solve).
@cute.jit
def solve(signal: cute.Tensor, spectrum: cute.Tensor, N: cute.Int32):
    pass
