// The CUDA runtime API on host memory: "device" allocations are aligned host allocations,
// copies are memmove, streams and events are synchronous, and the device reports itself as a
// CPU emulation.
#include <sched.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "internal.h"

struct KjStream {
    int flags;
};
struct KjEvent {
    double ms;
    bool recorded;
};

namespace kj {
namespace {
std::mutex alloc_mutex;
std::map<const char*, size_t> allocations;
std::atomic<size_t> dyn_smem_limit{48 * 1024};
constexpr size_t kSmemOptin = 227 * 1024;

double now_ms() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

cudaError_t ret(cudaError_t e) {
    if (int s = error_sticky()) return (cudaError_t)s;
    return e;
}

cudaError_t alloc(void** ptr, size_t size) {
    if (!ptr) return cudaErrorInvalidValue;
    if (int s = error_sticky()) return (cudaError_t)s;
    void* p = nullptr;
    if (posix_memalign(&p, 256, size ? size : 1) != 0) {
        *ptr = nullptr;
        error_set(cudaErrorMemoryAllocation, "cudaMalloc of " + std::to_string(size) + " bytes failed", false);
        return cudaErrorMemoryAllocation;
    }
    std::lock_guard<std::mutex> lock(alloc_mutex);
    allocations[static_cast<char*>(p)] = size;
    *ptr = p;
    return cudaSuccess;
}

cudaError_t release(void* ptr) {
    if (!ptr) return ret(cudaSuccess);
    {
        std::lock_guard<std::mutex> lock(alloc_mutex);
        auto it = allocations.find(static_cast<char*>(ptr));
        if (it == allocations.end()) {
            error_set(cudaErrorInvalidDevicePointer,
                      "cudaFree of a pointer that cudaMalloc did not return (or freed twice)", false);
            return cudaErrorInvalidDevicePointer;
        }
        allocations.erase(it);
    }
    free(ptr);
    return ret(cudaSuccess);
}

int cpu_count() {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
    return 1;
}
}  // namespace

size_t max_dynamic_smem() { return dyn_smem_limit.load(); }
}  // namespace kj

using namespace kj;

extern "C" {
const char* cudaGetErrorName(cudaError_t e) {
    switch (e) {
#define C(x) case x: return #x;
        C(cudaSuccess) C(cudaErrorInvalidValue) C(cudaErrorMemoryAllocation)
        C(cudaErrorInitializationError) C(cudaErrorInvalidConfiguration) C(cudaErrorInvalidSymbol)
        C(cudaErrorInvalidDevicePointer) C(cudaErrorInvalidMemcpyDirection) C(cudaErrorInvalidDevice)
        C(cudaErrorInvalidDeviceFunction) C(cudaErrorInvalidResourceHandle) C(cudaErrorNotReady)
        C(cudaErrorIllegalAddress) C(cudaErrorLaunchOutOfResources) C(cudaErrorLaunchTimeout)
        C(cudaErrorAssert) C(cudaErrorIllegalInstruction) C(cudaErrorLaunchFailure)
        C(cudaErrorNotSupported) C(cudaErrorUnknown)
#undef C
    }
    return "cudaErrorUnknown";
}

const char* cudaGetErrorString(cudaError_t e) {
    switch (e) {
        case cudaSuccess: return "no error";
        case cudaErrorInvalidValue: return "invalid argument";
        case cudaErrorMemoryAllocation: return "out of memory";
        case cudaErrorInitializationError: return "initialization error";
        case cudaErrorInvalidConfiguration: return "invalid configuration argument";
        case cudaErrorInvalidSymbol: return "invalid device symbol";
        case cudaErrorInvalidDevicePointer: return "invalid device pointer";
        case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
        case cudaErrorInvalidDevice: return "invalid device ordinal";
        case cudaErrorInvalidDeviceFunction: return "invalid device function";
        case cudaErrorInvalidResourceHandle: return "invalid resource handle";
        case cudaErrorNotReady: return "device not ready";
        case cudaErrorIllegalAddress: return "an illegal memory access was encountered";
        case cudaErrorLaunchOutOfResources: return "too many resources requested for launch";
        case cudaErrorLaunchTimeout: return "the launch timed out and was terminated";
        case cudaErrorAssert: return "device-side assert triggered";
        case cudaErrorIllegalInstruction: return "an illegal instruction was encountered";
        case cudaErrorLaunchFailure: return "unspecified launch failure";
        case cudaErrorNotSupported: return "operation not supported";
        default: return "unknown error";
    }
}

cudaError_t cudaGetLastError(void) { return (cudaError_t)error_take(nullptr, true); }
cudaError_t cudaPeekAtLastError(void) { return (cudaError_t)error_take(nullptr, false); }
cudaError_t cudaDeviceSynchronize(void) { return ret(cudaSuccess); }
cudaError_t cudaThreadSynchronize(void) { return ret(cudaSuccess); }
cudaError_t cudaDeviceReset(void) { return cudaSuccess; }
cudaError_t cudaDeviceSetLimit(cudaLimit, size_t) { return ret(cudaSuccess); }
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return ret(cudaSuccess); }

