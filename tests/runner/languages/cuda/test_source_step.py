"""The CPU emulation's source step: launches and shared memory rewritten with every line kept,
host code, comments and strings untouched; unsupported constructs named with their line."""

from __future__ import annotations

import pytest

from runner.languages.cuda.source_step import rewrite, unsupported


def same_lines(src: str, out: str) -> None:
    assert out.count("\n") == src.count("\n")


def test_launch_becomes_a_lambda_piped_into_the_config_on_the_same_line():
    src = "void f(float* x, int n) {\n  k<<<n / 256, 256>>>(x, n);\n}\n"
    out = rewrite(src)
    same_lines(src, out)
    assert out.splitlines()[1] == (
        '  [&](auto&&... kj_a) { k(kj_a...); } | ::kj::cfg("k", __LINE__, n / 256, 256)(x, n);'
    )


def test_multi_line_launch_keeps_each_token_on_its_line():
    src = "void f() {\n  k<<<\n    grid,\n    block, 0, s>>>(a,\n    b);\n}\n"
    out = rewrite(src)
    same_lines(src, out)
    lines = out.splitlines()
    assert lines[1].endswith('k(kj_a...); } | ::kj::cfg("k", __LINE__, ')
    assert lines[2].strip() == "grid,"
    assert lines[3].strip() == "block, 0, s)(a,"
    assert lines[4].strip() == "b);"


def test_template_and_qualified_kernels_keep_their_arguments():
    src = "void f() { ns::reduce<float, 4><<<g, b>>>(x); red<256><<<1, 2>>>(p, q); }"
    out = rewrite(src)
    assert (
        '{ ns::reduce<float, 4>(kj_a...); } | ::kj::cfg("ns::reduce<float, 4>", __LINE__, g, b)(x);'
        in out
    )
    assert '{ red<256>(kj_a...); } | ::kj::cfg("red<256>", __LINE__, 1, 2)(p, q);' in out


def test_config_with_calls_and_comparisons_is_closed_by_the_first_top_level_triple_bracket():
    src = "void f() { k<<<std::min<int>(a, b), (n > 2 ? 64 : 32)>>>(x); }"
    out = rewrite(src)
    assert '::kj::cfg("k", __LINE__, std::min<int>(a, b), (n > 2 ? 64 : 32))(x);' in out


@pytest.mark.parametrize(
    "src",
    [
        "std::vector<std::pair<int, std::vector<int>>> v;\nint x = a >> 3;\n",
        '// k<<<1, 1>>>(x);\nconst char* s = "k<<<1, 1>>>(x)";\n',
        "/* k<<<1, 1>>>(x); */ int y;\n",
        'auto r = R"raw(k<<<1, 1>>>(x); __shared__)raw";\n',
        "char c = '<'; int big = 1'000'000;\n",
    ],
)
def test_host_templates_comments_and_strings_are_left_alone(src):
    assert rewrite(src) == src


def test_shared_variables_become_static_thread_locals():
    src = "__global__ void k() {\n  __shared__ float a[16];\n  static __shared__ int b;\n}\n"
    out = rewrite(src)
    same_lines(src, out)
    assert "  static thread_local float a[16];" in out
    assert "  static thread_local int b;" in out


def test_extern_shared_in_a_function_is_a_pointer_to_the_dynamic_buffer():
    src = "template <class T>\n__global__ void k(T* x) {\n  extern __shared__ __align__(16) T smem[];\n}\n"
    out = rewrite(src)
    same_lines(src, out)
    assert "  T* const smem = (T*)::kj::dynamic_smem();" in out


def test_extern_shared_at_file_scope_is_a_wrapper_object():
    src = "extern __shared__ float buf[];\nnamespace a {\nextern __shared__ char raw[];\n}\n"
    out = rewrite(src)
    assert "static ::kj::DynamicShared<float> buf;" in out
    assert "static ::kj::DynamicShared<char> raw;" in out


@pytest.mark.parametrize(
    ("src", "line", "what"),
    [
        ('__global__ void k() {\n\n  asm volatile("bar.sync 0;");\n}\n', 3, "Inline PTX assembly"),
        ("#include <cuda_runtime.h>\n#include <mma.h>\n", 2, "Warp matrix operations"),
        ("using namespace nvcuda;\nint x;\n", 1, "Warp matrix operations"),
        ("float v = tex1Dfetch<float>(t, i);\n", 1, "Textures and surfaces"),
        ("#include <cub/cub.cuh>\n", 1, "The cub library"),
        ("void f() {\n  thrust::sort(a, b);\n}\n", 2, "The cub and thrust libraries"),
        (
            "__global__ void p() {}\n__global__ void k() {\n  p<<<1, 1>>>();\n}\n",
            3,
            "Dynamic parallelism",
        ),
        ("auto g = cg::this_grid();\n", 1, "Grid-wide cooperative groups"),
        (
            "void f() { cudaLaunchKernel((void*)k, g, b, args, 0, 0); }\n",
            1,
            "Launching through cudaLaunchKernel",
        ),
    ],
)
def test_unsupported_constructs_are_named_with_their_line(src, line, what):
    msg = unsupported(src)
    assert msg is not None
    assert msg.startswith(f"solution.cu:{line}: {what}")
    assert msg.endswith(".")
    assert "not supported by the CPU emulation of CUDA" in msg


def test_supported_program_and_mentions_in_comments_pass():
    src = (
        "// asm(...) and wmma:: in a comment\n"
        '#include <cuda_runtime.h>\nconst char* s = "thrust::sort";\n'
        "__host__ void launch() { k<<<1, 32>>>(); }\n"
        "__global__ void k() { __shared__ float t[32]; __syncthreads(); }\n"
    )
    assert unsupported(src) is None
