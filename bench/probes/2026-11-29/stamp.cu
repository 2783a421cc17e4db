// One thread writes the GPU's global timer (ns) to p: the timeline probe's stamp
// (timeline.sh), queued on a stream between the hand-over's operations.
#include <cuda_runtime.h>

__global__ void stamp(unsigned long long* p) {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    *p = t;
}

extern "C" int kj_stamp(unsigned long long p, unsigned long long stream) {
    stamp<<<1, 1, 0, (cudaStream_t)stream>>>((unsigned long long*)p);
    return (int)cudaGetLastError();
}

// Waits for the device (the probe's warm-up, with nothing else pending: signals.probe_stamp_warm).
extern "C" int kj_sync(void) { return (int)cudaDeviceSynchronize(); }
