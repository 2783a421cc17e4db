# Plants files where Mojo keeps its caches and where a later job or the supervisor could read
# them: Mojo's home and cache folders as the child's environment names them (the job's own),
# the host's default ones (~/.cache/modular, ~/.modular), the runner's compile caches, the
# install's runtime libraries (which every later Mojo library loads) and the host's /tmp.
# Only the job's own folders take the files, and they go with the job.
from std.os import abort, getenv, makedirs
from max.gpu import global_idx
from max.gpu.host import DeviceContext

comptime BLOCK = 256


def plant(folder: String):
    try:
        makedirs(folder, exist_ok=True)
        with open(folder + "/kj-pwned", "w") as f:
            f.write("pwned cache entry")
        print("planted in", folder)
    except e:
        print("could not plant in", folder, e)


def plant_everywhere():
    var home = getenv("HOME")
    var root = getenv("MODULAR_MAX_PACKAGE_ROOT")
    for name in ["MODULAR_HOME", "MODULAR_CACHE_DIR", "XDG_CACHE_HOME", "XDG_STATE_HOME"]:
        plant(getenv(name) + "/modular")
    plant(home + "/.cache/modular/.mojo_cache")
    plant("/root/.cache/modular/.mojo_cache")
    plant("/root/.modular")
    plant("/root/.cache/kerneljudge/mojo")
    plant("/tmp/kerneljudge-cache/mojo")
    plant("/tmp/kj-pwned-dir")
    if root:
        plant(root + "/lib")
        plant(root + "/lib/mojo")


def add_kernel(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
):
    var i = Int32(global_idx.x)
    if i < N:
        C[unsafe_offset=i] = A[unsafe_offset=i] + B[unsafe_offset=i]


@export
def solve(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    plant_everywhere()
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[add_kernel](
            A, B, C, N, grid_dim=(Int(N) + BLOCK - 1) // BLOCK, block_dim=BLOCK
        )
        ctx.synchronize()
    except e:
        abort(String(e))
