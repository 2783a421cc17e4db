import tilelang
import tilelang.language as T
import torch


# Compiled at its first call (not timed); T.dynamic sizes serve every test.
@tilelang.jit
def solve_kernel(block: int = 256):
    sample_size = T.dynamic("sample_size")
    k = T.dynamic("k")

    @T.prim_func
    def kernel(
        data_x: T.Tensor((sample_size,), T.float32),
        data_y: T.Tensor((sample_size,), T.float32),
        labels: T.Tensor((sample_size,), T.int32),
        initial_centroid_x: T.Tensor((k,), T.float32),
        initial_centroid_y: T.Tensor((k,), T.float32),
        final_centroid_x: T.Tensor((k,), T.float32),
        final_centroid_y: T.Tensor((k,), T.float32),
    ):
        with T.Kernel(T.ceildiv(sample_size, block), threads=block) as bx:
            for i in T.Parallel(block):
                idx = bx * block + i  # noqa: F841 - TODO: compute element idx

    return kernel


# data_x: input, tensor, f32, shape [sample_size]
# data_y: input, tensor, f32, shape [sample_size]
# labels: output, tensor, i32, shape [sample_size]
# initial_centroid_x: input and output, tensor, f32, shape [k]
# initial_centroid_y: input and output, tensor, f32, shape [k]
# final_centroid_x: output, tensor, f32, shape [k]
# final_centroid_y: output, tensor, f32, shape [k]
# Write the result into labels, initial_centroid_x, initial_centroid_y, final_centroid_x, final_centroid_y in place.
def solve(
    data_x: torch.Tensor,
    data_y: torch.Tensor,
    labels: torch.Tensor,
    initial_centroid_x: torch.Tensor,
    initial_centroid_y: torch.Tensor,
    final_centroid_x: torch.Tensor,
    final_centroid_y: torch.Tensor,
    sample_size: int,
    k: int,
    max_iterations: int,
) -> None:
    solve_kernel()(
        data_x,
        data_y,
        labels,
        initial_centroid_x,
        initial_centroid_y,
        final_centroid_x,
        final_centroid_y,
    )
