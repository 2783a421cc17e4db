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

   Signatures, from Mojo's standard library (gpu/host/device_context.mojo):
     const char *AsyncRT_DeviceContext_create(const DeviceContext **result,
                                              const char *api, int id);
     void AsyncRT_DeviceContext_retain(const DeviceContext *ctx);
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

/* The CUDA stream of device `id`'s kept context (made now if no call has made it yet), or
   NULL where the runtime names none: the child's timed calls queue their lead-in spin and
   their events on it, as Mojo's kernels are queued (runner/child/torch_child.py). */
void *kj_mojo_stream(int id) {
    context_stream_fn get_stream = (context_stream_fn)runtime_symbol("AsyncRT_DeviceContext_stream");
    cuda_stream_fn get_cuda = (cuda_stream_fn)runtime_symbol("AsyncRT_DeviceStream_cuda_stream");
    release_fn release_stream = (release_fn)runtime_symbol("AsyncRT_DeviceStream_release");
    release_fn release_context = (release_fn)runtime_symbol("AsyncRT_DeviceContext_release");
    if (!get_stream || !get_cuda || !release_stream || !release_context) return NULL;
    const void *ctx = NULL, *stream = NULL;
    void *cuda = NULL;
    if (AsyncRT_DeviceContext_create(&ctx, "cuda", id) != NULL || ctx == NULL) return NULL;
    if (get_stream(&stream, ctx) == NULL && stream != NULL) {
        if (get_cuda(&cuda, stream) != NULL) cuda = NULL;
        release_stream(stream);
    }
    release_context(ctx); /* the reference handed out above; the library's own stays */
    return cuda;
}

/* How many contexts are kept (for tests and probes). */
int kj_mojo_contexts_kept(void) {
    int n = 0;
    for (int i = 0; i < KJ_DEVICES; i++) n += kept[i] != NULL;
    return n;
}
