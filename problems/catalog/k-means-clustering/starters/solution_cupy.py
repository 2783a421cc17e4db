import cupy as cp


# data_x: input, cupy array, f32, shape [sample_size]
# data_y: input, cupy array, f32, shape [sample_size]
# labels: output, cupy array, i32, shape [sample_size]
# initial_centroid_x: input (read-only: leave it unchanged), cupy array, f32, shape [k]
# initial_centroid_y: input (read-only: leave it unchanged), cupy array, f32, shape [k]
# final_centroid_x: output, cupy array, f32, shape [k]
# final_centroid_y: output, cupy array, f32, shape [k]
# Write the result into labels, final_centroid_x, final_centroid_y in place.
def solve(data_x: cp.ndarray, data_y: cp.ndarray, labels: cp.ndarray, initial_centroid_x: cp.ndarray, initial_centroid_y: cp.ndarray, final_centroid_x: cp.ndarray, final_centroid_y: cp.ndarray, sample_size: int, k: int, max_iterations: int) -> None:
    pass
