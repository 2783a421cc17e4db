#include <cuda_runtime.h>
#include <stdint.h>

// Bug: XORs the whole 32-bit pixel with 0xFFFFFFFF, so the alpha byte is inverted too.
__global__ void invert_pixels(uint32_t* px, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) px[i] = ~px[i];
}

extern "C" void solve(unsigned char* image, int width, int height) {
    int n = width * height;
    invert_pixels<<<(n + 255) / 256, 256>>>((uint32_t*)image, n);
}
