"""Triton: a Python solution whose ``solve`` launches Triton kernels on torch tensors; on the
CPU device through Triton's interpreter."""
