import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    grid_0 = T.dynamic("grid_0")

    @T.prim_func
    def kernel(
        grid: T.Tensor((grid_0,), T.int32),
        result: T.Tensor((1,), T.int32),
    ):
        with T.Kernel(T.ceildiv(grid_0, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# grid: input, tensor, i32, shape [rows*cols]
# result: output, tensor, i32, shape [1]
# Write the result into result in place.
def solve(
    grid: torch.Tensor,
    result: torch.Tensor,
    rows: int,
    cols: int,
    start_row: int,
    start_col: int,
    end_row: int,
    end_col: int,
) -> None:
    solve_kernel()(grid, result)
