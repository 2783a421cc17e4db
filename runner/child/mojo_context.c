/* One Mojo DeviceContext per device for the whole child process (untrusted side).

   A Mojo solve written to LeetGPU's convention makes a `DeviceContext()` on every call, and
   Mojo's runtime then creates a CUDA stream for it (a new one on every call, measured) and,
   as its documentation says, releases the context's compiled functions when the last
   reference goes at the end of the call. The child loads this library
   (RTLD_GLOBAL) before the solution's, so the solution's reference to
   AsyncRT_DeviceContext_create binds here: the first context made for a device is kept, with
   one reference of this library's own, and every later `DeviceContext()` for that device is
   that context with one more reference. The solution's code is unchanged and sees a context
   for its device as before; its calls no longer pay for a new stream and module each time
   (docs/languages/mojo.md).

   A kept context's synchronise first waits for the work queued on its stream by spinning on
   an event there (spin_until_done, below), then runs the runtime's own, which then finds the
   stream idle.

   Signatures, from Mojo's standard library (gpu/host/device_context.mojo):
     const char *AsyncRT_DeviceContext_create(const DeviceContext **result,
                                              const char *api, int id);
     void AsyncRT_DeviceContext_retain(const DeviceContext *ctx);
     const char *AsyncRT_DeviceContext_synchronize(const DeviceContext *ctx);
   The real functions are looked up in Mojo's runtime library, which is loaded after this one,
   as a dependency of the solution's (privately: RTLD_NEXT does not see it), by its name. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define KJ_DEVICES 64

typedef const char *(*create_fn)(const void **, const char *, int);
typedef void (*retain_fn)(const void *);

static const void *kept[KJ_DEVICES];
static char kept_api[KJ_DEVICES][16];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

#define KJ_RUNTIME "libAsyncRTMojoBindings.so"

static void *runtime_symbol(const char *name) {
    void *lib = dlopen(KJ_RUNTIME, RTLD_NOW | RTLD_NOLOAD);
    void *sym = lib != NULL ? dlsym(lib, name) : NULL;
    if (lib != NULL) dlclose(lib); /* drops the reference NOLOAD took; it stays loaded */
    return sym;
}

static const char *real_create(const void **result, const char *api, int id) {
    static create_fn fn;
    if (fn == NULL) fn = (create_fn)runtime_symbol("AsyncRT_DeviceContext_create");
    /* Mojo frees an error it is handed (AsyncRT_DeviceContext_strfree): a heap copy */
    if (fn == NULL) return strdup("the judge could not find " KJ_RUNTIME "'s DeviceContext");
    return fn(result, api, id);
}

static void real_retain(const void *ctx) {
    static retain_fn fn;
    if (fn == NULL) fn = (retain_fn)runtime_symbol("AsyncRT_DeviceContext_retain");
    if (fn != NULL) fn(ctx);
}

const char *AsyncRT_DeviceContext_create(const void **result, const char *api, int id) {
    if (id < 0 || id >= KJ_DEVICES || api == NULL || strlen(api) >= sizeof kept_api[0])
        return real_create(result, api, id);
    pthread_mutex_lock(&lock);
    if (kept[id] != NULL && strcmp(kept_api[id], api) == 0) {
        real_retain(kept[id]);
        *result = kept[id];
        pthread_mutex_unlock(&lock);
        return NULL;
    }
    const char *err = real_create(result, api, id);
    if (err == NULL && *result != NULL && kept[id] == NULL) {
        real_retain(*result); /* this library's own reference: never released */
        kept[id] = *result;
        strcpy(kept_api[id], api);
    }
    pthread_mutex_unlock(&lock);
    return err;
}

typedef const char *(*context_stream_fn)(const void **, const void *);
typedef const char *(*cuda_stream_fn)(void **, const void *);
typedef void (*release_fn)(const void *);

