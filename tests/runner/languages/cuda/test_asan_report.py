"""AddressSanitizer's reports of a diagnostics run, read into the judge's words."""

from __future__ import annotations

from runner.languages.cuda import asan_report

PARAMS = [
    {"name": "input", "dtype": "f32", "role": "in"},
    {"name": "output", "dtype": "f32", "role": "out"},
    {"name": "rows", "dtype": "int", "role": "scalar"},
    {"name": "cols", "dtype": "int", "role": "scalar"},
]

HEAP_WRITE = """\
KJ-BUFFER 0 0x603000000070 24
KJ-BUFFER 1 0x6030000000a0 24
=================================================================
==2==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6030000000b8 at pc 0x7f48cb4f04cb
WRITE of size 4 at 0x6030000000b8 thread T0
    #0 0x7f48cb4f04ca in store_one(float*, int, float) /tmp/job/diag/build/solution.cu:6
    #1 0x7f48cb4f04ca in transpose(float const*, float*, int, int) /tmp/job/diag/build/solution.cu:11
    #2 0x7f48cb4f0cf1 in void kj::launch<float const*, float*>(void (*)(float const*)) /x/emu/src/launch.cpp:27
    #3 0x7f48cb4f0974 in solve /tmp/job/diag/build/solution.cu:18
    #4 0x5633c6ef983a in main /cache/harness.cpp:58

0x6030000000b8 is located 0 bytes to the right of 24-byte region [0x6030000000a0,0x6030000000b8)
allocated by thread T0 here:
    #0 0x7f48caeb89cf in __interceptor_malloc ../../asan_malloc_linux.cpp:69
KJ-WHERE block 0, thread (2, 0, 0)
"""

SHARED_READ = """\
KJ-BUFFER 0 0x602000000010 16
==7==ERROR: AddressSanitizer: global-buffer-overflow on address 0x7f1c2a4051c0 at pc 0x1
READ of size 4 at 0x7f1c2a4051c0 thread T0
    #0 0x7f1c2a3f04ca in block_sum(float const*, float*, int) /j/diag/build/solution.cu:14
    #1 0x7f1c2a3f0cf1 in kj::fiber_entry(void*) /x/emu/src/fibers.cpp:40

0x7f1c2a4051c0 is located 0 bytes to the right of global variable 'partial' defined in \
'/j/diag/build/solution.cu:8:25' (0x7f1c2a404dc0) of size 1024
KJ-WHERE block 3, thread 232
"""

SOURCE = """\
__global__ void block_sum(const float* input, float* output, int N) {
    __shared__ float partial[256];
}
"""


def test_heap_overflow_names_buffer_element_kernel_line_and_thread():
    f = asan_report.parse(HEAP_WRITE, PARAMS, "")
    assert f.kind == "out-of-bounds"
    assert f.message == (
        "Out-of-bounds write of output[6] (output has 6 elements) in kernel transpose, "
        "line 6, block 0, thread (2, 0, 0)."
    )
    assert (f.kernel, f.line) == ("transpose", 6)  # the device function's line, the kernel


def test_shared_array_overflow_counts_elements_of_the_declared_type():
    f = asan_report.parse(SHARED_READ, PARAMS, SOURCE)
    assert f.message == (
        "Out-of-bounds read of shared array partial[256] (partial has 256 elements) in kernel "
        "block_sum, line 14, block 3, thread 232."
    )


def test_read_before_a_buffer_has_a_negative_index():
    report = HEAP_WRITE.replace(
        "WRITE of size 4 at 0x6030000000b8", "READ of size 4 at 0x60300000009c"
    )
    report = report.replace("0 bytes to the right", "4 bytes to the left")
    f = asan_report.parse(report, PARAMS, "")
    assert f.message.startswith("Out-of-bounds read of output[-1] (output has 6 elements)")


def test_segv_is_a_memory_error_with_the_line():
    report = (
        "==3==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010 (pc 0x1)\n"
        "    #0 0x1 in scale(float*, int) /j/diag/build/solution.cu:4\n"
        "    #1 0x2 in kj::run_block() /x/emu/src/block.cpp:9\n\n"
    )
    f = asan_report.parse(report, PARAMS, "")
    assert f.kind == "memory error"
    assert (
        f.message == "An invalid memory access at address 0x000000000010 in kernel scale, line 4."
    )


def test_no_report_no_finding():
    assert asan_report.parse("KJ-BUFFER 0 0x1 4\nKJ-DONE\n", PARAMS, "") is None


def test_function_names_drop_return_types_parameters_and_lambdas():
    assert asan_report.function_name("conv1d(float const*, int)") == "conv1d"
    assert (
        asan_report.function_name("void map_kernel<float, 4, Relu<float> >(float const*, int)")
        == "map_kernel<float, 4, Relu<float> >"
    )
    lam = "clip_kernel(float const*, float*, float, float, int)::{lambda(int)#1}::operator()(int) const"
    assert asan_report.function_name(lam) == "clip_kernel"


FAR_PAST = """\
KJ-LIBBASE 0x7f7761146000
==4==ERROR: AddressSanitizer: global-buffer-overflow on address 0x7f776117f3bc at pc 0x1
READ of size 4 at 0x7f776117f3bc thread T0
    #0 0x7f776114d907 in block_sum(float const*, float*, int) /j/build-cpu/solution.cu:14
    #1 0x7f776114db6d in operator()<float const*&, float*&, int&> /j/build-cpu/solution.cu:22

0x7f776117f3bc is located 36 bytes to the left of global variable 'pool_size' defined in \
'/x/emu/src/scheduler.cpp:101:5' (0x7f776117f3e0) of size 4
KJ-WHERE block 0, thread 255
"""

NM = """\
00000000000393e0 0000000000000004 b kj::(anonymous namespace)::pool_size
0000000000038bc0 0000000000000400 b block_sum(float const*, float*, int)::partial
0000000000001234 T solve
"""

LAUNCHING = SOURCE + "\n" * 18 + "    block_sum<<<1, 256>>>(input, output, N);\n"


def test_an_access_far_past_a_shared_array_is_placed_by_the_librarys_symbols():
    symbols = asan_report.shared_symbols(NM, SOURCE)
    assert [(s.name, s.offset, s.size) for s in symbols] == [("partial", 0x38BC0, 1024)]
    f = asan_report.parse(FAR_PAST, PARAMS, LAUNCHING, symbols)
    assert f.message == (
        "Out-of-bounds read of shared array partial[511] (partial has 256 elements) in kernel "
        "block_sum, line 14, block 0, thread 255."
    )
    # without the symbols, the emulation's own variable is never blamed
    assert "pool_size" not in asan_report.parse(FAR_PAST, PARAMS, LAUNCHING).message
