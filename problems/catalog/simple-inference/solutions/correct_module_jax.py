import jax
import jax.numpy as jnp


# LeetGPU's JAX calling form: the input as a JAX array, the layer as a torch.nn.Linear whose
# weight and bias are read through DLPack; the output is returned.
def solve(input: jax.Array, model) -> jax.Array:
    weight = jax.dlpack.from_dlpack(model.weight.detach())
    bias = jax.dlpack.from_dlpack(model.bias.detach())
    return jnp.dot(input, weight.T, precision=jax.lax.Precision.HIGHEST) + bias
