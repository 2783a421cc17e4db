"""TileLang: a Python solution whose kernels TileLang compiles (nvcc) inside the child; GPU
only."""
