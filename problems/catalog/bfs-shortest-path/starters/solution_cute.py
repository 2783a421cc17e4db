import cutlass
import cutlass.cute as cute


# grid: input, cute.Tensor on the GPU, i32, shape [rows*cols]
# result: output, cute.Tensor on the GPU, i32, shape [1]
# Write the result into result in place (launch kernels from solve).
@cute.jit
def solve(
    grid: cute.Tensor,
    result: cute.Tensor,
    rows: cute.Int32,
    cols: cute.Int32,
    start_row: cute.Int32,
    start_col: cute.Int32,
    end_row: cute.Int32,
    end_col: cute.Int32,
):
    pass