cudaError_t cudaMalloc(void** ptr, size_t size) { return alloc(ptr, size); }
cudaError_t cudaMallocHost(void** ptr, size_t size) { return alloc(ptr, size); }
cudaError_t cudaHostAlloc(void** ptr, size_t size, unsigned int) { return alloc(ptr, size); }
cudaError_t cudaMallocManaged(void** ptr, size_t size, unsigned int) { return alloc(ptr, size); }
cudaError_t cudaMallocAsync(void** ptr, size_t size, cudaStream_t) { return alloc(ptr, size); }
cudaError_t cudaMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height) {
    *pitch = (width + 255) / 256 * 256;
    return alloc(ptr, *pitch * height);
}
cudaError_t cudaFree(void* ptr) { return release(ptr); }
cudaError_t cudaFreeHost(void* ptr) { return release(ptr); }
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t) { return release(ptr); }

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
    if (int s = error_sticky()) return (cudaError_t)s;
    if ((unsigned)kind > 4u) return cudaErrorInvalidMemcpyDirection;
    if (count && (!dst || !src)) return cudaErrorInvalidValue;
    if (count) memmove(dst, src, count);
    return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind,
                            cudaStream_t) {
    return cudaMemcpy(dst, src, count, kind);
}
cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                         size_t height, cudaMemcpyKind kind) {
    if (width > dpitch || width > spitch) return cudaErrorInvalidValue;
    for (size_t r = 0; r < height; r++) {
        cudaError_t e = cudaMemcpy(static_cast<char*>(dst) + r * dpitch,
                                   static_cast<const char*>(src) + r * spitch, width, kind);
        if (e) return e;
    }
    return cudaSuccess;
}
cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t) {
    return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
cudaError_t cudaMemset(void* ptr, int value, size_t count) {
    if (int s = error_sticky()) return (cudaError_t)s;
    if (count && !ptr) return cudaErrorInvalidValue;
    if (count) memset(ptr, value, count);
    return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void* ptr, int value, size_t count, cudaStream_t) {
    return cudaMemset(ptr, value, count);
}
cudaError_t cudaMemset2D(void* ptr, size_t pitch, int value, size_t width, size_t height) {
    for (size_t r = 0; r < height; r++) memset(static_cast<char*>(ptr) + r * pitch, value, width);
    return ret(cudaSuccess);
}
cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total_bytes) {
    size_t total = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
    size_t avail = (size_t)sysconf(_SC_AVPHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
    if (free_bytes) *free_bytes = avail;
    if (total_bytes) *total_bytes = total;
    return ret(cudaSuccess);
}
cudaError_t cudaMemPrefetchAsync(const void*, size_t, int, cudaStream_t) { return ret(cudaSuccess); }
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* a, const void* ptr) {
    a->type = 2;
    a->device = 0;
    a->devicePointer = const_cast<void*>(ptr);
    a->hostPointer = const_cast<void*>(ptr);
    return ret(cudaSuccess);
}

cudaError_t cudaStreamCreate(cudaStream_t* s) {
    *s = new KjStream{0};
    return ret(cudaSuccess);
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned int flags) {
    *s = new KjStream{(int)flags};
    return ret(cudaSuccess);
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* s, unsigned int flags, int) {
    return cudaStreamCreateWithFlags(s, flags);
}
cudaError_t cudaStreamDestroy(cudaStream_t s) {
    if (s && s != cudaStreamLegacy && s != cudaStreamPerThread) delete s;
    return ret(cudaSuccess);
}
cudaError_t cudaStreamSynchronize(cudaStream_t) { return ret(cudaSuccess); }
cudaError_t cudaStreamQuery(cudaStream_t) { return ret(cudaSuccess); }
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int) { return ret(cudaSuccess); }
cudaError_t cudaEventCreate(cudaEvent_t* e) {
    *e = new KjEvent{0.0, false};
    return ret(cudaSuccess);
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned int) { return cudaEventCreate(e); }
cudaError_t cudaEventDestroy(cudaEvent_t e) {
    delete e;
    return ret(cudaSuccess);
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t) {
    if (!e) return cudaErrorInvalidResourceHandle;
    e->ms = now_ms();
    e->recorded = true;
    return ret(cudaSuccess);
}
cudaError_t cudaEventSynchronize(cudaEvent_t) { return ret(cudaSuccess); }
cudaError_t cudaEventQuery(cudaEvent_t) { return ret(cudaSuccess); }
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t a, cudaEvent_t b) {
    if (!a || !b || !a->recorded || !b->recorded) return cudaErrorInvalidResourceHandle;
    *ms = (float)(b->ms - a->ms);
    return ret(cudaSuccess);
}

