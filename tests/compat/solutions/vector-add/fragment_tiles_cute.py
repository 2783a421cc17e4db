import cutlass.cute as cute

TILE = 8


# Tiles of 8 elements (cute.flat_divide), each thread loads and stores a whole tile as a
# fragment; the last thread adds the tail element by element.
@cute.kernel
def vadd_tiles(
    gA: cute.Tensor,
    gB: cute.Tensor,
    gC: cute.Tensor,
    A: cute.Tensor,
    B: cute.Tensor,
    C: cute.Tensor,
    N: cute.Int32,
):
    tx, _, _ = cute.arch.thread_idx()
    bx, _, _ = cute.arch.block_idx()
    t = bx * 256 + tx
    full = N // TILE
    if t < full:
        gC[(None, t)] = gA[(None, t)].load() + gB[(None, t)].load()
    if t == full:
        for k in range(full * TILE, N):
            C[k] = A[k] + B[k]


@cute.jit
def solve(A: cute.Tensor, B: cute.Tensor, C: cute.Tensor, N: cute.Int32):
    gA = cute.flat_divide(A, (TILE,))
    gB = cute.flat_divide(B, (TILE,))
    gC = cute.flat_divide(C, (TILE,))
    tiles = N // TILE + 1
    vadd_tiles(gA, gB, gC, A, B, C, N).launch(grid=((tiles + 255) // 256, 1, 1), block=(256, 1, 1))
