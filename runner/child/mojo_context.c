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

   A timed call can also end at the solution's synchronise rather than after the host has
   woken from it: see kj_mojo_arm, below.

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
#include <time.h>

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

typedef void (*release_fn)(const void *);

/* The runtime's AsyncRT_DeviceContext_release, looked up once (NULL where it has none). */
static release_fn real_release(void) {
    static release_fn fn;
    if (fn == NULL) fn = (release_fn)runtime_symbol("AsyncRT_DeviceContext_release");
    return fn;
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
    release_fn release_context = real_release();
    const void *ctx = NULL;
    if (release_context == NULL) return NULL;
    if (AsyncRT_DeviceContext_create(&ctx, "cuda", id) != NULL || ctx == NULL) return NULL;
    void *cuda = cuda_stream_of(ctx);
    release_context(ctx); /* the reference handed out above; the library's own stays */
    return cuda;
}

/* A timed call's end at the solution's synchronise.

   Mojo's synchronise lets the host thread sleep until the stream's work is done; on the H200
   `solve` returned 18 to 22 us after its kernel had ended, and a call's end event, recorded
   after `solve` returns, waited for that (bench/results/archive/2026-11-24-h200-session7). So the
   child arms a CUDA event of its own before
   a timed `solve` (kj_mojo_arm). While it is armed, each synchronise of a kept context
   records it on the context's stream before the runtime's wait: the event completes when the
   work queued before that synchronise is done. The runtime's wait runs as before. The child
   reads after `solve` how many synchronises recorded it, and when the last one returned
   (kj_mojo_disarm), and ends the call's clock at the event only where nothing can have run
   after it (runner/child/mojo_context.py). A synchronise of a context that is not kept, or a
   failure to record, makes the count -1: the call is then timed to its end event.

   KJ_LAUNCH_ONLY (defined only by bench/timing_truth.py's build) makes a kept context's
   synchronise return without waiting, so that `do_bench` times the same kernels alone. */
typedef const char *(*sync_fn)(const void *);
typedef int (*cu_event_record_fn)(void *, void *);

static void *armed;           /* the child's event (a CUevent), or NULL */
static int armed_syncs;       /* synchronises that recorded it, or -1 */
static long long returned_ns; /* CLOCK_MONOTONIC when the last of them returned */

static long long monotonic_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static cu_event_record_fn event_record(void) {
    static cu_event_record_fn fn;
    if (fn == NULL) {
        void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
        if (cuda != NULL) {
            fn = (cu_event_record_fn)dlsym(cuda, "cuEventRecord");
            dlclose(cuda); /* drops the reference NOLOAD took; it stays loaded */
        }
    }
    return fn;
}

void kj_mojo_arm(void *event) {
    pthread_mutex_lock(&lock);
    armed = event;
    armed_syncs = 0;
    returned_ns = 0;
    pthread_mutex_unlock(&lock);
}

int kj_mojo_disarm(long long *last_returned_ns) {
    pthread_mutex_lock(&lock);
    int n = armed_syncs;
    *last_returned_ns = returned_ns;
    armed = NULL;
    armed_syncs = 0;
    returned_ns = 0;
    pthread_mutex_unlock(&lock);
    return n;
}

const char *AsyncRT_DeviceContext_synchronize(const void *ctx) {
    static sync_fn real;
    static void *kept_cuda[KJ_DEVICES];
    if (real == NULL) real = (sync_fn)runtime_symbol("AsyncRT_DeviceContext_synchronize");
    if (real == NULL) return strdup("the judge could not find " KJ_RUNTIME "'s synchronize");
    int id = -1;
    for (int i = 0; ctx != NULL && i < KJ_DEVICES && id < 0; i++)
        if (kept[i] == ctx) id = i;
    int recorded = 0;
    pthread_mutex_lock(&lock);
    if (armed != NULL && armed_syncs >= 0) {
        if (id >= 0 && kept_cuda[id] == NULL) kept_cuda[id] = cuda_stream_of(ctx);
        cu_event_record_fn record = event_record();
        recorded = id >= 0 && kept_cuda[id] != NULL && record != NULL &&
                   record(armed, kept_cuda[id]) == 0;
        if (!recorded) armed_syncs = -1;
    }
    pthread_mutex_unlock(&lock);
#ifdef KJ_LAUNCH_ONLY
    if (id >= 0) return NULL;
#endif
    const char *err = real(ctx);
    if (recorded) {
        pthread_mutex_lock(&lock);
        if (armed_syncs >= 0) {
            armed_syncs++;
            returned_ns = monotonic_ns();
        }
        pthread_mutex_unlock(&lock);
    }
    return err;
}

/* A runtime error string given back to the runtime (kept where it has no strfree). */
static void drop_error(const char *err) {
    typedef void (*strfree_fn)(const char *);
    strfree_fn strfree = (strfree_fn)runtime_symbol("AsyncRT_DeviceContext_strfree");
    if (err != NULL && strfree != NULL) strfree(err);
}

/* The calibration's empty Mojo call (before any user code is loaded): what an empty `solve`
   does, `DeviceContext()` for device `id` and its synchronise, through the runtime, so that
   the supervisor's empty windows hold the runtime's own host work and wake-up
   (runner/supervisor/clock.py). 0, or -1 where the runtime failed. */
int kj_mojo_empty_call(int id) {
    release_fn release_context = real_release(); /* once: each call is inside a clock window */
    const void *ctx = NULL;
    if (release_context == NULL) return -1;
    const char *err = AsyncRT_DeviceContext_create(&ctx, "cuda", id);
    if (err != NULL || ctx == NULL) {
        drop_error(err);
        return -1;
    }
    err = AsyncRT_DeviceContext_synchronize(ctx);
    release_context(ctx);
    int failed = err != NULL;
    drop_error(err);
    return failed ? -1 : 0;
}

/* How many contexts are kept (for tests and probes). */
int kj_mojo_contexts_kept(void) {
    int n = 0;
    for (int i = 0; i < KJ_DEVICES; i++) n += kept[i] != NULL;
    return n;
}
