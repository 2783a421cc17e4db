"""CuPy: a Python solution whose ``solve`` gets CuPy arrays viewed from torch's tensors."""
