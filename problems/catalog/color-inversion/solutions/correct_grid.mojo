# In place (image is an in-out tensor): one thread per RGBA pixel turns R, G and B into
# 255 minus themselves and leaves the alpha byte as it is.
from max.gpu import global_idx
from max.gpu.host import DeviceContext
from std.math import ceildiv
from std.os import abort

comptime THREADS = 256


def invert_pixels(image: Pointer[UInt8, MutAnyOrigin], pixels: Int64):
    var p: Int = global_idx.x
    if p < Int(pixels):
        var base = 4 * p
        for c in range(3):
            image[unsafe_offset=base + c] = UInt8(255) - image[unsafe_offset=base + c]


@export
def solve(image: Pointer[UInt8, MutAnyOrigin], width: Int32, height: Int32) abi("C"):
    try:
        var pixels = Int(width) * Int(height)
        var ctx = DeviceContext()
        ctx.enqueue_function[invert_pixels](
            image, Int64(pixels),
            grid_dim=ceildiv(pixels, THREADS),
            block_dim=THREADS,
        )
        ctx.synchronize()
    except err:
        abort(String(err))
