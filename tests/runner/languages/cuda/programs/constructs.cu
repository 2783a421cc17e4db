// One program exercising the construct families of the CPU emulation; every entry point is
// called through ctypes by tests/runner/languages/cuda/test_cpu_emulation.py.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <math_constants.h>
#include <vector>
#include <utility>
#include <algorithm>
#include <cassert>

namespace cg = cooperative_groups;
using namespace std;

// ---- elementwise, grid-stride, template kernel with a deduced parameter, device lambda ----
template <int SCALE, typename T>
__global__ void scale_add(const T* __restrict__ a, const T* b, T* c, int n) {
    auto f = [](T x, T y) { return SCALE * x + y; };
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        c[i] = f(__ldg(&a[i]), b[i]);
}

extern "C" void elementwise(const float* a, const float* b, float* c, int n) {
    vector<pair<int, vector<int>>> unused;  // >>> of host templates is not a launch
    (void)unused;
    const char* s = "<<<not a launch>>>";  /* nor is <<<this>>> */
    (void)s;
    scale_add<3><<<
        min(n / 256 + 1, 64),
        256>>>(a, b, c, n);
}

// ---- shared-memory tiled matrix product with __syncthreads ----
#define TILE 16
__global__ void matmul(const float* A, const float* B, float* C, int n) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < (n + TILE - 1) / TILE; t++) {
        int ac = t * TILE + threadIdx.x, br = t * TILE + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = (row < n && ac < n) ? A[row * n + ac] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = (br < n && col < n) ? B[br * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < n && col < n) C[row * n + col] = acc;
}

extern "C" void tiled_matmul(const float* A, const float* B, float* C, int n) {
    dim3 block(TILE, TILE);
    dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
    matmul<<<grid, block>>>(A, B, C, n);
}

// ---- shuffles: out[8 * t + k] for thread t ----
__global__ void shuffles(int* out) {
    int t = threadIdx.x, lane = t % 32;
    int* o = out + 8 * t;
    __syncwarp();
    o[0] = __shfl_sync(0xffffffff, t * 10, 3);
    o[1] = __shfl_up_sync(0xffffffff, t, 2);
    o[2] = __shfl_down_sync(0xffffffff, t, 5);
    o[3] = __shfl_xor_sync(0xffffffff, t, 1);
    o[4] = __shfl_sync(0xffffffff, t, 1, 8);       // width 8: lane 1 of each group of 8
    o[5] = __shfl_down_sync(0xffffffff, t, 3, 16);  // width 16
    float v = (float)lane;
    for (int d = 16; d > 0; d /= 2) v += __shfl_xor_sync(0xffffffff, v, d);
    o[6] = (int)v;  // 0 + 1 + ... + 31 = 496 in every lane
    double dv = __shfl_sync(0xffffffff, 0.5 + lane, 31);
    o[7] = (int)(dv * 2);  // 63
}

extern "C" void run_shuffles(int* out) { shuffles<<<1, 64>>>(out); }

// ---- votes, match, reduce, __syncthreads_count/and/or: out[6 * t + k] ----
__global__ void votes(unsigned* out) {
    int t = threadIdx.x, lane = t % 32;
    unsigned* o = out + 8 * t;
    o[0] = __ballot_sync(0xffffffff, lane % 3 == 0);
    o[1] = __any_sync(0xffffffff, lane == 7);
    o[2] = __all_sync(0xffffffff, lane < 31);
    o[3] = __match_any_sync(0xffffffff, lane / 4);
    o[4] = __reduce_add_sync(0xffffffff, (unsigned)lane);
    o[5] = __syncthreads_count(t % 2 == 0);
    o[6] = __syncthreads_and(t < 1000) * 10 + __syncthreads_or(t == 5);
    o[7] = __activemask();
}

extern "C" void run_votes(unsigned* out) { votes<<<1, 64>>>(out); }

// ---- atomics under contention from many blocks ----
struct Counters {
    int i;
    unsigned u;
    unsigned long long ull;
    float f;
    double d;
    int mn, mx;
    unsigned inc;
    int cas_sum;
    unsigned orv, andv, xorv;
    __half h;
    __half pad;
};

