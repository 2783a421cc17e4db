"""CuTe DSL: a Python solution whose kernels ``cute.compile`` compiles when a case's buffers
are attached; GPU only."""
