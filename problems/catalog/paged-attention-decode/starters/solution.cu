#include <cuda_runtime.h>
#include <cuda_fp16.h>

__global__ void solve_kernel(const __half* q, const __half* k_cache, const __half* v_cache, const int* block_table, const int* context_lens, __half* out, int B, int H, int D, int num_blocks, int block_size, int max_blocks_per_seq) {
    // TODO: one block per (sequence b, head h), for example b = blockIdx.x / H, h = blockIdx.x % H.
    // Token t of sequence b lives in block block_table[b * max_blocks_per_seq + t / block_size],
    // slot t % block_size; only t < context_lens[b] take part.
}

// q: input, device pointer, f16, shape [B x H x D]
// k_cache: input, device pointer, f16, shape [num_blocks x block_size x H x D]
// v_cache: input, device pointer, f16, shape [num_blocks x block_size x H x D]
// block_table: input, device pointer, i32, shape [B x max_blocks_per_seq]
// context_lens: input, device pointer, i32, shape [B]
// out: output, device pointer, f16, shape [B x H x D]
// Write the result into out in place.
extern "C" void solve(const __half* q, const __half* k_cache, const __half* v_cache, const int* block_table, const int* context_lens, __half* out, int B, int H, int D, int num_blocks, int block_size, int max_blocks_per_seq) {
    int threads = 128;
    int blocks = B * H;
    solve_kernel<<<blocks, threads>>>(q, k_cache, v_cache, block_table, context_lens, out, B, H, D, num_blocks, block_size, max_blocks_per_seq);
}