cudaError_t cudaGetDeviceCount(int* count) {
    *count = 1;
    return cudaSuccess;
}
cudaError_t cudaGetDevice(int* device) {
    *device = 0;
    return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) { return device == 0 ? cudaSuccess : cudaErrorInvalidDevice; }
cudaError_t cudaDriverGetVersion(int* v) {
    *v = 12040;
    return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* v) {
    *v = 12040;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int device) {
    if (device != 0) return cudaErrorInvalidDevice;
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "KernelJudge CPU emulation (%d worker threads)",
             settings().threads);
    size_t mem = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
    p->totalGlobalMem = mem;
    p->sharedMemPerBlock = 48 * 1024;
    p->sharedMemPerBlockOptin = kSmemOptin;
    p->sharedMemPerMultiprocessor = 228 * 1024;
    p->regsPerBlock = 65536;
    p->regsPerMultiprocessor = 65536;
    p->warpSize = 32;
    p->memPitch = SIZE_MAX;
    p->maxThreadsPerBlock = 1024;
    p->maxThreadsDim[0] = 1024;
    p->maxThreadsDim[1] = 1024;
    p->maxThreadsDim[2] = 64;
    p->maxGridSize[0] = 2147483647;
    p->maxGridSize[1] = 65535;
    p->maxGridSize[2] = 65535;
    p->clockRate = 1000000;
    p->totalConstMem = 65536;
    p->major = 9;
    p->minor = 0;
    p->textureAlignment = 512;
    p->multiProcessorCount = cpu_count();
    p->concurrentKernels = 1;
    p->canMapHostMemory = 1;
    p->unifiedAddressing = 1;
    p->managedMemory = 1;
    p->l2CacheSize = 0;
    p->maxThreadsPerMultiProcessor = 2048;
    p->maxBlocksPerMultiProcessor = 32;
    p->memoryBusWidth = 64;
    p->memoryClockRate = 1000000;
    p->integrated = 1;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
    cudaDeviceProp p;
    cudaError_t e = cudaGetDeviceProperties(&p, device);
    if (e) return e;
    switch (attr) {
        case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
        case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
        case cudaDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
        case cudaDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
        case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
        case cudaDevAttrMaxGridDimY: *value = p.maxGridSize[1]; break;
        case cudaDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; break;
        case cudaDevAttrMaxSharedMemoryPerBlock: *value = (int)p.sharedMemPerBlock; break;
        case cudaDevAttrTotalConstantMemory: *value = (int)p.totalConstMem; break;
        case cudaDevAttrWarpSize: *value = 32; break;
        case cudaDevAttrMaxRegistersPerBlock: *value = p.regsPerBlock; break;
        case cudaDevAttrClockRate: *value = p.clockRate; break;
        case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
        case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
        case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
        case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = (int)p.sharedMemPerMultiprocessor; break;
        case cudaDevAttrMaxRegistersPerMultiprocessor: *value = p.regsPerMultiprocessor; break;
        case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
        case cudaDevAttrL2CacheSize: *value = p.l2CacheSize; break;
        case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = (int)p.sharedMemPerBlockOptin; break;
        default: return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

int kj_func_set_attribute(const void*, int attr, int value) {
    if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
        if (value < 0 || (size_t)value > kSmemOptin) return cudaErrorInvalidValue;
        size_t cur = dyn_smem_limit.load();
        while ((size_t)value > cur && !dyn_smem_limit.compare_exchange_weak(cur, (size_t)value)) {
        }
    }
    return ret(cudaSuccess);
}
int kj_func_get_attributes(cudaFuncAttributes* a, const void*) {
    memset(a, 0, sizeof *a);
    a->maxThreadsPerBlock = 1024;
    a->numRegs = 32;
    a->ptxVersion = 90;
    a->binaryVersion = 90;
    a->maxDynamicSharedSizeBytes = (int)max_dynamic_smem();
    return ret(cudaSuccess);
}
int kj_occupancy(int* blocks, const void*, int block_size, size_t smem) {
    if (block_size <= 0) return cudaErrorInvalidValue;
    int by_threads = 2048 / block_size;
    int by_smem = smem ? (int)(228 * 1024 / smem) : 32;
    *blocks = std::max(0, std::min(std::min(by_threads, by_smem), 32));
    return ret(cudaSuccess);
}
}