__global__ void contend(Counters* c) {
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&c->i, 1);
    atomicAdd(&c->u, 3u);
    atomicSub(&c->u, 1u);
    atomicAdd(&c->ull, 3ull);
    atomicAdd(&c->f, 0.5f);
    atomicAdd(&c->d, 0.25);
    atomicMin(&c->mn, -g);
    atomicMax(&c->mx, g);
    atomicInc(&c->inc, 99u);
    int old = c->cas_sum, seen;
    do {
        seen = old;
        old = atomicCAS(&c->cas_sum, seen, seen + 2);
    } while (old != seen);
    atomicOr(&c->orv, 1u << (g % 32));
    atomicAnd(&c->andv, ~(1u << (g % 16)));
    atomicXor(&c->xorv, 1u);
    atomicAdd(&c->h, __float2half(1.0f));
    __shared__ int local;
    if (threadIdx.x == 0) local = 0;
    __syncthreads();
    atomicAdd_block(&local, 1);
    __syncthreads();
    if (threadIdx.x == 0 && local != (int)blockDim.x) atomicAdd(&c->i, 1000000);
}

extern "C" void run_atomics(Counters* c, int blocks) {
    Counters init = {};
    init.mn = 0x7fffffff;
    init.mx = -1;
    init.andv = 0xffffffffu;
    cudaMemcpy(c, &init, sizeof init, cudaMemcpyHostToDevice);
    contend<<<blocks, 128>>>(c);
    cudaDeviceSynchronize();
}
extern "C" int counters_size() { return (int)sizeof(Counters); }

// ---- 16-bit and 8-bit floats: out[k] ----
extern "C" void half_math(float* out) {
    out[0] = __half2float(__float2half(1.0f + 1.0f / 4096));      // tie -> even: 1.0
    out[1] = __half2float(__float2half(1.0f + 3.0f / 4096));      // tie -> even: 1 + 2^-10
    out[2] = __half2float(__float2half(70000.0f));                // inf
    out[3] = __half2float(__float2half(5.960464477539063e-08f));  // least subnormal 2^-24
    __half a = __float2half(1.5f), b = __float2half(2.25f);
    out[4] = __half2float(__hadd(a, b));
    out[5] = __half2float(a * b);
    out[6] = __half2float(__hfma(a, b, __float2half(-1.0f)));
    __half2 p = __floats2half2_rn(1.0f, 2.0f), q = __halves2half2(a, b);
    float2 r = __half22float2(__hmul2(p, q));
    out[7] = r.x;
    out[8] = r.y;
    out[9] = __bfloat162float(__float2bfloat16(1.0f + 1.0f / 256));  // tie -> even: 1.0
    out[10] = __bfloat162float(__float2bfloat16(3.14159265f));
    out[11] = static_cast<float>(__nv_fp8_e4m3(1000.0f));  // saturates to 448
    out[12] = static_cast<float>(__nv_fp8_e4m3(0.3f));     // 0.3125 (nearest e4m3)
    out[13] = static_cast<float>(__nv_fp8_e5m2(-3.3f));    // -3.5
    out[14] = (float)__hgt(b, a) + (__hisnan(__float2half(NAN)) ? 10.0f : 0.0f);
    out[15] = __half2float(hsqrt(__float2half(2.0f)));
    // CUDA's min/max overloads win over std::min/std::max (using namespace std is in effect)
    out[16] = (float)min(3, 7) + max(2.5f, 1.0f) + (float)min(10u, 20u) + (float)max(1LL, 2LL);
    out[17] = (float)(__popc(0xF0F0u) + __clz(1) + __ffs(8) + (int)(__brev(1u) >> 31) +
                      (int)__byte_perm(0x33221100u, 0x77665544u, 0x4321) + __float2int_rn(2.5f));
}

// ---- cooperative groups: block reduction of n floats (grid-stride, tiles of 32) ----
__global__ void cg_sum(const float* x, float* out, int n) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    float v = 0.0f;
    for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n;
         i += gridDim.x * block.size())
        v += x[i];
    v = cg::reduce(tile, v, cg::plus<float>());
    __shared__ float partial[32];
    if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = v;
    block.sync();
    if (tile.meta_group_rank() == 0) {
        v = tile.thread_rank() < tile.meta_group_size() ? partial[tile.thread_rank()] : 0.0f;
        for (int o = 16; o > 0; o /= 2) v += tile.shfl_down(v, o);
        if (tile.thread_rank() == 0) atomicAdd(out, v);
    }
}

