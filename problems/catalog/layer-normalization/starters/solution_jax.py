import functools

import jax
import jax.numpy as jnp


# input: input, f32, shape [N x C]
# weight: input, f32, shape [C]
# bias: input, f32, shape [C]
# output: output, f32, shape [N x C]
# Return output (JAX arrays cannot be written in place).
# The int sizes are static: use them in shapes, ranges and ifs.
@functools.partial(jax.jit, static_argnames=("N", "C"))
def solve(
    input: jax.Array,
    weight: jax.Array,
    bias: jax.Array,
    N: int,
    C: int,
    eps: float,
) -> jax.Array:
    pass
