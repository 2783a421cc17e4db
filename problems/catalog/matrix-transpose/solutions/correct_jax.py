import jax


@jax.jit
def solve(input: jax.Array, rows: int, cols: int) -> jax.Array:
    return input.T