extern "C" void run_cg_sum(const float* x, float* out, int n) {
    cudaMemset(out, 0, sizeof(float));
    cg_sum<<<8, 256>>>(x, out, n);
}

// ---- dynamic shared memory (function scope and file scope), constants, symbols ----
__constant__ float coeffs[4];
__device__ int launches_seen;
extern __shared__ float file_scope_smem[];

__global__ void block_reverse(float* x) {
    extern __shared__ __align__(16) float smem[];
    int t = threadIdx.x, n = blockDim.x;
    smem[t] = x[blockIdx.x * n + t] * coeffs[t % 4];
    __syncthreads();
    x[blockIdx.x * n + t] = smem[n - 1 - t];
    if (t == 0) atomicAdd(&launches_seen, 1);
}
__global__ void via_file_scope(float* x) {
    int t = threadIdx.x;
    file_scope_smem[t] = x[t];
    __syncthreads();
    x[t] = file_scope_smem[(t + 1) % blockDim.x] + 0.0f;
}

extern "C" int dynamic_shared(float* x, int blocks, int threads) {
    float h[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    cudaMemcpyToSymbol(coeffs, h, sizeof h);
    int zero = 0;
    cudaMemcpyToSymbol(launches_seen, &zero, sizeof zero);
    cudaFuncSetAttribute(block_reverse, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    block_reverse<<<blocks, threads, threads * sizeof(float), 0>>>(x);
    via_file_scope<<<1, threads, threads * sizeof(float)>>>(x);
    int seen = 0;
    cudaMemcpyFromSymbol(&seen, launches_seen, sizeof seen);
    return seen;
}

// ---- the runtime API: props, streams, events, occupancy, errors ----
extern "C" int api_checks() {
    int bad = 0;
    cudaDeviceProp p;
    bad += cudaGetDeviceProperties(&p, 0) != cudaSuccess;
    bad += p.warpSize != 32;
    cudaStream_t s;
    bad += cudaStreamCreate(&s) != cudaSuccess;
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    float* d = nullptr;
    bad += cudaMalloc(&d, 1024 * sizeof(float)) != cudaSuccess;
    cudaEventRecord(e0, s);
    cudaMemsetAsync(d, 0, 1024 * sizeof(float), s);
    scale_add<1><<<4, 256, 0, s>>>(d, d, d, 1024);
    cudaEventRecord(e1, s);
    cudaStreamSynchronize(s);
    float ms = -1.0f;
    bad += cudaEventElapsedTime(&ms, e0, e1) != cudaSuccess || ms < 0.0f;
    int blocks = 0;
    bad += cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, matmul, 256, 0) != cudaSuccess ||
           blocks < 1;
    matmul<<<1, 2048>>>(d, d, d, 1);  // too many threads: refused, and the error is not sticky
    bad += cudaGetLastError() != cudaErrorInvalidConfiguration;
    bad += cudaGetLastError() != cudaSuccess;
    bad += cudaFree(d) != cudaSuccess;
    cudaStreamDestroy(s);
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    return bad;
}

// ---- failures: each entry point runs in a process of its own ----
__global__ void divergent_barrier(float* x) {
    if (threadIdx.x < 16) {
        __syncthreads();
    } else {
        __syncthreads();
    }
    x[threadIdx.x] = 1.0f;
}
extern "C" void fail_divergent(float* x) { divergent_barrier<<<1, 64>>>(x); }

__global__ void exited_lane(float* x, int n) {
    int i = threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    v += __shfl_down_sync(0xffffffff, v, 1);
    x[i] = v;
}
extern "C" void fail_mask(float* x) { exited_lane<<<1, 32>>>(x, 20); }

__global__ void deadlock(float* x) {
    if (threadIdx.x == 0) {
        __syncthreads();
    } else {
        x[threadIdx.x] = __shfl_sync(0xffffffff, 1.0f, 0);
    }
}
extern "C" void fail_deadlock(float* x) { deadlock<<<1, 32>>>(x); }

__global__ void asserting(const float* x) { assert(x[threadIdx.x] >= 0.0f); }
extern "C" void fail_assert(const float* x) {
    asserting<<<1, 4>>>(x);
    cudaDeviceSynchronize();
}

// KJ_EMU_ORDER and KJ_EMU_SMEM_FILL: which thread writes last, what unwritten shared memory holds
__global__ void order_probe(int* out) {
    __shared__ int last;
    __shared__ unsigned char untouched[4];
    last = threadIdx.x;  // a race, on purpose: the last thread to run wins
    if (out[1] == 123456) untouched[0] = 1;  // written somewhere, so not folded to its zero init
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = last;
        out[1] = untouched[2];
    }
}
extern "C" void run_order_probe(int* out) { order_probe<<<1, 64>>>(out); }

