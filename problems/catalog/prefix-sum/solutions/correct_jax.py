import functools

import jax
import jax.numpy as jnp


# An fp32 scan of 250,000 values drifts past the 0.01 tolerance where the running sum comes
# back near zero. Each prefix is carried as an unevaluated pair hi + lo (TwoSum: lo holds the
# rounding error of hi), combined by a parallel associative scan, so it is exact to about
# 2^-44 of the largest partial sum; hi is the fp32 result.
def _two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _combine(x, y):
    s, e = _two_sum(x[0], y[0])
    e = e + x[1] + y[1]
    hi = s + e
    return hi, e - (hi - s)


@functools.partial(jax.jit, static_argnames=("N",))
def solve(input: jax.Array, N: int) -> jax.Array:
    hi, _lo = jax.lax.associative_scan(_combine, (input, jnp.zeros_like(input)))
    return hi
