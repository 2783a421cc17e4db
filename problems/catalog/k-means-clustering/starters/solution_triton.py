import torch
import triton
import triton.language as tl


@triton.jit
def solve_kernel(data_x_ptr, data_y_ptr, labels_ptr, initial_centroid_x_ptr, initial_centroid_y_ptr, final_centroid_x_ptr, final_centroid_y_ptr, sample_size, k, max_iterations, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    pass  # TODO


# data_x: input, tensor, f32, shape [sample_size]
# data_y: input, tensor, f32, shape [sample_size]
# labels: output, tensor, i32, shape [sample_size]
# initial_centroid_x: input (read-only: leave it unchanged), tensor, f32, shape [k]
# initial_centroid_y: input (read-only: leave it unchanged), tensor, f32, shape [k]
# final_centroid_x: output, tensor, f32, shape [k]
# final_centroid_y: output, tensor, f32, shape [k]
# Write the result into labels, final_centroid_x, final_centroid_y in place.
def solve(data_x: torch.Tensor, data_y: torch.Tensor, labels: torch.Tensor, initial_centroid_x: torch.Tensor, initial_centroid_y: torch.Tensor, final_centroid_x: torch.Tensor, final_centroid_y: torch.Tensor, sample_size: int, k: int, max_iterations: int) -> None:
    BLOCK = 1024
    grid = (triton.cdiv(sample_size, BLOCK),)
    solve_kernel[grid](data_x, data_y, labels, initial_centroid_x, initial_centroid_y, final_centroid_x, final_centroid_y, sample_size, k, max_iterations, BLOCK=BLOCK)