// a stack overflow in one GPU thread: reported, not a silent corruption or a bare crash
__device__ int recurse(volatile int* x, int depth) {
    volatile char pad[512];
    pad[depth % 512] = (char)depth;
    return depth <= 0 ? x[0] : recurse(x, depth - 1) + pad[depth % 512];
}
__global__ void deep(int* x, int depth) { x[threadIdx.x] = recurse(x, depth); }
extern "C" void fail_stack(int* x) { deep<<<1, 2>>>(x, 1 << 20); }

// threads that return before a barrier count as arrived; __activemask in a divergent branch
__global__ void early_exit(const float* x, float* y, unsigned* masks, int n) {
    __shared__ float s[64];
    int t = threadIdx.x, lane = t % 32;
    if (lane < 10) masks[t] = __activemask();  // the others wait at the barrier below
    __syncthreads();
    if (t >= n) return;
    s[t] = x[t];
    __syncthreads();
    y[t] = s[(t + 1) % n];
    if (lane >= 20) masks[64 + t] = __activemask();  // the others exit or are past it
}
extern "C" void run_early_exit(const float* x, float* y, unsigned* masks, int n) {
    early_exit<<<1, 64>>>(x, y, masks, n);
}

// ---- lost updates (a plain read-modify-write of one location by unordered threads) ----
__global__ void global_sum(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) *out += x[i];  // lost update: every thread adds into out[0]
}
extern "C" void fail_global_sum(float* x) { global_sum<<<2, 32>>>(x, x + 63, 63); }

__global__ void shared_sum(const float* x, float* out) {
    __shared__ float total;
    if (threadIdx.x == 0) total = 0.0f;
    __syncthreads();
    total += x[threadIdx.x];  // lost update: between the same two barriers
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = total;
}
extern "C" void fail_shared_sum(float* x) { shared_sum<<<1, 32>>>(x, x + 32); }

// not lost updates: a flag many threads store without reading it, updates a barrier orders,
// each thread's own element, atomics, and a thread's private array
__global__ void ordered_updates(float* x, int* flag) {
    __shared__ float s;
    if (threadIdx.x == 0) s = 1.0f;
    __syncthreads();
    if (threadIdx.x == 1) s += 1.0f;
    __syncthreads();
    if (threadIdx.x == 2) s *= 3.0f;
    __syncthreads();
    float mine[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < 4; k++) mine[k] += x[threadIdx.x] * k;
    x[threadIdx.x] += mine[threadIdx.x % 4];
    if (x[threadIdx.x] > 0.0f) *flag = 1;
    atomicAdd(&x[40], 1.0f);
    if (threadIdx.x == 0) x[41] = s;
}
extern "C" void run_ordered_updates(float* x, int* flag) { ordered_updates<<<1, 32>>>(x, flag); }

// blocks one after another on a worker reuse its shared memory: not a lost update between them
__global__ void block_sums(const float* x, float* out) {
    __shared__ float s[64];
    extern __shared__ float d[];
    s[threadIdx.x] = x[threadIdx.x];
    d[threadIdx.x] = 1.0f;
    __syncthreads();
    for (int w = 32; w > 0; w >>= 1) {
        if (threadIdx.x < w) {
            s[threadIdx.x] += s[threadIdx.x + w];
            d[threadIdx.x] += d[threadIdx.x + w];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0] + d[0];
}
extern "C" void run_block_sums(const float* x, float* out) {
    block_sums<<<16, 64, 64 * sizeof(float)>>>(x, out);
}
