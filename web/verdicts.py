"""Verdicts and statuses explained in words for the pages."""

VERDICT_LABELS = {
    "accepted": "Accepted",
    "wrong_answer": "Wrong answer",
    "compile_error": "Compile error",
    "runtime_error": "Runtime error",
    "time_limit_exceeded": "Time limit exceeded",
    "memory_limit_exceeded": "Memory limit exceeded",
    "output_limit_exceeded": "Output limit exceeded",
    "rejected": "Rejected",
    "internal_error": "Internal error",
}

VERDICT_EXPLANATIONS = {
    "accepted": "Every test produced the expected output within the tolerance. On a submit the "
    "solution was then timed on the benchmark cases and ranked.",
    "wrong_answer": "At least one output element differs from the reference by more than the "
    "allowed tolerance (|got - expected| <= atol + rtol * |expected|; NaN never matches). The "
    "first mismatch is shown below.",
    "compile_error": "The source did not compile or did not define the entry point `solve`. The "
    "compiler's messages are below, with line numbers.",
    "runtime_error": "The solution crashed or raised an error while running (for CUDA, a "
    "kernel fault or a CUDA API error).",
    "time_limit_exceeded": "The solution did not finish a test or the benchmark within the time "
    "limit.",
    "memory_limit_exceeded": "The solution used more memory than the limit allows.",
    "output_limit_exceeded": "The solution printed more output than the judge keeps.",
    "rejected": "The judge detected behaviour that is not allowed (for example work escaping "
    "the clock, or reading the expected answer). The reason is given below.",
    "internal_error": "The judge itself failed; this is not your fault. Please submit again "
    "later; staff can see the details.",
}

STATUS_LABELS = {
    "queued": "Queued",
    "compiling": "Compiling",
    "testing": "Testing",
    "benchmarking": "Benchmarking",
    "done": "Done",
    "cancelled": "Cancelled",
}

LANGUAGE_LABELS = {
    "cuda": "CUDA C++",
    "triton": "Triton",
    "pytorch": "PyTorch",
    "cupy": "CuPy",
    "jax": "JAX",
}
