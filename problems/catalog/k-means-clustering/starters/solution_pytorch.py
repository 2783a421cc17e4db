import torch


# data_x: input, tensor, f32, shape [sample_size]
# data_y: input, tensor, f32, shape [sample_size]
# labels: output, tensor, i32, shape [sample_size]
# initial_centroid_x: input (read-only: leave it unchanged), tensor, f32, shape [k]
# initial_centroid_y: input (read-only: leave it unchanged), tensor, f32, shape [k]
# final_centroid_x: output, tensor, f32, shape [k]
# final_centroid_y: output, tensor, f32, shape [k]
# Write the result into labels, final_centroid_x, final_centroid_y in place.
def solve(data_x: torch.Tensor, data_y: torch.Tensor, labels: torch.Tensor, initial_centroid_x: torch.Tensor, initial_centroid_y: torch.Tensor, final_centroid_x: torch.Tensor, final_centroid_y: torch.Tensor, sample_size: int, k: int, max_iterations: int) -> None:
    pass