/* The CUDA stream of a context, or NULL where the runtime names none. */
static void *cuda_stream_of(const void *ctx) {
    context_stream_fn get_stream = (context_stream_fn)runtime_symbol("AsyncRT_DeviceContext_stream");
    cuda_stream_fn get_cuda = (cuda_stream_fn)runtime_symbol("AsyncRT_DeviceStream_cuda_stream");
    release_fn release_stream = (release_fn)runtime_symbol("AsyncRT_DeviceStream_release");
    if (!get_stream || !get_cuda || !release_stream) return NULL;
    const void *stream = NULL;
    void *cuda = NULL;
    if (get_stream(&stream, ctx) == NULL && stream != NULL) {
        if (get_cuda(&cuda, stream) != NULL) cuda = NULL;
        release_stream(stream);
    }
    return cuda;
}

/* The CUDA stream of device `id`'s kept context (made now if no call has made it yet), or
   NULL where the runtime names none: the child's timed calls queue their lead-in spin and
   their events on it, as Mojo's kernels are queued (runner/child/torch_child.py). */
void *kj_mojo_stream(int id) {
    release_fn release_context = (release_fn)runtime_symbol("AsyncRT_DeviceContext_release");
    const void *ctx = NULL;
    if (release_context == NULL) return NULL;
    if (AsyncRT_DeviceContext_create(&ctx, "cuda", id) != NULL || ctx == NULL) return NULL;
    void *cuda = cuda_stream_of(ctx);
    release_context(ctx); /* the reference handed out above; the library's own stays */
    return cuda;
}

typedef const char *(*sync_fn)(const void *);
typedef int (*cu_event_create_fn)(void **, unsigned);
typedef int (*cu_event_record_fn)(void *, void *);
typedef int (*cu_event_query_fn)(void *);

#define KJ_CUDA_NOT_READY 600       /* CUDA_ERROR_NOT_READY */
#define KJ_EVENT_DISABLE_TIMING 0x2 /* CU_EVENT_DISABLE_TIMING */

/* Wait until the work queued so far on `stream` is done by spinning on an event recorded
   there. Mojo's own synchronise lets the thread sleep while the GPU works, and how long it
   then takes to wake varied from call to call and from process to process on the H200
   (bench/results/2026-11-24-h200-session6/06_*): on the clock of every call that ends with
   it. Nothing is waited for less: the runtime's synchronise still runs after this. Any
   failure (no CUDA driver loaded, no current context) leaves the wait to the runtime; an
   error of the GPU's ends the spin, and the runtime's synchronise reports it. */
static void spin_until_done(void *stream) {
    static cu_event_create_fn create;
    static cu_event_record_fn record;
    static cu_event_query_fn query;
    static void *event;
    pthread_mutex_lock(&lock);
    if (create == NULL) {
        void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
        if (cuda != NULL) {
            create = (cu_event_create_fn)dlsym(cuda, "cuEventCreate");
            record = (cu_event_record_fn)dlsym(cuda, "cuEventRecord");
            query = (cu_event_query_fn)dlsym(cuda, "cuEventQuery");
            dlclose(cuda); /* drops the reference NOLOAD took; it stays loaded */
        }
    }
    if (create != NULL && record != NULL && query != NULL && event == NULL &&
        create(&event, KJ_EVENT_DISABLE_TIMING) != 0)
        event = NULL;
    void *ready = event;
    if (ready != NULL && record(ready, stream) != 0) ready = NULL;
    pthread_mutex_unlock(&lock);
    while (ready != NULL && query(ready) == KJ_CUDA_NOT_READY) {
    }
}

const char *AsyncRT_DeviceContext_synchronize(const void *ctx) {
    static sync_fn real;
    static void *kept_stream[KJ_DEVICES];
    if (real == NULL) real = (sync_fn)runtime_symbol("AsyncRT_DeviceContext_synchronize");
    if (real == NULL) return strdup("the judge could not find " KJ_RUNTIME "'s synchronize");
    for (int i = 0; ctx != NULL && i < KJ_DEVICES; i++) {
        if (kept[i] != ctx) continue;
        if (kept_stream[i] == NULL) kept_stream[i] = cuda_stream_of(ctx);
        if (kept_stream[i] != NULL) spin_until_done(kept_stream[i]);
        break;
    }
    return real(ctx);
}

/* How many contexts are kept (for tests and probes). */
int kj_mojo_contexts_kept(void) {
    int n = 0;
    for (int i = 0; i < KJ_DEVICES; i++) n += kept[i] != NULL;
    return n;
}
