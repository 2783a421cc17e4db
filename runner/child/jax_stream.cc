// The CUDA stream JAX runs a device's programs on, as XLA hands it to a foreign-function
// call: the judge's JAX harness records its lead-in and its events on that stream
// (runner/child/jax_solution.py). Built by runner/supervisor/jax_stream.py, loaded by the
// child before any user code.
#include <atomic>

#include "xla/ffi/api/ffi.h"

namespace ffi = xla::ffi;

static std::atomic<void*> last_stream{nullptr};

static ffi::Error RecordStream(void* stream, ffi::Result<ffi::AnyBuffer>) {
  last_stream.store(stream);
  return ffi::Error::Success();
}

XLA_FFI_DEFINE_HANDLER_SYMBOL(kj_record_stream, RecordStream,
                              ffi::Ffi::Bind()
                                  .Ctx<ffi::PlatformStream<void*>>()
                                  .Ret<ffi::AnyBuffer>());

extern "C" void* kj_last_stream() { return last_stream.load(); }
