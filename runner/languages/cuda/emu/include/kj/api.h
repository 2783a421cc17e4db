// The CUDA runtime API a solve() calls, on host memory. Streams are synchronous: a launch or
// copy has finished when its call returns.
#pragma once

#include <cstddef>

enum cudaError_t {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidSymbol = 13,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorInvalidDevice = 101,
    cudaErrorInvalidDeviceFunction = 98,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701,
    cudaErrorLaunchTimeout = 702,
    cudaErrorAssert = 710,
    cudaErrorIllegalInstruction = 715,
    cudaErrorLaunchFailure = 719,
    cudaErrorNotSupported = 801,
    cudaErrorUnknown = 999,
};
typedef cudaError_t cudaError;
typedef int CUresult;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};

enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
    cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared, cudaFuncCachePreferL1, cudaFuncCachePreferEqual };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault, cudaSharedMemBankSizeFourByte, cudaSharedMemBankSizeEightByte };
enum cudaLimit { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2 };

enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1,
    cudaDevAttrMaxBlockDimX = 2,
    cudaDevAttrMaxBlockDimY = 3,
    cudaDevAttrMaxBlockDimZ = 4,
    cudaDevAttrMaxGridDimX = 5,
    cudaDevAttrMaxGridDimY = 6,
    cudaDevAttrMaxGridDimZ = 7,
    cudaDevAttrMaxSharedMemoryPerBlock = 8,
    cudaDevAttrTotalConstantMemory = 9,
    cudaDevAttrWarpSize = 10,
    cudaDevAttrMaxRegistersPerBlock = 12,
    cudaDevAttrClockRate = 13,
    cudaDevAttrMultiProcessorCount = 16,
    cudaDevAttrComputeCapabilityMajor = 75,
    cudaDevAttrComputeCapabilityMinor = 76,
    cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
    cudaDevAttrMaxRegistersPerMultiprocessor = 82,
    cudaDevAttrMaxThreadsPerMultiProcessor = 39,
    cudaDevAttrL2CacheSize = 38,
    cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
};

struct cudaDeviceProp {
    char name[256];
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    int deviceOverlap;
    int multiProcessorCount;
    int kernelExecTimeoutEnabled;
    int integrated;
    int canMapHostMemory;
    int computeMode;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID;
    int pciDeviceID;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryClockRate;
    int memoryBusWidth;
    int l2CacheSize;
    int persistingL2CacheMaxSize;
    int maxThreadsPerMultiProcessor;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int cooperativeLaunch;
    size_t sharedMemPerBlockOptin;
    int maxBlocksPerMultiProcessor;
};

struct cudaFuncAttributes {
    size_t sharedSizeBytes;
    size_t constSizeBytes;
    size_t localSizeBytes;
    int maxThreadsPerBlock;
    int numRegs;
    int ptxVersion;
    int binaryVersion;
    int maxDynamicSharedSizeBytes;
};

struct cudaPointerAttributes {
    int type;
    int device;
    void* devicePointer;
    void* hostPointer;
};

typedef struct KjStream* cudaStream_t;
typedef struct KjEvent* cudaEvent_t;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaCpuDeviceId (-1)

#pragma GCC visibility push(hidden)
extern "C" {
const char* cudaGetErrorString(cudaError_t error);
const char* cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config);
cudaError_t cudaThreadSynchronize(void);

cudaError_t cudaMalloc(void** ptr, size_t size);
cudaError_t cudaMallocHost(void** ptr, size_t size);
cudaError_t cudaHostAlloc(void** ptr, size_t size, unsigned int flags);
cudaError_t cudaMallocManaged(void** ptr, size_t size, unsigned int flags);
cudaError_t cudaMallocAsync(void** ptr, size_t size, cudaStream_t stream);
cudaError_t cudaMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height);
cudaError_t cudaFree(void* ptr);
cudaError_t cudaFreeHost(void* ptr);
cudaError_t cudaFreeAsync(void* ptr, cudaStream_t stream);
cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream);
cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                         size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                              size_t width, size_t height, cudaMemcpyKind kind,
                              cudaStream_t stream);
cudaError_t cudaMemset(void* ptr, int value, size_t count);
cudaError_t cudaMemsetAsync(void* ptr, int value, size_t count, cudaStream_t stream);
cudaError_t cudaMemset2D(void* ptr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total_bytes);
cudaError_t cudaMemPrefetchAsync(const void* ptr, size_t count, int device, cudaStream_t stream);
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr);

cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);

cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaRuntimeGetVersion(int* version);

int kj_func_set_attribute(const void* func, int attr, int value);
int kj_func_get_attributes(cudaFuncAttributes* attr, const void* func);
int kj_occupancy(int* blocks, const void* func, int block_size, size_t smem);
}
#pragma GCC visibility pop

static inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s) { return cudaStreamCreate(s); }
static inline cudaError_t cudaEventRecord(cudaEvent_t e) { return cudaEventRecord(e, nullptr); }
static inline cudaError_t cudaMemcpyAsync(void* d, const void* s, size_t n, cudaMemcpyKind k) {
    return cudaMemcpyAsync(d, s, n, k, nullptr);
}
static inline cudaError_t cudaMemsetAsync(void* p, int v, size_t n) {
    return cudaMemsetAsync(p, v, n, nullptr);
}

template <class T>
static inline cudaError_t cudaMalloc(T** ptr, size_t size) {
    return cudaMalloc(reinterpret_cast<void**>(ptr), size);
}
template <class T>
static inline cudaError_t cudaMallocHost(T** ptr, size_t size) {
    return cudaMallocHost(reinterpret_cast<void**>(ptr), size);
}
template <class T>
static inline cudaError_t cudaMallocManaged(T** ptr, size_t size,
                                            unsigned int flags = cudaMemAttachGlobal) {
    return cudaMallocManaged(reinterpret_cast<void**>(ptr), size, flags);
}
template <class T>
static inline cudaError_t cudaMallocAsync(T** ptr, size_t size, cudaStream_t stream) {
    return cudaMallocAsync(reinterpret_cast<void**>(ptr), size, stream);
}
template <class T>
static inline cudaError_t cudaHostAlloc(T** ptr, size_t size, unsigned int flags) {
    return cudaHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}

// Symbols (__device__ / __constant__ variables) are ordinary host variables here.
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(T& symbol, const void* src, size_t count,
                                             size_t offset = 0,
                                             cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
    if (offset + count > sizeof(T)) return cudaErrorInvalidValue;
    return cudaMemcpy(reinterpret_cast<char*>(&symbol) + offset, src, count, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(T& symbol, const void* src, size_t count,
                                                  size_t offset = 0,
                                                  cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                  cudaStream_t = nullptr) {
    return cudaMemcpyToSymbol(symbol, src, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count,
                                               size_t offset = 0,
                                               cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
    if (offset + count > sizeof(T)) return cudaErrorInvalidValue;
    return cudaMemcpy(dst, reinterpret_cast<const char*>(&symbol) + offset, count, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count,
                                                    size_t offset = 0,
                                                    cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                    cudaStream_t = nullptr) {
    return cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaGetSymbolAddress(void** ptr, const T& symbol) {
    *ptr = const_cast<void*>(static_cast<const void*>(&symbol));
    return cudaSuccess;
}
template <class T>
static inline cudaError_t cudaGetSymbolSize(size_t* size, const T&) {
    *size = sizeof(T);
    return cudaSuccess;
}

template <class F>
static inline cudaError_t cudaFuncSetAttribute(F* func, cudaFuncAttribute attr, int value) {
    return (cudaError_t)kj_func_set_attribute(reinterpret_cast<const void*>(func), attr, value);
}
template <class F>
static inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, F* func) {
    return (cudaError_t)kj_func_get_attributes(attr, reinterpret_cast<const void*>(func));
}
template <class F>
static inline cudaError_t cudaFuncSetCacheConfig(F*, cudaFuncCache) { return cudaSuccess; }
template <class F>
static inline cudaError_t cudaFuncSetSharedMemConfig(F*, cudaSharedMemConfig) {
    return cudaSuccess;
}
template <class F>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, F func,
                                                                       int block_size,
                                                                       size_t smem) {
    return (cudaError_t)kj_occupancy(blocks, reinterpret_cast<const void*>(func), block_size,
                                     smem);
}
template <class F>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block_size, F,
                                                             size_t = 0, int limit = 0) {
    *block_size = (limit > 0 && limit < 1024) ? limit : 1024;
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    *min_grid = sms * (2048 / *block_size);
    return cudaSuccess;
}
