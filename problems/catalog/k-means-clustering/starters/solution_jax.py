import functools

import jax
import jax.numpy as jnp


# data_x: input, f32, shape [sample_size]
# data_y: input, f32, shape [sample_size]
# labels: output, i32, shape [sample_size]
# initial_centroid_x: input and output, f32, shape [k]
# initial_centroid_y: input and output, f32, shape [k]
# final_centroid_x: output, f32, shape [k]
# final_centroid_y: output, f32, shape [k]
# Return (labels, initial_centroid_x, initial_centroid_y, final_centroid_x, final_centroid_y) in this order (JAX arrays are immutable).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("sample_size", "k", "max_iterations"))
def solve(
    data_x: jax.Array,
    data_y: jax.Array,
    initial_centroid_x: jax.Array,
    initial_centroid_y: jax.Array,
    sample_size: int,
    k: int,
    max_iterations: int,
) -> tuple[jax.Array, jax.Array, jax.Array, jax.Array, jax.Array]:
    pass
